#include "regreader/tools/registry.hpp"

#include <algorithm>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"

#include "regreader/index/regulation_ids.hpp"
#include "regreader/tools/arguments.hpp"

namespace regreader::tools {

bool advanced_tools_enabled() {
  return settings().enabled("tools.advanced");
}

std::vector<ToolSpec> tool_table(bool advanced) {
  std::vector<ToolSpec> tools = {
      list_regulations_tool(),  get_toc_tool(),           smart_search_tool(),
      read_page_range_tool(),   search_tables_tool(),     get_table_by_id_tool(),
      lookup_annotation_tool(), resolve_reference_tool(), verify_answer_tool(),
  };
  if (advanced) {
    tools.push_back(find_similar_content_tool());
    tools.push_back(compare_sections_tool());
  }
  return tools;
}

const ToolSpec* find_tool(const std::vector<ToolSpec>& tools, const std::string& name) {
  for (const auto& t : tools)
    if (t.name == name) return &t;
  return nullptr;
}

namespace {

// reg_id as a reader names it (安规, GB 26860, 《消防法》) becomes the stored id before the tool
// sees it; `said` collects "安规 -> GB26860" for the answer. A list widens to every regulation
// each name stands for; one id must name one regulation (or copies of one).
nlohmann::json resolve_reg_ids(const ToolContext& ctx, nlohmann::json args,
                               std::vector<std::string>& said) {
  if (!args.contains("reg_id")) return args;
  const auto& aliases = ctx.aliases ? *ctx.aliases : index::builtin_aliases();
  auto& reg = args["reg_id"];
  if (reg.is_string() && reg.get<std::string>() != "all") {
    const auto r = index::resolve_regulation(ctx.store(), aliases, reg.get<std::string>());
    if (!r.said.empty()) said.push_back(r.said);
    reg = r.reg_ids.front();
  } else if (reg.is_array()) {
    nlohmann::json ids = nlohmann::json::array();
    for (const auto& one : reg) {
      if (!one.is_string() || one.get<std::string>() == "all") {
        ids.push_back(one);
        continue;
      }
      const auto r = index::resolve_regulations(ctx.store(), aliases, one.get<std::string>());
      if (!r.said.empty()) said.push_back(r.said);
      for (const auto& id : r.reg_ids)
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    }
    reg = std::move(ids);
  }
  return args;
}

}  // namespace

ToolResult call_tool(const ToolSpec& tool, const ToolContext& ctx, const nlohmann::json& args) {
  validate_arguments(tool.input_schema, args);
  std::vector<std::string> said;
  auto result = tool.fn(ctx, resolve_reg_ids(ctx, args, said));
  if (!said.empty()) {
    std::string line;
    for (const auto& s : said)
      line += (line.empty() ? "" : "; ") + s;
    if (result.structured.is_object()) result.structured["reg_id_resolved"] = line;
    if (!result.text.empty()) result.text = "Regulation: " + line + "\n" + result.text;
  }
  return result;
}

}  // namespace regreader::tools
