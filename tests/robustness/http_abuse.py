#!/usr/bin/env python3
"""HTTP abuse checks for `regreader serve --transport http`: what a hostile or unlucky local
client does to the reading room's /api/ and to /mcp. Each check counts its cases and failures:

  api_bodies     nested brackets (200 KB, also as text/plain with Origin: null), 1e400, bodies that
                 are not objects: a 4xx with CSP and nosniff, never a 5xx or a dead server
  origins        Origin: null and foreign pages may not post; the server's own page may
  page_images    concurrent first requests for a page declared 14400 pt square: answered, one
                 drawing, bounded memory
  slow_headers   connections dripping their headers a byte at a time: other requests answered
                 promptly, the slow ones closed
  init_burst     300 initialize requests: a session in use survives
  numerals       resolve_reference of malformed Chinese numerals resolves nothing

  python3 tests/robustness/http_abuse.py --bin build/release/regreader [--full] [--json out.json]
--full runs every check in rounds (the reliability suite); the default is the bounded form run by
`make test`.
"""
import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from mcp_client import HttpServer, HttpSession, rss_kb  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def huge_page_pdf(path):
    """A one-page PDF declared 14400 pt square (200 inches): 1.3 KB that would draw at 830 Mpx."""
    content = b"BT /F1 400 Tf 1000 7000 Td (Safety rules for electric power work) Tj ET"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R "
            b"/Resources << /Font << /F1 5 0 R >> >> >>",
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for i, o in enumerate(objs):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    with open(path, "wb") as f:
        f.write(out)


class Check:
    def __init__(self, name):
        self.name, self.cases, self.failures, self.examples = name, 0, 0, []
        self.t0 = time.monotonic()
        self.seconds = 0.0

    def expect(self, ok, what):
        self.cases += 1
        if not ok:
            self.failures += 1
            if len(self.examples) < 5:
                self.examples.append(what)

    def done(self):
        self.seconds = round(time.monotonic() - self.t0, 1)
        return self

    def row(self):
        return {"check": self.name, "cases": self.cases, "failures": self.failures,
                "seconds": self.seconds, "examples": self.examples}


def request(port, method, path, body=None, headers=None, timeout=30):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        return r.status, r.read(), {k.lower(): v for k, v in r.getheaders()}
    finally:
        c.close()


def api_bodies(srv, rounds):
    ch = Check("api_bodies")
    nested = b"[" * 200000
    bodies = [(nested, "application/json", None), (nested, "text/plain", None),
              (b'{"query":"x","limit":1e400}', "application/json", None),
              (b"[]", "application/json", None), (b"7", "application/json", None),
              (b'"x"', "application/json", None), (b"{", "application/json", None),
              (b"\xff\xfe", "application/json", None),
              (b'{"query":' + b'{"a":' * 5000 + b"1" + b"}" * 5000 + b"}", "application/json",
               None)]
    for _ in range(rounds):
        for body, ctype, origin in bodies:
            for tool in ["smart_search", "read_page_range", "get_toc", "no_such_tool"]:
                h = {"Content-Type": ctype}
                if origin:
                    h["Origin"] = origin
                try:
                    status, _, headers = request(srv.port, "POST", f"/api/tool/{tool}", body, h)
                except Exception as e:  # noqa: BLE001
                    ch.expect(False, f"{tool} {body[:20]!r}: {e}")
                    continue
                ch.expect(400 <= status < 500, f"{tool} {body[:20]!r}: HTTP {status}")
                ch.expect("content-security-policy" in headers and
                          headers.get("x-content-type-options") == "nosniff",
                          f"{tool}: error reply without CSP/nosniff")
        ch.expect(srv.alive(), "the server died")
    return ch.done()


def origins(srv):
    ch = Check("origins")
    own = f"http://127.0.0.1:{srv.port}"
    for origin, want in [("null", 403), ("http://evil.example", 403),
                         ("http://127.0.0.1:1", 403), (own, 200)]:
        for path in ["/api/tool/list_regulations", "/mcp"]:
            body = b"{}" if path != "/mcp" else json.dumps(
                {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                            "clientInfo": {"name": "abuse", "version": "1"}}}).encode()
            status, _, _ = request(srv.port, "POST", path, body,
                                   {"Content-Type": "application/json", "Origin": origin,
                                    "Accept": "application/json, text/event-stream"})
            ch.expect(status == want, f"POST {path} with Origin {origin}: HTTP {status}")
    status, _, _ = request(srv.port, "GET", "/api/regulations", None, {"Origin": "null"})
    ch.expect(status == 200, f"GET with Origin null: HTTP {status} (reads stay open)")
    return ch.done()


