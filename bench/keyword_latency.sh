#!/usr/bin/env bash
# Search latency at 10^4 and 10^5 blocks: keyword (ours and Python's sqlite3 FTS5 in the same
# run), vector and hybrid with the built-in LSA (HNSW against exact search at 10^5), index build
# throughput and memory.
#   bash bench/keyword_latency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
C=${REGREADER_CORPUS:-../shared/corpus}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
build/release/bench/regreader_keyword_bench "$C" bench/dev-questions.jsonl "$out"
for n in 10000 100000; do python3 bench/keyword_peer.py "$out/blocks-$n.txt" bench/dev-questions.jsonl; done
