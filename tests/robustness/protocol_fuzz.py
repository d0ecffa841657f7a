#!/usr/bin/env python3
"""Protocol fuzzer for `regreader serve` over stdio and Streamable HTTP (and the legacy SSE
message route): malformed JSON, wrong types, huge ids and numbers, deep nesting, 5 MB strings,
batches and odd resource URIs, from a fixed seed. After every message the server must still be
running and answer a ping; every reply must be JSON-RPC 2.0; over HTTP no reply may be a 5xx.

  python3 tests/robustness/protocol_fuzz.py --bin build/release/regreader --count 1500 --seed 1
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from mcp_client import HttpServer, HttpSession, StdioServer  # noqa: E402

TOOLS = ["smart_search", "read_page_range", "get_toc", "search_tables", "lookup_annotation",
         "resolve_reference", "get_table_by_id", "list_regulations", "find_similar_content",
         "compare_sections", "no_such_tool"]
GOOD_ARGS = {"smart_search": {"query": "倒闸操作", "limit": 3},
             "read_page_range": {"reg_id": "R1", "start_page": 1, "end_page": 2},
             "get_toc": {"reg_id": "R1"},
             "search_tables": {"query": "安全距离"},
             "lookup_annotation": {"reg_id": "R1", "annotation_id": "注1"},
             "resolve_reference": {"reg_id": "R1", "reference_text": "见表1"},
             "get_table_by_id": {"reg_id": "R1", "table_id": "表1"},
             "list_regulations": {}}


def odd_value(rng):
    return rng.choice([
        None, True, -1, 0, 2**63, -2**63 - 1, 1e308, "", "x" * rng.choice([1, 1000, 100000]),
        [], {}, [[[]]], {"a": {"b": {}}}, "第" + "一" * 50000 + "章", "\u0000", "\ud7ff",
        "regreader://" + "a/" * 30000, 10**30, 0.5, "1e400", "注" + "①" * 1000,
    ])


def deep(depth, leaf="x"):
    return "[" * depth + json.dumps(leaf) + "]" * depth


def message(rng, i):
    """One fuzz message as bytes."""
    kind = rng.randrange(14)
    rid = i + 1000
    if kind == 0:  # malformed JSON
        good = json.dumps({"jsonrpc": "2.0", "id": rid, "method": "ping"})
        cut = rng.randrange(1, len(good))
        return rng.choice([good[:cut], good[cut:], good.replace(":", "", 1), "{" * 5000,
                           "\xff\xfe", "nul\x00l"]).encode("utf-8", "surrogatepass")
    if kind == 1:  # wrong envelope types
        env = {"jsonrpc": "2.0", "id": rid, "method": "ping"}
        key = rng.choice(["jsonrpc", "id", "method", "params"])
        env[key] = odd_value(rng)
        return json.dumps(env).encode()
    if kind == 2:  # huge ids and numbers
        return rng.choice([
            '{"jsonrpc":"2.0","id":1e400,"method":"ping"}',
            '{"jsonrpc":"2.0","id":%s,"method":"ping"}' % ("9" * 5000),
            '{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":1e400}}',
            '{"jsonrpc":"2.0","id":"%s","method":"ping"}' % ("i" * 100000),
            '{"jsonrpc":"2.0","id":-0.0,"method":"ping"}',
        ]).encode()
    if kind == 3:  # deep nesting, in params and in a tool argument
        d = rng.choice([100, 1000, 5000, 100000])
        return ('{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"smart_search",'
                '"arguments":{"query":%s}}}' % (rid, deep(d))).encode()
    if kind == 4:  # 5 MB strings
        big = "安" * (5 * 1024 * 1024 // 3)
        return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                           "params": {"name": rng.choice(TOOLS),
                                      "arguments": {"query": big, "reg_id": big,
                                                    "reference_text": big}}}).encode()
    if kind == 5:  # batches
        items = [{"jsonrpc": "2.0", "id": rid * 10 + k, "method": rng.choice(["ping", "tools/list"])}
                 for k in range(rng.choice([0, 1, 3, 50]))]
        if rng.random() < 0.3:
            items.append([items[:1]])
        return json.dumps(items).encode()
    if kind == 6:  # odd resource URIs
        uri = rng.choice(["regreader://R1/page/2", "regreader://R1/page/999999999999",
                          "regreader://../../etc/passwd/toc", "regreader://R1/toc?x=1",
                          "regreader://" + "R" * 200000 + "/toc", "file:///etc/passwd",
                          "regreader://R1/page/-1", "regreader://%00/toc", "", 5,
                          "regreader://安规/page/1"])
        return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "resources/read",
                           "params": {"uri": uri}}).encode()
    if kind in (7, 8, 9):  # tool calls with mutated arguments
        name = rng.choice(TOOLS)
        args = dict(GOOD_ARGS.get(name, {}))
        for _ in range(rng.randrange(1, 4)):
            key = rng.choice(list(args) + ["reg_id", "limit", "start_page", "end_page",
                                           "section_number", "block_types", "cursor"])
            args[key] = odd_value(rng)
        if rng.random() < 0.1:
            args = odd_value(rng)
        return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                           "params": {"name": name, "arguments": args}}).encode()
    if kind == 10:  # other methods with odd params
        method = rng.choice(["tools/list", "resources/list", "resources/templates/list",
                             "prompts/list", "prompts/get", "completion/complete",
                             "logging/setLevel", "initialize", "notifications/cancelled",
                             "no/such/method"])
        params = rng.choice([odd_value(rng), {"cursor": odd_value(rng)},
                             {"name": odd_value(rng), "arguments": odd_value(rng)},
                             {"ref": odd_value(rng), "argument": odd_value(rng)},
                             {"level": odd_value(rng)}, {"protocolVersion": odd_value(rng)}])
        return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method,
                           "params": params}).encode()
    if kind == 11:  # responses and notifications nobody asked for
        return json.dumps(rng.choice([{"jsonrpc": "2.0", "id": rid, "result": odd_value(rng)},
                                      {"jsonrpc": "2.0", "id": rid, "error": odd_value(rng)},
                                      {"jsonrpc": "2.0", "method": "notifications/x",
                                       "params": odd_value(rng)}])).encode()
    if kind == 12:  # random bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                       "params": {"name": rng.choice(TOOLS),
                                  "arguments": GOOD_ARGS.get(rng.choice(TOOLS), {})}}).encode()


def check_reply(m, where):
    if not isinstance(m, (dict, list)):
        raise AssertionError(f"{where}: reply is not JSON-RPC: {m!r:.200}")
    for r in (m if isinstance(m, list) else [m]):
        if r.get("jsonrpc") != "2.0":
            raise AssertionError(f"{where}: reply without jsonrpc 2.0: {r!r:.200}")


def fuzz_stdio(binary, data, count, rng):
    s = StdioServer(binary, data)
    for i in range(count):
        msg = message(rng, i)
        s.send_raw(msg)
        ping_id = "ping-%d" % i
        s.send_raw(json.dumps({"jsonrpc": "2.0", "id": ping_id, "method": "ping"}).encode())
        try:
            reply, others = s.read_reply(ping_id)
        except Exception as e:
            raise AssertionError(f"stdio: server died after message {i}: {msg[:300]!r}: {e}")
        for o in others:
            check_reply(o, f"stdio message {i}")
    alive = s.alive()
    s.close()
    if not alive:
        raise AssertionError("stdio server exited")
    return count


def fuzz_http(binary, data, count, rng):
    srv = HttpServer(binary, data)
    sess = HttpSession(srv.port)
    statuses = {}
    try:
        for i in range(count):
            msg = message(rng, i)
            path = "/mcp"
            status, body, headers = sess.post(msg, path)
            statuses[status] = statuses.get(status, 0) + 1
            if status >= 500 and status != 503:
                raise AssertionError(f"HTTP {status} for message {i}: {msg[:300]!r}: {body[:300]!r}")
            if status == 404 and b"Session not found" in body:
                sess = HttpSession(srv.port)  # a fuzzed DELETE-like loss; start again
            st, pong = sess.call("ping-%d" % i, "ping", {})
            if st != 200 or not pong or "result" not in pong:
                raise AssertionError(f"HTTP: no ping answer after message {i}: {msg[:300]!r}")
        if not srv.alive():
            raise AssertionError("HTTP server exited")
    finally:
        sess.close()
        srv.close()
    return statuses


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default="build/release/regreader")
    ap.add_argument("--count", type=int, default=1500, help="messages per transport")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sample", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                     "examples", "sample-regulation.md"))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="rr-fuzz-") as tmp:
        data = os.path.join(tmp, "data")
        subprocess.run([a.bin, "--data-dir", data, "-q", "ingest", a.sample, "--reg-id", "R1"],
                       check=True, stdout=subprocess.DEVNULL)
        n = fuzz_stdio(a.bin, data, a.count, random.Random(a.seed))
        print(f"stdio: {n} messages, server alive, every reply JSON-RPC 2.0")
        statuses = fuzz_http(a.bin, data, a.count, random.Random(a.seed + 1))
        print(f"http: {a.count} messages, server alive, statuses {dict(sorted(statuses.items()))}")


if __name__ == "__main__":
    main()
