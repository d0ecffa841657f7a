// Tables, notes and cross-references: `tables`, `table`, `note`, `ref`.

#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/cli/table_output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/parse/structure/notes.hpp"
#include "regreader/parse/structure/references.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::cli {

namespace {

struct TableArgs {
  std::string reg_id;
  std::string id;  // table id, note id or reference text
  int page = 0;
  bool json = false;
};

// The arguments with the regulation as stored (an alias or a standard number resolved).
TableArgs with_stored_id(const TableArgs& in, const index::Library& lib, const Globals& g) {
  TableArgs a = in;
  a.reg_id = stored_id(lib, in.reg_id, g.quiet);
  return a;
}

void run_tables(const TableArgs& in, Globals& g) {
  g.json = in.json;
  auto lib = g.library();
  auto& store = lib.documents();
  const TableArgs a = with_stored_id(in, lib, g);
  const auto tables =
      store.tables(a.reg_id, a.page > 0 ? std::optional<int>(a.page) : std::nullopt);
  if (a.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& t : tables)
      out.push_back(tools::table_summary_json(store, a.reg_id, t));
    print_json({{"reg_id", a.reg_id}, {"tables", out}});
  } else {
    std::cout << render_table_list(a.reg_id, tables);
  }
}

void run_table(const TableArgs& in, Globals& g) {
  g.json = in.json;
  auto lib = g.library();
  auto& store = lib.documents();
  const TableArgs a = with_stored_id(in, lib, g);
  const auto t = tools::find_table(store, a.reg_id, a.id);
  const auto notes = tools::table_notes(store, a.reg_id, t);
  if (a.json) {
    auto j = tools::table_summary_json(store, a.reg_id, t);
    j["merged"] = t.merged;
    j["markdown"] = t.merged.to_markdown();
    j["notes"] = notes;
    print_json(j);
  } else {
    std::cout << render_table(a.reg_id, t, notes, tools::table_summary_json(store, a.reg_id, t));
  }
}

void run_note(const TableArgs& in, Globals& g) {
  g.json = in.json;
  auto lib = g.library();
  auto& store = lib.documents();
  const TableArgs a = with_stored_id(in, lib, g);
  const auto found = tools::find_notes(store, a.reg_id, a.id, a.page);
  nlohmann::json matches = nlohmann::json::array();
  for (const auto& n : found)
    matches.push_back(tools::note_json(store, a.reg_id, n));
  if (a.json) {
    nlohmann::json j = {{"reg_id", a.reg_id},
                        {"query", a.id},
                        {"annotation_id", found.front().annotation_id},
                        {"matches", matches},
                        {"source", cite(a.reg_id, found.front().page_num, found.front().page_num)}};
    print_json(j);
  } else {
    std::cout << render_notes(matches);
  }
}

void run_ref(const TableArgs& in, Globals& g) {
  g.json = in.json;
  const auto ref = parse::parse_reference_query(in.id);
  if (!ref)
    throw Error(ErrorCode::kInvalidArgument,
                "cannot read a reference in '" + in.id +
                    "' (try 见表1, 参见5.2.3, 按附录A, 见注1, 第十二条)");
  auto lib = g.library();
  auto& store = lib.documents();
  const TableArgs a = with_stored_id(in, lib, g);
  const auto structure = store.structure(a.reg_id);
  const auto tables = store.tables(a.reg_id);
  const auto notes = store.annotations(a.reg_id);
  const auto link = parse::resolve_reference(*ref, a.page, {structure, tables, notes});
  const nlohmann::json target =
      tools::reference_target_json(store, a.reg_id, link, structure, tables, notes);
  if (a.json) {
    print_json({{"reg_id", a.reg_id}, {"query", a.id}, {"link", link}, {"target", target}});
    if (!link.resolved) g.exit_code = kExitNotFound;
    return;
  }
  std::cout << render_reference(a.reg_id, link, target);
  if (!link.resolved) g.exit_code = kExitNotFound;
}

}  // namespace

void add_table_commands(CLI::App& app, Globals& g) {
  auto a = std::make_shared<TableArgs>();

  auto* ts = app.add_subcommand("tables", "List a regulation's tables (merged across pages)");
  ts->add_option("reg_id", a->reg_id, "Regulation: an id, or an alias, standard number or title")
      ->required();
  ts->add_option("--page", a->page, "Only tables with a part on this page");
  ts->add_flag("--json", a->json, "JSON list");
  ts->footer(
      "Examples:\n  regreader tables GB26860-2011\n  regreader tables GB26860-2011 --page 5 "
      "--json");
  ts->callback([a, &g] { run_tables(*a, g); });

  auto* t = app.add_subcommand(
      "table", "Show one table, merged over every page it runs across, with its notes");
  t->add_option("table_id", a->id,
                "Table id or label (表1, 表 1, 表B.1, T3, a segment id such as 表1#2), or its "
                "name as `tables` lists it: a caption's title, an untitled table's name (the "
                "chapter it opens, the line above it), words of its header")
      ->required();
  t->add_option("-r,--reg-id", a->reg_id,
                "Regulation: an id, or an alias, standard number or title")
      ->required();
  t->add_flag("--json", a->json, "JSON with the merged cells and Markdown");
  t->footer(
      "Examples:\n  regreader table 表1 -r GB26860-2011\n  regreader table 作业记录表 -r "
      "ZY-PD-012-2026");
  t->callback([a, &g] { run_table(*a, g); });

  auto* n = app.add_subcommand("note", "Look up a note (注1, 注 1, 注①, 注一 are the same note)");
  n->add_option("note_id", a->id, "Note label: 注1, 注①, 注一, 注十一, 方案A, 脚注1")->required();
  n->add_option("-r,--reg-id", a->reg_id,
                "Regulation: an id, or an alias, standard number or title")
      ->required();
  n->add_option("--page", a->page, "Prefer the note on (or after) this page");
  n->add_flag("--json", a->json, "JSON with every match, best first");
  n->footer("Example:\n  regreader note 注1 -r GB26860-2011 --page 5");
  n->callback([a, &g] { run_note(*a, g); });

  auto* r = app.add_subcommand(
      "ref", "Follow a cross-reference: 见表1, 参见5.2.3, 按附录A, 见注1, 第十二条");
  r->add_option("reference", a->id, "The reference as written")->required();
  r->add_option("-r,--reg-id", a->reg_id,
                "Regulation: an id, or an alias, standard number or title")
      ->required();
  r->add_option("--page", a->page, "Page the reference is on (to pick the right 注1)");
  r->add_flag("--json", a->json, "JSON with the resolved link and its target");
  r->footer(
      "Exit code 3 when the reference cannot be resolved.\n\nExamples:\n"
      "  regreader ref \"见表1\" -r GB26860-2011\n  regreader ref \"参见5.2.3\" -r GB26860-2011 "
      "--json");
  r->callback([a, &g] { run_ref(*a, g); });
}

}  // namespace regreader::cli
