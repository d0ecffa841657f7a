#include "regreader/parse/office/office_renderer.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string_view>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/bounded_parse.hpp"
#include "regreader/parse/pdf/page_alignment.hpp"
#include "regreader/parse/pdf/pdf_parser.hpp"

namespace regreader::parse {

namespace fs = std::filesystem;

namespace {
// LibreOffice takes a few seconds per document; a stuck conversion is killed after this.
constexpr int kConvertTimeoutSeconds = 300;
}  // namespace

TempDir::TempDir() {
  // The pid in the name lets a later run remove the directory if this process is killed.
  std::string tmpl =
      (fs::temp_directory_path() / ("regreader-" + std::to_string(getpid()) + "-XXXXXX")).string();
  if (!mkdtemp(tmpl.data())) throw Error(ErrorCode::kIo, "cannot create a temporary directory");
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

int clean_stale_temp_dirs(const fs::path& dir) {
  int removed = 0;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!text::starts_with(name, "regreader-") || !it->is_directory(ec)) continue;
    const size_t dash = name.find('-', 10);
    if (dash == std::string::npos || dash == 10) continue;
    const std::string pid = name.substr(10, dash - 10);
    if (pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9) continue;
    // Alive (or not ours to signal): leave it.
    if (kill(static_cast<pid_t>(std::stol(pid)), 0) == 0 || errno != ESRCH) continue;
    std::error_code rm;
    if (fs::remove_all(it->path(), rm) > 0 && !rm) ++removed;
  }
  return removed;
}

std::optional<fs::path> find_soffice() {
  if (settings().enabled("parse.no_office")) return std::nullopt;
  if (const std::string& p = settings().get("parse.soffice"); !p.empty())
    return fs::exists(p) ? std::optional<fs::path>(p) : std::nullopt;
  std::stringstream ss(environment_variable("PATH").value_or("/usr/bin:/bin"));
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    for (const char* name : {"soffice", "libreoffice"}) {
      fs::path candidate = fs::path(dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate;
    }
  }
  return std::nullopt;
}

fs::path convert_with_soffice(const fs::path& input, const std::string& format,
                              const fs::path& outdir) {
  auto soffice = find_soffice();
  if (!soffice)
    throw ParseError(ErrorCode::kConversion, input, "LibreOffice (soffice) is not installed");
  const std::string profile = "-env:UserInstallation=file://" + (outdir / "lo-profile").string();
  const std::string log = (outdir / "soffice.log").string();
  std::vector<std::string> args = {
      soffice->string(), profile,         "--headless",
      "--norestore",     "--convert-to",  format,
      "--outdir",        outdir.string(), fs::absolute(input).string()};
  // LibreOffice's launcher script runs itself under a debugger when RR or VALGRIND is set (a
  // user's shell may well have RR=…): the conversion then failed with "Can't find the tool rr".
  // The environment is built before fork: the child only calls async-signal-safe functions.
  // Pagination follows the locale: the same Word file rendered to 13 pages under C.UTF-8 and to
  // 17 under zh_CN.UTF-8 (LibreOffice 7.4). Stored pages are what citations point at, so every
  // machine renders under one fixed locale; the fonts installed (scripts/install-deps.sh) are
  // the other input, and the paging note of each Word file names the renderer.
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string_view v(*e);
    if (v.starts_with("RR=") || v.starts_with("VALGRIND=") || v.starts_with("LANG=") ||
        v.starts_with("LANGUAGE=") || v.starts_with("LC_"))
      continue;
    env.emplace_back(*e);
  }
  env.emplace_back("LANG=C.UTF-8");
  std::vector<char*> envp;
  for (auto& e : env)
    envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid < 0) throw ParseError(ErrorCode::kConversion, input, "cannot start LibreOffice");
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    lift_parse_limits();
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    execve(argv[0], argv.data(), envp.data());
    _exit(127);
  }
  int status = 0;
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(kConvertTimeoutSeconds);
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      throw ParseError(
          ErrorCode::kConversion, input,
          "LibreOffice did not finish within " + std::to_string(kConvertTimeoutSeconds) + " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  fs::path out = outdir / (input.stem().string() + "." + format);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::exists(out)) {
    std::ifstream in(log);
    std::string msg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    throw ParseError(ErrorCode::kConversion, input,
                     "LibreOffice could not convert the file" +
                         (msg.empty() ? std::string() : ": " + text::trim(msg)));
  }
  return out;
}

std::vector<PdfPage> render_pdf_pages(const fs::path& input, const fs::path& keep_pdf) {
  TempDir tmp;
  fs::path pdf = convert_with_soffice(input, "pdf", tmp.path());
  if (!keep_pdf.empty()) {
    std::error_code ec;
    fs::copy_file(pdf, keep_pdf, fs::copy_options::overwrite_existing, ec);
    if (ec)
      throw ParseError(ErrorCode::kConversion, input, "cannot keep the rendering: " + ec.message());
  }
  auto pages = read_pdf_lines(pdf, nullptr);
  remove_running_lines(pages);
  return pages;
}

