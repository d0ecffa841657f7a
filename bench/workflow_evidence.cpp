// What the workflow strategy puts in front of the model that writes the answer, over the
// development set (bench/dev-questions.jsonl): for each question the workflow runs against a real
// store through the real tools (in process), with a stand-in model that accepts the first scope
// ("chapter_scope": "", the question as the query) and judges the material enough, and the final
// answering prompt is kept. Reported: the share of questions whose answering prompt contains the
// gold text ("expect"), and the median and largest material size in KB.
//
//   build/release/bench/regreader_workflow_evidence_bench DATA_DIR bench/dev-questions.jsonl
//       [--material-kb N] [--named]    (bench/workflow_evidence.sh builds the store)
//
// --material-kb sets WorkflowOptions::max_material_bytes (0: no budget); --named runs each
// question with its gold regulation chosen (-r), else the workflow picks the regulation.

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>

#include <spdlog/spdlog.h>

#include "regreader/agent/workflow_agent.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/regulation_mentions.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/index/synonyms.hpp"
#include "regreader/tools/registry.hpp"

namespace {

using namespace regreader;

// The tools in process, as `regreader serve` would run them.
class LocalTools : public agent::ToolProvider {
 public:
  explicit LocalTools(const tools::ToolContext& ctx)
      : ctx_(ctx), table_(tools::tool_table(false)) {}
  std::vector<agent::ToolDefinition> list_tools() override {
    std::vector<agent::ToolDefinition> out;
    for (const auto& t : table_)
      out.push_back({t.name, t.description, t.input_schema});
    return out;
  }
  agent::ToolResult call_tool(const std::string& name, const nlohmann::json& args) override {
    const auto* t = tools::find_tool(table_, name);
    if (!t) return {"unknown tool " + name, nullptr, true};
    try {
      const auto r = tools::call_tool(*t, ctx_, args);
      return {r.readable(), r.structured, false};
    } catch (const std::exception& e) {
      return {e.what(), nullptr, true};
    }
  }

 private:
  const tools::ToolContext& ctx_;
  std::vector<tools::ToolSpec> table_;
};

// Accepts the question as its own query, judges any material enough, and keeps the last prompt.
class StandInModel : public agent::LlmClient {
 public:
  explicit StandInModel(std::string question) : question_(std::move(question)) {}
  agent::ChatResponse chat(const agent::ChatRequest& req, const agent::TextCallback&) override {
    std::string prompt = req.system;
    for (const auto& m : req.messages)
      for (const auto& b : m.content)
        prompt += "\n" + b.text;
    std::string reply;
    if (req.system.find("\"enough\"") != std::string::npos) {
      reply = R"({"enough":true})";
    } else if (req.system.find("chapter_scope") != std::string::npos) {
      reply = nlohmann::json{{"chapter_scope", ""}, {"query", question_}}.dump();
    } else {
      last_prompt = prompt;
      reply = "未找到相关规定。";
    }
    agent::ChatResponse r;
    r.content.push_back(agent::ContentBlock::make_text(reply));
    r.stop_reason = agent::StopReason::kEndTurn;
    return r;
  }
  std::string provider() const override { return "anthropic"; }
  std::string model() const override { return "stand-in"; }
  std::string last_prompt;

 private:
  std::string question_;
};

bool contains_folded(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s DATA_DIR QUESTIONS.jsonl [--material-kb N] [--named]\n",
                 argv[0]);
    return 2;
  }
  size_t material_kb = 48;
  bool named = false;
  for (int i = 3; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--material-kb") && i + 1 < argc) material_kb = std::stoul(argv[++i]);
    if (!std::strcmp(argv[i], "--named")) named = true;
  }
  spdlog::set_level(spdlog::level::err);
  index::enable_keyword_index();  // our CJK tokenizer, as the CLI registers it
  {
    store::PageStore writable(argv[1], false);
    index::ensure_keyword_index(writable);
  }
  store::PageStore store(argv[1], false);
  const auto engine = index::embedded_engine(store);
  const auto synonyms = index::load_synonyms(std::string(argv[1]) + "/synonyms.tsv");
  const auto aliases = index::builtin_aliases();
  const tools::ToolContext ctx{engine, argv[1], &synonyms, {}, &aliases};
  LocalTools local(ctx);
  std::ifstream in(argv[2]);
  std::string line;
  int n = 0, found = 0, table_repeats = 0;
  std::vector<double> kb;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto q = nlohmann::json::parse(line);
    StandInModel model(q["query"]);
    agent::WorkflowOptions o;
    o.max_material_bytes = material_kb == 0 ? SIZE_MAX : material_kb * 1024;
    // Questions that name their regulation in words have no reg_id: the workflow picks it.
    if (named && !q["reg_id"].get<std::string>().empty())
      o.reg_ids = {q["reg_id"].get<std::string>()};
    agent::WorkflowAgent wf(model, local, o);
    const auto r = wf.run(q["query"]);
    if (std::getenv("BENCH_DEBUG")) {
      std::cerr << r.thinking << "\n";
      for (const auto& t : r.tool_calls)
        std::cerr << "  " << t.name << " " << t.args.dump()
                  << (t.is_error ? " ERROR " + t.error : "") << "\n";
    }
    std::set<std::string> tables;
    for (const auto& t : r.tool_calls)
      if (t.name == "get_table_by_id" &&
          !tables.insert(t.args.value("reg_id", "") + "|" + t.args.value("table_id", "")).second)
        ++table_repeats;
    ++n;
    const bool hit = contains_folded(model.last_prompt, q["expect"].get<std::string>());
    found += hit ? 1 : 0;
    if (!hit && std::getenv("BENCH_MISSES"))
      std::cerr << "miss: " << q["reg_id"].get<std::string>() << " "
                << q["query"].get<std::string>() << "\n";
    kb.push_back(static_cast<double>(model.last_prompt.size()) / 1024.0);
  }
  std::sort(kb.begin(), kb.end());
  const double median = kb.empty() ? 0 : kb[kb.size() / 2];
  nlohmann::json out = {{"questions", n},
                        {"gold_in_answering_prompt", n ? static_cast<double>(found) / n : 0},
                        {"median_prompt_kb", median},
                        {"max_prompt_kb", kb.empty() ? 0 : kb.back()},
                        {"material_budget_kb", material_kb},
                        {"regulation_named", named},
                        {"merged_table_read_twice", table_repeats}};
  std::cout << out.dump() << "\n";
  return 0;
}
