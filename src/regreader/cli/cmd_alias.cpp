// `alias add|list|remove`: names users give regulations ("安规" for GB26860-2011). They live in
// <data dir>/aliases.tsv (alias<TAB>regulation id or title words), which search, the tools, the
// MCP server and the citation checker read; the built-in aliases are listed beside them.

#include <algorithm>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/regulation_ids.hpp"
#include "regreader/index/regulation_mentions.hpp"
#include "regreader/index/synonyms.hpp"

namespace regreader::cli {

namespace fs = std::filesystem;

namespace {

struct AliasArgs {
  std::string name;
  std::string target;
  bool json = false;
};

void run_add(const AliasArgs& a, Globals& g) {
  g.json = a.json;
  auto lib = g.library();
  lib.add_alias(a.name, a.target);
  const std::string name = text::trim(a.name);
  if (a.json)
    print_json({{"alias", name}, {"reg_id", a.target}});
  else
    std::cout << "alias " << name << " -> " << a.target << "\n";
}

void run_remove(const AliasArgs& a, Globals& g) {
  g.json = a.json;
  auto lib = g.library();
  lib.remove_alias(a.name);
  if (a.json)
    print_json({{"removed", a.name}});
  else
    std::cout << "removed alias " << a.name << "\n";
}

void run_list(const AliasArgs& a, Globals& g) {
  g.json = a.json;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [name, target] : g.library().user_aliases())
    out.push_back({{"alias", name}, {"names", target}, {"origin", "user"}});
  for (const auto& [name, target] : index::builtin_aliases())
    out.push_back({{"alias", name}, {"names", target}, {"origin", "built-in"}});
  if (a.json) {
    print_json(out);
    return;
  }
  for (const auto& e : out)
    std::cout << e["alias"].get<std::string>() << "\t-> " << e["names"].get<std::string>() << "  ("
              << e["origin"].get<std::string>() << ")\n";
}

}  // namespace

void add_alias_command(CLI::App& app, Globals& g) {
  auto* al =
      app.add_subcommand("alias", "Names for regulations that search, tools and checks accept");
  al->require_subcommand(1);
  auto a = std::make_shared<AliasArgs>();
  auto* add = al->add_subcommand("add", "Add (or change) an alias of a stored regulation");
  add->add_option("alias", a->name, "The name, e.g. 安规")->required();
  add->add_option("reg_id", a->target, "The regulation it names, e.g. GB26860-2011")->required();
  add->add_flag("--json", a->json, "JSON result");
  add->callback([a, &g] { run_add(*a, g); });
  auto* rm = al->add_subcommand("remove", "Remove an alias you added");
  rm->add_option("alias", a->name, "The name")->required();
  rm->add_flag("--json", a->json, "JSON result");
  rm->callback([a, &g] { run_remove(*a, g); });
  auto* ls = al->add_subcommand("list", "Your aliases, then the built-in ones");
  ls->add_flag("--json", a->json, "JSON array");
  ls->callback([a, &g] { run_list(*a, g); });
  al->footer(
      "Aliases live in <data dir>/aliases.tsv. Examples:\n"
      "  regreader alias add 安规 GB26860-2011\n"
      "  regreader search \"安规 安全距离\"          # scoped to GB26860-2011\n"
      "  regreader alias list");
}

std::string stored_id(const index::Library& lib, const std::string& name, bool quiet) {
  const auto r = index::resolve_regulation(lib.documents(), lib.aliases(), name);
  if (!r.said.empty() && !quiet) std::cerr << "regulation: " << r.said << "\n";
  return r.reg_ids.front();
}

std::vector<std::string> stored_ids(const index::Library& lib,
                                    const std::vector<std::string>& names, bool quiet) {
  std::vector<std::string> out;
  for (const auto& name : names) {
    const auto r = index::resolve_regulations(lib.documents(), lib.aliases(), name);
    if (!r.said.empty() && !quiet) std::cerr << "regulation: " << r.said << "\n";
    for (const auto& id : r.reg_ids)
      if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
  return out;
}

}  // namespace regreader::cli
