#include "regreader/index/search_filter.hpp"

#include <algorithm>
#include <functional>

#include "regreader/parse/structure/numbering.hpp"

namespace regreader::index {

namespace {

bool looks_like_section(const std::string& scope) {
  if (scope.empty()) return false;
  if (parse::match_section_number(scope + " x")) return true;
  return scope.find_first_not_of("0123456789.") == std::string::npos;
}

}  // namespace

bool in_chapter_scope(const std::vector<std::string>& path, const std::string& scope) {
  if (scope.empty()) return true;
  const bool section = looks_like_section(scope);
  for (const auto& title : path) {
    if (!section) {
      if (title.find(scope) != std::string::npos) return true;
      continue;
    }
    const std::string number = title.substr(0, title.find(' '));
    if (number == scope || number.rfind(scope + ".", 0) == 0) return true;
  }
  return false;
}

bool in_section(const std::string& have, const std::string& want) {
  return have == want || (have.size() > want.size() && have.compare(0, want.size(), want) == 0 &&
                          have[want.size()] == '.');
}

std::string innermost_section(const std::vector<std::string>& path) {
  for (auto it = path.rbegin(); it != path.rend(); ++it)
    if (auto m =
            parse::match_section_number(*it + (it->find(' ') == std::string::npos ? " x" : "")))
      return m->number;
  return {};
}

bool matches_chapter_filters(const std::vector<std::string>& path, const SearchFilter& f) {
  if (!in_chapter_scope(path, f.chapter_scope)) return false;
  if (f.section_number.empty()) return true;
  const std::string have = innermost_section(path);
  if (f.section_exact) return have == f.section_number;
  return in_section(have, f.section_number);
}

uint64_t content_hash(std::string_view text) {
  const uint64_t h = std::hash<std::string_view>{}(text);
  return h == 0 ? 1 : h;
}

void finish_hit(SearchHit& h) {
  h.section_number = innermost_section(h.chapter_path);
  h.source = h.reg_id + " P" + std::to_string(h.page_num) +
             (h.section_number.empty() ? "" : " " + h.section_number);
}

bool passes_block_filters(const model::ContentBlock& b, const SearchFilter& f) {
  const bool typed = f.block_types.empty() || std::find(f.block_types.begin(), f.block_types.end(),
                                                        b.block_type) != f.block_types.end();
  return typed && matches_chapter_filters(b.chapter_path, f);
}

SearchHit hit_of_block(const std::string& reg_id, int page_num, const model::ContentBlock& b,
                       const std::string& match) {
  SearchHit h;
  h.reg_id = reg_id;
  h.page_num = page_num;
  h.block_id = b.block_id;
  h.block_type = b.block_type;
  h.chapter_path = b.chapter_path;
  h.match = match;
  finish_hit(h);
  return h;
}

std::string leading_snippet(const std::string& text, int chars) {
  std::string out;
  int n = 0;
  bool space = false;
  size_t i = 0;
  for (; i < text.size() && n < chars;) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      ++i;
      continue;
    }
    if (space) out.push_back(' '), ++n;
    space = false;
    out.append(text, i, len);
    i += len;
    ++n;
  }
  return i < text.size() ? out + "…" : out;
}

void append_in_list(std::string& sql, int& next_param, const char* column, size_t n) {
  if (n == 0) return;
  sql += std::string(" AND ") + column + " IN (";
  for (size_t i = 0; i < n; ++i)
    sql += (i ? ", ?" : "?") + std::to_string(next_param++);
  sql += ")";
}

}  // namespace regreader::index
