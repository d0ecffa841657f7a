#include "regreader/tools/claim_check.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"

namespace regreader::tools {

namespace {

// A range wider than this is not read page by page (a model citing "P1-300" is not precise).
constexpr int kMaxCheckedPages = 20;

struct Named {
  Verdict v;
  std::string_view name;
};
constexpr Named kNames[] = {
    {Verdict::kVerified, "verified"},
    {Verdict::kFigureNotOnPage, "figure_not_on_page"},
    {Verdict::kObjectNotOnPage, "object_not_on_page"},
    {Verdict::kPageMissing, "page_missing"},
    {Verdict::kRegulationUnknown, "regulation_unknown"},
    {Verdict::kNotReadInRun, "not_read_in_run"},
    {Verdict::kUncitedFigure, "uncited_figure"},
    {Verdict::kUnchecked, "unchecked"},
};

std::string page_label(const Citation& c, const std::string& id) {
  return id + " P" + std::to_string(c.page_first) +
         (c.page_last != c.page_first ? "-" + std::to_string(c.page_last) : "");
}

// The start of a line or chapter title with its decoration removed: "## 5.3 操作" → "5.3操作".
std::string line_head(std::string_view line) {
  std::string s = text::strip_spaces(line);
  size_t i = 0;
  while (i < s.size() && (s[i] == '#' || s[i] == '|' || s[i] == '*' || s[i] == '>'))
    ++i;
  s.erase(0, i);
  if (text::starts_with(s, "续")) s.erase(0, std::string_view("续").size());
  return s;
}

std::vector<std::string> heads(const CitedPage& p) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= p.text.size()) {
    size_t end = p.text.find('\n', start);
    if (end == std::string::npos) end = p.text.size();
    out.push_back(line_head(std::string_view(p.text).substr(start, end - start)));
    start = end + 1;
  }
  for (const auto& c : p.chapters)
    out.push_back(line_head(c));
  return out;
}

// Whether `head` begins with `label` as a whole label: "表1" not in "表10", "5.3" in "5.3.1".
bool begins_with_label(const std::string& head, const std::string& label, bool sub_clauses) {
  if (!text::starts_with(head, label)) return false;
  if (head.size() == label.size()) return true;
  const char next = head[label.size()];
  if (next == '.' && sub_clauses && head.size() > label.size() + 1 &&
      std::isdigit(static_cast<unsigned char>(head[label.size() + 1])))
    return true;
  return !(std::isdigit(static_cast<unsigned char>(next)) || next == '.' || next == '-' ||
           std::isalpha(static_cast<unsigned char>(next)));
}

// 第十二条 and 第12条 are one article.
std::optional<std::pair<int, std::string>> article(const std::string& s) {
  static const Regex re(R"(^第([\d一二三四五六七八九十百零〇]+)([条章节款]))");
  std::string n, kind;
  if (!RE2::PartialMatch(s, re, &n, &kind)) return std::nullopt;
  const auto v = text::parse_number(n);
  if (!v) return std::nullopt;
  return std::make_pair(*v, kind);
}

bool object_on_page(const std::string& label, const std::vector<std::string>& hs,
                    const std::string& page_text) {
  switch (object_kind(label)) {
    case 'r': {
      const auto want = article(label);
      return want && std::any_of(hs.begin(), hs.end(),
                                 [&](const std::string& h) { return article(h) == want; });
    }
    case 'a': {
      // "附录A" as a heading or in the chapter path, or a clause of it (A.1) on the page.
      const std::string letter = label.substr(std::string_view("附录").size());
      return std::any_of(hs.begin(), hs.end(), [&](const std::string& h) {
        return begins_with_label(h, label, false) || begins_with_label(h, letter + ".1", true) ||
               h.find(label) != std::string::npos;
      });
    }
    case 'n': {
      // A note is on the page as its own line ("注1：…"), or labelled inline where several notes
      // share a line ("…。注2：13.8kV…"); "见注2" is a mention, not the note.
      if (std::any_of(hs.begin(), hs.end(),
                      [&](const std::string& h) { return begins_with_label(h, label, false); }))
        return true;
      const std::string flat = text::strip_spaces(page_text);
      for (std::string_view colon : {"：", ":"})
        if (flat.find(label + std::string(colon)) != std::string::npos) return true;
      return false;
    }
    default:
      (void)page_text;
      return std::any_of(hs.begin(), hs.end(), [&](const std::string& h) {
        return begins_with_label(h, label, object_kind(label) == 'c');
      });
  }
}

