#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/store/copies.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::cli {

namespace {

// read-pages returns at most this many pages per call, so an agent's context stays bounded.
constexpr int kMaxPagesPerRead = 10;

struct ReadArgs {
  std::string reg_id;
  int depth = 3;
  std::string expand;
  int start = 0;
  int end = 0;
  int page = 0;
  bool json = false;
};

void run_list(const ReadArgs& a, Globals& g) {
  g.json = a.json;
  auto lib = g.library();
  auto& store = lib.documents();
  const auto regs = store.list();
  const auto ocr = store.ocr_page_counts();
  if (a.json) {
    nlohmann::json out = nlohmann::json::array();
    std::vector<std::string> ids;
    for (const auto& r : regs)
      ids.push_back(r.reg_id);
    for (const auto& r : regs) {
      nlohmann::json j = r;
      const auto it = ocr.find(r.reg_id);
      j["ocr_pages"] = it == ocr.end() ? 0 : it->second;
      // A copy names its family; the family's id is held by its most complete copy.
      j["family"] = store::family_of(r.reg_id, ids);
      j["completeness"] = store::describe(store::completeness(r, ocr));
      out.push_back(std::move(j));
    }
    print_json(out);
  } else {
    std::cout << render_regulation_list(regs, ocr);
  }
}

void run_toc(const ReadArgs& a, Globals& g) {
  g.json = a.json;
  if (a.depth < 0)
    throw Error(ErrorCode::kInvalidArgument, "--depth must be 0 (all levels) or more");
  auto lib = g.library();
  auto& store = lib.documents();
  const std::string reg_id = stored_id(lib, a.reg_id, g.quiet);
  const auto info = store.require(reg_id);
  const auto structure = store.structure(reg_id);
  std::optional<std::string> expand;
  if (!a.expand.empty()) {
    if (!structure.get_node_by_section_number(a.expand))
      throw Error(ErrorCode::kNotFound,
                  "section '" + a.expand + "' is not in " + reg_id + "'s table of contents");
    expand = a.expand;
  }
  const auto tree = structure.get_chapter_tree(a.depth, expand);
  if (a.json)
    print_json({{"regulation", info}, {"toc", tree}});
  else
    std::cout << render_toc(info, tree);
}

void run_read_pages(const ReadArgs& a, Globals& g) {
  g.json = a.json;
  const int end = a.end == 0 ? a.start : a.end;
  if (a.start < 1) throw Error(ErrorCode::kInvalidArgument, "--start must be 1 or more");
  if (end < a.start) throw Error(ErrorCode::kInvalidArgument, "--end must not be before --start");
  if (end - a.start + 1 > kMaxPagesPerRead)
    throw Error(ErrorCode::kInvalidArgument, "at most " + std::to_string(kMaxPagesPerRead) +
                                                 " pages per call (asked for " +
                                                 std::to_string(end - a.start + 1) + ")");
  auto lib = g.library();
  auto& store = lib.documents();
  const std::string reg_id = stored_id(lib, a.reg_id, g.quiet);
  const auto info = store.require(reg_id);
  const auto pages = store.pages(reg_id, a.start, end);
  if (a.json) {
    print_json({{"regulation", info},
                {"start_page", a.start},
                {"end_page", end},
                {"source", cite(reg_id, a.start, end)},
                {"pages", pages}});
    return;
  }
  for (const auto& p : pages)
    std::cout << render_page(info, p);
  std::cout << "source: " << cite(reg_id, a.start, end) << "\n";
}

void run_inspect(const ReadArgs& a, Globals& g) {
  g.json = a.json;
  auto lib = g.library();
  auto& store = lib.documents();
  const auto page = store.page(stored_id(lib, a.reg_id, g.quiet), a.page);
  if (a.json)
    print_json(page);
  else
    std::cout << render_page_summary(page);
}

}  // namespace

void add_read_commands(CLI::App& app, Globals& g) {
  auto a = std::make_shared<ReadArgs>();

  auto* list = app.add_subcommand("list", "List stored regulations");
  list->add_flag("--json", a->json, "JSON array of regulations");
  list->footer("Example:\n  regreader list --json");
  list->callback([a, &g] { run_list(*a, g); });

  auto* toc = app.add_subcommand("toc", "Show a regulation's table of contents with page ranges");
  toc->add_option("reg_id", a->reg_id,
                  "Regulation: an id, or an alias, standard number or title (see `regreader list`)")
      ->required();
  toc->add_option("--depth", a->depth, "Levels to show (0 = all)")->capture_default_str();
  toc->add_option("--expand", a->expand, "Open this section fully, e.g. 5.2 or 附录A");
  toc->add_flag("--json", a->json, "JSON tree");
  toc->footer(
      "Examples:\n  regreader toc GB26860-2011\n  regreader toc GB26860-2011 --depth 1 --expand "
      "5.2");
  toc->callback([a, &g] { run_toc(*a, g); });

  auto* rp = app.add_subcommand("read-pages", "Read pages of a regulation (at most 10 per call)");
  rp->add_option("-r,--reg-id", a->reg_id,
                 "Regulation: an id, or an alias, standard number or title (see `regreader list`)")
      ->required();
  rp->add_option("-s,--start", a->start, "First page (1-based)")->required();
  rp->add_option("-e,--end", a->end, "Last page (default: the first page)");
  rp->add_flag("--json", a->json, "JSON with every PageDocument");
  rp->footer("Example:\n  regreader read-pages -r GB26860-2011 -s 4 -e 5");
  rp->callback([a, &g] { run_read_pages(*a, g); });

  auto* in = app.add_subcommand("inspect", "Show how a page is stored: blocks, chapters, notes");
  in->add_option("reg_id", a->reg_id,
                 "Regulation: an id, or an alias, standard number or title (see `regreader list`)")
      ->required();
  in->add_option("page", a->page, "Page number (1-based)")->required();
  in->add_flag("--json", a->json, "The stored PageDocument as JSON");
  in->footer("Example:\n  regreader inspect GB26860-2011 4 --json");
  in->callback([a, &g] { run_inspect(*a, g); });
}

}  // namespace regreader::cli
