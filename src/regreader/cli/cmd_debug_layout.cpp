// `debug layout`: the lines MuPDF (or OCR) gives a PDF page, as the parser sees them before
// paragraphs, headings and tables are built — for finding why a heading or a table came out
// wrong on a document, without a PDF toolkit beside RegReader.

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/ocr/ocr.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"
#include "regreader/parse/pdf/pdf_parser.hpp"

namespace regreader::cli {

namespace {

struct LayoutArgs {
  std::string file;
  int page = 0;  // 0: every page
  bool ocr = false;
  bool json = false;
  std::string images;  // folder for the page's OCR images; empty: none written
};

// The error for a --page beyond the file's `count` pages.
Error page_not_in(const LayoutArgs& a, int count) {
  return Error(ErrorCode::kNotFound, "page " + std::to_string(a.page) + " is not in " + a.file +
                                         " (" + std::to_string(count) + " pages)");
}

// `img` (one channel) as a binary PGM file, written beside `path` and renamed into place so a
// failed write leaves no partial image.
void write_pgm(const parse::PixelImage& img, const std::filesystem::path& path) {
  const auto part = std::filesystem::path(path.string() + ".part");
  {
    std::ofstream out(part, std::ios::binary);
    out << "P5\n" << img.width << " " << img.height << "\n255\n";
    for (int y = 0; y < img.height; ++y)
      out.write(reinterpret_cast<const char*>(img.pixels.data()) +
                    static_cast<std::ptrdiff_t>(y) * img.stride,
                img.width);
    if (!out.flush()) {
      std::error_code ignored;
      std::filesystem::remove(part, ignored);
      throw Error(ErrorCode::kIo, "cannot write " + path.string());
    }
  }
  std::filesystem::rename(part, path);
}

// The grey image OCR reads page `page` from (seals and other coloured ink dropped,
// colour_ink.hpp), as page-N-ocr.pgm in the --images folder.
void write_ocr_image(const LayoutArgs& a) {
  if (!a.page) throw Error(ErrorCode::kInvalidArgument, "--images needs --page");
  const parse::PdfDocument doc(a.file);
  if (a.page > doc.page_count()) throw page_not_in(a, doc.page_count());
  std::filesystem::create_directories(a.images);
  const auto path =
      std::filesystem::path(a.images) / ("page-" + std::to_string(a.page) + "-ocr.pgm");
  write_pgm(doc.render_gray(a.page - 1, parse::kOcrDpi), path);
  std::cerr << "wrote " << path.string() << " (" << parse::kOcrDpi << " dpi)\n";
}

nlohmann::json line_json(const parse::PdfLine& l) {
  nlohmann::json segs = nlohmann::json::array();
  for (const auto& s : l.segments)
    segs.push_back({{"x0", s.x0}, {"x1", s.x1}, {"text", s.text}});
  // [character, x0, x1, confidence, y0, y1, baseline]
  nlohmann::json chars = nlohmann::json::array();
  for (const auto& c : l.chars)
    chars.push_back({text::from_codepoints({c.c}), c.x0, c.x1, c.conf, c.y0, c.y1, c.baseline});
  return {{"text", l.text},   {"x0", l.x0},     {"y0", l.y0},     {"x1", l.x1},
          {"y1", l.y1},       {"size", l.size}, {"bold", l.bold}, {"conf", l.mean_conf},
          {"segments", segs}, {"chars", chars}};
}

void print_page(const parse::PdfPage& p, float body) {
  std::cout << "── page " << p.number << "  " << p.width << "×" << p.height << " pt, "
            << p.lines.size() << " lines, " << p.rules.size() << " rules (body text " << body
            << " pt) ──\n";
  std::cout << std::fixed << std::setprecision(1);
  for (const auto& l : p.lines)
    std::cout << "  y " << std::setw(6) << l.y0 << "  x " << std::setw(6) << l.x0 << "-"
              << std::setw(6) << l.x1 << "  " << std::setw(5) << l.size << (l.bold ? " B " : "   ")
              << (l.segments.size() > 1 ? "[" + std::to_string(l.segments.size()) + "] " : "")
              << l.text << "\n";
  std::cout.unsetf(std::ios::floatfield);
}

void run_layout(const LayoutArgs& a, Globals& g) {
  g.json = a.json;
  std::string title;
  if (a.page < 0) throw Error(ErrorCode::kInvalidArgument, "--page must be 1 or more");
  if (!a.images.empty()) write_ocr_image(a);
  parse::PdfLinesOptions lines;
  lines.ocr = a.ocr ? parse::OcrMode::kAuto : parse::OcrMode::kNever;
  lines.only_page = a.page;
  auto pages = parse::read_pdf_lines(a.file, &title, lines);
  if (pages.empty()) throw page_not_in(a, parse::PdfDocument(a.file).page_count());
  const float body = parse::body_font_size(pages);
  nlohmann::json out = {{"file", a.file}, {"body_size", body}, {"pages", nlohmann::json::array()}};
  for (const auto& p : pages) {
    if (a.page && p.number != a.page) continue;
    if (!a.json) {
      print_page(p, body);
      continue;
    }
    nlohmann::json lines = nlohmann::json::array(), rules = nlohmann::json::array();
    for (const auto& l : p.lines)
      lines.push_back(line_json(l));
    for (const auto& r : p.rules)
      rules.push_back({r.x0, r.y0, r.x1, r.y1});
    out["pages"].push_back({{"page", p.number},
                            {"width", p.width},
                            {"height", p.height},
                            {"lines", lines},
                            {"rules", rules}});
  }
  if (a.json) print_json(out);
}

}  // namespace

void add_debug_layout_command(CLI::App& debug, Globals& g) {
  auto a = std::make_shared<LayoutArgs>();
  auto* l = debug.add_subcommand(
      "layout", "Show a PDF page's lines as the parser reads them: position, type size, bold");
  l->add_option("file", a->file, "A PDF file")->required()->check(CLI::ExistingFile);
  l->add_option("-p,--page", a->page,
                "Only this page (1-based; default every page). With --ocr only\n"
                "this page is read, so its OCR is checked against itself alone");
  l->add_flag("--ocr", a->ocr, "Read scanned pages with OCR, as `ingest --ocr auto` does");
  l->add_flag("--json", a->json,
              "Lines with coordinates, segments, characters ([c, x0, x1, OCR confidence, y0, y1, "
              "baseline]) and ruling lines as JSON");
  l->add_option("--images", a->images,
                "Also write the grey image OCR reads the page from (coloured ink such as seals\n"
                "dropped, 300 dpi) into this folder as page-N-ocr.pgm. Needs --page");
  l->footer(
      "Columns: y and x in points from the top left, the line's type size, B for bold, [n] for a\n"
      "line cut into n cells by wide gaps. Headings are set larger than the body text size.\n\n"
      "Example:\n  regreader debug layout examples/sample-regulation.pdf --page 3");
  l->callback([a, &g] { run_layout(*a, g); });
}

}  // namespace regreader::cli
