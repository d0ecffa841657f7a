#include "regreader/agent/answer_writer.hpp"

#include <algorithm>

#include "regreader/agent/citations.hpp"
#include "regreader/agent/model_call.hpp"
#include "regreader/agent/prompts.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/tools/prompt_text.hpp"

namespace regreader::agent {

const std::string& answer_writer_prompt() {
  static const std::string kText =
      "你是 RegReader，电力系统规程检索助手。用户消息给出问题和检索到的规程材料。只依据这些材料"
      "作答，不得补充材料中没有的条文、数值或页码；数值与原文一致。材料不足以回答时，回答“"
      "未找到相关规定”，并说明检索过的规程和范围。\n" +
      tools::answer_format();
  return kText;
}

std::string answer_writer_message(const std::string& query, const std::vector<Finding>& findings,
                                  const std::vector<std::string>& left_out) {
  std::string m = "问题：" + query + "\n\n检索材料：\n";
  if (findings.empty()) m += "（无）\n";
  for (const auto& f : findings)
    m += "\n### " + f.from + "\n" + f.text + "\n";
  if (!left_out.empty()) {
    m += "\n（材料超出长度预算，以下未列出：";
    for (size_t i = 0; i < left_out.size(); ++i)
      m += (i ? "；" : "") + left_out[i];
    m += "）\n";
  }
  return m;
}

namespace {

constexpr const char* kCitationRepair =
    "上面的回答没有注明出处。请保留回答内容，为每条措施和每个数值注明来源（规程编号和页码，如 "
    "GB26860-2011 P4 表1），并在末尾列出【来源】；材料中找不到出处的内容请删去。";

// No page of a regulation cited, and not the not-found answer, which needs none.
bool cites_nothing(const std::string& answer) {
  return answer.find(kNotFoundPhrase) == std::string::npos &&
         tools::extract_citations(answer).empty();
}

// A hit page is never cut below this: what remains must still hold the clause around the hit.
constexpr size_t kMinPageBytes = 2000;

size_t total_bytes(const std::vector<Finding>& findings) {
  size_t n = 0;
  for (const auto& f : findings)
    n += f.from.size() + f.text.size();
  return n;
}

}  // namespace

std::vector<std::string> fit_findings(std::vector<Finding>& findings, size_t per_finding,
                                      size_t total) {
  for (auto& f : findings)
    trim_tool_result(f.text, per_finding);
  std::vector<std::string> left_out;
  if (total == 0) return left_out;
  for (size_t i = findings.size(); i-- > 0 && total_bytes(findings) > total;)
    if (!findings[i].keeps_hit) {
      left_out.insert(left_out.begin(), findings[i].from);
      findings.erase(findings.begin() + static_cast<std::ptrdiff_t>(i));
    }
  if (total_bytes(findings) > total && !findings.empty()) {
    const size_t share = std::max(kMinPageBytes, total / findings.size());
    for (auto& f : findings)
      trim_tool_result(f.text, share);
  }
  return left_out;
}

void write_answer(LlmClient& llm, const std::string& query, const std::vector<Finding>& findings,
                  const AnswerWriterOptions& options, AgentResponse& into,
                  const TextCallback& on_text) {
  std::vector<Finding> trimmed = findings;
  const auto left_out = fit_findings(trimmed, options.max_finding_bytes, options.max_total_bytes);
  if (!left_out.empty())
    into.warnings.push_back("material over the " + std::to_string(options.max_total_bytes) +
                            "-byte budget: " + std::to_string(left_out.size()) +
                            " piece(s) without a hit left out");
  ChatRequest req;
  req.system = answer_writer_prompt();
  req.messages = {Message::user_text(answer_writer_message(query, trimmed, left_out))};
  req.max_tokens = options.max_tokens;
  req.temperature = options.temperature;
  req.stream = options.stream;
  ChatResponse reply = call_model(llm, req, options.agent_name, into, on_text);
  if (!trimmed.empty() && cites_nothing(reply.text())) {
    // One repair turn: models (the orchestrated strategy's aggregator most) sometimes answer
    // from the material without saying where it is; check_answer flags what is still uncited.
    req.messages.push_back(Message::assistant_text(reply.text()));
    req.messages.push_back(Message::user_text(kCitationRepair));
    if (on_text && options.stream) on_text("\n\n（回答未注明出处，已要求补上）\n\n");
    reply = call_model(llm, req, options.agent_name + "/cite", into, on_text);
  }
  into.content = reply.text();
  if (reply.stop_reason == StopReason::kMaxTokens) into.outcome = AgentOutcome::kMaxTokens;
}

}  // namespace regreader::agent
