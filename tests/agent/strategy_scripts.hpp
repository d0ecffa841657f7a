#pragma once
// One question answered by each strategy over the fake tools, as scripted model transcripts:
// the full runs of the strategy tests and of bench/agent_strategies.cpp. Each part of a run is
// routed by a phrase of its system prompt (RoutedHttpClient), so parallel subagents replay their
// own transcripts.

#include <string>
#include <utility>
#include <vector>

#include "agent/fake_tools.hpp"
#include "agent/routed_http.hpp"
#include "agent/scripted_http.hpp"

namespace regreader::testing {

inline const std::string kStrategyQuestion = "10kV 设备不停电时的安全距离是多少？注1 有什么要求？";

inline const std::string kCitedAnswer =
    "【处置措施】\n"
    "1. 10kV 设备不停电时，人员与带电部分的安全距离不小于 0.70 m（GB26860 P4 表1）。\n"
    "【注意事项】\n"
    "表中未列电压等级按高一档电压等级的安全距离执行（GB26860 P4 注1）。\n"
    "【来源】\n"
    "GB26860-2011 P4 表1\n"
    "GB26860-2011 P4 注1\n";

/// Phrases of each caller's system prompt.
namespace marker {
inline const std::string kReact = "你是 RegReader，一名电力系统规程检索助手";
inline const std::string kAnalyzer = "电力规程问题的分析器";
inline const std::string kSearch = "规程检索子代理";
inline const std::string kTable = "规程表格子代理";
inline const std::string kReference = "规程引用子代理";
inline const std::string kDiscovery = "规程比较子代理";
inline const std::string kWriter = "用户消息给出问题";
inline const std::string kScope = "为电力规程检索选择范围";
inline const std::string kJudge = "规程材料能否回答问题";
}  // namespace marker

using Script = std::vector<std::pair<std::string, std::vector<ScriptedTurn>>>;

inline Script react_script() {
  return {
      {marker::kReact,
       {call("c1", "get_toc", R"({"reg_id":"GB26860-2011"})", "先看目录。"),
        call("c2", "smart_search",
             R"({"query":"10kV 安全距离","reg_id":"GB26860-2011","chapter_scope":"4"})"),
        call("c3", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":4,"end_page":4})"),
        call("c4", "lookup_annotation", R"({"reg_id":"GB26860-2011","annotation_id":"注1"})"),
        say(kCitedAnswer)}}};
}

inline const std::string kSearchFinding =
    "- 10kV 及以下设备不停电时的安全距离为 0.70 m（GB26860 P4 表1）。";
inline const std::string kTableFinding =
    "- 表1：10 及以下（13.8）kV 为 0.70 m（GB26860 P4 表1）。\n"
    "- 注1：表中未列电压等级按高一档电压等级的安全距离执行（GB26860 P4 注1）。";

inline Script orchestrated_script() {
  return {
      {marker::kAnalyzer,
       {say(R"({"intents":["search","table"],"reg_ids":["GB26860-2011"],"sections":[],)"
            R"("tables":["表1"],"notes":["注1"]})")}},
      {marker::kSearch,
       {call("s1", "get_toc", R"({"reg_id":"GB26860-2011"})"),
        call("s2", "smart_search",
             R"({"query":"10kV 安全距离","reg_id":"GB26860-2011","chapter_scope":"4"})"),
        call("s3", "read_page_range", R"({"reg_id":"GB26860-2011","start_page":4,"end_page":4})"),
        say(kSearchFinding)}},
      {marker::kTable,
       {call("t1", "get_table_by_id", R"({"reg_id":"GB26860-2011","table_id":"表1"})"),
        call("t2", "lookup_annotation", R"({"reg_id":"GB26860-2011","annotation_id":"注1"})"),
        say(kTableFinding)}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
}

inline Script workflow_script() {
  return {
      {marker::kScope, {say(R"({"chapter_scope":"4","query":"10kV 安全距离"})")}},
      {marker::kJudge, {say(R"({"enough":true})")}},
      {marker::kWriter, {say(kCitedAnswer)}},
  };
}

/// A page that points to its note (the workflow follows 见注1).
inline const std::string kPage4WithReference = kPage4 + "\n表中未列电压等级的安全距离见注1。";

/// Loads every route of `script`; turns stream when the request asks to.
inline void load(RoutedHttpClient& http, const Script& script, Wire wire) {
  for (const auto& [m, turns] : script)
    http.route(m, wire, turns);
}

}  // namespace regreader::testing
