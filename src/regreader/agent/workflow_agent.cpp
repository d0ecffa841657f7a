#include "regreader/agent/workflow_agent.hpp"

#include <chrono>
#include <set>
#include <stdexcept>
#include <tuple>

#include "regreader/agent/answer_check.hpp"
#include "regreader/agent/answer_writer.hpp"
#include "regreader/agent/follow_ups.hpp"
#include "regreader/agent/model_call.hpp"
#include "regreader/agent/prompts.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/agent/task_envelope.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::agent {

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// The scope chooser reads the TOC, not the pages: a few KB are enough for a chapter list.
constexpr size_t kMaxTocBytes = 6000;
// Hits per search: the workflow reads only the top few pages anyway.
constexpr int kSearchLimit = 5;
// Both decision calls answer in one line of JSON.
constexpr int kDecisionMaxTokens = 200;

const std::string kScopePrompt =
    R"(你为电力规程检索选择范围。根据问题和目录，选出最可能包含答案的章节，并给出检索词（规程术语）。只输出一个 JSON 对象：
{"chapter_scope":"章节号或标题，不确定时为空字符串","query":"检索词"})";

const std::string kJudgePrompt =
    R"(你判断检索到的规程材料能否回答问题。只输出一个 JSON 对象：
能回答：{"enough":true}
不能回答：{"enough":false,"query":"新的检索词","chapter_scope":"章节号或空字符串"})";

std::string page_label(const std::string& reg_id, int page) {
  return reg_id + " P" + std::to_string(page);
}

}  // namespace

std::vector<std::pair<std::string, int>> search_hit_pages(const ToolResult& result,
                                                          const std::string& default_reg_id) {
  std::vector<std::pair<std::string, int>> out;
  auto add = [&](const std::string& reg, int page) {
    if (page <= 0) return;
    std::pair<std::string, int> p{reg.empty() ? default_reg_id : reg, page};
    if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(std::move(p));
  };
  const auto& s = result.structured;
  if (s.is_object() && s.contains("results") && s["results"].is_array()) {
    for (const auto& h : s["results"])
      if (h.is_object() && h.contains("page_num") && h["page_num"].is_number_integer())
        add(h.value("reg_id", ""), h["page_num"].get<int>());
    return out;
  }
  // The one citation grammar reads "[GB26860-2011 P4]"-style sources in the text.
  for (const auto& c : tools::extract_citations(result.content))
    add(c.reg_id.empty() ? c.regulation : c.reg_id, c.page_first);
  return out;
}

std::string_view workflow_node_name(WorkflowNode n) {
  switch (n) {
    case WorkflowNode::kToc:
      return "toc";
    case WorkflowNode::kChooseScope:
      return "choose_scope";
    case WorkflowNode::kSearch:
      return "search";
    case WorkflowNode::kReadPages:
      return "read_pages";
    case WorkflowNode::kFollowRefs:
      return "follow_refs";
    case WorkflowNode::kJudge:
      return "judge";
    case WorkflowNode::kAnswer:
      return "answer";
    case WorkflowNode::kNotFound:
      return "not_found";
    case WorkflowNode::kDone:
      return "done";
  }
  return "done";
}

struct WorkflowAgent::State {
  struct PageRead {
    std::string reg_id;
    int page = 0;
    std::string text;
    bool truncated = false;
  };

  State(const std::string& q, EventLog& l) : query(q), log(l), search_query(q) {}

  std::string query;
  EventLog& log;
  AgentResponse r;
  std::string reg_id;
  /// Search without reg_id: the regulations the question names (smart_search reads them), else
  /// every regulation. Set when no regulation was chosen and the scope reply was unusable.
  bool whole_library = false;
  std::string toc;
  std::string scope;
  std::string search_query;
  int rounds = 0;
  std::vector<std::pair<std::string, int>> hits;     ///< of the last search
  std::set<std::pair<std::string, int>> pages_read;  ///< over all rounds
  std::vector<PageRead> new_pages;                   ///< read in this round
  /// (regulation, kind, label) followed: a merged table or a note is read once per regulation.
  std::set<std::tuple<std::string, FollowUp::Kind, std::string>> followed;
  std::set<std::pair<std::string, std::string>> searched;  ///< (query, scope) pairs
  std::vector<Finding> material;
  std::vector<std::string> searched_text;  ///< for the not-found answer
};

