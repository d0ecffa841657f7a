#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, pinned in
# tests/mcp/package.json) against our MCP library:
#   1. the conformance fixture server (tests/mcp/conformance_fixture.cpp): every scenario a spec
#      revision requires, at 2025-11-25 and at 2026-07-28;
#   2. the real `regreader serve --transport http` on the sample regulation: the scenarios that
#      apply to any server (lifecycle, ping, tools/list, DNS-rebinding protection, stateless
#      requests, caching hints, wire-schema validity).
# Known failures are listed in tests/mcp/conformance/*.yml (the suite's --expected-failures
# baselines): a failure not listed there, or a listed one that now passes, fails the run.
#
# Usage: run_conformance.sh REGREADER_BIN FIXTURE_BIN RESULTS_DIR
# Exit: 0 pass, 1 a scored failure, 77 skipped (no ../shared or no `make mcp-deps`).
set -uo pipefail

REGREADER=$(realpath "${1:?regreader binary}")
FIXTURE=${2:?conformance fixture binary}
RESULTS=${3:?results directory}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
MODULES=$SRC/tests/mcp/node_modules
NODE=$MODULES/.bin/node # Node 22 from the pinned `node` package: the suite needs Node >= 22
SUITE=$MODULES/@modelcontextprotocol/conformance/dist/index.js
BASELINES=$SRC/tests/mcp/conformance

skip() {
  echo "SKIP: $*"
  exit 77
}
[[ -d $SRC/../shared ]] || skip "no ../shared beside the checkout"
[[ -x $NODE && -f $SUITE ]] || skip "no conformance suite: run \`make mcp-deps\`"

rm -rf "$RESULTS"
mkdir -p "$RESULTS"
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# Waits for a server's "listening" line in $1 and prints the port it names.
wait_port() {
  local file=$1 pattern=$2
  for _ in $(seq 100); do
    local port
    port=$(sed -nE "s/$pattern/\\1/p" "$file" | head -1)
    [[ -n $port ]] && echo "$port" && return 0
    sleep 0.1
  done
  echo "server did not start; its output:" >&2
  cat "$file" >&2
  return 1
}

"$FIXTURE" 0 >"$WORK/fixture.out" 2>"$RESULTS/fixture.log" &
PIDS+=($!)
FIXTURE_PORT=$(wait_port "$WORK/fixture.out" '^PORT ([0-9]+)$') || exit 1

DATA=$WORK/data
"$REGREADER" --data-dir "$DATA" -q ingest "$SRC/examples/sample-regulation.pdf" --reg-id SAMPLE \
  >"$RESULTS/ingest.log" 2>&1 || {
  cat "$RESULTS/ingest.log"
  exit 1
}
"$REGREADER" --data-dir "$DATA" serve --transport http --port 0 2>"$RESULTS/serve.log" &
PIDS+=($!)
SERVE_PORT=$(wait_port "$RESULTS/serve.log" '.*listening on http:\/\/127\.0\.0\.1:([0-9]+)\/mcp.*') ||
  exit 1

FAILED=()
# conformance LABEL URL ARGS...: one suite run, its log and results under $RESULTS/LABEL.
conformance() {
  local label=$1 url=$2
  shift 2
  "$NODE" "$SUITE" server --url "$url" -o "$RESULTS/$label" "$@" >"$RESULTS/$label.log" 2>&1
  local rc=$?
  local summary
  summary=$(grep -E '^(Total|Baseline|Unexpected|Stale|Passed)' "$RESULTS/$label.log" | tr '\n' ' ')
  printf '%-44s %s %s\n' "$label" "$([[ $rc == 0 ]] && echo ok || echo FAIL)" "$summary"
  [[ $rc == 0 ]] || FAILED+=("$label")
}

FIXTURE_URL=http://127.0.0.1:$FIXTURE_PORT/mcp
SERVE_URL=http://127.0.0.1:$SERVE_PORT/mcp
for rev in 2025-11-25 2026-07-28; do
  baseline=()
  [[ -f $BASELINES/fixture-$rev.yml ]] && baseline=(--expected-failures "$BASELINES/fixture-$rev.yml")
  conformance "fixture-$rev" "$FIXTURE_URL" --requirements "$rev" "${baseline[@]}"
done

# The scenarios that need no fixture names (the others would call tools `serve` does not have,
# or pass vacuously without them).
GENERIC_2025=(server-initialize server-session-lifecycle ping logging-set-level tools-list
  completion-complete dns-rebinding-protection)
GENERIC_2026=(server-stateless tools-list completion-complete dns-rebinding-protection caching)
for s in "${GENERIC_2025[@]}"; do
  conformance "serve-2025-11-25-$s" "$SERVE_URL" --scenario "$s" --spec-version 2025-11-25
done
for s in "${GENERIC_2026[@]}"; do
  baseline=()
  [[ -f $BASELINES/serve-2026-07-28.yml ]] &&
    baseline=(--expected-failures "$BASELINES/serve-2026-07-28.yml")
  conformance "serve-2026-07-28-$s" "$SERVE_URL" --scenario "$s" --spec-version 2026-07-28 \
    "${baseline[@]}"
done

echo "results: $RESULTS"
if ((${#FAILED[@]})); then
  echo "FAILED: ${FAILED[*]} (see $RESULTS/<name>.log)"
  exit 1
fi
echo "conformance: all scored scenarios pass (or fail as the baselines expect)"
