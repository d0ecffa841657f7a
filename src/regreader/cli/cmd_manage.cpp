#include <fstream>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/parse/reg_id.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::cli {

namespace fs = std::filesystem;

namespace {

struct ManageArgs {
  std::string reg_id;
  std::string new_id;
  std::string dir;
  bool json = false;
};

void run_delete(const ManageArgs& a, Globals& g) {
  g.json = a.json;
  g.library().remove(a.reg_id);
  if (a.json)
    print_json({{"deleted", a.reg_id}});
  else
    std::cout << "Deleted " << a.reg_id << "\n";
}

void run_rename(const ManageArgs& a, Globals& g) {
  g.json = a.json;
  if (!parse::is_valid_reg_id(a.new_id))
    throw Error(ErrorCode::kInvalidArgument,
                "invalid regulation id '" + a.new_id +
                    "': use 1-80 characters without spaces, slashes, or only dots");
  auto lib = g.library();
  const int aliases = lib.rename(a.reg_id, a.new_id);
  nlohmann::json report = {{"renamed", a.reg_id}, {"reg_id", a.new_id}, {"aliases", aliases}};
  // Vectors follow block ids: the renamed blocks are embedded again (nothing without a model).
  nlohmann::json vectors;
  finish_library_changes(lib, g, vectors);
  if (!vectors.is_null()) report["vectors"] = vectors;
  if (a.json) {
    print_json(report);
    return;
  }
  std::cout << "Renamed " << a.reg_id << " -> " << a.new_id;
  if (aliases > 0) std::cout << " (" << aliases << " alias(es) now point to " << a.new_id << ")";
  std::cout << "\n";
}

void write_file(const fs::path& p, const std::string& content) {
  std::ofstream out(p, std::ios::binary);
  out << content;
  if (!out) throw Error(ErrorCode::kIo, "cannot write " + p.string());
}

std::string page_name(int n, const char* ext) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "page-%04d.%s", n, ext);
  return buf;
}

void run_export(const ManageArgs& a, Globals& g) {
  g.json = a.json;
  auto lib = g.library();
  auto& store = lib.documents();
  const auto info = store.require(a.reg_id);
  const fs::path dir = fs::path(a.dir) / a.reg_id;
  // Ids are checked at ingest; a store written by an older version is checked here too, so that
  // export never writes outside its target.
  if (!parse::is_valid_reg_id(a.reg_id))
    throw Error(ErrorCode::kInvalidArgument,
                "regulation id '" + a.reg_id + "' cannot be used as a folder name");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw Error(ErrorCode::kIo, "cannot create " + dir.string() + ": " + ec.message());
  write_file(dir / "regulation.json", nlohmann::json(info).dump(2) + "\n");
  write_file(dir / "structure.json", nlohmann::json(store.structure(a.reg_id)).dump(2) + "\n");
  for (const auto& p : store.pages(a.reg_id, 1, info.total_pages)) {
    write_file(dir / page_name(p.page_num, "json"), nlohmann::json(p).dump(2) + "\n");
    write_file(dir / page_name(p.page_num, "md"), p.content_markdown + "\n");
  }
  const int files = 2 + 2 * info.total_pages;
  if (a.json)
    print_json({{"reg_id", a.reg_id}, {"directory", dir.string()}, {"files", files}});
  else
    std::cout << "Exported " << a.reg_id << " (" << info.total_pages << " pages, " << files
              << " files) to " << dir.string() << "\n";
}

}  // namespace

void add_manage_commands(CLI::App& app, Globals& g) {
  auto a = std::make_shared<ManageArgs>();
  auto* del = app.add_subcommand("delete", "Remove a regulation and everything stored for it");
  del->add_option("reg_id", a->reg_id, "Regulation id")->required();
  del->add_flag("--json", a->json, "JSON result");
  del->footer("Example:\n  regreader delete GB26860-2011");
  del->callback([a, &g] { run_delete(*a, g); });

  auto* rn = app.add_subcommand("rename", "Give a stored regulation another id");
  rn->add_option("reg_id", a->reg_id, "Its id now")->required();
  rn->add_option("new_id", a->new_id, "The id it gets")->required();
  rn->add_flag("--json", a->json, "JSON result");
  rn->footer(
      "Pages, chapters, tables, notes and links move with it in one transaction; your aliases of\n"
      "the old id follow. The new id must not be held.\n\n"
      "Example:\n  regreader rename 南网电气操作导则2017 QCSG125008-2016");
  rn->callback([a, &g] { run_rename(*a, g); });

  auto* ex = app.add_subcommand(
      "export", "Write a regulation as files: JSON and Markdown per page, plus its structure");
  ex->add_option("reg_id", a->reg_id, "Regulation id")->required();
  ex->add_option("dir", a->dir,
                 "Output directory (a folder named after the regulation is made in it)")
      ->required();
  ex->add_flag("--json", a->json, "JSON result");
  ex->footer(
      "Writes DIR/REG_ID/regulation.json, structure.json, page-0001.json, page-0001.md, …\n\n"
      "Example:\n  regreader export GB26860-2011 ./out");
  ex->callback([a, &g] { run_export(*a, g); });
}

}  // namespace regreader::cli
