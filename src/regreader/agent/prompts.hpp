#pragma once
// The system prompts of the agents. The rules (how to search, how to cite, what to refuse) live
// here as text; the agent code only enforces what can be checked (tool set, citations, budgets).

#include <string>
#include <string_view>

namespace regreader::agent {

/// The phrase the model must answer with when the regulations say nothing on the question; the
/// agent does not warn about missing sources for such an answer.
inline constexpr std::string_view kNotFoundPhrase = "未找到相关规定";

/// System prompt of the ReAct agent: TOC first, scoped smart_search, read whole pages, follow
/// 见注X / 见第X章 / 表Y / truncated tables, answer only from the regulations, decline
/// off-topic chat, and answer as 【处置措施】【注意事项】【来源】 with citations like
/// "GB26860 P4 表1". `extra` (e.g. the regulations in the store) is appended as context.
std::string react_system_prompt(std::string_view extra = {});

}  // namespace regreader::agent
