#!/usr/bin/env bash
# Retrieval figures on our development set (bench/dev-questions.jsonl, questions we wrote over
# ../shared/corpus): ingests the regulations it asks about under fixed ids, builds vectors with the
# embedding model of REGREADER_EMBEDDING_MODEL (default here: builtin-lsa), then runs
# `regreader eval` for keyword, vector, hybrid and the baseline (FTS5 unicode61, the original
# system). Any extra arguments go to `regreader eval` (--json, --mode ...).
#   bash bench/run_eval.sh [--json]
#   REGREADER_EMBEDDING_URL=http://localhost:8000 REGREADER_EMBEDDING_MODEL=bge-m3 bash bench/run_eval.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RR=${RR:-build/release/regreader}
export -n RR  # LibreOffice's launcher reads $RR (the rr debugger); older builds passed it on
C=${REGREADER_CORPUS:-../shared/corpus}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
ingest() { "$RR" -q --data-dir "$D" ingest "$C/$1" --reg-id "$2" --ocr never >/dev/null; }
grep -v '^#' bench/dev_regulations.tsv | while IFS=$'\t' read -r file id; do ingest "$file" "$id"; done
export REGREADER_EMBEDDING_MODEL=${REGREADER_EMBEDDING_MODEL:-builtin-lsa}
"$RR" -q --data-dir "$D" reindex --all >&2
"$RR" --data-dir "$D" eval bench/dev-questions.jsonl "$@"
