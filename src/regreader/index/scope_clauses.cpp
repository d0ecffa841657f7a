#include "regreader/index/scope_clauses.hpp"

#include "regreader/core/regex.hpp"

namespace regreader::index {

namespace {

// A chapter's title as GB/T 1.1 and the codes number it: "1 范围", "2 规范性引用文件", "前言".
bool whole_document_title(const std::string& title) {
  static const Regex re(
      "^\\s*(?:第[一二三四五六七八九十\\d]+[章条]\\s*|\\d+(?:\\.\\d+)*\\s*)?(?:适用)?"
      "(?:范\\s*围|规范性引用文件|引用文件|引用标准(?:名录)?|前\\s*言|目\\s*次|目\\s*录)\\s*$");
  return RE2::FullMatch(title, re);
}

// "本法适用于…", "…适用本条例", "本标准规定了…", "为了…，制定本法".
bool states_scope_or_purpose(const std::string& content) {
  static const Regex re(
      "本(?:法|条例|规定|办法|标准|规范|规程|导则|细则|部分|文件)(?:的)?适用于|"
      "适用本(?:法|条例|规定|办法|细则)|"
      "本(?:标准|规范|规程|导则|细则|部分|文件)规定了|"
      "^\\s*(?:第[一二三四五六七八九十]+条\\s*)?为了?[^。]{0,120}制定本(?:法|条例|规定|办法|细则|"
      "标准|规范|规程|导则)");
  return RE2::PartialMatch(content, re);
}

bool under_whole_document_title(const std::vector<std::string>& chapter_path) {
  return !chapter_path.empty() && whole_document_title(chapter_path.front());
}

}  // namespace

bool about_whole_document(const std::vector<std::string>& chapter_path,
                          const std::string& content) {
  return under_whole_document_title(chapter_path) || states_scope_or_purpose(content);
}

bool asks_about_scope(const std::string& question) {
  static const Regex re("适用|范围|引用|目的|宗旨|为什么制定");
  return RE2::PartialMatch(question, re);
}

std::vector<SearchHit> whole_document_hits_last(const store::DocumentStore& store,
                                                std::vector<SearchHit> hits) {
  std::vector<SearchHit> kept, last;
  for (auto& h : hits) {
    // The title settles most; a block's text is read only when it does not.
    const bool whole = under_whole_document_title(h.chapter_path) ||
                       states_scope_or_purpose(store.block_content(h.block_id).value_or(""));
    (whole ? last : kept).push_back(std::move(h));
  }
  for (auto& h : last)
    kept.push_back(std::move(h));
  return kept;
}

}  // namespace regreader::index
