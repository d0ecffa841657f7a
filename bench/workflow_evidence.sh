#!/usr/bin/env bash
# The workflow strategy's evidence on the development set (bench/workflow_evidence.cpp): the
# store of bench/run_eval.sh, then the answering prompt's gold-text share and size, with the
# regulation picked by the workflow and named (-r), with the 48 KB material budget and without.
#   bash bench/workflow_evidence.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RR=${RR:-build/release/regreader}
B=${B:-build/release/bench/regreader_workflow_evidence_bench}
export -n RR
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
for named in "" --named; do
  for kb in 48 0; do
    "$B" "$D" bench/dev-questions.jsonl --material-kb "$kb" $named
  done
done
