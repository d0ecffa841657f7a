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
export REGREADER_EMBEDDING_MODEL=${REGREADER_EMBEDDING_MODEL:-builtin-lsa}
"$RR" -q --data-dir "$D" reindex --all >&2
"$RR" --data-dir "$D" eval bench/dev-questions.jsonl "$@"
