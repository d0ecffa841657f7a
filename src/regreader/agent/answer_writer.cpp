#include "regreader/agent/answer_writer.hpp"

#include "regreader/agent/model_call.hpp"
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

std::string answer_writer_message(const std::string& query, const std::vector<Finding>& findings) {
  std::string m = "问题：" + query + "\n\n检索材料：\n";
  if (findings.empty()) m += "（无）\n";
  for (const auto& f : findings)
    m += "\n### " + f.from + "\n" + f.text + "\n";
  return m;
}

void write_answer(LlmClient& llm, const std::string& query, const std::vector<Finding>& findings,
                  const AnswerWriterOptions& options, AgentResponse& into,
                  const TextCallback& on_text) {
  std::vector<Finding> trimmed = findings;
  for (auto& f : trimmed)
    trim_tool_result(f.text, options.max_finding_bytes);
  ChatRequest req;
  req.system = answer_writer_prompt();
  req.messages = {Message::user_text(answer_writer_message(query, trimmed))};
  req.max_tokens = options.max_tokens;
  req.temperature = options.temperature;
  req.stream = options.stream;
  const ChatResponse reply = call_model(llm, req, options.agent_name, into, on_text);
  into.content = reply.text();
  if (reply.stop_reason == StopReason::kMaxTokens) into.outcome = AgentOutcome::kMaxTokens;
}

}  // namespace regreader::agent
