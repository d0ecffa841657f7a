#!/usr/bin/env bash
# Real agent frameworks against `regreader serve`: the Claude Agent SDK and LangGraph.js (with
# the LangChain MCP adapters) discover and call smart_search over stdio and over Streamable
# HTTP, with ../shared/tools/fake-llm-server.mjs standing in for the model.
#
# Usage: run_interop.sh REGREADER_BIN RESULTS_DIR
# Exit: 0 pass, 1 a client failed, 77 skipped (no ../shared or no `make interop-deps`).
set -uo pipefail

REGREADER=$(realpath "${1:?regreader binary}")
RESULTS=${2:?results directory}
SRC=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$SRC/tests/interop
FAKE=$SRC/../shared/tools/fake-llm-server.mjs
NODE=$SRC/tests/mcp/node_modules/.bin/node # Node 22 (make mcp-deps); the system node also works
[[ -x $NODE ]] || NODE=node

skip() {
  echo "SKIP: $*"
  exit 77
}
[[ -f $FAKE ]] || skip "no ../shared/tools/fake-llm-server.mjs"
[[ -d $HERE/node_modules/@anthropic-ai/claude-agent-sdk ]] || skip "run \`make interop-deps\`"

rm -rf "$RESULTS"
mkdir -p "$RESULTS"
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { "$NODE" -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

DATA=$WORK/data
"$REGREADER" --data-dir "$DATA" -q ingest "$SRC/examples/sample-regulation.pdf" --reg-id SAMPLE \
  >"$RESULTS/ingest.log" 2>&1 || {
  cat "$RESULTS/ingest.log"
  exit 1
}

LLM_PORT=$(free_port)
PORT=$LLM_PORT FAKE_TOOL=smart_search FAKE_TOOL_INPUT='{"query":"倒闸操作","limit":3}' \
  FAKE_LOG=$RESULTS/fake-llm.jsonl "$NODE" "$FAKE" 2>"$RESULTS/fake-llm.log" &
PIDS+=($!)
"$REGREADER" --data-dir "$DATA" serve --transport http --port 0 2>"$RESULTS/serve.log" &
PIDS+=($!)
for _ in $(seq 100); do
  SERVE_PORT=$(sed -nE 's/.*listening on http:\/\/127\.0\.0\.1:([0-9]+)\/mcp.*/\1/p' "$RESULTS/serve.log")
  grep -q listening "$RESULTS/fake-llm.log" 2>/dev/null && [[ -n $SERVE_PORT ]] && break
  sleep 0.1
done
[[ -n ${SERVE_PORT:-} ]] || {
  echo "regreader serve did not start"
  cat "$RESULTS/serve.log"
  exit 1
}
URL=http://127.0.0.1:$SERVE_PORT/mcp

export ANTHROPIC_BASE_URL=http://127.0.0.1:$LLM_PORT FAKE_LLM_URL=http://127.0.0.1:$LLM_PORT
export ANTHROPIC_API_KEY=fake-key CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_AUTOUPDATER=1
# Offer the MCP tools to the model directly, not behind Claude Code's ToolSearch.
export ENABLE_TOOL_SEARCH=false
# The Agent SDK's Claude Code keeps its state under HOME: give it a private one.
export HOME=$WORK/home
mkdir -p "$HOME"

FAILED=()
run() {
  local label=$1
  shift
  local start=$SECONDS
  (cd "$HERE" && "$NODE" "$@") >"$RESULTS/$label.json" 2>"$RESULTS/$label.log"
  local rc=$?
  printf '%-28s %s (%ss) %s\n' "$label" "$([[ $rc == 0 ]] && echo ok || echo FAIL)" \
    $((SECONDS - start)) "$(head -c 300 "$RESULTS/$label.json")"
  [[ $rc == 0 ]] || FAILED+=("$label")
}
run claude-agent-sdk-stdio claude_agent.mjs stdio "$REGREADER" "$DATA"
run claude-agent-sdk-http claude_agent.mjs http "$URL"
run langgraph-stdio langgraph_agent.mjs stdio "$REGREADER" "$DATA"
run langgraph-http langgraph_agent.mjs http "$URL"

echo "results: $RESULTS"
if ((${#FAILED[@]})); then
  echo "FAILED: ${FAILED[*]}"
  exit 1
fi
