#include "regreader/agent/agent_runner.hpp"

#include <algorithm>

#include "regreader/agent/orchestrator.hpp"
#include "regreader/agent/prompts.hpp"
#include "regreader/agent/react_agent.hpp"
#include "regreader/agent/workflow_agent.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::agent {

namespace {

// Subagents have three or four tools each: a few turns are enough, more is a loop.
constexpr int kMaxSubagentTurns = 6;

}  // namespace

AgentKind parse_agent_kind(std::string_view name) {
  for (auto k : {AgentKind::kReact, AgentKind::kOrchestrated, AgentKind::kWorkflow})
    if (agent_kind_name(k) == name) return k;
  throw Error(ErrorCode::kInvalidArgument,
              "unknown agent '" + std::string(name) + "'; choose react, orchestrated or workflow");
}

std::string_view agent_kind_name(AgentKind kind) {
  switch (kind) {
    case AgentKind::kReact:
      return "react";
    case AgentKind::kOrchestrated:
      return "orchestrated";
    case AgentKind::kWorkflow:
      return "workflow";
  }
  return "react";
}

AgentResponse run_agent(AgentKind kind, LlmClient& llm, ToolProvider& tools,
                        const std::string& query, const AgentRunOptions& o, EventSink* events,
                        CitationChecker* checker) {
  const std::string question = o.memory ? o.memory->with_context(query) : query;
  switch (kind) {
    case AgentKind::kReact: {
      ReactOptions r;
      r.max_turns = o.max_turns;
      r.max_tool_result_bytes = o.max_tool_result_bytes;
      r.max_total_tokens = o.max_total_tokens;
      r.max_tokens = o.max_tokens;
      r.temperature = o.temperature;
      r.stream = o.stream;
      std::string extra = o.extra_context;
      if (!o.reg_ids.empty())
        extra += (extra.empty() ? "" : "\n") + std::string("优先检索这些规程：") +
                 text::join(o.reg_ids, ", ");
      r.system_prompt = react_system_prompt(extra);
      ReactAgent agent(llm, tools, std::move(r), events, checker);
      return agent.run(question, o.on_text);
    }
    case AgentKind::kOrchestrated: {
      OrchestratorOptions r;
      r.subagent_max_turns = std::min(o.max_turns, kMaxSubagentTurns);
      r.max_tool_result_bytes = o.max_tool_result_bytes;
      r.max_total_tokens = o.max_total_tokens;
      r.max_tokens = o.max_tokens;
      r.temperature = o.temperature;
      r.stream = o.stream;
      r.reg_ids = o.reg_ids;
      r.skills = o.skills;
      r.forced_skill = o.forced_skill;
      r.workspace = o.workspace;
      Orchestrator agent(llm, tools, std::move(r), events, checker);
      return agent.run(question, o.on_text);
    }
    case AgentKind::kWorkflow: {
      WorkflowOptions r;
      r.max_search_rounds = o.max_search_rounds;
      r.max_tool_result_bytes = o.max_tool_result_bytes;
      r.max_total_tokens = o.max_total_tokens;
      r.max_tokens = o.max_tokens;
      r.temperature = o.temperature;
      r.stream = o.stream;
      r.reg_ids = o.reg_ids;
      if (!o.workspace) {
        WorkflowAgent agent(llm, tools, std::move(r), events, checker);
        return agent.run(question, o.on_text);
      }
      // In a workspace: the tool results under workflow/, the path in plan.md, answer.md.
      Workspace& ws = *o.workspace;
      ws.grant("workflow", {{"."}, {"workflow", "plan.md", "answer.md"}, {}});
      RecordingToolProvider recorded(tools, ws, "workflow");
      r.workspace = &ws;
      TeeEventSink tee({events, &ws.events()});
      WorkflowAgent agent(llm, recorded, std::move(r), &tee, checker);
      AgentResponse out = agent.run(question, o.on_text);
      ws.write("workflow", "plan.md",
               "# Plan\n\n" + out.thinking + "\n\n## Question\n\n" + question + "\n");
      ws.write("workflow", "workflow/output.md", out.content);
      ws.write("workflow", "answer.md", out.content);
      return out;
    }
  }
  throw Error(ErrorCode::kInvalidArgument, "unknown agent kind");
}

}  // namespace regreader::agent
