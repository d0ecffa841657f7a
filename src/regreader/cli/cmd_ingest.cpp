#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/cli/progress.hpp"
#include "regreader/core/config.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/keyword_index.hpp"
#include "regreader/parse/format.hpp"
#include "regreader/parse/ocr.hpp"
#include "regreader/parse/office_renderer.hpp"
#include "regreader/parse/reg_id.hpp"
#include "regreader/store/ingestor.hpp"

namespace regreader::cli {

namespace fs = std::filesystem;

namespace {

struct IngestArgs {
  std::vector<std::string> paths;
  std::string reg_id;
  std::string title;
  bool no_office = false;
  std::string ocr = "auto";
  bool json = false;
};

// Files to ingest: given files as they are, directories walked recursively for supported types.
std::vector<fs::path> expand_paths(const std::vector<std::string>& paths) {
  std::vector<fs::path> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> found;
      for (auto it = fs::recursive_directory_iterator(
               p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file() && parse::is_supported_path(it->path()))
          found.push_back(it->path());
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.emplace_back(p);
    }
  }
  return out;
}

std::string summary_line(const store::IngestResult& r, const fs::path& file) {
  const auto& i = r.info;
  auto n = [](int v) { return std::to_string(v); };
  return "ok   " + i.reg_id + "  " + n(i.total_pages) + " pages (" + i.format + ", " +
         std::string(model::paging_name(i.paging)) + " pagination), " + n(r.chapters) +
         " chapters, " + n(r.blocks) + " blocks, " + n(r.tables) + " tables (" +
         n(r.tables_merged) + " across pages), " + n(r.annotations) + " notes, " +
         n(r.links_resolved) + "/" + n(r.links) + " references resolved" +
         (r.replaced ? " [replaced]" : "") + "\n     <- " + file.string();
}

nlohmann::json result_json(const store::IngestResult& r, const fs::path& file) {
  return {{"file", file.string()},
          {"ok", true},
          {"regulation", r.info},
          {"chapters", r.chapters},
          {"blocks", r.blocks},
          {"tables", r.tables},
          {"tables_across_pages", r.tables_merged},
          {"annotations", r.annotations},
          {"references", r.links},
          {"references_resolved", r.links_resolved},
          {"replaced", r.replaced},
          {"warnings", r.warnings},
          {"check", r.check}};
}

void run_ingest(const IngestArgs& a, Globals& g) {
  g.json = a.json;
  const auto files = expand_paths(a.paths);
  if (files.empty())
    throw Error(ErrorCode::kNotFound, "no supported files found in the given paths");
  if (files.size() > 1 && (!a.reg_id.empty() || !a.title.empty()))
    throw Error(ErrorCode::kInvalidArgument, "--reg-id and --title apply to a single file (got " +
                                                 std::to_string(files.size()) + " files)");
  parse::clean_stale_temp_dirs();  // left by an ingest that was killed
  store::PageStore store(g.data_dir(), /*create=*/true);
  index::ensure_keyword_index(store);  // from here on, triggers index every stored block
  std::set<std::string> used;  // reg ids given in this run, so two files never overwrite each other
  nlohmann::json results = nlohmann::json::array();
  int failed = 0, n = 0;
  Progress progress(!g.quiet);
  for (const auto& file : files) {
    ++n;
    store::IngestOptions opt;
    opt.title = a.title;
    opt.reg_id = a.reg_id.empty() ? parse::derive_reg_id(file) : a.reg_id;
    for (int k = 2; used.count(opt.reg_id); ++k)
      opt.reg_id = parse::derive_reg_id(file) + "-" + std::to_string(k);
    opt.parse.use_office = !a.no_office;
    opt.parse.ocr = parse::parse_ocr_mode(a.ocr);
    opt.parse.limits = g.parse_limits;
    const std::string label = "[" + std::to_string(n) + "/" + std::to_string(files.size()) + "] " +
                              file.filename().string();
    opt.parse.progress = [&](int done, int total, const std::string& what) {
      progress.update(done, total, what + "  " + label);
    };
    progress.update(0, 1, label);
    try {
      auto r = store::ingest_file(store, file, opt);
      used.insert(r.info.reg_id);
      progress.clear();
      if (!a.json) {
        std::cout << summary_line(r, file) << "\n";
        for (const auto& w : r.warnings)
          std::cout << "     warning: " << w << "\n";
        if (r.info.fidelity == "poor")
          std::cout << "     warning: fidelity " << r.info.fidelity_summary << " (regreader check "
                    << r.info.reg_id << ")\n";
      }
      results.push_back(result_json(r, file));
    } catch (const Error& e) {
      progress.clear();
      ++failed;
      if (!a.json) std::cerr << "FAIL " << e.what() << "\n";
      results.push_back({{"file", file.string()},
                         {"ok", false},
                         {"error", {{"code", error_code_name(e.code())}, {"message", e.what()}}}});
      if (files.size() == 1) g.exit_code = exit_code_for(e.code());
    }
  }
  nlohmann::json vectors;
  if (failed < static_cast<int>(files.size())) {
    index::optimize_keyword_index(store);
    update_vectors_after_ingest(store, g, vectors);
  }
  if (a.json) {
    print_json({{"data_dir", g.data_dir().string()},
                {"ingested", static_cast<int>(files.size()) - failed},
                {"failed", failed},
                {"vectors", vectors},
                {"results", results}});
  } else {
    std::cout << "Ingested " << files.size() - failed << " of " << files.size() << " file(s) into "
              << database_path(g.data_dir()).string()
              << (failed ? " (" + std::to_string(failed) + " failed)" : "") << "\n";
  }
  if (failed && g.exit_code == 0) g.exit_code = kExitFailed;
}

}  // namespace

void add_ingest_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<IngestArgs>();
  auto* cmd = app.add_subcommand(
      "ingest", "Read regulation files (PDF, Word, Markdown, text) into the store");
  cmd->add_option("paths", a->paths, "Files or directories (walked recursively)")->required();
  cmd->add_option("--reg-id", a->reg_id,
                  "Regulation id (single file; default: from the file name, e.g. GB26860-2011)");
  cmd->add_option("--title", a->title, "Title to store (single file; default: from the document)");
  cmd->add_flag("--no-office", a->no_office,
                "Do not use LibreOffice for Word pagination (pages become synthetic)");
  cmd->add_option(
         "--ocr", a->ocr,
         "OCR of scanned PDF pages: auto (pages without text, or scans whose text layer is "
         "an invisible OCR layer or unreadable), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->add_flag("--json", a->json, "Print a JSON summary on stdout");
  cmd->footer(
      "Each file is parsed completely and stored in one transaction: a file that fails is "
      "reported\n"
      "and leaves the store unchanged, the others go on; the exit code is non-zero if any failed.\n"
      "Ingesting a file again under the same id replaces it.\n"
      "Each file is parsed in a child process: a crash, a limit or a timeout fails that file\n"
      "only. Limits (environment): REGREADER_MAX_FILE_MB=1024, REGREADER_PARSE_MEMORY_MB=4096,\n"
      "REGREADER_PARSE_TIMEOUT=1800 (seconds per file). FIFOs and devices are refused.\n\n"
      "Examples:\n"
      "  regreader ingest examples/sample-regulation.md\n"
      "  regreader ingest ~/regs/ --json\n"
      "  regreader ingest 安规.pdf --reg-id GB26860 --title \"电力安全工作规程\"\n"
      "  regreader ingest scanned.pdf --ocr always     # about 7 s a page on 2 cores");
  cmd->callback([a, &g] { run_ingest(*a, g); });
}

}  // namespace regreader::cli
