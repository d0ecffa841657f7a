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
grep -v '^#' bench/dev_regulations.tsv | while IFS=$'\t' read -r file id; do ingest "$file" "$id"; done
for named in "" --named; do
  for kb in 48 0; do
    "$B" "$D" bench/dev-questions.jsonl --material-kb "$kb" $named
  done
done
