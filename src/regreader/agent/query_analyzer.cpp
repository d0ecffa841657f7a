#include "regreader/agent/query_analyzer.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "regreader/agent/citations.hpp"
#include "regreader/agent/model_call.hpp"
#include "regreader/core/regex.hpp"

namespace regreader::agent {

namespace {

// The analyzer answers in a line of JSON; more is a sign it is writing prose.
constexpr int kAnalyzerMaxTokens = 300;

void add_unique(std::vector<std::string>& v, std::string s) {
  if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(std::move(s));
}

void add_intent(std::vector<QueryIntent>& v, QueryIntent i) {
  if (std::find(v.begin(), v.end(), i) == v.end()) v.push_back(i);
}

bool contains_any(std::string_view text, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return text.find(w) != std::string_view::npos; });
}

// Calls f(groups) for each match of re in text, left to right and not overlapping; groups[0] is
// the whole match. A match ends where group `end_group` ends: a pattern may read one character
// past it, to stand in for a lookahead (RE2 has none), and the next search starts before that
// character. Each search sees the text before it, so ^ matches only at 0.
template <typename F>
void for_each_match(const std::string& text, const RE2& re, F f, int end_group = 0) {
  std::vector<re2::StringPiece> g(1 + re.NumberOfCapturingGroups());
  const int n = static_cast<int>(g.size());
  for (size_t pos = 0;
       pos <= text.size() && re.Match(text, pos, text.size(), RE2::UNANCHORED, g.data(), n);) {
    f(g);
    const re2::StringPiece& last = g[end_group];
    const size_t end = static_cast<size_t>(last.data() - text.data()) + last.size();
    pos = end > pos ? end : pos + 1;  // none of the patterns matches empty text; no endless loop
  }
}

std::string str(const re2::StringPiece& s) {
  return std::string(s);
}

// Hints the rules find; the model's analysis is merged with them.
void add_rule_hints(const std::string& q, QueryAnalysis& a) {
  using Groups = std::vector<re2::StringPiece>;
  static const Regex reg(
      R"((GB/T|GB|DL/T|DL|Q/GDW|NB/T)\s*(\d+(?:\.\d+)?)(?:\s*[-—－]\s*((?:19|20)\d{2}))?)");
  for_each_match(q, reg, [&](const Groups& m) {
    add_unique(a.reg_ids, tools::normalize_regulation_code(std::string_view(m[0])));
  });
  // 5.2.3 always; 5.2 only as 第5.2条 / 5.2节 / 见5.2 (a bare 0.70 is a figure, not a section).
  // The number may not go on with a digit or a dot: the character after it is read, not kept.
  static const Regex section(R"((^|[^\d.])(\d{1,2}(?:\.\d{1,3}){2,3})(?:[^\d.]|$))");
  for_each_match(
      q, section, [&](const Groups& m) { add_unique(a.sections, str(m[2])); }, 2);
  static const Regex short_section(R"((第|见|参见)\s*(\d{1,2}\.\d{1,3})(?:[^\d.]|$))");
  for_each_match(
      q, short_section, [&](const Groups& m) { add_unique(a.sections, str(m[2])); }, 2);
  static const Regex table(R"(表\s*([A-Z]?\d+(?:[.-]\d+)*|[A-Z](?:[.-]\d+)+))");
  for_each_match(q, table, [&](const Groups& m) { add_unique(a.tables, "表" + str(m[1])); });
  static const Regex note(R"(注\s*(\d+|[①②③④⑤⑥⑦⑧⑨⑩]))");
  for_each_match(q, note, [&](const Groups& m) { add_unique(a.notes, "注" + str(m[1])); });
}

std::vector<std::string> strings_of(const nlohmann::json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  const auto& v = j[key];
  if (v.is_string()) add_unique(out, v.get<std::string>());
  if (v.is_array())
    for (const auto& e : v)
      if (e.is_string()) add_unique(out, e.get<std::string>());
  return out;
}

}  // namespace

std::string_view query_intent_name(QueryIntent i) {
  switch (i) {
    case QueryIntent::kSearch:
      return "search";
    case QueryIntent::kTable:
      return "table";
    case QueryIntent::kReference:
      return "reference";
    case QueryIntent::kDiscovery:
      return "discovery";
  }
  return "search";
}

