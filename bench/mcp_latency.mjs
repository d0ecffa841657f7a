// MCP round-trip latency: tools/call over stdio and Streamable HTTP, `regreader serve` against the
// official TypeScript SDK's reference server (@modelcontextprotocol/server-everything) in the same
// run, with the same SDK client. Run by bench/mcp_latency.sh; prints one JSON report.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const [rr, dataDir, everything, n = '500'] = process.argv.slice(2);
const N = Number(n);

function stats(ms) {
  ms.sort((a, b) => a - b);
  const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  return { n: ms.length, p50_ms: +q(0.5).toFixed(3), p99_ms: +q(0.99).toFixed(3) };
}

async function measure(transport, tool, args) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  for (let i = 0; i < 20; i++) await client.callTool({ name: tool, arguments: args });  // warm-up
  const ms = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await client.callTool({ name: tool, arguments: args });
    ms.push(performance.now() - t);
  }
  await client.close();
  return stats(ms);
}

async function httpServer(cmd, args, env, readyPattern) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    const onData = (d) => {
      seen += String(d);
      const m = seen.match(readyPattern);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    setTimeout(() => reject(new Error(`${cmd} did not start`)), 10000);
  });
  return { child, url };
}

const ours = { tool: 'list_regulations', args: {} };
const search = { tool: 'smart_search', args: { query: '倒闸操作', limit: 5 } };
const echo = { tool: 'echo', args: { message: 'hello' } };
const report = { calls_per_case: N };

report.stdio = {
  regreader_list_regulations: await measure(new StdioClientTransport({ command: rr, args: ['--data-dir', dataDir, 'serve'] }), ours.tool, ours.args),
  regreader_smart_search: await measure(new StdioClientTransport({ command: rr, args: ['--data-dir', dataDir, 'serve'] }), search.tool, search.args),
  sdk_everything_echo: await measure(new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'] }), echo.tool, echo.args),
};

const a = await httpServer(rr, ['--data-dir', dataDir, 'serve', '--transport', 'http', '--port', '0'], {}, /(http:\/\/127\.0\.0\.1:\d+\/mcp)/);
const port = 20000 + Math.floor(Math.random() * 20000);
const b = await httpServer(process.execPath, [everything, 'streamableHttp'], { PORT: String(port) }, new RegExp(`(?:listening|running).*?(${port})`, 'i'))
  .then((s) => ({ ...s, url: `http://127.0.0.1:${port}/mcp` }));
report.http = {
  regreader_list_regulations: await measure(new StreamableHTTPClientTransport(new URL(a.url)), ours.tool, ours.args),
  sdk_everything_echo: await measure(new StreamableHTTPClientTransport(new URL(b.url)), echo.tool, echo.args),
};
a.child.kill('SIGTERM');
b.child.kill('SIGTERM');
for (const t of ['stdio', 'http'])
  report[t].ratio_p50_regreader_over_sdk =
    +(report[t].regreader_list_regulations.p50_ms / report[t].sdk_everything_echo.p50_ms).toFixed(2);
console.log(JSON.stringify(report, null, 2));
process.exit(0);
