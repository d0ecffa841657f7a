// The Claude Agent SDK (its bundled Claude Code) drives `regreader serve` as an MCP server, with
// ../shared/tools/fake-llm-server.mjs as the model (ANTHROPIC_BASE_URL). Prints one JSON line:
// {client, transport, tools, called, answer}; exit 0 when smart_search was discovered, called,
// and its result reached the final answer.
// Usage: node claude_agent.mjs stdio REGREADER DATA_DIR | node claude_agent.mjs http URL
import { query } from '@anthropic-ai/claude-agent-sdk';

const [transport, a, b] = process.argv.slice(2);
const server =
  transport === 'stdio'
    ? { type: 'stdio', command: a, args: ['--data-dir', b, 'serve'] }
    : { type: 'http', url: a };

const out = { client: 'claude-agent-sdk', transport, tools: [], called: false, answer: '' };
const timer = setTimeout(() => {
  console.log(JSON.stringify({ ...out, error: 'timeout' }));
  process.exit(1);
}, 120_000);

for await (const m of query({
  prompt: '倒闸操作有哪些要求？用 smart_search 查规程。',
  options: {
    mcpServers: { regreader: server },
    allowedTools: ['mcp__regreader__smart_search'],
    // allowedTools approves the one tool; bypassPermissions is refused when running as root.
    permissionMode: 'default',
    maxTurns: 4,
    model: 'claude-sonnet-4-5',
    settingSources: [],
  },
})) {
  if (m.type === 'system' && m.subtype === 'init') {
    out.mcp = m.mcp_servers;
    out.tools = m.tools.filter((t) => t.startsWith('mcp__regreader__'));
  }
  if (m.type === 'assistant')
    for (const c of m.message.content)
      if (c.type === 'tool_use' && c.name === 'mcp__regreader__smart_search') out.called = true;
  if (m.type === 'result') out.answer = m.result ?? '';
}
clearTimeout(timer);
const ok =
  out.tools.includes('mcp__regreader__smart_search') &&
  out.called &&
  out.answer.includes('FINAL ANSWER') &&
  out.answer.includes('results');
console.log(JSON.stringify({ ...out, answer: out.answer.slice(0, 300), ok }));
process.exit(ok ? 0 : 1);
