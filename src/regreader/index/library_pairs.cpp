#include "regreader/index/library_pairs.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>

#include "regreader/core/text.hpp"

namespace regreader::index {

namespace {

void add_pairs(const store::DocumentStore& documents, const std::string& reg_id,
               parse::CharPairs& pairs) {
  for (const auto& content : documents.block_contents(reg_id)) {
    char32_t before = 0;
    for (const char32_t c : text::to_codepoints(content)) {
      if (text::is_han(c) && text::is_han(before)) pairs.insert(parse::char_pair(before, c));
      before = c;
    }
  }
}

}  // namespace

std::shared_ptr<const parse::CharPairs> library_pairs(const store::DocumentStore& documents) {
  // The regulations counted (id -> its source and when it was indexed) and their pairs. A command
  // that ingests a folder of PDFs asks once per file, each time with one regulation more: its pairs
  // are added to the last set rather than the whole library read again.
  using Counted = std::map<std::string, std::string>;
  static std::mutex mutex;
  static std::string cached_location;
  static Counted cached_regs;
  static std::shared_ptr<const parse::CharPairs> cached;
  Counted wanted;
  const auto scanned = documents.ocr_page_counts();
  for (const auto& info : documents.list())
    if (scanned.count(info.reg_id) == 0)
      wanted.emplace(info.reg_id, info.source_sha256 + " " + info.indexed_at);
  std::shared_ptr<const parse::CharPairs> base;
  Counted base_regs;
  {
    std::lock_guard lock(mutex);
    const bool kept = cached && cached_location == documents.location() &&
                      std::all_of(cached_regs.begin(), cached_regs.end(), [&](const auto& r) {
                        const auto at = wanted.find(r.first);
                        return at != wanted.end() && at->second == r.second;
                      });
    if (kept && cached_regs.size() == wanted.size()) return cached;
    if (kept) base = cached, base_regs = cached_regs;
  }
  auto pairs =
      base ? std::make_shared<parse::CharPairs>(*base) : std::make_shared<parse::CharPairs>();
  for (const auto& [reg_id, indexed_at] : wanted)
    if (base_regs.count(reg_id) == 0) add_pairs(documents, reg_id, *pairs);
  std::lock_guard lock(mutex);
  cached = pairs;
  cached_regs = std::move(wanted);
  cached_location = documents.location();
  return cached;
}

}  // namespace regreader::index
