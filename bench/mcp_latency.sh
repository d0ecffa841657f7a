#!/usr/bin/env bash
# MCP tools/call latency, regreader serve vs the MCP TypeScript SDK's reference server, same client,
# same run. Usage: bash bench/mcp_latency.sh [calls per case, default 500]
set -euo pipefail
cd "$(dirname "$0")/.."
RR=$PWD/build/release/regreader
NM=$PWD/tests/mcp/node_modules
[ -x "$RR" ] || { echo "build first: make build" >&2; exit 1; }
[ -d "$NM/@modelcontextprotocol/server-everything" ] || { echo "run: make mcp-deps" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$RR" --data-dir "$work/data" -q ingest examples/sample-regulation.pdf --reg-id SAMPLE-2026 >/dev/null
cp bench/mcp_latency.mjs "$work/"
ln -s "$NM" "$work/node_modules"
node "$work/mcp_latency.mjs" "$RR" "$work/data" "$NM/@modelcontextprotocol/server-everything/dist/index.js" "${1:-500}"
