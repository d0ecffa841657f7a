#pragma once
// The one grammar for page citations, used for answers, event logs and displays alike:
//
//   citation   := regulation [objects] page [objects]
//   regulation := a stored id or name as written ("GB26860-2011-4", "电力法(2018-12-29)",
//                 "《电力安全工作规程》", an alias) | a standard's code ("GB/T 14285—2006")
//   page       := "P4" | "P4-5" | "p.4" | "第4页" | "第4-5页" | "第4至5页"
//   objects    := object { ("、" | "，" | "," | "和" | "及" | space) object }
//   object     := "表" label | "续表" label | "注" label | "附录" letter | clause |
//   "第N条|章|节|款"
//
// A page with no regulation of its own ("P9 注①") belongs to the nearest regulation before it.
// Citations are found inline, in （） and (), in [] and in 【来源】 lists; a citation never reaches
// past a closing bracket, a sentence end or the next page.
//
// Known names are matched first, longest first, and only where the next character cannot
// continue an id ("GB26860-2011" is not read out of "GB26860-2011-4"); a code the library does
// not hold is read whole, copy suffix included, so it can never be mistaken for another one.

#include <string>
#include <string_view>
#include <vector>

namespace regreader::tools {

/// A name a regulation may be cited by: its id, its title, an alias.
struct RegulationName {
  std::string name;
  std::string reg_id;
};

struct Citation {
  std::string raw;         ///< as written, e.g. "GB26860 P4 表1"
  std::string regulation;  ///< as cited: a known name, or a normalised code ("GB26860-2011")
  std::string reg_id;      ///< the stored id when a known name was cited; else empty
  int page_first = 0;
  int page_last = 0;                 ///< == page_first for one page
  std::vector<std::string> objects;  ///< cited objects: "表1", "注①", "4.2.3", "附录A", "第十二条"
  size_t start = 0;                  ///< byte span in fold_width(text)
  size_t end = 0;

  /// The first cited object of a kind, or "": a table ("表…"), a note ("注…"), anything else.
  std::string table() const;
  std::string annotation() const;
  std::string section() const;
};

/// Every page citation in `text`. Offsets are into text::fold_width(text).
std::vector<Citation> extract_citations(std::string_view text,
                                        const std::vector<RegulationName>& names = {});

/// "GB/T 14285—2006" → "GBT14285-2006" (the form regulation ids take when ingested).
std::string normalize_regulation_code(std::string_view code);

/// Kind of a cited object label: 't' table, 'n' note, 'a' appendix, 'r' article or chapter
/// (第N条), 'c' clause number.
char object_kind(std::string_view label);

}  // namespace regreader::tools
