#!/usr/bin/env bash
# Retrieval on both storage engines (issue 18): the development set's regulations ingested into
# the embedded SQLite store and into a PostgreSQL 15 started here (initdb/pg_ctl in a temporary
# directory, Unix socket; as root the server runs as `postgres`), then `regreader eval --mode
# keyword` on each, plain (the keyword leg alone) and guided (as `search` runs it); then the
# keyword leg's and guided search's p50/p99 at 10^4 and 10^5 blocks on each engine, in the same
# run (bench/keyword_bench.cpp with REGREADER_BENCH_PG_URL); vector and hybrid retrieval on both
# (built-in LSA); REGREADER_PARITY_VECTORS=1 times the vector and hybrid legs too (several minutes
# more). Needs postgresql-15.
#   bash bench/pg_parity.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RR=${RR:-build/release/regreader}
RR=$(realpath "$RR")
export -n RR
C=${REGREADER_CORPUS:-../shared/corpus}
PGBIN=${REGREADER_TEST_PG_BIN:-/usr/lib/postgresql/15/bin}
W=$(mktemp -d)
chmod 755 "$W"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() { as_pg "$PGBIN/pg_ctl" -D "$W/pg" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$W"; }
trap cleanup EXIT
mkdir "$W/pg" "$W/sock"
[ "$(id -u)" = 0 ] && chown postgres "$W/pg" "$W/sock"
as_pg "$PGBIN/initdb" -D "$W/pg" -A trust -U postgres >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$W/pg" -o "-k $W/sock -c listen_addresses=''" -l "$W/pg/log" -w start >/dev/null
URL="postgresql://postgres@/postgres?host=$W/sock"
ingest() {
  "$RR" -q --data-dir "$W/sqlite" ingest "$C/$1" --reg-id "$2" --ocr never >/dev/null
  "$RR" -q --store "$URL" --data-dir "$W/pgdata" ingest "$C/$1" --reg-id "$2" --ocr never >/dev/null
}
grep -v '^#' bench/dev_regulations.tsv | while IFS=$'\t' read -r file id; do ingest "$file" "$id"; done
for plain in --plain ""; do
  echo "== keyword leg ${plain:-(guided, as search runs it)}"
  echo "-- SQLite"
  "$RR" --data-dir "$W/sqlite" eval bench/dev-questions.jsonl --mode keyword $plain
  echo "-- PostgreSQL"
  "$RR" --store "$URL" --data-dir "$W/pgdata" eval bench/dev-questions.jsonl --mode keyword $plain
done
echo "== vector and hybrid (built-in LSA, fitted by each engine on its own blocks)"
for engine in sqlite pg; do
  if [ $engine = sqlite ]; then S=(--data-dir "$W/sqlite"); else S=(--store "$URL" --data-dir "$W/pgdata"); fi
  echo "-- $engine"
  REGREADER_EMBEDDING_MODEL=builtin-lsa "$RR" -q "${S[@]}" reindex --all >/dev/null
  REGREADER_EMBEDDING_MODEL=builtin-lsa "$RR" "${S[@]}" eval bench/dev-questions.jsonl --mode vector --mode hybrid
done
echo "== latency at 10^4 and 10^5 blocks, both engines in this run (the corpus's Markdown regulations repeated)"
if [ -n "${REGREADER_PARITY_VECTORS:-}" ]; then only=(); else only=(env REGREADER_BENCH_KEYWORD_ONLY=1); fi
"${only[@]}" env REGREADER_BENCH_PG_URL="$URL" build/release/bench/regreader_keyword_bench \
  "$C" bench/dev-questions.jsonl "$W" | grep -E "blocks:|guided|p50"
