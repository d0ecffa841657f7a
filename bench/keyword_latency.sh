#!/usr/bin/env bash
# Search latency at 10^4 and 10^5 blocks: keyword (ours, and Python's sqlite3 FTS5 with its
# unicode61 and trigram tokenizers over the same blocks in the same run, as ratios), vector and
# hybrid with the built-in LSA (HNSW against exact search at 10^5), index build throughput and
# memory.
#   bash bench/keyword_latency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
C=${REGREADER_CORPUS:-../shared/corpus}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build/release/bench/regreader_keyword_bench "$C" bench/dev-questions.jsonl "$out" | tee "$out/ours.txt"
for n in 10000 100000; do
  python3 bench/keyword_peer.py "$out/blocks-$n.txt" bench/dev-questions.jsonl | tee -a "$out/peers.txt"
done
python3 - "$out/ours.txt" "$out/peers.txt" <<'PY'
import re, sys
pat = r"^(\d+) blocks: .*?{} p50 ([\d.]+) ms, p99 ([\d.]+) ms"
ours = {m[0]: (float(m[1]), float(m[2]))
        for m in re.findall(pat.format("keyword"), open(sys.argv[1]).read(), re.M)}
for tok in ("unicode61", "trigram"):
    for n, p50, p99 in re.findall(pat.format("FTS5 " + tok + r" .*?;"), open(sys.argv[2]).read(), re.M):
        if n in ours:
            print(f"{n} blocks: keyword latency ours / python sqlite3 FTS5 {tok}: "
                  f"p50 x{ours[n][0] / float(p50):.2f}, p99 x{ours[n][1] / float(p99):.2f}")
PY
