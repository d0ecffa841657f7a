#pragma once
// A regulation named the way a reader names it, wherever an id is asked for (`-r`, `toc`,
// `read-pages`, every tool's reg_id, the reading room's routes): the stored id itself, an alias
// (安规, 稳定导则; the user's aliases.tsv), a standard number (GB 26860, GB26860-2011) or a title
// (《消防法》, 电力法). The resolved id is said back, so a reader sees which regulation answered.

#include <string>
#include <vector>

#include "regreader/index/regulation_mentions.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

struct ResolvedRegulations {
  std::vector<std::string> reg_ids;  ///< the stored regulations the name stands for
  /// "安规 -> GB26860, GB26859" when the name was not an id; "" when it was.
  std::string said;
};

/// Every stored regulation `name` stands for; Error(kNotFound) naming the stored ids when none.
ResolvedRegulations resolve_regulations(const store::DocumentStore& store,
                                        const AliasTable& aliases, const std::string& name);

/// The one stored regulation `name` stands for: when it names several, the first, if they are
/// copies of one document (copies.hpp); else Error(kInvalidArgument) listing them.
ResolvedRegulations resolve_regulation(const store::DocumentStore& store, const AliasTable& aliases,
                                       const std::string& name);

}  // namespace regreader::index
