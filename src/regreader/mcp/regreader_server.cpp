#include "regreader/mcp/regreader_server.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/index/library_pool.hpp"
#include "regreader/mcp/json_rpc.hpp"
#include "regreader/tools/prompt_text.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/tools/skills.hpp"

namespace regreader::mcp {

namespace {

// Progress is sent only for slow calls, and then at most this often: a fast call answers
// before a client could show it.
constexpr auto kProgressInterval = std::chrono::milliseconds(250);

struct Shared {
  std::filesystem::path data_dir;
  index::SynonymTable synonyms;
  index::AliasTable aliases;
  std::shared_ptr<index::LibraryPool> stores;
};

json text_result(const std::string& text, const json& structured) {
  return {{"content", json::array({{{"type", "text"}, {"text", text}}})},
          {"structuredContent", structured},
          {"isError", false}};
}

Tool adapt(const tools::ToolSpec& spec, std::shared_ptr<const Shared> shared) {
  json descriptor = {{"name", spec.name},
                     {"title", spec.title},
                     {"description", spec.description},
                     {"inputSchema", spec.input_schema},
                     {"outputSchema", spec.output_schema},
                     {"annotations",
                      {{"title", spec.title},
                       {"readOnlyHint", true},
                       {"destructiveHint", false},
                       {"idempotentHint", true},
                       {"openWorldHint", false}}}};
  auto call = [spec, shared](const json& args, CallContext& ctx) {
    const auto lease = shared->stores->lease();
    auto last = std::chrono::steady_clock::now();
    auto progress = [&ctx, &last](double done, double total, const std::string& message) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < kProgressInterval) return;
      last = now;
      ctx.progress(done, total, message);
    };
    const tools::ToolContext tctx{lease->engine(), shared->data_dir, &shared->synonyms, progress,
                                  &shared->aliases};
    const auto r = tools::call_tool(spec, tctx, args);
    return text_result(r.readable(1), r.structured);
  };
  return {descriptor, call};
}

json text_contents(const std::string& uri, const json& value) {
  return json::array({{{"uri", uri},
                       {"mimeType", "application/json"},
                       {"text", value.dump(1, ' ', false, json::error_handler_t::replace)}}});
}

std::vector<ResourceTemplate> templates(std::shared_ptr<const Shared> shared) {
  auto toc = [shared](const std::string& uri) -> std::optional<json> {
    static const Regex re("regreader://([^/]+)/toc");
    std::string reg_id;
    if (!RE2::FullMatch(uri, re, &reg_id)) return std::nullopt;
    const auto lease = shared->stores->lease();
    const store::DocumentStore& store = lease->documents();
    if (!store.find(reg_id)) return std::nullopt;
    return text_contents(uri, store.structure(reg_id).get_chapter_tree(0));
  };
  auto page = [shared](const std::string& uri) -> std::optional<json> {
    static const Regex re("regreader://([^/]+)/page/([0-9]{1,6})");
    std::string reg_id;
    int n = 0;
    if (!RE2::FullMatch(uri, re, &reg_id, &n)) return std::nullopt;
    const auto lease = shared->stores->lease();
    const store::DocumentStore& store = lease->documents();
    const auto info = store.find(reg_id);
    if (!info || n < 1 || n > info->total_pages) return std::nullopt;
    const auto p = store.page(reg_id, n);
    return json::array(
        {{{"uri", uri}, {"mimeType", "text/markdown"}, {"text", p.content_markdown}}});
  };
  return {{{{"uriTemplate", "regreader://{reg_id}/toc"},
            {"name", "toc"},
            {"title", "Table of contents"},
            {"description", "A regulation's chapter tree with page ranges"},
            {"mimeType", "application/json"}},
           toc},
          {{{"uriTemplate", "regreader://{reg_id}/page/{page}"},
            {"name", "page"},
            {"title", "Page"},
            {"description", "One page of a regulation as Markdown"},
            {"mimeType", "text/markdown"}},
           page}};
}

json user_text(const std::string& text) {
  return {{"role", "user"}, {"content", {{"type", "text"}, {"text", text}}}};
}

