#include "regreader/parse/pdf_parser.hpp"

extern "C" {
#include <mupdf/fitz.h>
}

#include <map>
#include <memory>

#include <spdlog/spdlog.h>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::parse {

namespace {

// MuPDF reports errors with setjmp/longjmp (fz_try). Every MuPDF call below sits inside fz_try
// and only records the failure; C++ exceptions are thrown after fz_catch, never across it.

struct ContextDeleter {
  void operator()(fz_context* c) const { fz_drop_context(c); }
};
using ContextPtr = std::unique_ptr<fz_context, ContextDeleter>;

struct Document {
  fz_context* ctx;
  fz_document* doc = nullptr;
  ~Document() {
    if (doc) fz_drop_document(ctx, doc);
  }
};

bool is_bold_font(fz_context* ctx, fz_font* font) {
  if (!font) return false;
  if (fz_font_is_bold(ctx, font)) return true;
  const std::string name = fz_font_name(ctx, font);
  // Chinese standards set headings in 黑体 (SimHei / Hei / Heiti): a bold face in effect.
  for (const char* k : {"Bold", "bold", "Black", "Heavy", "Hei", "hei", "Semibold"})
    if (name.find(k) != std::string::npos) return true;
  return false;
}

PdfPage read_page(fz_context* ctx, fz_stext_page* st, int number, fz_rect bounds) {
  PdfPage page;
  page.number = number;
  page.width = bounds.x1 - bounds.x0;
  page.height = bounds.y1 - bounds.y0;
  std::vector<PdfChar> chars;
  std::map<fz_font*, bool> bold_cache;
  for (fz_stext_block* b = st->first_block; b; b = b->next) {
    if (b->type != FZ_STEXT_BLOCK_TEXT) continue;
    for (fz_stext_line* l = b->u.t.first_line; l; l = l->next) {
      if (l->wmode != 0) continue;  // vertical text: stamps and margins, not body text
      for (fz_stext_char* ch = l->first_char; ch; ch = ch->next) {
        if (ch->c == ' ' || ch->c == 0x3000 || ch->c == '\t') continue;
        auto [it, fresh] = bold_cache.try_emplace(ch->font, false);
        if (fresh) it->second = is_bold_font(ctx, ch->font);
        const fz_rect r = fz_rect_from_quad(ch->quad);
        chars.push_back({static_cast<char32_t>(ch->c), r.x0 - bounds.x0, r.x1 - bounds.x0,
                         r.y0 - bounds.y0, r.y1 - bounds.y0, ch->origin.y - bounds.y0, ch->size,
                         it->second});
      }
    }
  }
  page.lines = build_lines(std::move(chars));
  return page;
}

}  // namespace

std::vector<PdfPage> read_pdf_lines(const std::filesystem::path& path, std::string* title,
                                    const ProgressFn& progress) {
  ContextPtr ctx(fz_new_context(nullptr, nullptr, FZ_STORE_DEFAULT));
  if (!ctx) throw ParseError(ErrorCode::kInternal, path, "cannot create a MuPDF context");
  fz_context* c = ctx.get();
  Document d{c};
  std::string failure;
  int page_count = 0;
  bool needs_password = false;
  const std::string file = path.string();
  // MuPDF prints warnings (e.g. about broken OCR fonts) on stderr by default; route them to the
  // debug log instead, so that they do not drown the CLI output.
  fz_set_warning_callback(
      c, [](void*, const char* msg) { spdlog::debug("mupdf: {}", msg); }, nullptr);
  fz_set_error_callback(
      c, [](void*, const char* msg) { spdlog::debug("mupdf error: {}", msg); }, nullptr);
  fz_try(c) {
    fz_register_document_handlers(c);
    d.doc = fz_open_document(c, file.c_str());
    needs_password = fz_needs_password(c, d.doc) && !fz_authenticate_password(c, d.doc, "");
    if (!needs_password) page_count = fz_count_pages(c, d.doc);
  }
  fz_catch(c) {
    failure = fz_caught_message(c);
  }
  if (!failure.empty())
    throw ParseError(ErrorCode::kCorruptFile, path, "not a readable PDF (" + failure + ")");
  if (needs_password)
    throw ParseError(ErrorCode::kEncryptedFile, path,
                     "the PDF is password-protected; decrypt it first (e.g. qpdf --decrypt)");
  if (page_count <= 0)
    throw ParseError(
        ErrorCode::kCorruptFile, path,
        "not a readable PDF (no page could be found; the file may be truncated or damaged)");
  if (title) {
    char buf[512] = {0};
    if (fz_lookup_metadata(c, d.doc, FZ_META_INFO_TITLE, buf, sizeof buf) > 0) *title = buf;
  }
  std::vector<PdfPage> pages;
  pages.reserve(static_cast<size_t>(page_count));
  for (int i = 0; i < page_count; ++i) {
    fz_page* pg = nullptr;
    fz_stext_page* st = nullptr;
    fz_rect bounds{};
    fz_var(pg);
    fz_var(st);
    fz_try(c) {
      pg = fz_load_page(c, d.doc, i);
      bounds = fz_bound_page(c, pg);
      fz_stext_options opts{};
      opts.flags = FZ_STEXT_MEDIABOX_CLIP;
      st = fz_new_stext_page_from_page(c, pg, &opts);
    }
    fz_always(c) {
      fz_drop_page(c, pg);
    }
    fz_catch(c) {
      failure = fz_caught_message(c);
    }
    if (!st)
      throw ParseError(ErrorCode::kCorruptFile, path, "cannot read the page (" + failure + ")",
                       i + 1);
    pages.push_back(read_page(c, st, i + 1, bounds));
    fz_drop_stext_page(c, st);
    if (progress) progress(i + 1, page_count, "page");
  }
  return pages;
}

RawDocument parse_pdf(const std::filesystem::path& path, const ParseOptions& options) {
  RawDocument raw;
  raw.format = "pdf";
  std::vector<PdfPage> pages = read_pdf_lines(path, &raw.title, options.progress);
  raw.page_count = static_cast<int>(pages.size());
  raw.paging = model::Paging::kReal;
  size_t text_pages = 0;
  for (const auto& p : pages)
    text_pages += p.lines.empty() ? 0 : 1;
  if (text_pages == 0)
    throw ParseError(ErrorCode::kNoTextLayer, path,
                     "no page has a text layer (a scanned PDF); OCR is not available yet");
  if (text_pages < pages.size())
    raw.warnings.push_back(std::to_string(pages.size() - text_pages) +
                           " page(s) have no text layer (scanned images) and are empty");
  const float body = body_font_size(pages);
  remove_running_lines(pages);
  for (const auto& p : pages)
    for (auto& b : lines_to_paragraphs(p, body))
      raw.blocks.push_back(std::move(b));
  return raw;
}

}  // namespace regreader::parse
