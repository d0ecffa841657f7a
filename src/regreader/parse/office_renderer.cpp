#include "regreader/parse/office_renderer.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/pdf_parser.hpp"

namespace regreader::parse {

namespace fs = std::filesystem;

namespace {
// LibreOffice takes a few seconds per document; a stuck conversion is killed after this.
constexpr int kConvertTimeoutSeconds = 300;
// How far ahead in the rendered text a block's start is looked for before giving up on it.
constexpr size_t kMatchWindow = 3000;
// Shorter texts are not looked for: they would match too early and lose the thread.
constexpr size_t kMinProbeChars = 4;
// Characters of a block used to find it in the rendering.
constexpr size_t kProbeChars = 16;
}  // namespace

TempDir::TempDir() {
  std::string tmpl = (fs::temp_directory_path() / "regreader-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw Error(ErrorCode::kIo, "cannot create a temporary directory");
  path_ = tmpl;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::optional<fs::path> find_soffice() {
  if (const char* off = std::getenv("REGREADER_NO_OFFICE"); off && *off && std::string(off) != "0")
    return std::nullopt;
  if (const char* p = std::getenv("REGREADER_SOFFICE"); p && *p)
    return fs::exists(p) ? std::optional<fs::path>(p) : std::nullopt;
  const char* path_env = std::getenv("PATH");
  std::stringstream ss(path_env ? path_env : "/usr/bin:/bin");
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
  pid_t pid = fork();
  if (pid < 0) throw ParseError(ErrorCode::kConversion, input, "cannot start LibreOffice");
  if (pid == 0) {
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0) dup2(devnull, 0);
    std::vector<char*> argv;
    for (auto& a : args)
      argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
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

std::vector<PdfPage> render_pdf_pages(const fs::path& input) {
  TempDir tmp;
  fs::path pdf = convert_with_soffice(input, "pdf", tmp.path());
  auto pages = read_pdf_lines(pdf, nullptr);
  remove_running_lines(pages);
  return pages;
}

namespace {
// Letters, digits and ideographs only: punctuation and spacing differ between Word's XML and
// the rendered PDF.
std::u32string match_key(std::string_view s) {
  std::u32string out;
  for (char32_t c : text::to_codepoints(text::fold_width(s))) {
    const bool keep = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      (c >= 0x3400 && c <= 0x9FFF);
    if (keep) out.push_back(c);
  }
  return out;
}

}  // namespace

namespace {

// The rendered text of a document, for finding where a block's text appears.
class RenderedText {
 public:
  explicit RenderedText(const std::vector<PdfPage>& pages) {
    for (const auto& p : pages) {
      page_start_.push_back(all_.size());
      for (const auto& l : p.lines)
        all_ += match_key(l.text);
    }
  }
  /// Page of the next occurrence of `text` after the cursor (and moves the cursor), or 0.
  int find(std::string_view text) {
    const std::u32string key = match_key(text);
    if (key.size() < kMinProbeChars) return 0;  // "1" or "是" would match anywhere
    const std::u32string probe = key.substr(0, kProbeChars);
    const size_t pos = all_.find(probe, cursor_);
    if (pos == std::u32string::npos || pos - cursor_ > kMatchWindow) return 0;
    cursor_ = pos + probe.size();
    const size_t i =
        std::upper_bound(page_start_.begin(), page_start_.end(), pos) - page_start_.begin();
    return static_cast<int>(std::max<size_t>(i, 1));
  }

 private:
  std::u32string all_;
  std::vector<size_t> page_start_;
  size_t cursor_ = 0;
};

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
  RenderedText rendered(pages);
  int page = 1;
  std::vector<RawBlock> blocks;
  for (auto& b : raw.blocks) {
    if (!b.table) {
      if (int p = rendered.find(b.text)) page = p;
      b.page = page;
      blocks.push_back(std::move(b));
      continue;
    }
    std::vector<int> row_page;
    for (int r = 0; r < b.table->row_count; ++r) {
      if (int p = rendered.find(row_text(*b.table, r))) page = p;
      row_page.push_back(page);
    }
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
  raw.paging = model::Paging::kReal;
}

}  // namespace regreader::parse
