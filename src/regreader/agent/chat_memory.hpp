#pragma once
// Memory for the CLI `chat` command, the same for every strategy: the last few questions and
// answers, passed to the next question as plain context (each strategy starts fresh and reads
// the context as part of the question).

#include <deque>
#include <string>

namespace regreader::agent {

struct ChatTurn {
  std::string question;
  std::string answer;
};

class ChatMemory {
 public:
  /// Keeps at most `max_turns` exchanges; each answer is shortened to `max_answer_bytes`.
  explicit ChatMemory(size_t max_turns = 4, size_t max_answer_bytes = 1500)
      : max_turns_(max_turns), max_answer_bytes_(max_answer_bytes) {}

  void add(std::string question, std::string answer);
  void clear() { turns_.clear(); }
  const std::deque<ChatTurn>& turns() const { return turns_; }

  /// `query` itself when there is no memory; else the earlier exchanges followed by it.
  std::string with_context(const std::string& query) const;

 private:
  size_t max_turns_;
  size_t max_answer_bytes_;
  std::deque<ChatTurn> turns_;
};

}  // namespace regreader::agent
