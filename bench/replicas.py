#!/usr/bin/env python3
"""Calls/s of `read_page_range` with 1 and 2 `serve --transport http` replicas over one
PostgreSQL database, and the CPU each replica used, in one run. Starts its own PostgreSQL 15
(initdb/pg_ctl in a temporary directory, as the postgres account when run as root), ingests the
sample regulation once through the CLI, then drives the replicas from client threads (MCP over
HTTP, one session per thread, round-robin over the replicas) for --seconds each.

    python3 bench/replicas.py [--seconds 5] [--clients 8]

The clients run on the same 2-core machine as the servers and the database, so the figures say
how the work divides, not what a rack of machines would do."""
import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = Path("/usr/lib/postgresql/15/bin")


def as_postgres(cmd):
    return ["runuser", "-u", "postgres", "--"] + cmd if os.geteuid() == 0 else cmd


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Client:
    def __init__(self, port):
        self.c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.session = None
        self.call("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                 "clientInfo": {"name": "bench", "version": "1"}})
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def post(self, body):
        headers = {"Content-Type": "application/json",
                   "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": "2025-11-25"}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        self.c.request("POST", "/mcp", body=json.dumps(body), headers=headers)
        r = self.c.getresponse()
        data = r.read()
        self.session = r.getheader("Mcp-Session-Id") or self.session
        if r.status >= 400:
            raise RuntimeError(f"{r.status} {data[:200]!r}")
        return data

    def call(self, method, params):
        data = self.post({"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        text = data.decode()
        if text.startswith("event:") or text.startswith("data:"):
            text = [l[5:] for l in text.splitlines() if l.startswith("data:")][-1]
        reply = json.loads(text)
        if "error" in reply or reply.get("result", {}).get("isError"):
            raise RuntimeError(text[:300])
        return reply


def drive(ports, clients, seconds):
    count = [0] * clients
    errors = []
    stop = time.time() + seconds

    def worker(i):
        try:
            c = Client(ports[i % len(ports)])
            args = {"name": "read_page_range",
                    "arguments": {"reg_id": "SAMPLE", "start_page": 3, "end_page": 4}}
            while time.time() < stop:
                c.call("tools/call", args)
                count[i] += 1
        except Exception as e:  # noqa: BLE001 (reported below)
            errors.append(str(e))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise RuntimeError(errors[0])
    return sum(count) / seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=str(ROOT / "build/release/regreader"))
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--clients", type=int, default=8)
    a = ap.parse_args()
    if not (PG / "initdb").exists():
        raise SystemExit("PostgreSQL 15 is not installed (apt-get install postgresql-15)")
    work = tempfile.mkdtemp(prefix="rr-replicas-")
    if os.geteuid() == 0:
        shutil.chown(work, "postgres")
    procs = []
    try:
        data = os.path.join(work, "pg")
        subprocess.run(as_postgres([str(PG / "initdb"), "-D", data, "-A", "trust", "-U",
                                    "postgres", "--no-sync", "-E", "UTF8"]),
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run(as_postgres([str(PG / "pg_ctl"), "-D", data, "-l", f"{work}/log", "-w",
                                    "-o", f"-k {work} -c listen_addresses=", "start"]),
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run(as_postgres([str(PG / "createdb"), "-h", work, "-U", "postgres", "rr"]),
                       check=True)
        url = f"postgresql:///rr?host={work}&user=postgres"
        subprocess.run([a.bin, "--data-dir", f"{work}/d0", "--store", url, "-q", "ingest",
                        str(ROOT / "examples/sample-regulation.pdf"), "--reg-id", "SAMPLE"],
                       check=True)
        servers = []
        for n in (1, 2):
            p = subprocess.Popen([a.bin, "--data-dir", f"{work}/d{n}", "--store", url, "serve",
                                  "--transport", "http", "--port", "0"],
                                 stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
            procs.append(p)
            text = ""
            while not (m := re.search(r"http://127\.0\.0\.1:(\d+)/mcp", text)):
                line = p.stderr.readline()
                if not line:
                    raise RuntimeError(f"replica {n} did not start: {text}")
                text += line
            servers.append((p.pid, int(m.group(1))))
        out = {"clients": a.clients, "seconds": a.seconds}
        for k in (1, 2):
            used = servers[:k]
            before = [cpu_seconds(pid) for pid, _ in used]
            rate = drive([port for _, port in used], a.clients, a.seconds)
            cpu = [round((cpu_seconds(pid) - b) / a.seconds, 2) for (pid, _), b in
                   zip(used, before)]
            out[f"replicas_{k}"] = {"calls_per_s": round(rate), "cpu_per_replica": cpu}
        print(json.dumps(out, indent=1))
    finally:
        for p in procs:
            p.kill()
        subprocess.run(as_postgres([str(PG / "pg_ctl"), "-D", f"{work}/pg", "-m", "immediate",
                                    "stop"]), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