struct Reader {
  PageSource& source;
  const CheckOptions& options;
  std::map<std::pair<std::string, int>, std::optional<CitedPage>> pages;

  const std::optional<CitedPage>& page(const std::string& id, int n) {
    auto key = std::make_pair(id, n);
    auto it = pages.find(key);
    if (it == pages.end()) it = pages.emplace(key, source.page(id, n)).first;
    return it->second;
  }
};

// Checks one citation; on success appends its pages to `read`.
CitationResult check_citation(const Citation& c, Reader& r, std::vector<const CitedPage*>& read) {
  CitationResult out{c, "", Verdict::kVerified, ""};
  const auto id =
      c.reg_id.empty() ? r.source.resolve(c.regulation) : std::optional<std::string>(c.reg_id);
  if (!id) {
    out.verdict = Verdict::kRegulationUnknown;
    out.detail = "no regulation " + c.regulation + " in the library";
    return out;
  }
  out.reg_id = *id;
  if (r.options.read_regulations) {
    const auto& ids = *r.options.read_regulations;
    if (std::find(ids.begin(), ids.end(), *id) == ids.end()) {
      out.verdict = Verdict::kNotReadInRun;
      out.detail = *id + " was not read in this run";
      return out;
    }
  }
  std::vector<const CitedPage*> mine;
  const int last = std::min(c.page_last, c.page_first + kMaxCheckedPages - 1);
  for (int p = c.page_first; p <= last; ++p) {
    const auto& pg = r.page(*id, p);
    if (!pg) {
      out.verdict = Verdict::kPageMissing;
      out.detail = *id + " has no page " + std::to_string(p);
      return out;
    }
    mine.push_back(&*pg);
  }
  for (const auto& o : c.objects) {
    const bool found = std::any_of(mine.begin(), mine.end(), [&](const CitedPage* p) {
      return object_on_page(o, heads(*p), p->text);
    });
    if (!found) {
      out.verdict = Verdict::kObjectNotOnPage;
      out.detail = o + " is not on " + page_label(c, *id);
      return out;
    }
  }
  read.insert(read.end(), mine.begin(), mine.end());
  return out;
}

std::string units_seen(const Figure& f, const std::vector<PageNumber>& ns) {
  std::set<std::string> fam;
  for (const auto& n : ns)
    if (std::fabs(n.value - f.value) < 1e-9 && n.plus_minus == f.plus_minus && !n.family.empty())
      fam.insert(n.family);
  std::string out;
  for (const auto& x : fam)
    out += (out.empty() ? "" : ", ") + x;
  return out;
}

