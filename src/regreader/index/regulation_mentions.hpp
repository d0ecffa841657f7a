#pragma once
// Regulations named in a query: a title in 《》 ("根据《消防法》规定"), a standard number
// ("GB 26860", "GB26860-2011", "Q/CSG 125008", "NB/T 31147—2018"), a law's or long title
// written bare ("消防法规定…", "电力安全工作规程中…"), an alias (安规, 调度规程; users add
// theirs in <data dir>/aliases.tsv) or a short name made of the title's characters the way
// people shorten names (线路安规, 防雷规范, 直流规程, 安全法). Search scopes to the regulations
// named and says so.

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "regreader/model/regulation_info.hpp"

namespace regreader::index {

/// alias -> words of the regulations' titles or ids it stands for ("安规" -> "电力安全工作规程").
using AliasTable = std::vector<std::pair<std::string, std::string>>;

const AliasTable& builtin_aliases();

/// The built-in aliases followed by those of `file` ("alias<TAB>title words or reg id" per line,
/// '#' starts a comment) when it exists; a malformed line is Error(kInvalidArgument) naming it.
AliasTable load_aliases(const std::filesystem::path& file);

struct RegulationMention {
  std::string text;  ///< as written in the query: "《消防法》", "GB 26860", "安规"
  std::vector<std::string> reg_ids;  ///< the stored regulations it names; empty: none stored
};

struct QueryMentions {
  std::vector<RegulationMention> mentions;
  /// The query without the mentions that name a stored regulation (and the framing around them,
  /// 根据…规定); mentions of regulations not stored stay, as words other documents may cite.
  std::string rest;
  /// Every regulation named, in the order of the store's list.
  std::vector<std::string> reg_ids() const;
  /// "《消防法》 -> 消防法(2021-04-29)" for each mention that names stored regulations.
  std::string describe() const;
};

/// Whether `title` says what kind of document it is (…规范, …规程, …导则, …法): a title that
/// does not (a converter kept `电气装置安装工程` of a standard's title) is read with the name the
/// document gives itself in its scope clause.
bool names_its_kind(const std::string& title);

/// The name a document gives itself where it says what it applies to: `本规范适用于电气装置安装
/// 工程接地装置的施工及验收` -> `电气装置安装工程接地装置的施工及验收规范`; "" when `text` holds no
/// such sentence.
std::string scope_name(const std::string& text);

/// The names a library's regulations go by (titles and their parts, standard numbers, aliases),
/// prepared once for many queries.
class RegulationNames {
 public:
  /// `own_names`: by regulation id, the name a regulation gives itself (scope_name) where its
  /// title does not name its kind; short names are made of its characters too.
  RegulationNames(const std::vector<model::RegulationInfo>& regs, const AliasTable& aliases,
                  const std::map<std::string, std::string>& own_names = {});
  /// Finds the regulations `query` names.
  QueryMentions find(const std::string& query) const;

 private:
  struct Entry {
    std::string id;
    std::vector<std::string> forms;  ///< normalized names: title, its parts, the id's name
    std::vector<std::pair<std::string, std::string>> numbers;  ///< standard number, year
    std::string haystack;                                      ///< normalized title and id
    std::u32string name;  ///< the title's characters, for short names (线路安规, 防雷规范)
    bool standard = false;  ///< the title names a standard's kind (…规范, …导则, …技术要求)
  };
  std::vector<std::string> shortened(const std::u32string& span) const;
  std::vector<std::string> mixed_kind(const std::u32string& prefix) const;
  void find_short_names(std::string& q, QueryMentions& out) const;
  std::vector<std::string> book_title(const std::string& name) const;
  std::vector<std::string> numbered(const std::string& written) const;
  std::vector<Entry> regs_;
  /// Names looked for bare in a query (long titles, laws, aliases), longest first, with the
  /// regulations each names.
  std::vector<std::pair<std::string, std::vector<std::string>>> bare_;
};

/// Finds the regulations `query` names among `regs` (RegulationNames(regs, aliases).find).
QueryMentions find_mentions(const std::string& query,
                            const std::vector<model::RegulationInfo>& regs,
                            const AliasTable& aliases);

/// A standard number in canonical form: letters upper-cased without "/", "T" and "Z" suffixes
/// kept apart, digits as written: "NB/T 31147—2018" -> "NB31147", "Q/CSG 125008" -> "QCSG125008";
/// `year` gets "2018" when present. Empty when `s` holds none. Used on queries and on titles.
std::string standard_number(const std::string& s, std::string* year = nullptr);

}  // namespace regreader::index
