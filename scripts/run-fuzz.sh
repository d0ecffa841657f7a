#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan; preset `fuzz`) and runs each for a fixed
# number of executions from its seed corpus in fuzz/corpus/<target>. New inputs go to a work
# folder under build/fuzz, never into the repository. A finding (crash, leak, timeout, UB) stops
# that target, leaves its reproducer in build/fuzz/findings/ and makes the script fail.
#
#   bash scripts/run-fuzz.sh                 # every target, 1,000,000 executions each
#   RUNS=20000 bash scripts/run-fuzz.sh markdown tokenizer
#   MAX_TIME=600 bash scripts/run-fuzz.sh json_rpc   # stop after 600 s if RUNS are not done
# REPORT=FILE appends to that report instead of starting build/fuzz/report.md afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-1000000}
MAX_TIME=${MAX_TIME:-0}
JOBS=${JOBS:-2}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json_rpc markdown docx_xml citations tokenizer query api_body)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$JOBS" --target $(printf 'fuzz_%s ' "${targets[@]}")

out=build/fuzz
mkdir -p "$out/findings"
report=${REPORT:-$out/report.md}
if [ -z "${REPORT:-}" ] || [ ! -s "$report" ]; then
  echo "| target | executions | seconds | exec/s | corpus | result |" >"$report"
  echo "|---|---|---|---|---|---|" >>"$report"
fi
status=0
for t in "${targets[@]}"; do
  work="$out/work/$t"
  mkdir -p "$work"
  log="$out/$t.log"
  echo "fuzz_$t: $RUNS executions …" >&2
  start=$(date +%s)
  if "$out/fuzz/fuzz_$t" -runs="$RUNS" -max_total_time="$MAX_TIME" -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$out/findings/$t-" "$work" "fuzz/corpus/$t" \
      >"$log" 2>&1; then
    result="no finding"
  else
    result="FINDING (see $log)"
    status=1
  fi
  secs=$(( $(date +%s) - start ))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  units=$(find "$work" -type f | wc -l)
  echo "| $t | $execs | $secs | $(( execs / (secs > 0 ? secs : 1) )) | $units | $result |" >>"$report"
done
cat "$report"
exit $status