WorkflowAgent::WorkflowAgent(LlmClient& llm, ToolProvider& tools, WorkflowOptions options,
                             EventSink* events, CitationChecker* checker)
    : llm_(llm), tools_(tools), options_(std::move(options)), events_(events), checker_(checker) {}

AgentResponse WorkflowAgent::run(const std::string& query, const TextCallback& on_text) {
  return run_task(events_, "workflow", query, [&](EventLog& log, nlohmann::json& extra) {
    const auto t0 = Clock::now();
    path_.clear();
    State s(query, log);
    s.r.strategy = "workflow";
    for (WorkflowNode node = WorkflowNode::kToc; node != WorkflowNode::kDone;) {
      path_.push_back(node);
      node = step(node, s, on_text);
    }
    std::string trail;
    for (auto n : path_)
      trail += (trail.empty() ? "" : " → ") + std::string(workflow_node_name(n));
    s.r.thinking = "path: " + trail + (s.r.thinking.empty() ? "" : "\n" + s.r.thinking);
    s.r.timings.llm_wall_ms = s.r.timings.llm_ms;
    s.r.timings.total_ms = ms_since(t0);
    extra["path"] = trail;
    return std::move(s.r);
  });
}

WorkflowNode WorkflowAgent::step(WorkflowNode node, State& s, const TextCallback& on_text) {
  switch (node) {
    case WorkflowNode::kToc:
      return toc(s);
    case WorkflowNode::kChooseScope:
      return choose_scope(s);
    case WorkflowNode::kSearch:
      return search(s);
    case WorkflowNode::kReadPages:
      return read_pages(s);
    case WorkflowNode::kFollowRefs:
      return follow_refs(s);
    case WorkflowNode::kJudge:
      return judge(s);
    case WorkflowNode::kAnswer:
      return answer(s, on_text);
    case WorkflowNode::kNotFound: {
      const auto next = not_found(s);
      if (options_.stream && on_text) on_text(s.r.content);
      return next;
    }
    case WorkflowNode::kDone:
      break;
  }
  return WorkflowNode::kDone;
}

std::optional<ToolResult> WorkflowAgent::call_tool(State& s, const std::string& name,
                                                   const nlohmann::json& args, bool* truncated) {
  ToolCallRecord rec;
  rec.id = "wf-" + std::to_string(s.r.tool_calls.size() + 1);
  rec.name = name;
  rec.args = args;
  s.log.tool_call_started(rec.id, name, args);
  const auto t0 = Clock::now();
  std::optional<ToolResult> out;
  try {
    ToolResult result = tools_.call_tool(name, args);
    rec.duration_ms = ms_since(t0);
    const std::string text = result.text();
    rec.result_chars = text.size();
    rec.is_error = result.is_error;
    if (result.is_error)
      rec.error = text.substr(0, 300);
    else if (name != "verify_answer")
      rec.regulations = regulations_in(args, result.structured);
    s.log.tool_call_completed(rec.id, name, rec.duration_ms, text.size(), rec.is_error);
    if (!result.is_error) out = std::move(result);
  } catch (const std::exception& e) {
    rec.duration_ms = ms_since(t0);
    rec.is_error = true;
    rec.error = e.what();
    s.log.tool_call_failed(rec.id, name, rec.duration_ms, e.what());
  }
  if (out) {
    std::string text = out->text();
    rec.truncated = trim_tool_result(text, options_.max_tool_result_bytes);
    out->content = std::move(text);
  }
  if (truncated) *truncated = rec.truncated;
  s.r.timings.tools_ms += rec.duration_ms;
  if (rec.is_error) s.r.warnings.push_back("tool " + name + " failed: " + rec.error);
  s.r.tool_calls.push_back(std::move(rec));
  return out;
}

