// LangGraph.js (a prebuilt ReAct agent) with the LangChain MCP adapters drives `regreader serve`,
// with ../shared/tools/fake-llm-server.mjs as the model (ChatAnthropic pointed at it). Prints one
// JSON line: {client, transport, tools, called, answer}; exit 0 when smart_search was
// discovered, called, and its result reached the final answer.
// Usage: node langgraph_agent.mjs stdio REGREADER DATA_DIR | node langgraph_agent.mjs http URL
// Env: FAKE_LLM_URL (http://127.0.0.1:PORT).
import { ChatAnthropic } from '@langchain/anthropic';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { MultiServerMCPClient } from '@langchain/mcp-adapters';

const [transport, a, b] = process.argv.slice(2);
const server =
  transport === 'stdio'
    ? { transport: 'stdio', command: a, args: ['--data-dir', b, 'serve'] }
    : { transport: 'http', url: a };

const out = { client: 'langgraph', transport, tools: [], called: false, answer: '' };
const timer = setTimeout(() => {
  console.log(JSON.stringify({ ...out, error: 'timeout' }));
  process.exit(1);
}, 120_000);

const client = new MultiServerMCPClient({ mcpServers: { regreader: server } });
try {
  const tools = await client.getTools();
  out.tools = tools.map((t) => t.name);
  const llm = new ChatAnthropic({
    model: 'claude-sonnet-4-5',
    apiKey: 'fake',
    anthropicApiUrl: process.env.FAKE_LLM_URL,
    maxRetries: 0,
  });
  const agent = createReactAgent({ llm, tools });
  const stream = await agent.stream(
    { messages: [{ role: 'user', content: '倒闸操作有哪些要求？用 smart_search 查规程。' }] },
    { streamMode: 'messages', recursionLimit: 8 },
  );
  for await (const [chunk] of stream) {
    if (chunk.tool_calls?.some((c) => c.name?.endsWith('smart_search'))) out.called = true;
    if (chunk.getType?.() === 'tool' && chunk.name?.endsWith('smart_search')) out.called = true;
    if (chunk.getType?.() === 'ai' && typeof chunk.content === 'string') out.answer += chunk.content;
    else if (chunk.getType?.() === 'ai' && Array.isArray(chunk.content))
      out.answer += chunk.content.map((c) => c.text ?? '').join('');
  }
} finally {
  await client.close();
}
clearTimeout(timer);
const ok =
  out.tools.some((t) => t.endsWith('smart_search')) &&
  out.called &&
  out.answer.includes('FINAL ANSWER') &&
  out.answer.includes('results');
console.log(JSON.stringify({ ...out, answer: out.answer.slice(0, 300), ok }));
process.exit(ok ? 0 : 1);
