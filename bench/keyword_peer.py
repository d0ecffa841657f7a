#!/usr/bin/env python3
"""The peers of bench/keyword_bench.cpp: Python's sqlite3 FTS5 over the same block texts and the
same queries, p50/p99 latency, with two built-in tokenizers:
  unicode61 -- the original system's keyword leg (a run of Chinese is one token, so it finds
               almost nothing: see bench/run_eval.sh);
  trigram   -- SQLite's substring tokenizer, the nearest built-in to ours on Chinese (terms under
               three characters cannot match).
Prints one line per tokenizer: "<blocks> blocks: python sqlite3 FTS5 <tokenizer> ... p50 X ms,
p99 Y ms".
  python3 bench/keyword_peer.py BLOCKS.txt QUESTIONS.jsonl"""
import json
import sqlite3
import sys
import time

blocks = [l.rstrip("\n") for l in open(sys.argv[1], encoding="utf-8")]
queries = [json.loads(l)["query"] for l in open(sys.argv[2], encoding="utf-8") if l.strip()]


def run(tokenizer):
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE f USING fts5(content, tokenize='{tokenizer}')")
    t0 = time.perf_counter()
    db.executemany("INSERT INTO f(content) VALUES (?)", ((b,) for b in blocks))
    db.commit()
    build = time.perf_counter() - t0
    ms = []
    for _ in range(3):
        for q in queries:
            match = " AND ".join('"' + w.replace('"', '""') + '"' for w in q.split())
            a = time.perf_counter()
            db.execute("SELECT rowid, snippet(f, 0, '[', ']', '…', 24) FROM f WHERE f MATCH ? "
                       "ORDER BY bm25(f) LIMIT 10", (match,)).fetchall()
            ms.append((time.perf_counter() - a) * 1000)
    ms.sort()
    print(f"{len(blocks)} blocks: python sqlite3 FTS5 {tokenizer} index {build:.1f} s; "
          f"p50 {ms[len(ms) // 2]:.2f} ms, p99 {ms[min(len(ms) - 1, int(0.99 * len(ms)))]:.2f} ms")


for tokenizer in ("unicode61", "trigram"):
    run(tokenizer)
