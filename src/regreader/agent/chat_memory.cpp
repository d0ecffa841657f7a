#include "regreader/agent/chat_memory.hpp"

namespace regreader::agent {

namespace {

// Cuts at a UTF-8 character boundary.
void shorten(std::string& s, size_t budget) {
  if (s.size() <= budget) return;
  size_t cut = budget;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
    --cut;
  s.resize(cut);
  s += "…";
}

}  // namespace

void ChatMemory::add(std::string question, std::string answer) {
  if (max_turns_ == 0) return;
  shorten(answer, max_answer_bytes_);
  turns_.push_back({std::move(question), std::move(answer)});
  while (turns_.size() > max_turns_)
    turns_.pop_front();
}

std::string ChatMemory::with_context(const std::string& query) const {
  if (turns_.empty()) return query;
  std::string out = "之前的对话（供理解当前问题，不是规程依据）：\n";
  for (const auto& t : turns_)
    out += "问：" + t.question + "\n答：" + t.answer + "\n";
  return out + "\n当前问题：" + query;
}

}  // namespace regreader::agent