std::vector<Prompt> prompts() {
  Prompt system{
      {{"name", "regreader_system"},
       {"title", "RegReader system prompt"},
       {"description", "How to read regulations with the RegReader tools, and the answer format"}},
      [](const json&, CallContext&) {
        return json{{"description", "RegReader system prompt"},
                    {"messages", json::array({user_text(tools::system_prompt())})}};
      }};
  Prompt format{{{"name", "answer_format"},
                 {"title", "Answer format"},
                 {"description", "【处置措施】【注意事项】【来源】 with page citations"}},
                [](const json&, CallContext&) {
                  return json{{"messages", json::array({user_text(tools::answer_format())})}};
                }};
  Prompt ask{
      {{"name", "ask_regulation"},
       {"title", "Ask a question about the regulations"},
       {"description", "The system prompt followed by a question, optionally about one regulation"},
       {"arguments",
        json::array(
            {{{"name", "question"}, {"description", "The question"}, {"required", true}},
             {{"name", "reg_id"}, {"description", "Regulation id"}, {"required", false}}})}},
      [](const json& args, CallContext&) {
        if (!args.contains("question") || !args["question"].is_string())
          throw RpcError(rpc::kInvalidParams, "argument 'question' is required");
        std::string q = args["question"].get<std::string>();
        if (args.contains("reg_id") && args["reg_id"].is_string())
          q = "（规程：" + args["reg_id"].get<std::string>() + "）" + q;
        return json{
            {"messages", json::array({user_text(tools::system_prompt() + "\n问题：" + q)})}};
      }};
  return {system, format, ask};
}

// One prompt per skill (built-in and the data directory's): the skill's instructions, then the
// arguments the front matter declares, so a desktop client can run a skill by name.
Prompt skill_prompt(const tools::Skill& skill) {
  json args = json::array();
  for (const auto& a : skill.arguments)
    args.push_back({{"name", a.name}, {"description", a.description}, {"required", a.required}});
  return {{{"name", "skill_" + skill.name},
           {"title", "Skill: " + skill.name},
           {"description", skill.description},
           {"arguments", args}},
          [skill](const json& given, CallContext&) {
            std::string text = "按技能“" + skill.name + "”工作，只用这些工具：";
            for (const auto& t : skill.required_tools)
              text += " " + t;
            text += "\n\n" + skill.body;
            for (const auto& a : skill.arguments) {
              const bool has = given.contains(a.name) && given[a.name].is_string();
              if (a.required && !has)
                throw RpcError(rpc::kInvalidParams, "argument '" + a.name + "' is required");
              if (has) text += "\n" + a.name + "：" + given[a.name].get<std::string>();
            }
            return json{{"description", skill.description},
                        {"messages", json::array({user_text(text)})}};
          }};
}

}  // namespace

ServerDefinition regreader_definition(const std::filesystem::path& data_dir, bool advanced) {
  return regreader_definition(
      std::make_shared<index::LibraryPool>(data_dir, settings().get("store")), advanced);
}

ServerDefinition regreader_definition(std::shared_ptr<index::LibraryPool> pool, bool advanced) {
  const std::filesystem::path data_dir = pool->data_dir();
  auto shared = std::make_shared<Shared>();
  shared->data_dir = data_dir;
  shared->stores = std::move(pool);
  {
    // The words and names of the engine the server serves (the first library of the pool).
    const auto lease = shared->stores->lease(false);
    shared->synonyms = lease->synonyms();
    shared->aliases = lease->aliases();
  }
  ServerDefinition def;
  def.name = "regreader";
  def.title = "RegReader";
  def.version = "0.1.0";
  def.instructions = tools::server_instructions();
  for (const auto& spec : tools::tool_table(advanced))
    def.tools.push_back(adapt(spec, shared));
  def.prompts = prompts();
  const auto skills = tools::load_skills(tools::skills_dir(data_dir), tools::skill_tool_names());
  for (const auto& p : skills.problems)
    spdlog::warn("skill not loaded: {}", p.describe());
  for (const auto& skill : skills.skills)
    def.prompts.push_back(skill_prompt(skill));
  def.resources = {{{{"uri", "regreader://regulations"},
                     {"name", "regulations"},
                     {"title", "Stored regulations"},
                     {"mimeType", "application/json"}},
                    [shared] {
                      const auto lease = shared->stores->lease();
                      const store::DocumentStore& store = lease->documents();
                      return text_contents("regreader://regulations", store.list());
                    }}};
  def.templates = templates(shared);
  // Each stored regulation's table of contents, so a desktop client's picker shows them; pages
  // stay a template.
  def.listed_resources = [shared] {
    std::vector<json> out;
    const auto lease = shared->stores->lease();
    for (const auto& r : lease->documents().list())
      out.push_back({{"uri", "regreader://" + r.reg_id + "/toc"},
                     {"name", r.reg_id},
                     {"title", r.title + "（目录）"},
                     {"description", r.title + ", " + std::to_string(r.total_pages) +
                                         " pages: chapters with page ranges"},
                     {"mimeType", "application/json"}});
    return out;
  };
  def.complete = [shared](const json& params) {
    const std::string value = params.value("argument", json::object()).value("value", "");
    json values = json::array();
    const auto lease = shared->stores->lease();
    const store::DocumentStore& store = lease->documents();
    for (const auto& r : store.list())
      if (r.reg_id.rfind(value, 0) == 0) values.push_back(r.reg_id);
    return json{{"completion", {{"values", values}, {"hasMore", false}, {"total", values.size()}}}};
  };
  return def;
}

}  // namespace regreader::mcp
