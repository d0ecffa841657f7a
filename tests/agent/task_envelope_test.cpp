// The envelope of every strategy's run: started, then completed with the answer's summary and
// what the strategy adds, or failed with the error's code and the error rethrown.

#include "regreader/agent/task_envelope.hpp"

#include <gtest/gtest.h>

#include "regreader/core/error.hpp"

namespace regreader::agent {
namespace task_envelope_test {

TEST(TaskEnvelope, ACompletedTaskSaysWhatTheAnswerWas) {
  MemoryEventSink sink;
  const auto r = run_task(&sink, "workflow", "问题", [](EventLog&, nlohmann::json& extra) {
    AgentResponse out;
    out.content = "答案";
    out.turns = 3;
    extra["path"] = "toc → answer";
    return out;
  });
  EXPECT_EQ(r.content, "答案");
  const auto events = sink.events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0]["type"], "task_started");
  EXPECT_EQ(events[0]["agent"], "workflow");
  EXPECT_EQ(events[1]["type"], "task_completed");
  EXPECT_EQ(events[1]["task_id"], events[0]["task_id"]);
  const auto& summary = events[1];  // the summary's fields are the event's
  EXPECT_EQ(summary["turns"], 3);
  EXPECT_EQ(summary["path"], "toc → answer");
  EXPECT_TRUE(summary.contains("usage")) << summary.dump();
}

TEST(TaskEnvelope, AFailedTaskNamesItsCodeAndRethrows) {
  for (const bool ours : {true, false}) {
    MemoryEventSink sink;
    EXPECT_ANY_THROW(run_task(&sink, "react", "问题", [ours](EventLog&, nlohmann::json&) {
      if (ours) throw Error(ErrorCode::kNetwork, "the model did not answer");
      throw std::runtime_error("a bug");
      return AgentResponse{};
    }));
    const auto events = sink.events();
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[1]["type"], "task_failed");
    EXPECT_EQ(events[1]["error_code"], ours ? "network_error" : "internal_error");
  }
}

}  // namespace task_envelope_test
}  // namespace regreader::agent