WorkflowNode WorkflowAgent::toc(State& s) {
  if (!options_.reg_ids.empty()) {
    s.reg_id = options_.reg_ids.front();
  } else if (auto found =
                 call_tool(s, "smart_search", {{"query", s.query}, {"limit", kSearchLimit}})) {
    // No regulation chosen: the question's own search picks it, scoped to the regulations the
    // question names, else the best hit's in the whole library. The first listed regulation
    // answered a 合环 question from GB 17761 (electric bicycles) with 未找到相关规定.
    const auto pages = search_hit_pages(*found, "");
    if (!pages.empty()) s.reg_id = pages.front().first;
    s.searched_text.push_back("全部规程：“" + s.query + "”");
  }
  if (s.reg_id.empty()) return WorkflowNode::kNotFound;
  if (auto toc = call_tool(s, "get_toc", {{"reg_id", s.reg_id}})) s.toc = toc->content;
  return s.toc.empty() ? WorkflowNode::kSearch : WorkflowNode::kChooseScope;
}

WorkflowNode WorkflowAgent::choose_scope(State& s) {
  std::string toc = s.toc;
  trim_tool_result(toc, kMaxTocBytes);
  ChatRequest req;
  req.system = kScopePrompt;
  req.messages = {
      Message::user_text("问题：" + s.query + "\n\n目录（" + s.reg_id + "）：\n" + toc)};
  req.max_tokens = kDecisionMaxTokens;
  req.temperature = options_.temperature;
  const ChatResponse reply = call_model(llm_, req, "workflow/scope", s.r);
  const auto j = extract_json_object(reply.text());
  if (!j) {
    // A regulation the user chose stays the scope; one the first search guessed does not.
    s.whole_library = options_.reg_ids.empty();
    s.r.warnings.push_back(s.whole_library
                               ? "workflow: unusable scope choice; searching the regulations the "
                                 "question names, else all"
                               : "workflow: unusable scope choice; searching the whole regulation");
    return WorkflowNode::kSearch;
  }
  if (j->contains("chapter_scope") && (*j)["chapter_scope"].is_string())
    s.scope = (*j)["chapter_scope"];
  if (j->contains("query") && (*j)["query"].is_string() &&
      !(*j)["query"].get<std::string>().empty())
    s.search_query = (*j)["query"];
  return WorkflowNode::kSearch;
}

WorkflowNode WorkflowAgent::search(State& s) {
  ++s.rounds;
  s.searched.insert({s.search_query, s.scope});
  nlohmann::json args = {{"query", s.search_query}, {"limit", kSearchLimit}};
  if (!s.whole_library) args["reg_id"] = s.reg_id;
  if (!s.scope.empty()) args["chapter_scope"] = s.scope;
  s.searched_text.push_back((s.whole_library ? std::string("全部规程") : s.reg_id) +
                            (s.scope.empty() ? "" : " 章节 " + s.scope) + "：“" + s.search_query +
                            "”");
  const auto result = call_tool(s, "smart_search", args);
  s.hits = result ? search_hit_pages(*result, s.reg_id) : decltype(s.hits){};
  if (!s.hits.empty()) return WorkflowNode::kReadPages;
  if (!s.scope.empty() && s.rounds < options_.max_search_rounds) {
    s.scope.clear();  // nothing in the chosen chapter: widen to the whole regulation once
    return WorkflowNode::kSearch;
  }
  return s.material.empty() ? WorkflowNode::kNotFound : WorkflowNode::kAnswer;
}

WorkflowNode WorkflowAgent::read_pages(State& s) {
  s.new_pages.clear();
  for (const auto& [reg, page] : s.hits) {
    if (static_cast<int>(s.new_pages.size()) >= options_.max_pages_per_round) break;
    if (!s.pages_read.insert({reg, page}).second) continue;
    bool truncated = false;
    auto result =
        call_tool(s, "read_page_range", {{"reg_id", reg}, {"start_page", page}, {"end_page", page}},
                  &truncated);
    if (!result) continue;
    s.material.push_back({"read_page_range " + page_label(reg, page), result->content, true});
    s.new_pages.push_back({reg, page, result->content, truncated});
  }
  return s.new_pages.empty() ? WorkflowNode::kJudge : WorkflowNode::kFollowRefs;
}

