#include "regreader/agent/subagents.hpp"

#include <array>

#include "regreader/core/text.hpp"

namespace regreader::agent {

namespace {

// Every subagent reports findings for the aggregator; it never writes the final answer.
const std::string kReportRules =
    "只依据工具结果，用要点汇报找到的规程原文要求和数值（数值与原文一致），每条注明出处"
    "（规程编号 + 页码 + 表/注/条款，如 GB26860 P4 表1）；出处标有 [OCR, confidence N…] 或数值带 "
    "(?) 的，照录并注明“OCR 识别”。找不到依据就回答“未找到相关规定”"
    "并说明查过的范围。不要写【处置措施】等最终答复格式，不要回答与规程无关的问题。";

std::array<SubagentSpec, 4> make_specs() {
  return {{
      {SubagentKind::kSearch,
       "search_agent",
       {"list_regulations", "get_toc", "smart_search", "read_page_range"},
       "你是规程检索子代理。先用 get_toc 看目录确定章节，再用 smart_search（限定 reg_id 和 "
       "chapter_scope）检索，用 read_page_range 阅读命中页的全文。" +
           kReportRules},
      {SubagentKind::kTable,
       "table_agent",
       {"search_tables", "get_table_by_id", "lookup_annotation"},
       "你是规程表格子代理。用 search_tables 找表，用 get_table_by_id 读取完整表格（含跨页部分），"
       "表中或表下的“注X”用 lookup_annotation 查全文。" +
           kReportRules},
      {SubagentKind::kReference,
       "reference_agent",
       {"resolve_reference", "lookup_annotation", "read_page_range"},
       "你是规程引用子代理。条款号、“见表Y”“见第X章”“参见5.2.3”用 resolve_reference 解析，"
       "“注X”用 lookup_annotation 查全文，需要上下文时用 read_page_range 阅读所在页。" +
           kReportRules},
      {SubagentKind::kDiscovery,
       "discovery_agent",
       {"find_similar_content", "compare_sections"},
       "你是规程比较子代理。用 find_similar_content 找相似条文，用 compare_sections "
       "并排阅读两个章节，指出相同点与不同点。" +
           kReportRules},
  }};
}

}  // namespace

const SubagentSpec& subagent_spec(SubagentKind kind) {
  static const auto kSpecs = make_specs();
  return kSpecs[static_cast<size_t>(kind)];
}

SubagentKind subagent_for(QueryIntent intent) {
  switch (intent) {
    case QueryIntent::kSearch:
      return SubagentKind::kSearch;
    case QueryIntent::kTable:
      return SubagentKind::kTable;
    case QueryIntent::kReference:
      return SubagentKind::kReference;
    case QueryIntent::kDiscovery:
      return SubagentKind::kDiscovery;
  }
  return SubagentKind::kSearch;
}

std::string subagent_role(SubagentKind kind) {
  switch (kind) {
    case SubagentKind::kSearch:
      return "你是规程检索子代理。";
    case SubagentKind::kTable:
      return "你是规程表格子代理。";
    case SubagentKind::kReference:
      return "你是规程引用子代理。";
    case SubagentKind::kDiscovery:
      return "你是规程比较子代理。";
  }
  return "";
}

const std::string& subagent_report_rules() {
  return kReportRules;
}

std::optional<SubagentKind> parse_subagent_kind(std::string_view name) {
  if (name == "search") return SubagentKind::kSearch;
  if (name == "table") return SubagentKind::kTable;
  if (name == "reference") return SubagentKind::kReference;
  if (name == "discovery") return SubagentKind::kDiscovery;
  return std::nullopt;
}

std::string subagent_task(const std::string& query, const QueryAnalysis& a) {
  std::string task = "问题：" + query;
  if (!a.reg_ids.empty()) task += "\n规程：" + text::join(a.reg_ids, "、");
  if (!a.sections.empty()) task += "\n条款：" + text::join(a.sections, "、");
  if (!a.tables.empty()) task += "\n表：" + text::join(a.tables, "、");
  if (!a.notes.empty()) task += "\n注：" + text::join(a.notes, "、");
  return task;
}

}  // namespace regreader::agent