def page_images(srv, rounds, cache_dir):
    ch = Check("page_images")
    peak = [rss_kb(srv.proc.pid)]
    start = peak[0]
    for r in range(rounds):
        for f in os.listdir(cache_dir) if os.path.isdir(cache_dir) else []:
            os.unlink(os.path.join(cache_dir, f))
        results = []

        def get():
            try:
                status, body, _ = request(srv.port, "GET",
                                          "/api/regulations/HUGE/pages/1/image.png", timeout=120)
                results.append((status, body[:4]))
            except Exception as e:  # noqa: BLE001
                results.append((0, str(e)))

        threads = [threading.Thread(target=get) for _ in range(4)]
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            peak.append(rss_kb(srv.proc.pid))
            time.sleep(0.05)
        for status, head in results:
            ch.expect(status == 200 and head == b"\x89PNG", f"round {r}: HTTP {status} {head!r}")
    growth_mb = (max(peak) - start) // 1024
    ch.expect(growth_mb < 1024, f"server memory grew {growth_mb} MB drawing the page")
    ch.growth_mb = growth_mb
    return ch.done()


def slow_headers(srv, conns, waves):
    ch = Check("slow_headers")
    req = b"GET /api/regulations HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 60 + b"\r\n\r\n"
    worst = 0.0
    for _ in range(waves):
        closed = []

        def drip():
            s = socket.create_connection(("127.0.0.1", srv.port))
            s.settimeout(1.0)
            t0 = time.monotonic()
            try:
                for b in req:
                    s.send(bytes([b]))
                    try:
                        if s.recv(1) == b"":
                            break
                    except socket.timeout:
                        pass
                    except OSError:
                        break
            except OSError:
                pass
            closed.append(time.monotonic() - t0)
            s.close()

        threads = [threading.Thread(target=drip) for _ in range(conns)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        for _ in range(10):
            t0 = time.monotonic()
            try:
                status, _, _ = request(srv.port, "GET", "/api/regulations", timeout=20)
            except Exception as e:  # noqa: BLE001
                status = str(e)
            took = time.monotonic() - t0
            worst = max(worst, took)
            ch.expect(status == 200 and took < 2.0, f"GET while slow clients drip: {status} in "
                                                   f"{took:.1f} s")
        for t in threads:
            t.join(timeout=30)
        ch.expect(len(closed) == conns and max(closed) < 15,
                  f"slow connections closed after {max(closed or [0]):.1f} s")
    ch.worst_s = round(worst, 2)
    return ch.done()


def init_burst(srv, rounds):
    ch = Check("init_burst")
    live = HttpSession(srv.port)
    status, _ = live.call(1, "tools/list", {})
    ch.expect(status == 200, f"tools/list before: HTTP {status}")
    init = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                  "clientInfo": {"name": "burst", "version": "1"}}}).encode()
    for r in range(rounds):
        c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
        for _ in range(300):
            c.request("POST", "/mcp", body=init,
                      headers={"Content-Type": "application/json",
                               "Accept": "application/json, text/event-stream"})
            c.getresponse().read()
        c.close()
        status, _ = live.call(2 + r, "tools/list", {})
        ch.expect(status == 200, f"round {r}: the live session after the burst: HTTP {status}")
    live.close()
    return ch.done()


def numerals(srv):
    ch = Check("numerals")
    s = HttpSession(srv.port)
    for i, text in enumerate(["第一二三章", "第一一章", "第五五章", "第二十零章"]):
        status, reply = s.call(i, "tools/call", {"name": "resolve_reference",
                                                 "arguments": {"reg_id": "SAMPLE",
                                                               "reference_text": text}})
        result = (reply or {}).get("result", {})
        resolved = bool(result.get("structuredContent", {}).get("resolved"))
        ch.expect(status == 200 and not resolved, f"{text}: resolved={resolved} HTTP {status}")
    s.close()
    return ch.done()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default="build/release/regreader")
    ap.add_argument("--full", action="store_true", help="every check in rounds")
    ap.add_argument("--json", help="write the figures here")
    a = ap.parse_args()
    rounds = 3 if a.full else 1
    with tempfile.TemporaryDirectory(prefix="rr-abuse-") as tmp:
        data = os.path.join(tmp, "data")
        huge = os.path.join(tmp, "huge.pdf")
        huge_page_pdf(huge)
        for f, rid in [(os.path.join(ROOT, "examples", "sample-regulation.pdf"), "SAMPLE"),
                       (huge, "HUGE")]:
            subprocess.run([a.bin, "-q", "--data-dir", data, "ingest", f, "--reg-id", rid,
                            "--ocr", "never"], check=True, stdout=subprocess.DEVNULL)
        srv = HttpServer(a.bin, data)
        checks = []
        try:
            checks.append(api_bodies(srv, rounds))
            checks.append(origins(srv))
            checks.append(page_images(srv, rounds, os.path.join(data, "cache", "pages")))
            checks.append(slow_headers(srv, 40 if a.full else 12, rounds))
            checks.append(init_burst(srv, rounds))
            checks.append(numerals(srv))
            alive = srv.alive()
        finally:
            srv.close()
    rows = [c.row() for c in checks]
    for c, row in zip(checks, rows):
        extra = {k: getattr(c, k) for k in ("growth_mb", "worst_s") if hasattr(c, k)}
        row.update(extra)
        print(json.dumps(row, ensure_ascii=False))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"checks": rows, "alive": alive}, f, ensure_ascii=False, indent=1)
    failed = sum(r["failures"] for r in rows) + (0 if alive else 1)
    print(f"{'FAIL' if failed else 'ok'}: {sum(r['cases'] for r in rows)} cases, {failed} failures")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