// Figures against the pages: each one there, the table figures in one row. "" when they hold.
std::string check_figures(const std::vector<Figure>& figures,
                          const std::vector<const CitedPage*>& pages, const std::string& where) {
  std::vector<PageNumber> numbers;
  int row_base = 0;
  for (const CitedPage* p : pages) {
    auto f = scan_page(text::fold_width(p->text));
    int rows = 0;
    for (auto& n : f.numbers) {
      if (n.row >= 0) {
        rows = std::max(rows, n.row + 1);
        n.row += row_base;
      }
      numbers.push_back(n);
    }
    row_base += rows;
  }
  std::vector<std::set<int>> rows_of;  // table rows holding each figure that is in a table
  std::vector<std::string> in_table;
  for (const auto& f : figures) {
    std::set<int> rows;
    bool found = false;
    for (const auto& n : numbers)
      if (same_figure(f, n)) {
        found = true;
        if (n.row >= 0) rows.insert(n.row);
      }
    if (!found) {
      const std::string seen = units_seen(f, numbers);
      return "\"" + f.text + "\" is not on " + where +
             (seen.empty() || f.family.empty()
                  ? ""
                  : " (the value is there as " + seen + ", not " + f.family + ")");
    }
    if (!rows.empty()) {
      rows_of.push_back(std::move(rows));
      in_table.push_back(f.text);
    }
  }
  if (rows_of.size() < 2) return "";
  std::set<int> common = rows_of[0];
  for (size_t i = 1; i < rows_of.size(); ++i) {
    std::set<int> next;
    for (int r : common)
      if (rows_of[i].count(r)) next.insert(r);
    common = std::move(next);
  }
  if (!common.empty()) return "";
  std::string list;
  for (const auto& t : in_table)
    list += (list.empty() ? "\"" : ", \"") + t + "\"";
  return list + " are not in one table row on " + where;
}

// Failures outrank each other in this order when a claim has several citations.
int severity(Verdict v) {
  switch (v) {
    case Verdict::kRegulationUnknown:
      return 6;
    case Verdict::kNotReadInRun:
      return 5;
    case Verdict::kPageMissing:
      return 4;
    case Verdict::kObjectNotOnPage:
      return 3;
    case Verdict::kFigureNotOnPage:
      return 2;
    case Verdict::kUncitedFigure:
      return 1;
    default:
      return 0;
  }
}

ClaimResult check_claim(const Claim& claim, Reader& r) {
  ClaimResult out{claim, {}, Verdict::kVerified, ""};
  std::vector<const CitedPage*> read;
  std::string where;
  for (const auto& c : claim.citations) {
    auto cr = check_citation(c, r, read);
    if (severity(cr.verdict) > severity(out.verdict)) {
      out.verdict = cr.verdict;
      out.detail = cr.detail;
    }
    if (cr.verdict == Verdict::kVerified)
      where += (where.empty() ? "" : " + ") + page_label(c, cr.reg_id);
    out.citations.push_back(std::move(cr));
  }
  if (out.verdict != Verdict::kVerified) return out;
  if (claim.citations.empty()) {
    if (!claim.figures.empty()) {
      out.verdict = Verdict::kUncitedFigure;
      out.detail = "\"" + claim.figures.front().text + "\" has no citation";
    }
    return out;
  }
  const std::string why = check_figures(claim.figures, read, where);
  if (!why.empty()) {
    out.verdict = Verdict::kFigureNotOnPage;
    out.detail = why;
    for (auto& c : out.citations)
      if (c.verdict == Verdict::kVerified) c.verdict = Verdict::kFigureNotOnPage;
  }
  return out;
}

bool same_value(const Figure& a, const Figure& b) {
  PageNumber n;
  n.value = b.value;
  n.family = b.family;
  n.base = b.base;
  n.plus_minus = b.plus_minus;
  n.decimal = true;  // compared as figures, not as a page's bare integers
  return same_figure(a, n);
}

// An uncited sentence that only repeats figures a verified claim states ("10kV 设备的安全距离
// 如下：") is not a new claim.
void accept_restatements(std::vector<ClaimResult>& claims) {
  std::vector<const Figure*> verified;
  for (const auto& c : claims)
    if (c.verdict == Verdict::kVerified && !c.claim.citations.empty())
      for (const auto& f : c.claim.figures)
        verified.push_back(&f);
  for (auto& c : claims) {
    if (c.verdict != Verdict::kUncitedFigure) continue;
    const bool all = std::all_of(c.claim.figures.begin(), c.claim.figures.end(), [&](auto& f) {
      return std::any_of(verified.begin(), verified.end(),
                         [&](const Figure* v) { return same_value(f, *v); });
    });
    if (all) {
      c.verdict = Verdict::kVerified;
      c.detail = "repeats figures of a verified claim";
    }
  }
}

}  // namespace

