#!/usr/bin/env bash
# Retrieval on both storage engines (issue 18): the development set's regulations ingested into
# the embedded SQLite store and into a PostgreSQL 15 started here (initdb/pg_ctl in a temporary
# directory, Unix socket; as root the server runs as `postgres`), then `regreader eval --mode
# keyword` on each, plain (the keyword leg alone) and guided (as `search` runs it), and the
# keyword leg's latency on each. Needs postgresql-15.
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
ingest "antigravity-anguigb/GB 26860-2011_电力安全工作规程_发电厂和变电站电气部分.md" GB26860
ingest "lawrefbook-power-laws/电力法(2018-12-29).md" 电力法
ingest "lawrefbook-power-laws/电网调度管理条例(2011-01-08).md" 电网调度管理条例
ingest "lawrefbook-power-laws/安全生产法(2021-06-10).md" 安全生产法
ingest "antigravity-anguigb/南网电气操作导则2017.md" QCSG125008
ingest "opsen-rag-stability-guide/电力系统安全稳定导则.pdf" GB38755
ingest "lawrefbook-power-laws/消防法(2021-04-29).md" 消防法
ingest "lawrefbook-power-laws/电力设施保护条例(2011-01-08).md" 电力设施保护条例
ingest "lawrefbook-power-laws/职业病防治法(2018-12-29).md" 职业病防治法
ingest "lawrefbook-power-laws/特种设备安全法(2013-06-29).md" 特种设备安全法
ingest "powerai-railway-safety-rules/铁运1999103号铁路电力安全工作规程.derived.md" 铁路电力安规
ingest "antigravity-energy-docx/NB_T 31147-2018 风电场工程风能资源测量与评估技术规范.docx" NBT31147
for plain in --plain ""; do
  echo "== keyword leg ${plain:-(guided, as search runs it)}"
  echo "-- SQLite"
  "$RR" --data-dir "$W/sqlite" eval bench/dev-questions.jsonl --mode keyword $plain
  echo "-- PostgreSQL"
  "$RR" --store "$URL" --data-dir "$W/pgdata" eval bench/dev-questions.jsonl --mode keyword $plain
done
