// libFuzzer target: one JSON-RPC message into the MCP protocol engine, over a store holding a
// small regulation, in an initialized session. Finds crashes, hangs and escaped exceptions in
// message parsing (depth, numbers, types), dispatch and every tool's argument handling.

#include <cstdint>
#include <string>

#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/mcp/regreader_server.hpp"
#include "regreader/mcp/server.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"
#include "regreader/store/page_store.hpp"

using namespace regreader;

namespace {

struct NullPeer : mcp::Peer {
  void notify(const mcp::json&) override {}
  mcp::json request(const mcp::json&) override { return {{"result", mcp::json::object()}}; }
};

mcp::Server& server() {
  static parse::TempDir dir;
  static mcp::Server s = [] {
    const char* md =
        "# 示例规程\n\n<!-- page 1 -->\n\n## 5 倒闸操作\n\n5.1 操作应由两人进行（见表1、注1）。\n\n"
        "<!-- page 2 -->\n\n**表1 安全距离**\n\n| 电压等级 kV | 距离 m |\n|---|---|\n| 10 | 0.70 "
        "|\n\n"
        "注1：表中未列电压按高一档。\n\n## 附录A 术语\n\nA.1 见5.1。\n";
    auto doc = parse::build_document(parse::parse_markdown(md, true, {}), "R1");
    doc.info.source_file = "/fuzz/r1.md";
    index::enable_keyword_index();  // registers the CJK tokenizer with SQLite
    store::PageStore store(dir.path(), true);
    index::ensure_keyword_index(store);
    store.save(doc);
    return mcp::Server(mcp::regreader_definition(dir.path(), true));
  }();
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  NullPeer peer;
  mcp::Session session;
  server().handle_text(
      R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
      R"("capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}})",
      session, peer);
  server().handle_text(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", session, peer);
  server().handle_text(std::string(reinterpret_cast<const char*>(data), size), session, peer);
  return 0;
}