WorkflowNode WorkflowAgent::follow_refs(State& s) {
  int followed = 0;
  for (const auto& p : s.new_pages)
    for (const auto& f : find_follow_ups(p.text, p.truncated)) {
      if (followed >= options_.max_follow_ups) return WorkflowNode::kJudge;
      if (!s.followed.insert({p.reg_id, f.kind, f.label}).second) continue;
      ++followed;
      std::optional<ToolResult> result;
      switch (f.kind) {
        case FollowUp::Kind::kNote:
          result =
              call_tool(s, "lookup_annotation",
                        {{"reg_id", p.reg_id}, {"annotation_id", f.label}, {"page_hint", p.page}});
          break;
        case FollowUp::Kind::kTable:
          result = call_tool(s, "get_table_by_id", {{"reg_id", p.reg_id}, {"table_id", f.label}});
          break;
        case FollowUp::Kind::kReference:
          result =
              call_tool(s, "resolve_reference",
                        {{"reg_id", p.reg_id}, {"reference_text", f.label}, {"page_hint", p.page}});
          break;
      }
      if (result)
        s.material.push_back({std::string(follow_up_kind_name(f.kind)) + " " + f.label + "（" +
                                  page_label(p.reg_id, p.page) + " 引用）",
                              result->content});
    }
  return WorkflowNode::kJudge;
}

WorkflowNode WorkflowAgent::judge(State& s) {
  if (s.rounds >= options_.max_search_rounds || s.r.usage.total() >= options_.max_total_tokens)
    return s.material.empty() ? WorkflowNode::kNotFound : WorkflowNode::kAnswer;
  std::vector<Finding> brief = s.material;
  for (auto& f : brief)
    trim_tool_result(f.text, options_.max_judge_bytes);
  ChatRequest req;
  req.system = kJudgePrompt;
  req.messages = {Message::user_text(answer_writer_message(s.query, brief))};
  req.max_tokens = kDecisionMaxTokens;
  req.temperature = options_.temperature;
  const ChatResponse reply = call_model(llm_, req, "workflow/judge", s.r);
  const auto j = extract_json_object(reply.text());
  const bool more = j && j->contains("enough") && (*j)["enough"] == false;
  if (!more) return s.material.empty() ? WorkflowNode::kNotFound : WorkflowNode::kAnswer;
  if (j->contains("query") && (*j)["query"].is_string() &&
      !(*j)["query"].get<std::string>().empty())
    s.search_query = (*j)["query"];
  s.scope = j->contains("chapter_scope") && (*j)["chapter_scope"].is_string()
                ? (*j)["chapter_scope"].get<std::string>()
                : "";
  if (s.searched.count({s.search_query, s.scope}))  // the same search again finds nothing new
    return s.material.empty() ? WorkflowNode::kNotFound : WorkflowNode::kAnswer;
  return WorkflowNode::kSearch;
}

WorkflowNode WorkflowAgent::answer(State& s, const TextCallback& on_text) {
  AnswerWriterOptions w;
  w.agent_name = "workflow/answer";
  w.max_finding_bytes = options_.max_tool_result_bytes;
  w.max_total_bytes = options_.max_material_bytes;
  w.max_tokens = options_.max_tokens;
  w.temperature = options_.temperature;
  w.stream = options_.stream;
  write_answer(llm_, s.query, s.material, w, s.r, on_text);
  check_answer(s.r, checker_, "workflow", read_from_workspace());
  return WorkflowNode::kDone;
}

WorkflowNode WorkflowAgent::not_found(State& s) {
  std::string searched;
  for (const auto& t : s.searched_text)
    searched += "\n- " + t;
  s.r.content = std::string(kNotFoundPhrase) + "。" +
                (searched.empty() ? "没有可检索的规程。" : "已检索：" + searched);
  check_answer(s.r, checker_, "workflow", read_from_workspace());
  return WorkflowNode::kDone;
}

}  // namespace regreader::agent
