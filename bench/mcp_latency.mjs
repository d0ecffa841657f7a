// MCP round-trip latency, throughput and start-up: tools/call over stdio and Streamable HTTP,
// `regreader serve` against the official TypeScript SDK's reference server
// (@modelcontextprotocol/server-everything, its `echo` tool) in the same run, with the same SDK
// client. Run by bench/mcp_latency.sh; prints one JSON report.
//   latency: one call at a time (p50, p99, and the calls per second that gives);
//   throughput: CONCURRENCY calls in flight on one connection, calls per second;
//   raw_client_*: the same without the SDK client (see rawStdio, rawHttp);
//   start-up: spawn to the `initialize` reply over stdio (raw JSON-RPC, no SDK in the way).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [rr, dataDir, everything, n = '500'] = process.argv.slice(2);
const N = Number(n);
const CONCURRENCY = 8;

function quantiles(ms) {
  ms.sort((a, b) => a - b);
  const q = (p) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  return { n: ms.length, p50_ms: +q(0.5).toFixed(3), p99_ms: +q(0.99).toFixed(3) };
}

// N calls one at a time (latency quantiles, calls/s), then N with CONCURRENCY in flight (calls/s).
async function timeCalls(call) {
  const ms = [];
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await call();
    ms.push(performance.now() - t);
  }
  const sequential = N / ((performance.now() - t0) / 1000);
  let next = 0;
  const t1 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < N) await call();
  }));
  const concurrent = N / ((performance.now() - t1) / 1000);
  return { ...quantiles(ms), calls_per_s: Math.round(sequential),
           [`calls_per_s_${CONCURRENCY}_in_flight`]: Math.round(concurrent) };
}

async function measure(makeTransport, tool, args) {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(makeTransport());
  const call = () => client.callTool({ name: tool, arguments: args });
  for (let i = 0; i < 20; i++) await call();  // warm-up
  const report = await timeCalls(call);
  await client.close();
  return report;
}

// A minimal JSON-RPC client without the SDK (newline-delimited JSON over stdio; POSTs on one
// keep-alive connection over HTTP, reading a JSON or an SSE reply), so that what is measured is
// the server rather than the SDK client's own validation and bookkeeping.
const INIT = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };

function rawStdio(cmd, args) {
  const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  let buf = '', id = 0;
  child.stdout.on('data', (d) => {
    buf += String(d);
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (!line.trim()) continue;
      const msg = JSON.parse(line);
      if (msg.id !== undefined && waiting.has(msg.id)) {
        waiting.get(msg.id)(msg);
        waiting.delete(msg.id);
      }
    }
  });
  const request = (method, params) => new Promise((resolve) => {
    const n = ++id;
    waiting.set(n, resolve);
    child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: n, method, params }) + '\n');
  });
  const notify = (method) => child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method }) + '\n');
  return { request, notify, close: () => child.kill('SIGTERM') };
}

function rawHttp(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let session, id = 0;
  const post = (body) => new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream',
                      'mcp-protocol-version': '2025-11-25' };
    if (session) headers['mcp-session-id'] = session;
    const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
      session = session || res.headers['mcp-session-id'];
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => {
        if (!text) return resolve(undefined);
        const json = res.headers['content-type']?.startsWith('text/event-stream')
          ? text.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).filter((l) => l.includes('"result"') || l.includes('"error"')).pop()
          : text;
        resolve(JSON.parse(json));
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
  return {
    request: (method, params) => post({ jsonrpc: '2.0', id: ++id, method, params }),
    notify: (method) => post({ jsonrpc: '2.0', method }),
    close: () => agent.destroy(),
  };
}

async function measureRaw(client, tool, args) {
  const init = await client.request('initialize', INIT);
  if (!init?.result) throw new Error('initialize failed: ' + JSON.stringify(init));
  await client.notify('notifications/initialized');
  const call = async () => {
    const r = await client.request('tools/call', { name: tool, arguments: args });
    if (!r?.result || r.result.isError) throw new Error('call failed: ' + JSON.stringify(r));
  };
  for (let i = 0; i < 50; i++) await call();
  const report = await timeCalls(call);
  client.close();
  return report;
}

