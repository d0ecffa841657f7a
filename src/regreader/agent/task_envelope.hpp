#pragma once
// The envelope every strategy runs a question in: a task_started event, the strategy's work,
// then task_completed with what the answer was (its summary, outcome, turns, tool calls, usage,
// prompts, duration) or task_failed naming the error's code. Written once for the ReAct agent,
// the orchestrator and the workflow.

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "regreader/agent/agent_response.hpp"
#include "regreader/agent/event_log.hpp"

namespace regreader::agent {

/// What a strategy does inside the envelope: answers with `log` for its events; anything it
/// puts in `extra` joins the task_completed summary (the workflow's path).
using TaskBody = std::function<AgentResponse(EventLog& log, nlohmann::json& extra)>;

/// Runs `body` as one task of `agent` on `sink` (null: no events). An exception is reported as
/// task_failed (a regreader::Error by its code, anything else as internal_error) and rethrown.
AgentResponse run_task(EventSink* sink, const std::string& agent, const std::string& query,
                       const TaskBody& body);

}  // namespace regreader::agent
