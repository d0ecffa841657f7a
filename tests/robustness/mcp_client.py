"""Minimal MCP clients for the robustness tests: a stdio child and a Streamable HTTP session.

Written against the protocol itself (JSON-RPC 2.0 over newline-delimited stdio, and HTTP POST
/mcp with an Mcp-Session-Id) so that malformed input can be sent on purpose, which the official
SDK client refuses to do. The SDK-driven tests live in tests/mcp.
"""
import http.client
import json
import os
import re
import subprocess
import tempfile
import time

INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "robustness", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class StdioServer:
    def __init__(self, binary, data_dir):
        self.proc = subprocess.Popen([binary, "--data-dir", data_dir, "serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.send_raw(json.dumps(INIT).encode())
        self.read_reply(0)
        self.send_raw(json.dumps(INITIALIZED).encode())

    def alive(self):
        return self.proc.poll() is None

    def send_raw(self, data: bytes):
        self.proc.stdin.write(data.replace(b"\n", b" ") + b"\n")
        self.proc.stdin.flush()

    def read_line(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"server closed stdout (exit {self.proc.poll()})")
        return json.loads(line)

    def read_reply(self, id_):
        """Reads messages until the reply with this id; returns (reply, others)."""
        others = []
        while True:
            m = self.read_line()
            if m.get("id") == id_ and ("result" in m or "error" in m):
                return m, others
            others.append(m)

    def call(self, id_, method, params):
        self.send_raw(json.dumps({"jsonrpc": "2.0", "id": id_, "method": method,
                                  "params": params}).encode())
        return self.read_reply(id_)[0]

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


class HttpServer:
    """`regreader serve --transport sse --port 0` (Streamable HTTP plus the legacy SSE routes)."""

    def __init__(self, binary, data_dir):
        self.err = tempfile.NamedTemporaryFile(prefix="rr-robust-", suffix=".err", delete=False)
        self.proc = subprocess.Popen([binary, "--data-dir", data_dir, "serve", "--transport",
                                      "sse", "--port", "0"],
                                     stdout=subprocess.DEVNULL, stderr=self.err)
        self.port = 0
        for _ in range(200):
            with open(self.err.name, errors="replace") as f:
                m = re.search(r"http://127\.0\.0\.1:(\d+)/mcp", f.read())
            if m:
                self.port = int(m.group(1))
                break
            time.sleep(0.05)
        if not self.port:
            raise RuntimeError("HTTP server did not start")

    def alive(self):
        return self.proc.poll() is None

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
        os.unlink(self.err.name)


class HttpSession:
    def __init__(self, port):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.sid = None
        status, body, headers = self.post(json.dumps(INIT).encode())
        if status != 200:
            raise RuntimeError(f"initialize: HTTP {status} {body[:200]!r}")
        self.sid = headers.get("Mcp-Session-Id")
        self.post(json.dumps(INITIALIZED).encode())

    def post(self, body: bytes, path="/mcp"):
        headers = {"Content-Type": "application/json",
                   "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": "2025-11-25"}
        if self.sid:
            headers["Mcp-Session-Id"] = self.sid
        for attempt in range(2):
            try:
                self.conn.request("POST", path, body=body, headers=headers)
                r = self.conn.getresponse()
                data = r.read()
                return r.status, data, {k: v for k, v in r.getheaders()}
            except (http.client.HTTPException, ConnectionError, OSError):
                # the server may close a keep-alive connection; one reconnect, then it counts
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def call(self, id_, method, params):
        status, data, headers = self.post(json.dumps(
            {"jsonrpc": "2.0", "id": id_, "method": method, "params": params}).encode())
        return status, parse_body(data, headers)

    def close(self):
        """Ends the session (DELETE /mcp, as a client that is done should) and the connection."""
        if self.sid:
            try:
                self.conn.request("DELETE", "/mcp", headers={"Mcp-Session-Id": self.sid,
                                                             "MCP-Protocol-Version": "2025-11-25"})
                self.conn.getresponse().read()
            except (http.client.HTTPException, ConnectionError, OSError):
                pass
        self.conn.close()


def parse_body(data: bytes, headers):
    """The JSON-RPC reply of a POST: a JSON body, or the last message of an SSE stream."""
    ctype = headers.get("Content-Type", "")
    if "text/event-stream" in ctype:
        last = None
        for line in data.decode("utf-8", "replace").splitlines():
            if line.startswith("data: "):
                last = json.loads(line[6:])
        return last
    if not data:
        return None
    return json.loads(data)
