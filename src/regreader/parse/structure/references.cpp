#include "regreader/parse/structure/references.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <stdexcept>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/structure/notes.hpp"

namespace regreader::parse {

using model::RefKind;

namespace {

// RE2 reads UTF-8, so [一二] is a class of two characters.
#define CN_NUM "(?:[0-9]+|[一二三四五六七八九十百零〇两]+)"
#define CIRCLED "[①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳]"
#define TABLE_NUM "([A-Z]?\\.?[0-9]+(?:[.\\-－][0-9]+)*)"
// A caption's number as some Word files type it, spaced out for justification
// (`表 5 . 3 . 6 - 2`): spaces around the separators, none between two digits.
#define SPACED_TABLE_NUM "([A-Z]?\\s*\\.?\\s*[0-9]+(?:\\s*[.\\-－]\\s*[0-9]+)*)"

struct Pattern {
  RefKind kind;
  Regex re;
  int group;  // the sub-match that names the target
  // The match ends with `group`; the pattern reads one more character (or the end of the text)
  // to stand in for a lookahead, which RE2 does not have.
  bool ends_with_group = false;
};

// In the order a span is claimed: 见注1 before 注, 表 before 图.
const auto& patterns() {
  static const Pattern p[] = {
      {RefKind::kNote, Regex("(?:见|参见|详见)\\s*(注\\s*(?:" CN_NUM "|" CIRCLED ")?)"), 1},
      {RefKind::kTable, Regex("(?:续)?表\\s*" TABLE_NUM), 1},
      {RefKind::kFigure, Regex("图\\s*" TABLE_NUM), 1},
      // 附录A, not 附录ABC.
      {RefKind::kAppendix, Regex("附\\s*录\\s*([A-Z])(?:[^A-Za-z]|$)"), 1, true},
      // An official document's attachment, 填写附件1; not 附件12.
      {RefKind::kAppendix, Regex("(附\\s*件\\s*[1-9])(?:[^0-9]|$)"), 1, true},
      {RefKind::kChapter,
       Regex("(?:本规程|本标准|本法|本条例|本办法|本规定)?(第\\s*" CN_NUM "\\s*[章节编])"), 1},
      {RefKind::kArticle, Regex("(?:本规程|本标准|本法|本条例|本办法|本规定)?(第" CN_NUM "条)"), 1},
      // 5.2.3, not the start of a longer number or one followed by a dot.
      {RefKind::kSection,
       Regex("(?:见|参见|详见|按|按照|依据|依照|符合|执行|满足)\\s*(?:第\\s*)?([0-9]{1,2}(?:"
             "\\.[0-9]{1,3}){1,5})(?:[^0-9.]|$)"),
       1, true},
  };
  return p;
}

std::string canonical(RefKind kind, const std::string& raw) {
  std::string t = text::strip_spaces(raw);
  switch (kind) {
    case RefKind::kTable:
      return "表" + t;
    case RefKind::kFigure:
      return "图" + t;
    case RefKind::kAppendix:
      return text::starts_with(t, "附件") ? t : "附录" + t;
    case RefKind::kNote:
      return canonical_note_id(t).value_or(t);
    default:
      return t;
  }
}

// Words that end in 表 or 图 without naming a table or figure: 代表1名, 报表2份, 地图1张.
bool plausible_context(RefKind kind, const std::string& s, size_t pos) {
  if (kind != RefKind::kTable && kind != RefKind::kFigure) return true;
  if (pos == 0) return true;
  size_t start = pos - 1;  // of the character before pos: only it is decoded, not all of s
  while (start > 0 && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
    --start;
  const auto before = text::to_codepoints(std::string_view(s).substr(start, pos - start));
  static const std::u32string_view words = U"代发列报仪外电图年附地绘草试意";
  return words.find(before.back()) == std::u32string_view::npos;
}

}  // namespace

std::string table_label(std::string_view caption_or_label) {
  static const Regex lab("^(?:续)?表\\s*" SPACED_TABLE_NUM);
  const std::string s = text::trim(text::fold_width(caption_or_label));
  if (std::string num; RE2::PartialMatch(s, lab, &num)) return "表" + text::strip_spaces(num);
  return {};
}

bool continuation_caption(std::string_view caption) {
  const std::string s = text::strip_spaces(text::fold_width(caption));
  return text::starts_with(s, "续表") || s.find("(续") != std::string::npos ||
         s.find("（续") != std::string::npos;
}

std::vector<FoundReference> find_references(std::string_view text_in) {
  const std::string s = text::fold_width(text_in);
  struct Hit {
    size_t pos, len;
    FoundReference ref;
  };
  std::vector<Hit> hits;
  std::map<size_t, size_t> taken;  // start -> end of each span read: disjoint spans
  for (const auto& p : patterns()) {
    std::vector<re2::StringPiece> m(1 + p.re.NumberOfCapturingGroups());
    const int n = static_cast<int>(m.size());
    // Left to right, not overlapping; each search sees the text before it.
    for (size_t from = 0;
         from <= s.size() && p.re.Match(s, from, s.size(), RE2::UNANCHORED, m.data(), n);) {
      const re2::StringPiece& last = p.ends_with_group ? m[p.group] : m[0];
      const size_t pos = static_cast<size_t>(m[0].data() - s.data());
      const size_t len = static_cast<size_t>(last.data() - s.data()) + last.size() - pos;
      from = pos + std::max<size_t>(len, 1);  // no pattern matches empty text; no endless loop
      // A span already taken by an earlier pattern (见注1 before 注, 表 before 图) is not read
      // twice. The spans taken are disjoint: only the last one starting before this match ends
      // can overlap it.
      const auto next = taken.lower_bound(pos + len);
      const bool overlaps = next != taken.begin() && std::prev(next)->second > pos;
      if (overlaps || !plausible_context(p.kind, s, pos)) continue;
      taken.emplace(pos, pos + len);
      hits.push_back(
          {pos,
           len,
           {p.kind, text::trim(s.substr(pos, len)), canonical(p.kind, std::string(m[p.group]))}});
    }
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) { return a.pos < b.pos; });
  std::vector<FoundReference> out;
  for (auto& h : hits)
    out.push_back(std::move(h.ref));
  return out;
}

std::optional<FoundReference> parse_reference_query(std::string_view query) {
  const std::string q = text::trim(text::fold_width(query));
  if (q.empty()) return std::nullopt;
  auto found = find_references(q);
  if (!found.empty()) return found.front();
  // Bare targets: "5.2.3", "注1", "注①".
  static const Regex section("[0-9]{1,2}(?:\\.[0-9]{1,3}){0,5}");
  if (RE2::FullMatch(q, section)) return FoundReference{RefKind::kSection, q, q};
  if (auto id = canonical_note_id(q)) return FoundReference{RefKind::kNote, q, *id};
  return std::nullopt;
}

namespace {

const model::ChapterNode* find_node(const model::DocumentStructure& s, const FoundReference& ref) {
  if (const auto* n = s.get_node_by_section_number(ref.target)) return n;
  // "第5章" in a standard whose chapters are numbered "5".
  if (ref.kind == RefKind::kChapter) {
    // [^\n\r]: any character, as the ECMAScript "." was.
    static const Regex num("第([^\n\r]+)[章节编]");
    if (std::string n; RE2::FullMatch(ref.target, num, &n))
      if (auto v = text::parse_number(n)) return s.get_node_by_section_number(std::to_string(*v));
  }
  return nullptr;
}

}  // namespace

ReferenceTargets::ReferenceTargets(const model::DocumentStructure& structure,
                                   const std::vector<model::TableEntry>& tables,
                                   const std::vector<model::Annotation>& notes)
    : structure(structure) {
  for (const auto& t : tables) {
    by_id_.emplace(t.table_id, &t);  // emplace keeps the first
    by_label_.emplace(table_label(t.caption), &t);
  }
  for (const auto& a : notes)
    notes_[a.annotation_id].push_back(&a);
  for (auto& [id, v] : notes_)
    std::stable_sort(v.begin(), v.end(),
                     [](const model::Annotation* x, const model::Annotation* y) {
                       return x->page_num < y->page_num;
                     });
}

const model::TableEntry* ReferenceTargets::table(const std::string& label) const {
  if (auto it = by_id_.find(label); it != by_id_.end()) return it->second;
  if (auto it = by_label_.find(label); it != by_label_.end()) return it->second;
  return nullptr;
}

const model::Annotation* ReferenceTargets::note(const std::string& id, int page) const {
  const auto it = notes_.find(id);
  if (it == notes_.end() || it->second.empty()) return nullptr;
  const auto& v = it->second;
  auto by_page = [](const model::Annotation* a, int p) { return a->page_num < p; };
  // On the page or the nearest after it; else the nearest before (the first note of that page).
  auto at = std::lower_bound(v.begin(), v.end(), page, by_page);
  if (at != v.end()) return *at;
  return *std::lower_bound(v.begin(), v.end(), v.back()->page_num, by_page);
}

model::ReferenceLink resolve_reference(const FoundReference& ref, int page,
                                       const ReferenceTargets& targets) {
  model::ReferenceLink link;
  link.page_num = page;
  link.kind = ref.kind;
  link.text = ref.text;
  link.target = ref.target;
  switch (ref.kind) {
    case RefKind::kTable:
      if (const auto* t = targets.table(ref.target)) {
        link.resolved = true;
        link.target_id = t->table_id;
        link.target_page = t->page_start;
      }
      break;
    case RefKind::kNote:
      if (const auto* a = targets.note(ref.target, page)) {
        link.resolved = true;
        link.target_id = a->annotation_id;
        link.target_page = a->page_num;
      }
      break;
    case RefKind::kFigure:
      break;  // figures are not extracted yet
    default:
      if (const auto* n = find_node(targets.structure, ref)) {
        link.resolved = true;
        link.target_id = n->node_id;
        link.target_page = n->page_start;
      }
  }
  return link;
}

}  // namespace regreader::parse
