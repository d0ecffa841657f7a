// `alias add|list|remove`: names users give regulations ("安规" for GB26860-2011). They live in
// <data dir>/aliases.tsv (alias<TAB>regulation id or title words), which search, the tools, the
// MCP server and the citation checker read; the built-in aliases are listed beside them.

#include <fstream>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
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

fs::path alias_file(const Globals& g) {
  return g.data_dir() / "aliases.tsv";
}

index::AliasTable user_aliases(const Globals& g) {
  index::AliasTable t;
  index::read_tab_pairs(alias_file(g), "alias<TAB>title words or regulation id", t);
  return t;
}

// Rewrites the file through a temporary one, so a crash never leaves half a file.
void write_aliases(const Globals& g, const index::AliasTable& t) {
  const fs::path file = alias_file(g), tmp = file.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << "# alias<TAB>regulation id or title words (regreader alias add|remove)\n";
    for (const auto& [a, b] : t)
      out << a << "\t" << b << "\n";
    if (!out) throw Error(ErrorCode::kIo, "cannot write " + tmp.string());
  }
  std::error_code ec;
  fs::rename(tmp, file, ec);
  if (ec) throw Error(ErrorCode::kIo, "cannot replace " + file.string() + ": " + ec.message());
}

void run_add(const AliasArgs& a, Globals& g) {
  g.json = a.json;
  const std::string name = text::trim(a.name);
  if (name.empty() || name.find('\t') != std::string::npos || name.find('\n') != std::string::npos)
    throw Error(ErrorCode::kInvalidArgument, "an alias is one line of text without tabs");
  const store::PageStore store(g.data_dir(), false);
  store.require(a.target);  // an alias names a stored regulation
  auto t = user_aliases(g);
  std::erase_if(t, [&](const auto& p) { return p.first == name; });
  t.emplace_back(name, a.target);
  fs::create_directories(g.data_dir());
  write_aliases(g, t);
  if (a.json)
    print_json({{"alias", name}, {"reg_id", a.target}});
  else
    std::cout << "alias " << name << " -> " << a.target << "\n";
}

void run_remove(const AliasArgs& a, Globals& g) {
  g.json = a.json;
  auto t = user_aliases(g);
  const size_t before = t.size();
  std::erase_if(t, [&](const auto& p) { return p.first == a.name; });
  if (t.size() == before)
    throw Error(ErrorCode::kNotFound, "no alias '" + a.name + "' in " + alias_file(g).string());
  write_aliases(g, t);
  if (a.json)
    print_json({{"removed", a.name}});
  else
    std::cout << "removed alias " << a.name << "\n";
}

void run_list(const AliasArgs& a, Globals& g) {
  g.json = a.json;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [name, target] : user_aliases(g))
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

int retarget_aliases(const Globals& g, const std::string& from, const std::string& to) {
  auto t = user_aliases(g);
  int changed = 0;
  for (auto& [name, target] : t)
    if (target == from) {
      target = to;
      ++changed;
    }
  if (changed > 0) write_aliases(g, t);
  return changed;
}

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

}  // namespace regreader::cli
