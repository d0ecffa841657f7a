#include "regreader/index/definitions_after_rules.hpp"

#include <algorithm>

#include "regreader/core/regex.hpp"

namespace regreader::index {

namespace {

bool under_terms_chapter(const SearchHit& h) {
  return std::any_of(h.chapter_path.begin(), h.chapter_path.end(), [](const std::string& t) {
    return t.find(kTermsChapter) != std::string::npos;
  });
}

}  // namespace

bool asks_what_to_do(const std::string& question) {
  static const Regex re(
      "要不要|能不能|可不可以|允不允许|该不该|需不需要|用不用|得不得|行不行|咋办|怎么办|咋弄|"
      "咋整|按啥|按什么|怎么做|如何做|怎么处理|如何处理");
  // ... unless it asks what a word means as well ("…能不能保持同步 暂态功角稳定怎么定义的").
  static const Regex meaning("定义|含义|意思|是指|指的是|叫做|啥叫|什么叫|算不算");
  return RE2::PartialMatch(question, re) && !RE2::PartialMatch(question, meaning);
}

std::vector<SearchHit> definitions_after_rules(std::vector<SearchHit> hits) {
  for (size_t i = hits.size(); i-- > 0;) {
    if (!under_terms_chapter(hits[i])) continue;
    size_t rule = i + 1;
    while (rule < hits.size() && under_terms_chapter(hits[rule]))
      ++rule;
    if (rule < hits.size())
      std::rotate(hits.begin() + static_cast<long>(i), hits.begin() + static_cast<long>(i) + 1,
                  hits.begin() + static_cast<long>(rule) + 1);
  }
  return hits;
}

}  // namespace regreader::index
