#include "regreader/parse/references.hpp"

#include <regex>

#include "regreader/core/text.hpp"
#include "regreader/parse/notes.hpp"

namespace regreader::parse {

using model::RefKind;

namespace {

// std::regex works on bytes, so Chinese numerals are spelled out as alternatives.
#define CN_NUM "(?:[0-9]+|(?:一|二|三|四|五|六|七|八|九|十|百|零|〇|两)+)"
#define CIRCLED "(?:①|②|③|④|⑤|⑥|⑦|⑧|⑨|⑩|⑪|⑫|⑬|⑭|⑮|⑯|⑰|⑱|⑲|⑳)"

struct Pattern {
  RefKind kind;
  std::regex re;
  int group;  // the sub-match that names the target
};

const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> p = {
      {RefKind::kNote, std::regex("(?:见|参见|详见)\\s*(注\\s*(?:" CN_NUM "|" CIRCLED ")?)"), 1},
      {RefKind::kTable, std::regex("(?:续)?表\\s*([A-Z]?\\.?[0-9]+(?:(?:\\.|-|－)[0-9]+)*)"), 1},
      {RefKind::kFigure, std::regex("图\\s*([A-Z]?\\.?[0-9]+(?:(?:\\.|-|－)[0-9]+)*)"), 1},
      {RefKind::kAppendix, std::regex("附\\s*录\\s*([A-Z])(?![A-Za-z])"), 1},
      {RefKind::kChapter,
       std::regex("(?:本规程|本标准|本法|本条例|本办法|本规定)?(第\\s*" CN_NUM "\\s*(?:章|节|编))"),
       1},
      {RefKind::kArticle,
       std::regex("(?:本规程|本标准|本法|本条例|本办法|本规定)?(第" CN_NUM "条)"), 1},
      {RefKind::kSection,
       std::regex("(?:见|参见|详见|按|按照|依据|依照|符合|执行|满足)\\s*(?:第\\s*)?([0-9]{1,2}(?:"
                  "\\.[0-9]{1,3}){1,5})(?![0-9.])"),
       1},
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
      return "附录" + t;
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
  const auto before = text::to_codepoints(s.substr(0, pos));
  static const std::u32string_view words = U"代发列报仪外电图年附地绘草试意";
  return words.find(before.back()) == std::u32string_view::npos;
}

}  // namespace

std::string table_label(std::string_view caption_or_label) {
  static const std::regex lab("^(?:续)?表\\s*([A-Z]?\\.?[0-9]+(?:(?:\\.|-|－)[0-9]+)*)");
  const std::string s = text::trim(text::fold_width(caption_or_label));
  std::smatch m;
  if (std::regex_search(s, m, lab)) return "表" + m[1].str();
  return {};
}

std::vector<FoundReference> find_references(std::string_view text_in) {
  const std::string s = text::fold_width(text_in);
  struct Hit {
    size_t pos, len;
    FoundReference ref;
  };
  std::vector<Hit> hits;
  for (const auto& p : patterns()) {
    for (std::sregex_iterator it(s.begin(), s.end(), p.re), end; it != end; ++it) {
      const auto& m = *it;
      const size_t pos = static_cast<size_t>(m.position(0)), len = static_cast<size_t>(m.length(0));
      // A span already taken by an earlier pattern (见注1 before 注, 表 before 图) is not read
      // twice.
      bool overlaps = false;
      for (const auto& h : hits)
        overlaps = overlaps || (pos < h.pos + h.len && h.pos < pos + len);
      if (overlaps || !plausible_context(p.kind, s, pos)) continue;
      hits.push_back(
          {pos, len, {p.kind, text::trim(m.str(0)), canonical(p.kind, m[p.group].str())}});
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
  static const std::regex section("^([0-9]{1,2}(?:\\.[0-9]{1,3}){0,5})$");
  std::smatch m;
  if (std::regex_match(q, m, section)) return FoundReference{RefKind::kSection, q, m[1].str()};
  if (auto id = canonical_note_id(q)) return FoundReference{RefKind::kNote, q, *id};
  return std::nullopt;
}

namespace {

const model::ChapterNode* find_node(const model::DocumentStructure& s, const FoundReference& ref) {
  if (const auto* n = s.get_node_by_section_number(ref.target)) return n;
  // "第5章" in a standard whose chapters are numbered "5".
  if (ref.kind == RefKind::kChapter) {
    static const std::regex num("^第(.+)(?:章|节|编)$");
    std::smatch m;
    if (std::regex_match(ref.target, m, num))
      if (auto v = text::parse_number(m[1].str()))
        return s.get_node_by_section_number(std::to_string(*v));
  }
  return nullptr;
}

const model::TableEntry* find_table(const std::vector<model::TableEntry>& tables,
                                    const std::string& label) {
  for (const auto& t : tables)
    if (t.table_id == label) return &t;
  for (const auto& t : tables)
    if (table_label(t.caption) == label) return &t;
  return nullptr;
}

const model::Annotation* find_note(const std::vector<model::Annotation>& notes,
                                   const std::string& id, int page) {
  const model::Annotation* best = nullptr;
  for (const auto& a : notes) {
    if (a.annotation_id != id) continue;
    if (a.page_num == page) return &a;
    // Prefer the nearest note after the reference, then the nearest before it.
    auto rank = [&](const model::Annotation* x) {
      return x->page_num >= page ? x->page_num - page : 1000 + page - x->page_num;
    };
    if (!best || rank(&a) < rank(best)) best = &a;
  }
  return best;
}

}  // namespace

model::ReferenceLink resolve_reference(const FoundReference& ref, int page,
                                       const ReferenceTargets& targets) {
  model::ReferenceLink link;
  link.page_num = page;
  link.kind = ref.kind;
  link.text = ref.text;
  link.target = ref.target;
  switch (ref.kind) {
    case RefKind::kTable:
      if (const auto* t = find_table(targets.tables, ref.target)) {
        link.resolved = true;
        link.target_id = t->table_id;
        link.target_page = t->page_start;
      }
      break;
    case RefKind::kNote:
      if (const auto* a = find_note(targets.notes, ref.target, page)) {
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