namespace {

// A paragraph that runs over page breaks, cut where the rendering turns the page: `breaks` are
// offsets in the paragraph's alignment key (letters, digits, ideographs), mapped back to its text.
std::vector<RawBlock> split_at_page_breaks(const RawBlock& b,
                                           const std::vector<std::pair<size_t, int>>& breaks) {
  if (breaks.empty()) return {b};
  const auto cps = text::to_codepoints(b.text);
  std::vector<RawBlock> out;
  size_t from = 0, key = 0, next = 0;
  RawBlock cur = b;
  for (size_t i = 0; i < cps.size() && next < breaks.size(); ++i) {
    if (alignment_key(text::from_codepoints({cps[i]})).empty()) continue;
    if (key++ != breaks[next].first) continue;
    cur.text = text::from_codepoints(
        {cps.begin() + static_cast<long>(from), cps.begin() + static_cast<long>(i)});
    out.push_back(cur);
    cur = b;
    cur.page = breaks[next].second;
    cur.continued = true;
    cur.heading_level = 0;
    cur.list_item = false;
    from = i;
    ++next;
  }
  cur.text = text::from_codepoints({cps.begin() + static_cast<long>(from), cps.end()});
  out.push_back(cur);
  std::erase_if(out, [](const RawBlock& r) { return text::trim(r.text).empty(); });
  return out;
}

std::string row_text(const model::TableMeta& t, int row) {
  std::string s;
  for (const auto& c : t.cells)
    if (c.row == row) s += c.content;
  return s;
}

// Cuts a table whose rows fall on several rendered pages into one block per page; the pieces are
// linked again as segments of one table by the structure builder.
std::vector<RawBlock> split_table_by_page(const RawBlock& b, const std::vector<int>& row_page) {
  std::vector<RawBlock> out;
  const auto& t = *b.table;
  int first_row = 0;
  for (int r = 1; r <= t.row_count; ++r) {
    if (r < t.row_count &&
        row_page[static_cast<size_t>(r)] == row_page[static_cast<size_t>(first_row)])
      continue;
    RawBlock piece = b;
    piece.page = row_page[static_cast<size_t>(first_row)];
    piece.table->cells.clear();
    for (const auto& c : t.cells)
      if (c.row >= first_row && c.row < r) {
        auto moved = c;
        moved.row -= first_row;
        moved.row_span = std::min(moved.row_span, r - c.row);
        piece.table->cells.push_back(moved);
      }
    piece.table->row_count = r - first_row;
    if (!out.empty()) piece.text.clear();  // the caption belongs to the first piece
    out.push_back(std::move(piece));
    first_row = r;
  }
  return out;
}

}  // namespace

void assign_rendered_pages(RawDocument& raw, const std::vector<PdfPage>& pages) {
  std::vector<std::u32string> page_keys;
  for (const auto& p : pages) {
    std::string t;
    for (const auto& l : p.lines)
      t += l.text;
    page_keys.push_back(alignment_key(t));
  }
  // Every paragraph, and every row of every table, is one text to place.
  std::vector<std::u32string> texts;
  for (const auto& b : raw.blocks) {
    if (!b.table) {
      texts.push_back(alignment_key(b.text));
      continue;
    }
    for (int r = 0; r < b.table->row_count; ++r)
      texts.push_back(alignment_key(row_text(*b.table, r)));
  }
  const Placement placed = PageAligner(page_keys).place(texts);
  size_t t = 0;
  int page = 1;
  std::vector<RawBlock> blocks;
  for (auto& b : raw.blocks) {
    if (!b.table) {
      b.page = page = placed.pages[t];
      for (auto& piece : split_at_page_breaks(b, placed.breaks[t])) {
        page = piece.page;
        blocks.push_back(std::move(piece));
      }
      ++t;
      continue;
    }
    std::vector<int> row_page;
    for (int r = 0; r < b.table->row_count; ++r)
      row_page.push_back(page = placed.pages[t++]);
    b.page = row_page.empty() ? page : row_page.front();
    if (row_page.empty() || row_page.back() == row_page.front()) {
      blocks.push_back(std::move(b));
      continue;
    }
    for (auto& piece : split_table_by_page(b, row_page))
      blocks.push_back(std::move(piece));
  }
  raw.blocks = std::move(blocks);
  raw.page_count = std::max(static_cast<int>(pages.size()), page);
  raw.paging = model::Paging::kRendered;
}

}  // namespace regreader::parse
