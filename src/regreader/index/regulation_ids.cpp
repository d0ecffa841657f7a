#include "regreader/index/regulation_ids.hpp"

#include <algorithm>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/copies.hpp"
#include "regreader/index/guided_search.hpp"

namespace regreader::index {

ResolvedRegulations resolve_regulations(const store::DocumentStore& store,
                                        const AliasTable& aliases, const std::string& name) {
  if (store.find(name)) return {{name}, ""};
  const std::string trimmed = text::trim(name);
  if (!trimmed.empty()) {
    // The whole name must be names: "安规" or "GB 26860", not "安规 接地线".
    const auto m = library_names(store, aliases)->find(trimmed);
    if (!m.reg_ids().empty() && text::trim(m.rest).empty())
      return {m.reg_ids(), trimmed + " -> " + text::join(m.reg_ids(), ", ")};
  }
  store::throw_unknown_regulation(name, store.list());
}

ResolvedRegulations resolve_regulation(const store::DocumentStore& store, const AliasTable& aliases,
                                       const std::string& name) {
  auto r = resolve_regulations(store, aliases, name);
  if (r.reg_ids.size() == 1) return r;
  const auto families = copy_families(store, r.reg_ids);
  if (std::all_of(families.begin(), families.end(),
                  [&](const std::string& f) { return f == families.front(); })) {
    r.reg_ids.resize(1);
    r.said = text::trim(name) + " -> " + r.reg_ids.front() + " (the first of its copies)";
    return r;
  }
  throw Error(ErrorCode::kInvalidArgument,
              "'" + name + "' names " + std::to_string(r.reg_ids.size()) + " regulations (" +
                  text::join(r.reg_ids, ", ") + "); give one of their ids");
}

}  // namespace regreader::index
