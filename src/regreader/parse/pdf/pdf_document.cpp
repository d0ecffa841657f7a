#include "regreader/parse/pdf/pdf_document.hpp"

extern "C" {
#include <mupdf/fitz.h>
}

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/parse/pdf/glyph_repair.hpp"
#include "regreader/parse/pdf/rule_device.hpp"

namespace regreader::parse {

namespace {

// Letter pairs of repaired Latin enough to learn the letters' widths from (GB 38755 has 554 in
// all; its English terms on pp5-7 give most of them).
constexpr size_t kEnoughLatinPairs = 400;

bool is_bold_font(fz_context* ctx, fz_font* font) {
  if (!font) return false;
  if (fz_font_is_bold(ctx, font)) return true;
  const std::string name = fz_font_name(ctx, font);
  // Chinese standards set headings in 黑体 (SimHei / Hei / Heiti): a bold face in effect.
  for (const char* k : {"Bold", "bold", "Black", "Heavy", "Hei", "hei", "Semibold"})
    if (name.find(k) != std::string::npos) return true;
  return false;
}

bool is_ocr_font(fz_context* ctx, fz_font* font) {
  if (!font) return false;
  const std::string name = fz_font_name(ctx, font);
  return name.find("OCR") != std::string::npos || name.find("GlyphLess") != std::string::npos;
}

// Latin glyphs recorded as ideographs by their font's ToUnicode map (glyph_repair.hpp) are
// mapped back; `repaired` marks them, and the Latin of fonts that set it an ideograph wide: the
// characters whose word spaces are learnt. Narrow ideographs of other fonts are unreadable.
void repair_mapped_latin(std::vector<PdfChar>& chars, const std::vector<fz_font*>& fonts,
                         const std::map<fz_font*, FontGlyphStats>& glyphs, PdfPageContent& page,
                         std::vector<bool>& repaired) {
  for (const auto& [font, stats] : glyphs)
    if (!stats.is_mapped_latin()) page.unreadable_glyphs += stats.narrow_other;
  repaired.assign(chars.size(), false);
  for (size_t i = 0; i < chars.size(); ++i) {
    const auto& stats = glyphs.at(fonts[i]);
    if (stats.sets_latin_wide() && chars[i].c > ' ' && chars[i].c < 0x7F) {
      repaired[i] = true;
      ++page.spaced_latin;
    }
    if (!stats.is_mapped_latin()) continue;
    if (auto ascii = gbk_row_a0_ascii(chars[i].c)) {
      chars[i].c = static_cast<char32_t>(*ascii);
      repaired[i] = true;
      ++page.spaced_latin;
    }
  }
  for (const auto& c : chars)
    page.unreadable_glyphs += is_unreadable(c.c) ? 1 : 0;
}

std::vector<PdfChar> collect_chars(fz_context* ctx, fz_stext_page* st, fz_rect bounds,
                                   PdfPageContent& page, std::vector<bool>& repaired) {
  std::vector<PdfChar> chars;
  std::vector<fz_font*> fonts;  // the font of each kept character
  size_t ocr_font_chars = 0;
  std::map<fz_font*, bool> bold_cache;
  std::map<fz_font*, FontGlyphStats> glyphs;
  for (fz_stext_block* b = st->first_block; b; b = b->next) {
    if (b->type != FZ_STEXT_BLOCK_TEXT) continue;
    for (fz_stext_line* l = b->u.t.first_line; l; l = l->next) {
      if (l->wmode != 0) continue;  // vertical text: stamps and margins, not body text
      for (fz_stext_char* ch = l->first_char; ch; ch = ch->next) {
        if (ch->c == ' ' || ch->c == 0x3000 || ch->c == '\t') continue;
        auto [it, fresh] = bold_cache.try_emplace(ch->font, false);
        if (fresh) it->second = is_bold_font(ctx, ch->font);
        ocr_font_chars += is_ocr_font(ctx, ch->font) ? 1 : 0;
        const fz_rect r = fz_rect_from_quad(ch->quad);
        glyphs[ch->font].add(static_cast<char32_t>(ch->c), r.x1 - r.x0, ch->size);
        chars.push_back({static_cast<char32_t>(ch->c), r.x0 - bounds.x0, r.x1 - bounds.x0,
                         r.y0 - bounds.y0, r.y1 - bounds.y0, ch->origin.y - bounds.y0, ch->size,
                         it->second});
        fonts.push_back(ch->font);
      }
    }
  }
  page.ocr_layer = !chars.empty() && ocr_font_chars * 2 > chars.size();
  repair_mapped_latin(chars, fonts, glyphs, page, repaired);
  return chars;
}

// Page `index`'s structured text alone (no rules, no images), or nullptr when it cannot be read.
fz_stext_page* text_of_page(fz_context* ctx, fz_document* doc, int index) {
  fz_stext_page* st = nullptr;
  fz_var(st);
  fz_try(ctx) {
    fz_stext_options opts{};
    opts.flags = FZ_STEXT_MEDIABOX_CLIP;
    st = fz_new_stext_page_from_page_number(ctx, doc, index, &opts);
  }
  fz_catch(ctx) {
    return nullptr;
  }
  return st;
}

// The widths of repaired Latin, learnt once into `learnt`: read on from the first page that has
// repaired Latin (`from`; the pages before it have none) until enough letter pairs are seen,
// `add_page(k, adv)` adding page k's letters. Every page's text read twice made GB 38755's ingest
// 30% slower.
template <typename AddPage>
const LatinAdvances& learn_latin(std::optional<LatinAdvances>& learnt, int from, int pages,
                                 AddPage add_page) {
  if (learnt) return *learnt;
  LatinAdvances adv;
  for (int k = from; k < pages && adv.pairs() < kEnoughLatinPairs; ++k)
    add_page(k, adv);
  adv.solve();
  learnt = std::move(adv);
  return *learnt;
}

}  // namespace

struct PdfDocument::Impl {
  std::filesystem::path path;
  fz_context* ctx = nullptr;
  fz_document* doc = nullptr;
  int pages = 0;
  // The widths of repaired Latin letters, learnt on the first page that has any (latin_advances).
  std::optional<LatinAdvances> latin;
  ~Impl() {
    if (doc) fz_drop_document(ctx, doc);
    if (ctx) fz_drop_context(ctx);
  }
};

PdfDocument::PdfDocument(const std::filesystem::path& path) : impl_(std::make_unique<Impl>()) {
  impl_->path = path;
  impl_->ctx = fz_new_context(nullptr, nullptr, FZ_STORE_DEFAULT);
  if (!impl_->ctx) throw ParseError(ErrorCode::kInternal, path, "cannot create a MuPDF context");
  fz_context* c = impl_->ctx;
  // MuPDF prints warnings (e.g. about broken OCR fonts) on stderr by default; route them to the
  // debug log instead, so that they do not drown the CLI output.
  fz_set_warning_callback(
      c, [](void*, const char* m) { spdlog::debug("mupdf: {}", m); }, nullptr);
  fz_set_error_callback(
      c, [](void*, const char* m) { spdlog::debug("mupdf error: {}", m); }, nullptr);
  std::string failure;
  bool locked = false;
  fz_var(locked);
  const std::string file = path.string();
  fz_try(c) {
    fz_register_document_handlers(c);
    impl_->doc = fz_open_document(c, file.c_str());
    locked = fz_needs_password(c, impl_->doc) && !fz_authenticate_password(c, impl_->doc, "");
    if (!locked) impl_->pages = fz_count_pages(c, impl_->doc);
  }
  fz_catch(c) {
    failure = fz_caught_message(c);
  }
  if (!failure.empty())
    throw ParseError(ErrorCode::kCorruptFile, path, "not a readable PDF (" + failure + ")");
  if (locked)
    throw ParseError(ErrorCode::kEncryptedFile, path,
                     "the PDF is password-protected; decrypt it first (e.g. qpdf --decrypt)");
  if (impl_->pages <= 0)
    throw ParseError(
        ErrorCode::kCorruptFile, path,
        "not a readable PDF (no page could be found; the file may be truncated or damaged)");
}

PdfDocument::~PdfDocument() = default;

int PdfDocument::page_count() const {
  return impl_->pages;
}

std::string PdfDocument::title() const {
  char buf[512] = {0};
  if (fz_lookup_metadata(impl_->ctx, impl_->doc, FZ_META_INFO_TITLE, buf, sizeof buf) > 0)
    return buf;
  return {};
}

PdfPageContent PdfDocument::read_page(int index) const {
  std::vector<bool> repaired;
  PdfPageContent out = read_unspaced(index, repaired);
  if (out.spaced_latin > 0) latin_advances(index).mark_spaces(out.chars, repaired);
  return out;
}

std::vector<PdfPageContent> PdfDocument::read_pages(int threads,
                                                    const std::function<void(int)>& read) const {
  const int n = impl_->pages;
  std::vector<PdfPageContent> pages(static_cast<size_t>(n));
  std::vector<std::vector<bool>> repaired(pages.size());
  std::vector<std::exception_ptr> failed(pages.size());
  std::atomic<int> next{0};
  std::mutex progress;
  int done = 0;
  auto work = [&](const PdfDocument& doc) {
    for (int i = next++; i < n; i = next++) {
      const auto k = static_cast<size_t>(i);
      try {
        pages[k] = doc.read_unspaced(i, repaired[k]);
      } catch (...) {
        failed[k] = std::current_exception();
      }
      if (read) {
        std::lock_guard lock(progress);
        read(++done);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min(threads, n); ++t)
    pool.emplace_back([&] {
      std::unique_ptr<PdfDocument> own;
      try {
        own = std::make_unique<PdfDocument>(impl_->path);
      } catch (...) {
        return;  // the other threads read its share
      }
      work(*own);
    });
  work(*this);
  for (auto& t : pool)
    t.join();
  for (const auto& f : failed)
    if (f) std::rethrow_exception(f);
  // The widths of repaired Latin are learnt from the first page that has any on, as read_page
  // learns them, from the pages already read.
  for (size_t i = 0; i < pages.size(); ++i) {
    if (pages[i].spaced_latin == 0) continue;
    learn_latin(impl_->latin, static_cast<int>(i), n, [&](int k, LatinAdvances& adv) {
      adv.add(pages[static_cast<size_t>(k)].chars, repaired[static_cast<size_t>(k)]);
    }).mark_spaces(pages[i].chars, repaired[i]);
  }
  return pages;
}

PdfPageContent PdfDocument::read_unspaced(int index, std::vector<bool>& repaired) const {
  fz_context* c = impl_->ctx;
  fz_page* page = nullptr;
  fz_stext_page* st = nullptr;
  fz_device* text = nullptr;
  fz_device* dev = nullptr;
  PdfPageContent out;
  std::string failure;
  fz_rect bounds{};
  std::vector<fz_point> stroked;
  fz_var(page);
  fz_var(st);
  fz_var(text);
  fz_var(dev);
  fz_try(c) {
    page = fz_load_page(c, impl_->doc, index);
    bounds = fz_bound_page(c, page);
    fz_stext_options opts{};
    opts.flags = FZ_STEXT_MEDIABOX_CLIP;
    st = fz_new_stext_page(c, bounds);
    text = fz_new_stext_device(c, st, &opts);
    dev = new_rule_device(c, text, bounds, out.rules, out.largest_image_area, stroked);
    // The page's content stream is interpreted once, for the rules and the text together.
    fz_run_page(c, page, dev, fz_identity, nullptr);
    fz_close_device(c, dev);
    fz_close_device(c, text);
  }
  fz_always(c) {
    fz_drop_device(c, dev);
    fz_drop_device(c, text);
    fz_drop_page(c, page);
  }
  fz_catch(c) {
    failure = fz_caught_message(c);
  }
  if (!failure.empty()) {
    if (st) fz_drop_stext_page(c, st);
    throw ParseError(ErrorCode::kCorruptFile, impl_->path, "cannot read the page (" + failure + ")",
                     index + 1);
  }
  out.width = bounds.x1 - bounds.x0;
  out.height = bounds.y1 - bounds.y0;
  out.chars = collect_chars(c, st, bounds, out, repaired);
  mark_stroked_bold(out.chars, std::move(stroked));
  fz_drop_stext_page(c, st);
  return out;
}

const LatinAdvances& PdfDocument::latin_advances(int from) const {
  fz_context* c = impl_->ctx;
  return learn_latin(impl_->latin, from, impl_->pages, [&](int index, LatinAdvances& adv) {
    fz_stext_page* st = text_of_page(c, impl_->doc, index);
    if (!st) return;  // a page that cannot be read says nothing of widths; read_page reports it
    PdfPageContent page;
    std::vector<bool> repaired;
    const auto chars = collect_chars(c, st, st->mediabox, page, repaired);
    fz_drop_stext_page(c, st);
    adv.add(chars, repaired);
  });
}

int PdfDocument::fitting_dpi(int index, int dpi, double max_pixels) const {
  const auto [w, h] = page_size(index);
  const double pixels = (w * dpi / 72.0) * (h * dpi / 72.0);
  if (pixels <= max_pixels) return dpi;
  return std::max(1, static_cast<int>(dpi * std::sqrt(max_pixels / pixels)));
}

GrayImage PdfDocument::render_gray(int index, int asked_dpi, InkFilterStats* stats,
                                   double max_pixels) const {
  const int dpi = fitting_dpi(index, asked_dpi, max_pixels);
  fz_context* c = impl_->ctx;
  fz_pixmap* pix = nullptr;
  std::string failure;
  fz_var(pix);
  // Scans are often ~100 dpi: upscale them with MuPDF's Mitchell filter, not nearest neighbour,
  // or the blocky glyphs cost OCR dearly.
  fz_tune_image_scale(
      c, [](void*, int, int, int, int) { return 1; }, nullptr);
  fz_try(c) {
    const float scale = static_cast<float>(dpi) / 72.0f;
    pix = fz_new_pixmap_from_page_number(c, impl_->doc, index, fz_scale(scale, scale),
                                         fz_device_rgb(c), 0);
  }
  fz_catch(c) {
    failure = fz_caught_message(c);
  }
  if (!pix)
    throw ParseError(ErrorCode::kCorruptFile, impl_->path,
                     "cannot render the page (" + failure + ")", index + 1);
  PixelImage img;
  img.width = fz_pixmap_width(c, pix);
  img.height = fz_pixmap_height(c, pix);
  img.stride = static_cast<int>(fz_pixmap_stride(c, pix));
  img.channels = fz_pixmap_components(c, pix);
  img.dpi = dpi;
  const unsigned char* samples = fz_pixmap_samples(c, pix);
  img.pixels.assign(samples,
                    samples + static_cast<size_t>(img.stride) * static_cast<size_t>(img.height));
  fz_drop_pixmap(c, pix);
  return to_ocr_gray(img, stats);
}

PdfDocument::PngPage PdfDocument::render_png(int index, int asked_dpi, double max_pixels) const {
  const int dpi = fitting_dpi(index, asked_dpi, max_pixels);
  fz_context* c = impl_->ctx;
  fz_pixmap* pix = nullptr;
  fz_buffer* buf = nullptr;
  std::string failure, out;
  fz_var(pix);
  fz_var(buf);
  fz_try(c) {
    const float scale = static_cast<float>(dpi) / 72.0f;
    pix = fz_new_pixmap_from_page_number(c, impl_->doc, index, fz_scale(scale, scale),
                                         fz_device_rgb(c), 0);
    buf = fz_new_buffer_from_pixmap_as_png(c, pix, fz_default_color_params);
    unsigned char* data = nullptr;
    const size_t n = fz_buffer_storage(c, buf, &data);
    out.assign(reinterpret_cast<const char*>(data), n);
  }
  fz_always(c) {
    fz_drop_buffer(c, buf);
    fz_drop_pixmap(c, pix);
  }
  fz_catch(c) {
    failure = fz_caught_message(c);
  }
  if (out.empty())
    throw ParseError(ErrorCode::kCorruptFile, impl_->path,
                     "cannot render the page (" + failure + ")", index + 1);
  return {std::move(out), dpi};
}

std::pair<float, float> PdfDocument::page_size(int index) const {
  fz_context* c = impl_->ctx;
  fz_rect r = fz_empty_rect;
  std::string failure;
  fz_page* page = nullptr;
  fz_var(page);
  fz_try(c) {
    page = fz_load_page(c, impl_->doc, index);
    r = fz_bound_page(c, page);
  }
  fz_always(c) {
    fz_drop_page(c, page);
  }
  fz_catch(c) {
    failure = fz_caught_message(c);
  }
  if (fz_is_empty_rect(r))
    throw ParseError(ErrorCode::kCorruptFile, impl_->path, "cannot read the page (" + failure + ")",
                     index + 1);
  return {r.x1 - r.x0, r.y1 - r.y0};
}

}  // namespace regreader::parse
