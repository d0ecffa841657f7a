#!/usr/bin/env python3
"""Load and concurrency test for `regreader serve`.

1. HTTP: N clients (threads, one session and keep-alive connection each) make mixed tool calls
   for several rounds; every answer is compared with the answer the same call got alone before
   the load. The server's RSS must level off: split the measured rounds into thirds, the peak
   of each third may not rise over the one before twice in a row by more than a bound in all.
   (A leak rises with every round; the allocator's arenas and glibc's cache of thread stacks
   fill to a bound in steps of a MB or so and then stay, so one rise says little.)
2. stdio: P server processes, each driven by one client, the same calls and checks.
3. Re-ingest while reading: the regulation is ingested again and again (the CLI, another
   process) while clients read pages, tables, the TOC and page resources over MCP, and pages
   and the regulation's entry over the reading room's API. A reply is either
   the whole regulation or a not-found error; never a crash, a 5xx or an empty success.

  python3 tests/robustness/load_test.py --bin build/release/regreader --json load.json
Prints calls/s, p50/p99 latency, errors, wrong answers and RSS before/after.
"""
import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(__file__))
from mcp_client import HttpServer, HttpSession, StdioServer, rss_kb  # noqa: E402

CALLS = [
    ("smart_search", {"query": "倒闸操作", "limit": 5}),
    ("smart_search", {"query": "安全距离", "limit": 3, "reg_id": "R1"}),
    ("read_page_range", {"reg_id": "R1", "start_page": 1, "end_page": 2}),
    ("read_page_range", {"reg_id": "R1", "start_page": 3, "end_page": 4}),
    ("get_toc", {"reg_id": "R1"}),
    ("search_tables", {"query": "安全距离", "reg_id": "R1"}),
    ("get_table_by_id", {"reg_id": "R1", "table_id": "表1"}),
    ("lookup_annotation", {"reg_id": "R1", "annotation_id": "注1"}),
    ("resolve_reference", {"reg_id": "R1", "reference_text": "见表1"}),
    ("list_regulations", {}),
]


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))] if xs else 0.0


def answer_of(reply):
    if not reply or "result" not in reply:
        return ("error", json.dumps(reply, ensure_ascii=False)[:200])
    r = reply["result"]
    return ("ok" if not r.get("isError") else "isError",
            json.dumps(r.get("structuredContent", r.get("content")), sort_keys=True,
                       ensure_ascii=False))


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.lat, self.errors, self.wrong, self.calls = [], 0, 0, 0
        self.examples = []

    def add(self, ms, error=None, wrong=None):
        with self.lock:
            self.calls += 1
            self.lat.append(ms)
            if error:
                self.errors += 1
                self.examples.append(error)
            if wrong:
                self.wrong += 1
                self.examples.append(wrong)


def http_round(port, clients, calls_each, expected, tally, seed):
    def worker(k):
        rng = random.Random(seed * 1000 + k)
        try:
            s = HttpSession(port)
        except Exception as e:
            tally.add(0, error=f"client {k}: {e}")
            return
        for i in range(calls_each):
            c = rng.randrange(len(CALLS))
            name, args = CALLS[c]
            t0 = time.perf_counter()
            try:
                status, reply = s.call(i, "tools/call", {"name": name, "arguments": args})
            except Exception as e:
                tally.add((time.perf_counter() - t0) * 1000, error=f"{name}: {e}")
                continue
            ms = (time.perf_counter() - t0) * 1000
            if status != 200:
                tally.add(ms, error=f"{name}: HTTP {status}")
            elif answer_of(reply) != expected[c]:
                tally.add(ms, wrong=f"{name}: {answer_of(reply)[1][:200]}")
            else:
                tally.add(ms)
        s.close()

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def run_http(binary, data, clients, calls_each, rounds):
    srv = HttpServer(binary, data)
    try:
        ref = HttpSession(srv.port)
        expected = [answer_of(ref.call(i, "tools/call", {"name": n, "arguments": a})[1])
                    for i, (n, a) in enumerate(CALLS)]
        ref.close()
        bad = [CALLS[i][0] for i, e in enumerate(expected) if e[0] != "ok"]
        assert not bad, f"reference calls failed: {bad}"
        rss_start = rss_kb(srv.proc.pid)
        warm = Tally()
        http_round(srv.port, clients, calls_each, expected, warm, 0)
        rss_warm = rss_kb(srv.proc.pid)
        tally = Tally()
        rss_rounds = []
        t0 = time.perf_counter()
        for r in range(rounds):
            http_round(srv.port, clients, calls_each, expected, tally, r + 1)
            rss_rounds.append(rss_kb(srv.proc.pid))
        secs = time.perf_counter() - t0
        alive = srv.alive()
    finally:
        srv.close()
    return {"clients": clients, "calls_per_client": calls_each, "rounds": rounds,
            "calls": tally.calls, "calls_per_s": round(tally.calls / secs, 1),
            "p50_ms": round(percentile(tally.lat, 50), 2),
            "p99_ms": round(percentile(tally.lat, 99), 2),
            "errors": tally.errors + warm.errors, "wrong": tally.wrong + warm.wrong,
            "rss_start_kb": rss_start, "rss_after_warmup_kb": rss_warm,
            "rss_after_rounds_kb": rss_rounds, "alive": alive,
            "examples": (warm.examples + tally.examples)[:5]}


