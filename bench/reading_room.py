#!/usr/bin/env python3
"""Reading-room figures, one run: page image render p50/p99 cold (cache emptied) and cached,
against pdftoppm rendering the same pages at the same resolution (the peer, run in the same
command); and the time from POST /api/ask to the first streamed answer token with the scripted
model (../shared/tools/fake-llm-server.mjs answers at once, so the figure is RegReader's own time:
prompt, tool call, HTTP, SSE).

    python3 bench/reading_room.py [--pdf FILE] [--rounds 5] [--asks 20]

The default PDF is GB 26860 from ../shared/corpus when present, else the sample regulation."""

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def start(cmd, env, pattern):
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    text = ""
    deadline = time.time() + 15
    while time.time() < deadline:
        line = proc.stderr.readline()
        text += line
        m = re.search(pattern, text)
        if m:
            return proc, m
    proc.kill()
    raise RuntimeError(f"{cmd[0]} did not start: {text}")


def get(port, path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    t = time.perf_counter()
    c.request("GET", path)
    r = c.getresponse()
    body = r.read()
    if r.status != 200:
        raise RuntimeError(f"GET {path}: {r.status} {body[:200]!r}")
    return time.perf_counter() - t


def first_token(port, question):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    t = time.perf_counter()
    c.request("POST", "/api/ask", body=json.dumps({"question": question}),
              headers={"Content-Type": "application/json"})
    r = c.getresponse()
    first = None
    buf = b""
    while True:
        chunk = r.read1(65536) if hasattr(r, "read1") else r.read(1)
        if not chunk:
            break
        buf += chunk
        if first is None and b"event: text" in buf:
            first = time.perf_counter() - t
    if first is None:
        raise RuntimeError(f"no text event: {buf[:400]!r}")
    return first


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    corpus_pdf = ROOT.parent / "shared/corpus/derived/GB26860-2011.rendered.pdf"
    ap.add_argument("--pdf", default=str(corpus_pdf if corpus_pdf.exists()
                                         else ROOT / "examples/sample-regulation.pdf"))
    ap.add_argument("--bin", default=str(ROOT / "build/release/regreader"))
    ap.add_argument("--rounds", type=int, default=5, help="cold rounds over every page")
    ap.add_argument("--asks", type=int, default=20)
    a = ap.parse_args()

    work = tempfile.mkdtemp(prefix="rr-room-bench-")
    procs = []
    try:
        data = os.path.join(work, "data")
        subprocess.run([a.bin, "--data-dir", data, "-q", "ingest", a.pdf, "--reg-id", "DOC"],
                       check=True, stdout=subprocess.DEVNULL)
        pages = json.loads(subprocess.run([a.bin, "--data-dir", data, "list", "--json"],
                                          check=True, capture_output=True, text=True).stdout)
        pages = pages[0]["total_pages"] if isinstance(pages, list) else \
            pages["regulations"][0]["total_pages"]
        env = dict(os.environ)
        fake = ROOT.parent / "shared/tools/fake-llm-server.mjs"
        if fake.exists():
            llm_port = 20000 + os.getpid() % 20000
            procs.append(subprocess.Popen(
                ["node", str(fake)], stderr=subprocess.DEVNULL,
                env={**os.environ, "PORT": str(llm_port), "FAKE_TOOL": "smart_search",
                     "FAKE_TOOL_INPUT": json.dumps({"query": "安全距离", "limit": 3})}))
            time.sleep(0.5)
            env["REGREADER_LLM_BASE_URL"] = f"http://127.0.0.1:{llm_port}/v1"
        server, m = start([a.bin, "--data-dir", data, "serve", "--transport", "http", "--port",
                           "0"], env, r"reading room at http://127\.0\.0\.1:(\d+)/")
        procs.append(server)
        port = int(m.group(1))

        cache = Path(data) / "cache" / "pages"
        cold, cached, peer = [], [], []
        for _ in range(a.rounds):
            shutil.rmtree(cache, ignore_errors=True)
            for p in range(1, pages + 1):
                cold.append(get(port, f"/api/regulations/DOC/pages/{p}/image.png"))
            for p in range(1, pages + 1):
                t = time.perf_counter()
                subprocess.run(["pdftoppm", "-r", "144", "-f", str(p), "-l", str(p), "-png",
                                a.pdf, os.path.join(work, "peer")], check=True)
                peer.append(time.perf_counter() - t)
        for _ in range(a.rounds * 4):
            for p in range(1, pages + 1):
                cached.append(get(port, f"/api/regulations/DOC/pages/{p}/image.png"))
        ms = lambda x: round(x * 1000, 1)
        out = {"pdf": os.path.basename(a.pdf), "pages": pages, "dpi": 144,
               "cold_p50_ms": ms(pct(cold, 50)), "cold_p99_ms": ms(pct(cold, 99)),
               "cached_p50_ms": ms(pct(cached, 50)), "cached_p99_ms": ms(pct(cached, 99)),
               "pdftoppm_p50_ms": ms(pct(peer, 50)), "pdftoppm_p99_ms": ms(pct(peer, 99)),
               "cold_vs_pdftoppm_p50": round(pct(cold, 50) / pct(peer, 50), 2)}
        if "REGREADER_LLM_BASE_URL" in env:
            firsts = [first_token(port, "10kV 设备不停电时的安全距离是多少？")
                      for _ in range(a.asks)]
            out.update({"first_token_p50_ms": ms(pct(firsts, 50)),
                        "first_token_p99_ms": ms(pct(firsts, 99)), "asks": a.asks})
        print(json.dumps(out, ensure_ascii=False, indent=1))
    finally:
        for p in procs:
            p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