std::optional<QueryIntent> parse_query_intent(std::string_view name) {
  for (auto i : {QueryIntent::kSearch, QueryIntent::kTable, QueryIntent::kReference,
                 QueryIntent::kDiscovery})
    if (query_intent_name(i) == name) return i;
  return std::nullopt;
}

bool QueryAnalysis::has(QueryIntent i) const {
  return std::find(intents.begin(), intents.end(), i) != intents.end();
}

QueryAnalysis analyze_query_rules(std::string_view query) {
  const std::string q(query);
  QueryAnalysis a;
  add_rule_hints(q, a);
  if (contains_any(q, {"相似", "类似", "比较", "对比", "区别", "异同", "不同之处"}))
    add_intent(a.intents, QueryIntent::kDiscovery);
  if (!a.tables.empty() || contains_any(q, {"表格", "哪张表", "表中", "查表"}))
    add_intent(a.intents, QueryIntent::kTable);
  if (!a.notes.empty() || !a.sections.empty() || contains_any(q, {"参见", "引用", "附录", "条款"}))
    add_intent(a.intents, QueryIntent::kReference);
  if (a.intents.empty()) a.intents.push_back(QueryIntent::kSearch);
  return a;
}

std::optional<QueryAnalysis> parse_query_analysis(std::string_view model_text) {
  const auto j = extract_json_object(model_text);
  if (!j) return std::nullopt;
  QueryAnalysis a;
  a.from_model = true;
  for (const auto& name : strings_of(*j, "intents"))
    if (auto i = parse_query_intent(name)) add_intent(a.intents, *i);
  if (a.intents.empty()) return std::nullopt;
  for (const auto& r : strings_of(*j, "reg_ids"))
    add_unique(a.reg_ids, tools::normalize_regulation_code(r));
  a.sections = strings_of(*j, "sections");
  a.tables = strings_of(*j, "tables");
  a.notes = strings_of(*j, "notes");
  a.skills = strings_of(*j, "skills");
  return a;
}

const std::string& query_analyzer_prompt() {
  static const std::string kText =
      R"(你是电力规程问题的分析器。只输出一个 JSON 对象，不要其他文字：
{"intents":[],"reg_ids":[],"sections":[],"tables":[],"notes":[]}
intents 取一个或多个：search（按主题查条文）、table（问表格中的数值或找表）、reference（问某条款、注释或引用，如 5.2.3、注1、见表2）、discovery（找相似内容或比较两个章节）。
reg_ids 为问题中的规程编号（如 GB26860-2011），sections 为条款号（如 5.2.3），tables 为表号（如 表1），notes 为注号（如 注1）；没有则为空数组。)";
  return kText;
}

std::string query_analyzer_prompt(const std::string& skill_catalogue) {
  if (skill_catalogue.empty()) return query_analyzer_prompt();
  return query_analyzer_prompt() +
         "\n再按下列技能的描述选择要用的技能（一个或多个），写入 \"skills\":[技能名]：\n" +
         skill_catalogue;
}

QueryAnalysis analyze_query(LlmClient& llm, const std::string& query, AgentResponse& into,
                            const std::string& skill_catalogue) {
  ChatRequest req;
  req.system = query_analyzer_prompt(skill_catalogue);
  req.messages = {Message::user_text(query)};
  req.max_tokens = kAnalyzerMaxTokens;
  req.temperature = 0.0;
  const ChatResponse reply = call_model(llm, req, "analyzer", into);
  QueryAnalysis rules = analyze_query_rules(query);
  auto parsed = parse_query_analysis(reply.text());
  if (!parsed) {
    into.warnings.push_back("query analyzer: unusable JSON from the model; rules decided");
    return rules;
  }
  for (auto& r : rules.reg_ids)
    add_unique(parsed->reg_ids, std::move(r));
  for (auto& s : rules.sections)
    add_unique(parsed->sections, std::move(s));
  for (auto& t : rules.tables)
    add_unique(parsed->tables, std::move(t));
  for (auto& n : rules.notes)
    add_unique(parsed->notes, std::move(n));
  return *parsed;
}

nlohmann::json to_json(const QueryAnalysis& a) {
  nlohmann::json intents = nlohmann::json::array();
  for (auto i : a.intents)
    intents.push_back(query_intent_name(i));
  return {{"intents", intents},        {"reg_ids", a.reg_ids}, {"sections", a.sections},
          {"tables", a.tables},        {"notes", a.notes},     {"skills", a.skills},
          {"from_model", a.from_model}};
}

}  // namespace regreader::agent