def run_stdio(binary, data, procs, calls_each):
    ref = StdioServer(binary, data)
    expected = [answer_of(ref.call(i, "tools/call", {"name": n, "arguments": a}))
                for i, (n, a) in enumerate(CALLS)]
    ref.close()
    tally = Tally()

    def worker(k):
        rng = random.Random(k)
        s = StdioServer(binary, data)
        for i in range(calls_each):
            c = rng.randrange(len(CALLS))
            n, a = CALLS[c]
            t0 = time.perf_counter()
            try:
                got = answer_of(s.call(i + 1, "tools/call", {"name": n, "arguments": a}))
            except Exception as e:
                tally.add(0, error=f"{n}: {e}")
                continue
            ms = (time.perf_counter() - t0) * 1000
            tally.add(ms, wrong=None if got == expected[c] else f"{n}: {got[1][:200]}")
        s.close()

    t0 = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(k,)) for k in range(procs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    secs = time.perf_counter() - t0
    return {"processes": procs, "calls": tally.calls, "calls_per_s": round(tally.calls / secs, 1),
            "p50_ms": round(percentile(tally.lat, 50), 2),
            "p99_ms": round(percentile(tally.lat, 99), 2),
            "errors": tally.errors, "wrong": tally.wrong, "examples": tally.examples[:5]}


def run_reingest(binary, data, sample, seconds, readers):
    """Readers against a regulation being re-ingested (and now and then deleted)."""
    srv = HttpServer(binary, data)
    stop = threading.Event()
    tally = Tally()
    kinds = {"whole": 0, "not_found": 0}
    ingests = [0]

    def writer():
        k = 0
        while not stop.is_set():
            args = ["delete", "R1"] if k % 4 == 3 else ["-q", "ingest", sample, "--reg-id", "R1"]
            r = subprocess.run([binary, "--data-dir", data] + args, capture_output=True)
            if r.returncode != 0 and not (args[0] == "delete" and r.returncode == 3):
                tally.add(0, error=f"writer {' '.join(args)}: exit {r.returncode} "
                                   f"{r.stderr.decode(errors='replace')[:200]}")
            ingests[0] += 1
            k += 1

    def web_reader(k):
        """The reading room's API: a page range through /api/tool, the regulation's entry."""
        rng = random.Random(k)
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60)
        while not stop.is_set():
            rng_range = rng.randrange(2) == 0
            try:
                if rng_range:
                    conn.request("POST", "/api/tool/read_page_range",
                                 body=json.dumps(CALLS[2][1]).encode(),
                                 headers={"Content-Type": "application/json"})
                else:
                    conn.request("GET", "/api/regulations/R1")
                r = conn.getresponse()
                body = r.read()
            except (http.client.HTTPException, ConnectionError, OSError) as e:
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60)
                tally.add(0, error=f"web reader: {e}")
                continue
            if r.status == 404:
                kinds["not_found"] += 1
                tally.add(0)
                continue
            if r.status != 200:
                tally.add(0, error=f"web HTTP {r.status}: {body[:200]!r}")
                continue
            j = json.loads(body)
            whole = len(j.get("pages", [])) == 2 if rng_range else j.get("reg_id") == "R1"
            kinds["whole"] += 1
            tally.add(0, wrong=None if whole else f"web: partial reply {body[:200]!r}")
        conn.close()

    def reader(k):
        if k % 2:
            return web_reader(k)
        s = HttpSession(srv.port)
        rng = random.Random(k)
        i = 0
        while not stop.is_set():
            i += 1
            what = rng.randrange(4)
            try:
                if what == 3:
                    status, reply = s.call(i, "resources/read", {"uri": "regreader://R1/page/2"})
                else:
                    n, a = [CALLS[2], CALLS[4], CALLS[6]][what]
                    status, reply = s.call(i, "tools/call", {"name": n, "arguments": a})
            except Exception as e:
                tally.add(0, error=f"reader: {e}")
                continue
            if status >= 500:
                tally.add(0, error=f"HTTP {status}")
                continue
            if reply and "error" in reply:  # resources/read of a missing regulation
                kinds["not_found"] += 1
                tally.add(0)
                continue
            res = (reply or {}).get("result", {})
            if res.get("isError"):
                text = json.dumps(res, ensure_ascii=False)
                ok = "unknown regulation" in text or "not stored" in text or "not found" in text
                kinds["not_found"] += 1
                tally.add(0, wrong=None if ok else f"unexpected error: {text[:200]}")
                continue
            sc = res.get("structuredContent", {})
            if what == 3:
                whole = bool(res.get("contents")) and bool(res["contents"][0].get("text"))
            elif what == 0:
                whole = len(sc.get("pages", [])) == 2
            elif what == 1:
                whole = len(sc.get("toc", [])) > 0
            else:
                whole = sc.get("table_id") == "表1" and sc.get("rows", 0) > 0
            kinds["whole"] += 1
            tally.add(0, wrong=None if whole else
                      f"empty or partial success: {json.dumps(res, ensure_ascii=False)[:200]}")

    threads = [threading.Thread(target=writer)] + \
              [threading.Thread(target=reader, args=(k,)) for k in range(readers)]
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    alive = srv.alive()
    srv.close()
    return {"seconds": seconds, "readers": readers, "writes": ingests[0], "reads": tally.calls,
            "whole": kinds["whole"], "not_found": kinds["not_found"], "errors": tally.errors,
            "wrong": tally.wrong, "alive": alive, "examples": tally.examples[:5]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default="build/release/regreader")
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--calls", type=int, default=300, help="calls per client per round")
    ap.add_argument("--rounds", type=int, default=6,
                    help="measured rounds after a warm-up round (a multiple of 3)")
    ap.add_argument("--stdio", type=int, default=8, help="stdio server processes")
    ap.add_argument("--reingest-seconds", type=float, default=20)
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--max-rss-growth-kb", type=int, default=4096,
                    help="the RSS peak rising from one third of the rounds to the next twice, by "
                         "more than this in all, fails")
    root = os.path.join(os.path.dirname(__file__), "..", "..", "examples")
    a = ap.parse_args()
    out = {}
    with tempfile.TemporaryDirectory(prefix="rr-load-") as tmp:
        data = os.path.join(tmp, "data")
        sample = os.path.join(root, "sample-regulation.md")
        subprocess.run([a.bin, "--data-dir", data, "-q", "ingest", sample, "--reg-id", "R1"],
                       check=True, stdout=subprocess.DEVNULL)
        out["http"] = run_http(a.bin, data, a.clients, a.calls, a.rounds)
        print("http:", json.dumps(out["http"], ensure_ascii=False))
        out["stdio"] = run_stdio(a.bin, data, a.stdio, a.calls)
        print("stdio:", json.dumps(out["stdio"], ensure_ascii=False))
        out["reingest"] = run_reingest(a.bin, data, sample, a.reingest_seconds, 8)
        print("reingest:", json.dumps(out["reingest"], ensure_ascii=False))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1, ensure_ascii=False)
    h = out["http"]
    rounds = h["rss_after_rounds_kb"]
    third = max(1, len(rounds) // 3)
    peaks = [max(rounds[i:i + third]) for i in range(0, len(rounds), third)]
    rises = [b - a for a, b in zip(peaks, peaks[1:])]
    failures = []
    for part in ("http", "stdio", "reingest"):
        if out[part]["errors"] or out[part]["wrong"]:
            failures.append(f"{part}: {out[part]['errors']} errors, {out[part]['wrong']} wrong: "
                            f"{out[part]['examples']}")
    if not h["alive"] or not out["reingest"]["alive"]:
        failures.append("the HTTP server died")
    if len(rises) >= 2 and all(r > 0 for r in rises[-2:]) and sum(rises[-2:]) > a.max_rss_growth_kb:
        failures.append(f"RSS kept growing: its peak rose by {rises[-2]} and {rises[-1]} KB over "
                        f"the last thirds of the rounds ({h['rss_after_warmup_kb']} -> {rounds})")
    if out["reingest"]["whole"] == 0:
        failures.append("no read saw the regulation while it was re-ingested")
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
