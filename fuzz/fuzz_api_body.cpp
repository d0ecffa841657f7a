// libFuzzer target: one request body to the reading room's /api/ (POST /api/tool/{name} and
// /api/ask), through the router as the HTTP server dispatches it, over a library holding a small
// regulation. The first byte picks the route; the rest is the body. A reply of 500 is a finding:
// the caller's faults (depth, numbers, types, unknown tools) must be 4xx, never an escaped
// exception; crashes, hangs and leaks are findings too.

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "regreader/http/router.hpp"
#include "regreader/index/library.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/web/reading_room.hpp"

using namespace regreader;

namespace {

http::Router& router() {
  static parse::TempDir dir;
  static http::Router r = [] {
    const auto md = dir.path() / "r1.md";
    std::ofstream(md) << "# 示例规程\n\n<!-- page 1 -->\n\n## 5 倒闸操作\n\n5.1 操作应由两人进行"
                         "（见表1、注1）。\n\n<!-- page 2 -->\n\n**表1 安全距离**\n\n| 电压等级 kV "
                         "| 距离 m |\n|---|---|\n| 10 | 0.70 |\n\n注1：表中未列电压按高一档。\n";
    {
      index::Library lib(dir.path() / "data", index::Library::Mode::kCreate);
      index::IngestOptions o;
      o.reg_id = "R1";
      lib.ingest(md, o);
    }
    http::Router out;
    web::add_reading_room(out, {.data_dir = dir.path() / "data",
                                .advanced_tools = true,
                                .images = {},
                                .libraries = nullptr});
    return out;
  }();
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const auto tools = tools::tool_table(true);
  // The first byte: one of the tools, an unknown name, or /api/ask (with no model configured).
  const size_t pick = data[0] % (tools.size() + 2);
  const std::string path = pick < tools.size()    ? "/api/tool/" + std::string(tools[pick].name)
                           : pick == tools.size() ? "/api/tool/no_such_tool"
                                                  : "/api/ask";
  http::Request req;
  req.method = "POST";
  req.path = path;
  req.body.assign(reinterpret_cast<const char*>(data) + 1, size - 1);
  const auto reply = router().dispatch(std::move(req));
  if (reply.status >= 500 && reply.status != 503) std::abort();  // 503: no model for /api/ask
  return 0;
}