// Milliseconds from spawn to the initialize reply on stdout, best and median of `runs`.
async function startup(cmd, args, runs = 15) {
  const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {
    protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }) + '\n';
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    await new Promise((resolve, reject) => {
      let seen = '';
      child.stdout.on('data', (d) => {
        seen += String(d);
        if (seen.includes('"id":1')) resolve();
      });
      child.on('exit', () => reject(new Error(`${cmd} exited before replying`)));
      child.stdin.write(init);
    });
    ms.push(performance.now() - t);
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
  }
  ms.sort((a, b) => a - b);
  return { best_ms: +ms[0].toFixed(1), median_ms: +ms[Math.floor(ms.length / 2)].toFixed(1) };
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

const list = ['list_regulations', {}];
const search = ['smart_search', { query: '倒闸操作', limit: 5 }];
const echo = ['echo', { message: 'hello' }];
const ours = () => new StdioClientTransport({ command: rr, args: ['--data-dir', dataDir, 'serve'] });
const theirs = () => new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'] });
const report = { calls_per_case: N };

report.startup = {
  regreader_serve: await startup(rr, ['--data-dir', dataDir, 'serve']),
  sdk_everything: await startup(process.execPath, [everything, 'stdio']),
};
report.stdio = {
  regreader_list_regulations: await measure(ours, ...list),
  regreader_smart_search: await measure(ours, ...search),
  sdk_everything_echo: await measure(theirs, ...echo),
};

const a = await httpServer(rr, ['--data-dir', dataDir, 'serve', '--transport', 'http', '--port', '0'], {}, /(http:\/\/127\.0\.0\.1:\d+\/mcp)/);
const port = 20000 + Math.floor(Math.random() * 20000);
const b = await httpServer(process.execPath, [everything, 'streamableHttp'], { PORT: String(port) }, new RegExp(`(?:listening|running).*?(${port})`, 'i'))
  .then((s) => ({ ...s, url: `http://127.0.0.1:${port}/mcp` }));
report.http = {
  regreader_list_regulations: await measure(() => new StreamableHTTPClientTransport(new URL(a.url)), ...list),
  regreader_smart_search: await measure(() => new StreamableHTTPClientTransport(new URL(a.url)), ...search),
  sdk_everything_echo: await measure(() => new StreamableHTTPClientTransport(new URL(b.url)), ...echo),
};
report.raw_client_stdio = {
  regreader_list_regulations: await measureRaw(rawStdio(rr, ['--data-dir', dataDir, 'serve']), ...list),
  regreader_smart_search: await measureRaw(rawStdio(rr, ['--data-dir', dataDir, 'serve']), ...search),
  sdk_everything_echo: await measureRaw(rawStdio(process.execPath, [everything, 'stdio']), ...echo),
};
report.raw_client_http = {
  regreader_list_regulations: await measureRaw(rawHttp(a.url), ...list),
  regreader_smart_search: await measureRaw(rawHttp(a.url), ...search),
  sdk_everything_echo: await measureRaw(rawHttp(b.url), ...echo),
};
a.child.kill('SIGTERM');
b.child.kill('SIGTERM');
const inFlight = `calls_per_s_${CONCURRENCY}_in_flight`;
for (const t of ['stdio', 'http', 'raw_client_stdio', 'raw_client_http']) {
  const ours = report[t].regreader_list_regulations, ref = report[t].sdk_everything_echo;
  report[t].regreader_over_sdk = {
    p50: +(ours.p50_ms / ref.p50_ms).toFixed(2),
    p99: +(ours.p99_ms / ref.p99_ms).toFixed(2),
    calls_per_s: +(ours.calls_per_s / ref.calls_per_s).toFixed(2),
    [inFlight]: +(ours[inFlight] / ref[inFlight]).toFixed(2),
  };
}
report.startup.regreader_over_sdk = +(report.startup.regreader_serve.median_ms /
                                      report.startup.sdk_everything.median_ms).toFixed(3);
console.log(JSON.stringify(report, null, 2));
process.exit(0);
