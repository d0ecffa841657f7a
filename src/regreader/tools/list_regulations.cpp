// list_regulations: what the store holds.

#include "regreader/tools/lookups.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/schemas.hpp"

namespace regreader::tools {

namespace {

ToolResult run(const ToolContext& ctx, const nlohmann::json&) {
  nlohmann::json regs = nlohmann::json::array();
  std::string text;
  for (const auto& r : ctx.store().list()) {
    regs.push_back({{"reg_id", r.reg_id},
                    {"title", r.title},
                    {"total_pages", r.total_pages},
                    {"format", r.format},
                    {"source", cite(r.reg_id, 1, r.total_pages)}});
    text += r.reg_id + "  " + r.title + "  (" + std::to_string(r.total_pages) + " pages)\n";
  }
  if (regs.empty()) text = "No regulations are stored. Ingest one with: regreader ingest FILE\n";
  return {{{"regulations", regs}, {"count", regs.size()}}, text};
}

}  // namespace

ToolSpec list_regulations_tool() {
  using namespace schema;
  const json reg = output({{"reg_id", {{"type", "string"}}},
                           {"title", {{"type", "string"}}},
                           {"total_pages", {{"type", "integer"}}},
                           {"format", {{"type", "string"}}},
                           {"source", source()}},
                          {"reg_id", "title", "total_pages", "source"});
  return {"list_regulations",
          "List regulations",
          "List the regulations (规程/标准) stored in RegReader with their ids, titles and page "
          "counts. Call this first when you do not know which regulation holds the answer; every "
          "other tool takes one of these reg_id values.",
          object(json::object(), json::array()),
          output({{"regulations", {{"type", "array"}, {"items", reg}}},
                  {"count", {{"type", "integer"}}}},
                 {"regulations", "count"}),
          false,
          run};
}

}  // namespace regreader::tools
