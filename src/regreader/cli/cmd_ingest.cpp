#include <fnmatch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/cli/progress.hpp"
#include "regreader/core/config.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/index/ingestor.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/parse/format.hpp"
#include "regreader/parse/ocr/ocr.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_options.hpp"
#include "regreader/parse/reg_id.hpp"
#include "regreader/store/copies.hpp"

namespace regreader::cli {

namespace fs = std::filesystem;

namespace {

struct IngestArgs {
  std::vector<std::string> paths;
  std::string reg_id;
  std::string title;
  bool no_office = false;
  std::string ocr = "auto";
  std::string ocr_engine;  // empty: the setting parse.ocr_engine
  bool json = false;
  bool force = false;
  bool replace = false;
  bool keep_both = false;
  std::vector<std::string> include;  ///< globs a file name must match (any of them)
  std::vector<std::string> exclude;  ///< globs that skip a file
};

// A file a directory walk did not ingest, and why.
struct Skipped {
  fs::path file;
  std::string reason;
};

bool matches_any(const std::vector<std::string>& globs, const fs::path& p) {
  const std::string name = p.filename().string(), full = p.string();
  for (const auto& g : globs)
    if (fnmatch(g.c_str(), name.c_str(), 0) == 0 || fnmatch(g.c_str(), full.c_str(), 0) == 0)
      return true;
  return false;
}

// Why a file found in a directory is not ingested; "" when it is. A folder's README is about the
// folder, not a regulation.
std::string skip_reason(const IngestArgs& a, const fs::path& p) {
  const std::string name = p.filename().string();
  if (!name.empty() && name[0] == '.') return "hidden file";
  if (!a.include.empty() && !matches_any(a.include, p)) return "not matched by --include";
  if (matches_any(a.exclude, p)) return "matched by --exclude";
  if (!parse::is_supported_path(p))
    return "unsupported type " +
           (p.extension().empty() ? "(no extension)" : p.extension().string());
  std::string stem = p.stem().string();
  for (auto& c : stem)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (stem == "readme" || stem == "sources" || stem == "changelog" || stem == "license")
    return "a folder's " + p.stem().string() +
           ", not a regulation (give the file itself to ingest it)";
  return "";
}

// Files to ingest: given files as they are, directories walked recursively; every file a walk
// passes over is reported with its reason.
std::vector<fs::path> expand_paths(const IngestArgs& a, std::vector<Skipped>& skipped) {
  std::vector<fs::path> out;
  for (const auto& p : a.paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> found;
      for (auto it = fs::recursive_directory_iterator(
               p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_directory()) {
          if (it->path().filename().string().rfind('.', 0) == 0) it.disable_recursion_pending();
          continue;
        }
        if (!it->is_regular_file()) continue;
        const std::string why = skip_reason(a, it->path());
        if (why.empty())
          found.push_back(it->path());
        else
          skipped.push_back({it->path(), why});
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else {
      out.emplace_back(p);
    }
  }
  std::sort(skipped.begin(), skipped.end(),
            [](const Skipped& x, const Skipped& y) { return x.file < y.file; });
  return out;
}

// Byte-identical files of one run are read once: every file is hashed before any is parsed
// (the hash is handed to the ingest, which then does not read the file again), and a later file
// with the bytes of an earlier one is skipped, naming it.
std::vector<fs::path> drop_identical(const std::vector<fs::path>& files,
                                     const parse::ParseLimits& limits,
                                     std::vector<Skipped>& skipped,
                                     std::map<fs::path, std::string>& hashes) {
  std::map<std::string, fs::path> first;
  std::vector<fs::path> out;
  for (const auto& f : files) {
    std::string sha;
    try {
      sha = index::content_sha256(f, limits);
    } catch (const std::exception&) {
      // unreadable: the ingest reports it
    }
    if (sha.empty()) {
      out.push_back(f);
      continue;
    }
    hashes[f] = sha;
    auto [it, fresh] = first.emplace(sha, f);
    if (fresh)
      out.push_back(f);
    else
      skipped.push_back({f, "the same bytes as " + it->second.string()});
  }
  return out;
}

// The families a run stored copies in: "GB26860-2011 (derived/….pdf) holds the id; copies
// GB26860-2011-2 (….md), …", from the store as it is at the end of the run.
std::vector<std::string> copies_lines(const std::vector<model::RegulationInfo>& stored,
                                      const std::set<std::string>& touched,
                                      const std::vector<std::string>& roots) {
  // Files are named from the folder given (copies in two folders often share a file name).
  auto shown = [&](const std::string& source) {
    std::error_code ec;
    for (const auto& root : roots) {
      if (!fs::is_directory(root, ec)) continue;
      const auto rel =
          fs::path(source).lexically_relative(fs::absolute(root, ec).lexically_normal());
      if (!rel.empty() && *rel.begin() != "..") return rel.string();
    }
    return source;
  };
  std::vector<std::string> ids;
  std::map<std::string, std::string> file;
  for (const auto& r : stored) {
    ids.push_back(r.reg_id);
    file[r.reg_id] = shown(r.source_file);
  }
  std::vector<std::string> out;
  for (const auto& [base, members] : store::families(ids)) {
    if (!touched.count(base)) continue;
    std::string line = base + " <- " + file[base] + "; copies:";
    for (size_t i = 1; i < members.size(); ++i)
      line += (i > 1 ? ", " : " ") + members[i] + " <- " + file[members[i]];
    out.push_back(line);
  }
  return out;
}

std::string summary_line(const index::IngestResult& r, const fs::path& file) {
  const auto& i = r.info;
  auto n = [](int v) { return std::to_string(v); };
  return "ok   " + i.reg_id + "  " + n(i.total_pages) + " pages (" + i.format + ", " +
         std::string(model::paging_name(i.paging)) + " pagination), " + n(r.chapters) +
         " chapters, " + n(r.blocks) + " blocks, " + n(r.tables) + " tables (" +
         n(r.tables_merged) + " across pages), " + n(r.annotations) + " notes, " +
         n(r.links_resolved) + "/" + n(r.links) + " references resolved" +
         (r.replaced ? " [replaced]" : "") + "\n     <- " + file.string() +
         (r.note.empty() ? "" : "\n     " + r.note);
}

nlohmann::json result_json(const index::IngestResult& r, const fs::path& file) {
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
          {"status", index::ingest_status_name(r.status)},
          {"replaced_file", r.replaced_file},
          {"note", r.note},
          {"family", r.family},
          {"moved_to", r.moved_to},
          {"warnings", r.warnings},
          {"check", r.check}};
}

// Totals of a run, printed at its end (and as JSON).
struct Tally {
  int added = 0, unchanged = 0, replaced = 0, failed = 0, pages = 0;
  std::vector<std::pair<fs::path, std::string>> failures;
};

void report_one(const index::IngestResult& r, const fs::path& file, const IngestArgs& a, Tally& t) {
  switch (r.status) {
    case index::IngestStatus::kUnchanged:
      ++t.unchanged;
      break;
    case index::IngestStatus::kReplaced:
      ++t.replaced;
      t.pages += r.info.total_pages;
      break;
    case index::IngestStatus::kNew:
      ++t.added;
      t.pages += r.info.total_pages;
      break;
  }
  if (a.json) return;
  if (r.status == index::IngestStatus::kUnchanged) {
    std::cout << "same " << r.info.reg_id
              << "  unchanged: this content is stored (--force parses it again)\n     <- "
              << file.string() << "\n";
    return;
  }
  std::cout << summary_line(r, file) << "\n";
  for (const auto& w : r.warnings)
    std::cout << "     warning: " << w << "\n";
  if (r.info.fidelity == "poor")
    std::cout << "     warning: fidelity " << r.info.fidelity_summary << " (regreader check "
              << r.info.reg_id << ")\n";
}

// Where the documents went: the SQLite file, or the PostgreSQL URL without its credentials.
std::string destination(const Globals& g) {
  std::string url = settings().get("store");
  if (url.empty()) return database_path(g.data_dir()).string();
  const size_t scheme = url.find("://"), at = url.find('@');
  if (scheme != std::string::npos && at != std::string::npos && at > scheme)
    url.erase(scheme + 3, at + 1 - (scheme + 3));
  return "PostgreSQL " + url;
}

void print_totals(const Tally& t, const std::vector<Skipped>& skipped, size_t files, double seconds,
                  const Globals& g) {
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.1f s (%.1f pages/s)", seconds,
                seconds > 0 ? t.pages / seconds : 0.0);
  std::cout << "Ingested " << files - static_cast<size_t>(t.failed) << " of " << files
            << " file(s) into " << destination(g) << ": " << t.added << " new, " << t.replaced
            << " replaced, " << t.unchanged << " unchanged, " << skipped.size() << " skipped, "
            << t.failed << " failed; " << t.pages << " pages parsed in " << rate << "\n";
  if (!t.failures.empty()) {
    std::cout << "Failed:\n";
    for (const auto& [f, why] : t.failures)
      std::cout << "  " << f.string() << ": " << why << "\n";
  }
}

// What one run gathers from its files.
struct RunOutcome {
  Tally tally;
  nlohmann::json results = nlohmann::json::array();
  std::set<std::string> families;  // families this run stored a copy in
};

// The options every file of the run shares; a bad OCR setting is refused here, before any file
// is parsed.
index::IngestOptions run_options(const IngestArgs& a, bool folder, const Globals& g) {
  index::IngestOptions opt;
  opt.title = a.title;
  opt.reg_id = a.reg_id;
  opt.force = a.force;
  opt.replace = a.replace;
  opt.keep_both = a.keep_both;
  opt.copies = folder && !a.replace && !a.keep_both;
  opt.batch = true;  // finish_library_changes ends the run
  opt.parse.use_office = !a.no_office;
  opt.parse.ocr = parse::parse_ocr_mode(a.ocr);
  opt.parse.ocr_engine = parse::parse_ocr_engine(
      a.ocr_engine.empty() ? settings().get("parse.ocr_engine") : a.ocr_engine);
  opt.parse.limits = g.parse_limits;
  return opt;
}

// How many files are parsed ahead of the one being stored: as many as the machine has cores (at
// most 4) and has memory for, each parse a process that may take up to the parse memory limit
// (MemAvailable of /proc/meminfo). 0 when it has memory for none: the next file's parse then
// starts when the current one is stored, one parse at a time.
size_t parses_ahead(const parse::ParseLimits& limits) {
  const auto cores = static_cast<size_t>(parse::parse_cores());
  if (limits.memory_mb == 0) return cores;
  std::ifstream meminfo("/proc/meminfo");
  std::string key, unit;
  unsigned long long kb = 0;
  while (meminfo >> key >> kb) {
    std::getline(meminfo, unit);
    if (key == "MemAvailable:")
      return std::min<size_t>(cores, static_cast<size_t>(kb / 1024 / limits.memory_mb));
  }
  return 1;  // not Linux's /proc: one ahead
}

// Ingests the files in order; the files after the one being stored are parsed meanwhile.
void ingest_files(index::Library& lib, const std::vector<fs::path>& files,
                  const index::IngestOptions& shared, const std::map<fs::path, std::string>& hashes,
                  RunProgress& progress, const IngestArgs& a, Globals& g, RunOutcome& out) {
  const size_t ahead = parses_ahead(shared.parse.limits);
  auto options_for = [&](size_t k) {
    const fs::path& file = files[k];
    index::IngestOptions opt = shared;
    if (auto h = hashes.find(file); h != hashes.end()) opt.sha256 = h->second;
    // The cores shared among the files parsed at once (this one and those after it, up to
    // `ahead`): a PDF read by more threads than its share loads its fonts once more per thread
    // for no gain (5 corpus PDFs: 9% less CPU, medians of 12 runs).
    const auto at_once = static_cast<int>(std::min(files.size() - k, ahead + 1));
    opt.parse.page_threads = std::max(1, parse::parse_cores() / at_once);
    // The bar counts files; a slow step of one file (LibreOffice, OCR) says what it is doing.
    opt.parse.progress = [&](int done, int total, const std::string& what) {
      progress.step(done, total, what);
    };
    return opt;
  };
  // Parses started ahead, so that a long file's parse does not leave the other cores idle while
  // the run waits for it.
  std::map<size_t, std::shared_ptr<parse::BoundedParse>> started;
  auto start = [&](size_t k) {
    if (k < files.size() && !started.count(k))
      started[k] = lib.start_parse(files[k], options_for(k));
  };
  for (size_t i = 0; i < files.size(); ++i) {
    const fs::path& file = files[i];
    index::IngestOptions opt = options_for(i);
    for (size_t k = i + 1; k <= i + ahead; ++k)
      start(k);
    if (ahead == 0) opt.before_save = [&, i](const model::RegulationInfo&) { start(i + 1); };
    if (auto s = started.find(i); s != started.end()) {
      opt.started = std::move(s->second);
      started.erase(s);
    }
    progress.start_file(i, file.filename().string());
    try {
      auto r = lib.ingest(file, opt);
      progress.finish_file();
      progress.clear();
      report_one(r, file, a, out.tally);
      if (!r.family.empty()) out.families.insert(r.family);
      out.results.push_back(result_json(r, file));
    } catch (const Error& e) {
      progress.finish_file();
      progress.clear();
      ++out.tally.failed;
      out.tally.failures.emplace_back(file, e.what());
      if (!a.json) std::cerr << "FAIL " << e.what() << "\n";
      out.results.push_back(
          {{"file", file.string()},
           {"ok", false},
           {"error", {{"code", error_code_name(e.code())}, {"message", e.what()}}}});
      if (files.size() == 1) g.exit_code = exit_code_for(e.code());
    }
  }
}

void print_run(const RunOutcome& out, const std::vector<Skipped>& skipped, size_t files,
               double seconds, const nlohmann::json& vectors,
               const std::vector<std::string>& copies, const IngestArgs& a, Globals& g) {
  if (a.json) {
    nlohmann::json skips = nlohmann::json::array();
    for (const auto& s : skipped)
      skips.push_back({{"file", s.file.string()}, {"reason", s.reason}});
    const Tally& t = out.tally;
    print_json({{"data_dir", g.data_dir().string()},
                {"ingested", static_cast<int>(files) - t.failed},
                {"new", t.added},
                {"replaced", t.replaced},
                {"unchanged", t.unchanged},
                {"failed", t.failed},
                {"pages", t.pages},
                {"seconds", seconds},
                {"skipped", skips},
                {"vectors", vectors},
                {"copies", copies},
                {"results", out.results}});
  } else {
    print_totals(out.tally, skipped, files, seconds, g);
    for (const auto& line : copies)
      std::cout << "Copies: " << line << "\n";
  }
}

void run_ingest(const IngestArgs& a, Globals& g) {
  g.json = a.json;
  std::vector<Skipped> skipped;
  const auto walked = expand_paths(a, skipped);
  // Several files (or a folder) are a collection whose copies of one regulation share an id:
  // the most complete takes it, the others become its copies (--replace / --keep-both keep
  // their own meaning).
  bool folder = walked.size() > 1;
  for (const auto& p : a.paths) {
    std::error_code ec;
    folder = folder || fs::is_directory(p, ec);
  }
  std::map<fs::path, std::string> hashes;  // of a folder run's files, hashed once
  const auto files = folder ? drop_identical(walked, g.parse_limits, skipped, hashes) : walked;
  if (!a.json)
    for (const auto& s : skipped)
      std::cout << "skip " << s.file.string() << ": " << s.reason << "\n";
  if (files.empty())
    throw Error(ErrorCode::kNotFound, "no supported files found in the given paths (" +
                                          std::to_string(skipped.size()) + " skipped)");
  if (files.size() > 1 && (!a.reg_id.empty() || !a.title.empty()))
    throw Error(ErrorCode::kInvalidArgument, "--reg-id and --title apply to a single file (got " +
                                                 std::to_string(files.size()) + " files)");
  const index::IngestOptions shared = run_options(a, folder, g);
  parse::clean_stale_temp_dirs();                       // left by an ingest that was killed
  auto lib = g.library(index::Library::Mode::kCreate);  // the keyword index follows every block
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<RunEstimate::File> todo;
  for (const auto& f : files) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(f, ec);
    todo.push_back({ec ? 0 : size, file_kind(f)});
  }
  RunProgress progress(!g.quiet, todo);
  RunOutcome out;
  ingest_files(lib, files, shared, hashes, progress, a, g, out);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  nlohmann::json vectors;
  if (out.tally.added + out.tally.replaced > 0) finish_library_changes(lib, g, vectors);
  const auto copies = copies_lines(lib.documents().list(), out.families, a.paths);
  print_run(out, skipped, files.size(), seconds, vectors, copies, a, g);
  if (out.tally.failed && g.exit_code == 0) g.exit_code = kExitFailed;
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
  cmd->add_option("--ocr-engine", a->ocr_engine,
                  "Engine that reads scans: auto (PP-OCRv4 on ONNX Runtime when installed, "
                  "else tesseract), paddle, tesseract [default: setting parse.ocr_engine, auto]")
      ->check(CLI::IsMember({"auto", "paddle", "tesseract"}));
  cmd->add_flag("--force", a->force, "Parse and store files whose content is already stored");
  cmd->add_flag("--replace", a->replace,
                "Replace a regulation whose id is held by different content (default: refuse)");
  cmd->add_flag("--keep-both", a->keep_both,
                "When an id is held by different content, store under <id>-2, <id>-3, …");
  cmd->add_option("--include", a->include,
                  "In directories, only files matching these globs (e.g. '*.pdf' 'GB*')");
  cmd->add_option("--exclude", a->exclude, "In directories, skip files matching these globs");
  cmd->add_flag("--json", a->json, "Print a JSON summary on stdout");
  cmd->footer(
      "Each file is parsed completely and stored in one transaction: a file that fails is "
      "reported\n"
      "and leaves the store unchanged, the others go on; the exit code is non-zero if any failed.\n"
      "A file whose content is already stored is skipped as unchanged (--force parses it again);\n"
      "a new version of a stored file (same path or name) replaces it and says so; an id held by\n"
      "different content is refused, naming both files (--reg-id, --replace or --keep-both).\n"
      "A folder (or several files) is a collection: every file is hashed first and a file with\n"
      "the bytes of another is skipped; copies of one regulation (PDF, Word, Markdown, an OCR'd\n"
      "scan) share its id by rank: the most complete copy (real pages over rendered over\n"
      "synthetic, then a text layer over OCR, then the most pages) holds the id, the others are\n"
      "kept as <id>-2, <id>-3, … and listed at the end (`regreader list` says why).\n"
      "Directories are walked recursively; hidden files, unsupported types and a folder's README\n"
      "are skipped and listed with the reason; the run ends with totals and the failures.\n"
      "Each file is parsed in a child process: a crash, a limit or a timeout fails that file\n"
      "only. Limits (environment): REGREADER_MAX_FILE_MB=1024, REGREADER_PARSE_MEMORY_MB=4096,\n"
      "REGREADER_PARSE_TIMEOUT=1800 (seconds per file), REGREADER_MAX_PAGES=5000,\n"
      "REGREADER_MAX_PARAGRAPHS=200000 (Word). FIFOs and devices are refused. A scan in which\n"
      "OCR finds no run of characters it is sure of (noise, a photo, blank paper) is refused.\n\n"
      "Examples:\n"
      "  regreader ingest examples/sample-regulation.md\n"
      "  regreader ingest ~/regs/ --json\n"
      "  regreader ingest 安规.pdf --reg-id GB26860 --title \"电力安全工作规程\"\n"
      "  regreader ingest scanned.pdf --ocr always     # PP-OCR: about 3 s a page on 2 cores\n"
      "  regreader ingest scanned.pdf --ocr-engine tesseract   # tesseract: about 5 s a page");
  cmd->callback([a, &g] { run_ingest(*a, g); });
}

}  // namespace regreader::cli
