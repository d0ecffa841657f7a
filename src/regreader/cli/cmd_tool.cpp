// `tool NAME '{json}'`: call any MCP tool from the command line, with exactly what the server
// serves; `tool --list` shows the tool table.

#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/tools/registry.hpp"

namespace regreader::cli {

namespace {

struct ToolArgs {
  std::string name;
  std::string args = "{}";
  bool list = false;
  bool text = false;
};

void list_tools(bool advanced) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : tools::tool_table(advanced))
    out.push_back({{"name", t.name},
                   {"description", t.description},
                   {"inputSchema", t.input_schema},
                   {"outputSchema", t.output_schema}});
  print_json(out);
}

void run_tool(const ToolArgs& a, Globals& g) {
  g.json = !a.text;
  const bool advanced = tools::advanced_tools_enabled();
  if (a.list) return list_tools(advanced);
  if (a.name.empty())
    throw Error(ErrorCode::kInvalidArgument, "give a tool name (see regreader tool --list)");
  const auto table = tools::tool_table(advanced);
  const auto* tool = tools::find_tool(table, a.name);
  if (!tool) {
    std::string names;
    for (const auto& t : table)
      names += (names.empty() ? "" : ", ") + t.name;
    throw Error(ErrorCode::kInvalidArgument,
                "unknown tool '" + a.name + "' (tools: " + names + ")");
  }
  nlohmann::json args;
  try {
    args = nlohmann::json::parse(a.args);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(ErrorCode::kInvalidArgument, std::string("arguments are not JSON: ") + e.what());
  }
  const auto lib = g.library();
  const tools::ToolContext ctx{lib.engine(), g.data_dir(), &lib.synonyms(), {}, &lib.aliases()};
  const auto result = tools::call_tool(*tool, ctx, args);
  if (a.text)
    std::cout << result.readable(2);
  else
    print_json(result.structured);
}

}  // namespace

void add_tool_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<ToolArgs>();
  auto* t = app.add_subcommand(
      "tool", "Call an MCP tool directly: the same JSON result `regreader serve` returns");
  t->add_option("name", a->name, "Tool name (see --list)");
  t->add_option("arguments", a->args, "Arguments as a JSON object (default {})");
  t->add_flag("--list", a->list, "List the tools with their input and output schemas");
  t->add_flag("--text", a->text, "Print the text rendering a model reads instead of the JSON");
  t->footer(
      "Examples:\n"
      "  regreader tool list_regulations\n"
      "  regreader tool get_toc '{\"reg_id\":\"SAMPLE-2026\",\"max_depth\":2}'\n"
      "  regreader tool smart_search '{\"query\":\"倒闸操作\",\"reg_id\":\"SAMPLE-2026\"}'\n"
      "  regreader tool read_page_range '{\"reg_id\":\"SAMPLE-2026\",\"start_page\":3,"
      "\"end_page\":4}' --text\n"
      "  regreader tool --list\n"
      "Advanced tools (find_similar_content, compare_sections) need "
      "REGREADER_ENABLE_ADVANCED_TOOLS=true.");
  t->callback([a, &g] { run_tool(*a, g); });
}

}  // namespace regreader::cli
