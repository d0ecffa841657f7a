#!/usr/bin/env bash
# The reliability suite in full (`make reliability`); `make test` runs each part in a bounded
# form. Writes build/reliability/report.md: one row per part with its cases, failures and time.
#
#   protocol fuzz   PROTOCOL_COUNT (10000) fuzzed messages per transport (stdio, HTTP, legacy SSE)
#   load            32 HTTP clients x 300 calls for 10 rounds (RSS flat), 8 stdio processes,
#                   re-ingest while reading
#   http abuse      tests/robustness/http_abuse.py --full
#   hostile files   the hostile-input, killed-ingest and concurrency tests of the CLI suite
#   libFuzzer       every target of fuzz/ for RUNS (1,000,000) executions (scripts/run-fuzz.sh)
#
# Smaller runs: PROTOCOL_COUNT, LOAD_ROUNDS (10), RUNS, FUZZ_TARGETS ("json_rpc markdown", or
# "none" to skip the libFuzzer part).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/release/regreader}
out=build/reliability
mkdir -p "$out"
report=$out/report.md
{
  echo "| part | result | seconds | figures |"
  echo "|---|---|---|---|"
} >"$report"
status=0
part() {
  local name=$1 log=$out/$2.log
  shift 2
  echo "$name …" >&2
  local start end result
  start=$(date +%s)
  if "$@" >"$log" 2>&1; then result=ok; else result=FAIL; status=1; fi
  end=$(date +%s)
  local figures
  figures=$(grep -E "^(ok|FAIL|http:|stdio:|reingest:|[0-9]+ messages|100% tests|[0-9]+% tests)" "$log" |
    tr '\n' ' ' | cut -c1-400)
  echo "| $name | $result | $((end - start)) | ${figures//|/\/} |" >>"$report"
}
part "protocol fuzz" protocol python3 tests/robustness/protocol_fuzz.py --bin "$BIN" \
  --count "${PROTOCOL_COUNT:-10000}" --seed 7
part "load" load python3 tests/robustness/load_test.py --bin "$BIN" --rounds "${LOAD_ROUNDS:-10}" \
  --json "$out/load.json"
part "http abuse" abuse python3 tests/robustness/http_abuse.py --bin "$BIN" --full \
  --json "$out/abuse.json"
part "hostile files" hostile ctest --preset release -R "Hostile|KilledIngest|Concurrent" \
  --output-on-failure
if [ "${FUZZ_TARGETS:-}" != none ]; then
  rm -f "$out/fuzz.md"
  # shellcheck disable=SC2086 # a list of target names
  part "libFuzzer" fuzz env REPORT="$out/fuzz.md" bash scripts/run-fuzz.sh ${FUZZ_TARGETS:-}
  { echo; cat "$out/fuzz.md"; } >>"$report" 2>/dev/null
fi
cat "$report"
exit $status
