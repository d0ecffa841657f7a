#include "regreader/agent/task_envelope.hpp"

#include "regreader/agent/answer_check.hpp"
#include "regreader/agent/model_call.hpp"
#include "regreader/core/error.hpp"

namespace regreader::agent {

AgentResponse run_task(EventSink* sink, const std::string& agent, const std::string& query,
                       const TaskBody& body) {
  EventLog log(sink, agent, new_task_id());
  log.task_started(query);
  try {
    nlohmann::json extra = nlohmann::json::object();
    AgentResponse r = body(log, extra);
    auto summary = answer_summary(r);
    summary.update({{"outcome", agent_outcome_name(r.outcome)},
                    {"turns", r.turns},
                    {"tool_calls", r.tool_calls.size()},
                    {"usage", r.usage},
                    {"prompts", prompt_summary(r.model_calls)},
                    {"duration_ms", r.timings.total_ms}});
    summary.update(extra);
    log.task_completed(summary);
    return r;
  } catch (const Error& e) {
    log.task_failed(std::string(error_code_name(e.code())), e.what());
    throw;
  } catch (const std::exception& e) {
    log.task_failed(std::string(error_code_name(ErrorCode::kInternal)), e.what());
    throw;
  }
}

}  // namespace regreader::agent
