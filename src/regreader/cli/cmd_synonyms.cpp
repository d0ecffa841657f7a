// `synonyms`: the words keyword search widens a query with, and where each comes from: the
// built-in field words (挂地线 -> 装设接地线), the words the stored regulations define (俗称,
// 简称, a terms entry's other form, a table of colloquial names; rebuilt after each ingest) and
// the user's <data dir>/synonyms.tsv.

#include <algorithm>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/index/synonyms.hpp"
#include "regreader/tools/lookups.hpp"

namespace regreader::cli {

namespace {

struct SynonymArgs {
  std::vector<std::string> reg_ids;
  std::string word;
  bool json = false;
};

nlohmann::json entries(const index::Library& lib, const SynonymArgs& a,
                       const std::vector<std::string>& regs) {
  nlohmann::json out = nlohmann::json::array();
  auto wanted = [&](const std::string& w, const std::string& r) {
    return a.word.empty() || w.find(a.word) != std::string::npos ||
           r.find(a.word) != std::string::npos;
  };
  if (regs.empty()) {
    for (const auto& [w, r] : index::builtin_synonyms())
      if (wanted(w, r)) out.push_back({{"word", w}, {"replacement", r}, {"origin", "built-in"}});
  }
  for (const auto& s : lib.derived_synonyms()) {
    if (!regs.empty() && std::find(regs.begin(), regs.end(), s.reg_id) == regs.end()) continue;
    if (wanted(s.word, s.replacement))
      out.push_back({{"word", s.word},
                     {"replacement", s.replacement},
                     {"origin", "regulation"},
                     {"how", s.how},
                     {"reg_id", s.reg_id},
                     {"page", s.page},
                     {"source", tools::cite(s.reg_id, s.page, s.page)}});
  }
  if (regs.empty()) {
    for (const auto& [w, r] : lib.user_synonyms())
      if (wanted(w, r)) out.push_back({{"word", w}, {"replacement", r}, {"origin", "user"}});
  }
  return out;
}

void run_synonyms(const SynonymArgs& a, Globals& g) {
  g.json = a.json;
  const auto lib = g.library();
  const auto regs = stored_ids(lib, a.reg_ids, g.quiet || a.json);
  const auto out = entries(lib, a, regs);
  if (a.json) {
    print_json({{"synonyms", out}});
    return;
  }
  for (const auto& e : out) {
    std::cout << e["word"].get<std::string>() << "\t-> " << e["replacement"].get<std::string>()
              << "  (" << e["origin"].get<std::string>();
    if (e.contains("source"))
      std::cout << ", " << e["how"].get<std::string>() << ", " << e["source"].get<std::string>();
    std::cout << ")\n";
  }
  if (out.empty()) std::cout << "No synonyms" << (a.word.empty() ? "" : " with " + a.word) << ".\n";
}

}  // namespace

void add_synonyms_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<SynonymArgs>();
  auto* s = app.add_subcommand(
      "synonyms", "The words keyword search widens a query with, and where each comes from");
  s->add_option("word", a->word, "Only pairs holding this word, e.g. 刀闸");
  s->add_option("-r,--reg-id", a->reg_ids,
                "Only the words this regulation defines (repeat for several)");
  s->add_flag("--json", a->json, "JSON array with each pair's origin and source page");
  s->footer(
      "A query word on the left also finds the words on the right; matches of the words as typed\n"
      "rank first. Origins:\n"
      "  built-in    field words: 挂地线 -> 装设接地线, 刀闸 -> 隔离开关, 没电 -> 无电压 ...\n"
      "  regulation  what the stored regulations define: X（俗称Y）, X（以下简称Y）, X又称Y, a\n"
      "              terms entry's other form (低[电]压), a table of 俗称 (Q/CSG 125008 附录A);\n"
      "              read again after each ingest (cached in <data dir>/vocabulary.tsv)\n"
      "  user        <data dir>/synonyms.tsv, \"word<TAB>replacement\" per line\n\n"
      "Examples:\n"
      "  regreader synonyms\n"
      "  regreader synonyms 刀闸\n"
      "  regreader synonyms -r 操作导则 --json");
  s->callback([a, &g] { run_synonyms(*a, g); });
}

}  // namespace regreader::cli