std::string_view verdict_name(Verdict v) {
  for (const auto& n : kNames)
    if (n.v == v) return n.name;
  return "unchecked";
}

std::optional<Verdict> parse_verdict(std::string_view name) {
  for (const auto& n : kNames)
    if (n.name == name) return n.v;
  return std::nullopt;
}

bool is_failure(Verdict v) {
  return v != Verdict::kVerified && v != Verdict::kUnchecked;
}

bool AnswerReport::ok() const {
  return std::none_of(claims.begin(), claims.end(),
                      [](const ClaimResult& c) { return is_failure(c.verdict); });
}

nlohmann::json AnswerReport::counts() const {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& c : claims) {
    const std::string k(verdict_name(c.verdict));
    j[k] = j.value(k, 0) + 1;
  }
  return j;
}

AnswerReport check_answer_claims(std::string_view answer, PageSource& source,
                                 const CheckOptions& options) {
  Reader reader{source, options, {}};
  AnswerReport report;
  for (const auto& claim : split_claims(answer, source.names()))
    report.claims.push_back(check_claim(claim, reader));
  accept_restatements(report.claims);
  return report;
}

void to_json(nlohmann::json& j, const ClaimResult& c) {
  nlohmann::json figures = nlohmann::json::array();
  for (const auto& f : c.claim.figures)
    figures.push_back(f.text);
  nlohmann::json cites = nlohmann::json::array();
  for (const auto& x : c.citations)
    cites.push_back({{"raw", x.citation.raw},
                     {"regulation", x.citation.regulation},
                     {"reg_id", x.reg_id},
                     {"page_first", x.citation.page_first},
                     {"page_last", x.citation.page_last},
                     {"objects", x.citation.objects},
                     {"verdict", verdict_name(x.verdict)},
                     {"detail", x.detail}});
  j = {{"text", c.claim.text},
       {"verdict", verdict_name(c.verdict)},
       {"detail", c.detail},
       {"figures", figures},
       {"citations", cites}};
}

void to_json(nlohmann::json& j, const AnswerReport& r) {
  j = {{"ok", r.ok()}, {"counts", r.counts()}, {"claims", r.claims}};
}

AnswerReport answer_report_from_json(const nlohmann::json& j) {
  AnswerReport r;
  for (const auto& c : j.value("claims", nlohmann::json::array())) {
    ClaimResult cr;
    cr.claim.text = c.value("text", "");
    cr.verdict = parse_verdict(c.value("verdict", "")).value_or(Verdict::kUnchecked);
    cr.detail = c.value("detail", "");
    for (const auto& f : c.value("figures", nlohmann::json::array()))
      if (f.is_string()) {
        Figure fig;
        fig.text = f.get<std::string>();
        cr.claim.figures.push_back(std::move(fig));
      }
    for (const auto& x : c.value("citations", nlohmann::json::array())) {
      CitationResult xr;
      xr.citation.raw = x.value("raw", "");
      xr.citation.regulation = x.value("regulation", "");
      xr.citation.page_first = x.value("page_first", 0);
      xr.citation.page_last = x.value("page_last", 0);
      for (const auto& o : x.value("objects", nlohmann::json::array()))
        if (o.is_string()) xr.citation.objects.push_back(o.get<std::string>());
      xr.reg_id = x.value("reg_id", "");
      xr.verdict = parse_verdict(x.value("verdict", "")).value_or(Verdict::kUnchecked);
      xr.detail = x.value("detail", "");
      cr.claim.citations.push_back(xr.citation);
      cr.citations.push_back(std::move(xr));
    }
    r.claims.push_back(std::move(cr));
  }
  return r;
}

}  // namespace regreader::tools
