#include "regreader/parse/office/docx_parser.hpp"

#include <zip.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/docx_numbering.hpp"
#include "regreader/parse/office/docx_tables.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/pdf/block_rects.hpp"
#include "regreader/parse/tables/prose_cells.hpp"

namespace regreader::parse {

namespace fs = std::filesystem;

namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};
using ZipPtr = std::unique_ptr<zip_t, ZipCloser>;

constexpr size_t kMiB = 1024 * 1024;

// An entry of the archive, read only after its claimed size and compression ratio are checked
// against the limits (a zip bomb, or a header claiming a terabyte, is refused before any
// allocation), and only as many bytes as it really has.
std::optional<std::string> read_entry(zip_t* z, const char* name, const fs::path& path,
                                      const ParseLimits& limits) {
  zip_stat_t st;
  if (zip_stat(z, name, 0, &st) != 0) return std::nullopt;
  const bool sized = (st.valid & ZIP_STAT_SIZE) != 0;
  if (sized && limits.max_entry_mb > 0 && st.size > limits.max_entry_mb * kMiB)
    throw ParseError(ErrorCode::kLimit, path,
                     std::string(name) + " claims " + std::to_string(st.size / kMiB) +
                         " MiB uncompressed, over the limit of " +
                         std::to_string(limits.max_entry_mb) + " MiB");
  if (sized && (st.valid & ZIP_STAT_COMP_SIZE) && st.comp_size > 0 && limits.max_entry_ratio > 0 &&
      st.size / st.comp_size > limits.max_entry_ratio)
    throw ParseError(ErrorCode::kLimit, path,
                     std::string(name) + " expands " + std::to_string(st.size / st.comp_size) +
                         " times, over the limit of " + std::to_string(limits.max_entry_ratio) +
                         " (a zip bomb?)");
  std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> f(zip_fopen(z, name, 0), zip_fclose);
  if (!f) return std::nullopt;
  std::string data;
  char buf[1 << 16];
  for (;;) {
    const zip_int64_t got = zip_fread(f.get(), buf, sizeof buf);
    if (got < 0)
      throw ParseError(ErrorCode::kCorruptFile, path, std::string(name) + " cannot be read");
    if (got == 0) break;
    data.append(buf, static_cast<size_t>(got));
    if (limits.max_entry_mb > 0 && data.size() > limits.max_entry_mb * kMiB)
      throw ParseError(ErrorCode::kLimit, path,
                       std::string(name) + " is over the limit of " +
                           std::to_string(limits.max_entry_mb) + " MiB uncompressed");
  }
  return data;
}

// Deeper than this, XML is no Word document (tables in tables in content controls stay under
// 50); the readers walk the tree recursively, so depth is checked before they run.
constexpr int kMaxXmlDepth = 256;

// Depth of the element tree, walked without recursion; stops at the first node past `limit`.
int xml_depth(const pugi::xml_document& doc, int limit) {
  int depth = 1, deepest = 0;
  for (pugi::xml_node n = doc.first_child(); n;) {
    deepest = std::max(deepest, depth);
    if (deepest > limit) break;
    if (pugi::xml_node c = n.first_child()) {
      n = c;
      ++depth;
      continue;
    }
    while (n != doc && !n.next_sibling()) {
      n = n.parent();
      --depth;
    }
    if (n == doc) break;
    n = n.next_sibling();
  }
  return deepest;
}

pugi::xml_document load_xml(const fs::path& path, const std::string& data, const char* what) {
  pugi::xml_document doc;
  // parse_ws_pcdata_single keeps a run that is only spaces (<w:t xml:space="preserve"> </w:t>):
  // Word writes the space between two Latin words, or between 表5.3.6-1 and its title, that way.
  auto res =
      doc.load_buffer(data.data(), data.size(), pugi::parse_default | pugi::parse_ws_pcdata_single);
  if (!res)
    throw ParseError(ErrorCode::kCorruptFile, path,
                     std::string(what) + " is not well-formed XML (" + res.description() + ")");
  if (xml_depth(doc, kMaxXmlDepth) > kMaxXmlDepth)
    throw ParseError(ErrorCode::kCorruptFile, path,
                     std::string(what) + " is nested deeper than " + std::to_string(kMaxXmlDepth) +
                         " elements: not a Word document");
  return doc;
}

struct StyleNumbering {
  std::string num_id;
  int level = 0;
};

// styleId -> the numbering a paragraph style carries (Word's numbered heading styles).
std::map<std::string, StyleNumbering> style_numbering(const pugi::xml_document& styles) {
  std::map<std::string, StyleNumbering> out;
  for (auto s : styles.child("w:styles").children("w:style"))
    if (auto np = s.child("w:pPr").child("w:numPr"))
      out[s.attribute("w:styleId").value()] = {np.child("w:numId").attribute("w:val").value(),
                                               np.child("w:ilvl").attribute("w:val").as_int(0)};
  return out;
}

// styleId -> heading level (1-based; 0 = not a heading), following w:basedOn.
std::map<std::string, int> heading_levels(const pugi::xml_document& styles) {
  std::map<std::string, int> own;
  std::map<std::string, std::string> based_on;
  static const Regex heading_name(R"((?i)(?:heading|标题)\s*(\d))");
  for (auto s : styles.child("w:styles").children("w:style")) {
    const std::string id = s.attribute("w:styleId").value();
    int level = 0;
    if (auto o = s.child("w:pPr").child("w:outlineLvl")) level = o.attribute("w:val").as_int(9) + 1;
    const std::string name = s.child("w:name").attribute("w:val").value();
    if (std::string digit; RE2::FullMatch(name, heading_name, &digit)) level = std::stoi(digit);
    if (name == "Title" || name == "title") level = 0;
    own[id] = level >= 1 && level <= 9 ? level : 0;
    if (auto b = s.child("w:basedOn")) based_on[id] = b.attribute("w:val").value();
  }
  std::map<std::string, int> resolved;
  for (auto& [id, level] : own) {
    int l = level;
    std::string cur = id;
    for (int guard = 0; l == 0 && based_on.count(cur) && guard < 10; ++guard) {
      cur = based_on[cur];
      l = own.count(cur) ? own[cur] : 0;
    }
    resolved[id] = l;
  }
  return resolved;
}

// A paragraph with a border of its own or a fill (w:pBdr, w:shd other than none/white): Word's
// framed box or shaded call-out.
bool boxed(const pugi::xml_node& ppr) {
  if (ppr.child("w:pBdr").first_child()) return true;
  const std::string fill = ppr.child("w:shd").attribute("w:fill").value();
  return !fill.empty() && fill != "auto" && fill != "FFFFFF" && fill != "ffffff";
}

enum class TitleRole { kTitle, kSubtitle };

// styleId -> Title or Subtitle, by the style's name (Word's "Title"/"Subtitle"; a Chinese
// Word or WPS names them 标题/副标题, while "标题 1" is Heading 1).
std::map<std::string, TitleRole> title_styles(const pugi::xml_document& styles) {
  std::map<std::string, TitleRole> out;
  for (auto s : styles.child("w:styles").children("w:style")) {
    std::string name = s.child("w:name").attribute("w:val").value();
    for (auto& c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string id = s.attribute("w:styleId").value();
    if (name == "title" || name == "标题")
      out[id] = TitleRole::kTitle;
    else if (name == "subtitle" || name == "副标题")
      out[id] = TitleRole::kSubtitle;
  }
  return out;
}

std::map<std::string, std::string> read_footnotes(const fs::path& path, zip_t* z,
                                                  const ParseLimits& limits) {
  std::map<std::string, std::string> notes;
  auto data = read_entry(z, "word/footnotes.xml", path, limits);
  if (!data) return notes;
  auto doc = load_xml(path, *data, "word/footnotes.xml");
  for (auto fn : doc.child("w:footnotes").children("w:footnote")) {
    const std::string type = fn.attribute("w:type").value();
    if (!type.empty() && type != "normal") continue;  // separators
    std::string t;
    for (auto p : fn.children("w:p"))
      text::join_wrapped(t, text::trim(docx_paragraph_text(p)));
    notes[fn.attribute("w:id").value()] = text::clean_spaces(t);
  }
  return notes;
}

// Word prints footnote marks 1, 2, … in the order they appear; w:id is the file's own key (the
// first footnote is often id 2, after Word's two separators). Each mark "[脚注<id>]" becomes
// "[脚注<n>]", and the notes are listed under those labels in that order (a mark in a table's
// cell too).
void number_footnotes(RawDocument& raw, const std::map<std::string, std::string>& footnotes) {
  static const Regex mark(R"((\[脚注(\d+)\]))");
  std::vector<std::string> order;  // the w:ids in the order their marks are printed
  auto renumber = [&](std::string& text) {
    std::string out;
    re2::StringPiece rest(text), whole;
    const char* copied = text.data();
    std::string id;
    while (RE2::FindAndConsume(&rest, mark, &whole, &id)) {
      auto at = std::find(order.begin(), order.end(), id);
      if (at == order.end()) at = order.insert(order.end(), id);
      out.append(copied, static_cast<size_t>(whole.data() - copied));
      out += "[脚注" + std::to_string(at - order.begin() + 1) + "]";
      copied = rest.data();
    }
    out.append(copied, static_cast<size_t>(text.data() + text.size() - copied));
    text = std::move(out);
  };
  for (auto& b : raw.blocks) {
    renumber(b.text);
    if (b.table)
      for (auto& c : b.table->cells)
        renumber(c.content);
  }
  raw.footnotes.clear();
  for (size_t i = 0; i < order.size(); ++i)
    if (auto text = footnotes.find(order[i]); text != footnotes.end())
      raw.footnotes.push_back({"脚注" + std::to_string(i + 1), text->second, 1});
}

struct BodyReader {
  std::map<std::string, int> levels;
  std::map<std::string, StyleNumbering> style_numbers;
  std::map<std::string, TitleRole> title_roles;
  DocxNumbering numbering;
  std::map<std::string, std::string> footnotes;
  RawDocument raw;

  // The label Word draws before the paragraph, from its own w:numPr or its style's.
  std::string number_label(const pugi::xml_node& ppr, const std::string& style) {
    auto np = ppr.child("w:numPr");
    std::string num_id = np.child("w:numId").attribute("w:val").value();
    int level = np.child("w:ilvl").attribute("w:val").as_int(0);
    if (!np) {
      auto it = style_numbers.find(style);
      if (it == style_numbers.end()) return {};
      num_id = it->second.num_id;
      level = it->second.level;
    }
    return num_id == "0" ? std::string() : numbering.next_label(num_id, level);
  }

  void paragraph(const pugi::xml_node& p) {
    auto ppr = p.child("w:pPr");
    const std::string style = ppr.child("w:pStyle").attribute("w:val").value();
    std::string t = text::clean_spaces(docx_paragraph_text(p));
    if (t.empty()) return;
    // Word's title paragraph names the document; a bracketed subtitle ("（试行）") is part of
    // the name.
    const auto role = title_roles.find(style);
    if (role != title_roles.end() && role->second == TitleRole::kTitle && !raw.title_styled) {
      raw.title = t;
      raw.title_styled = true;
    } else if (role != title_roles.end() && role->second == TitleRole::kSubtitle &&
               raw.title_styled && text::length(t) <= 20 &&
               (text::starts_with(t, "（") || text::starts_with(t, "("))) {
      raw.title += t;
    }
    const std::string label = number_label(ppr, style);
    RawBlock b;
    b.text = label.empty() ? t : label + " " + t;
    if (levels.count(style)) b.heading_level = levels[style];
    if (auto o = ppr.child("w:outlineLvl")) {
      int l = o.attribute("w:val").as_int(9) + 1;
      if (l >= 1 && l <= 9) b.heading_level = l;
    }
    // Word numbering on a body paragraph makes a list item — unless it draws a clause number
    // such as "4.1.1", which is a section.
    b.list_item = b.heading_level == 0 && !label.empty() && label.find('.') == std::string::npos;
    b.boxed = boxed(ppr);
    raw.blocks.push_back(std::move(b));
  }

  // Paragraphs and table rows read so far, empty ones included (ParseLimits::max_paragraphs).
  size_t elements = 0;
  size_t max_elements = 0;
  fs::path path;

  void count(size_t n) {
    elements += n;
    if (max_elements > 0 && elements > max_elements)
      throw ParseError(ErrorCode::kLimit, path,
                       "the document has more than " + std::to_string(max_elements) +
                           " paragraphs and table rows (REGREADER_MAX_PARAGRAPHS): refused "
                           "before LibreOffice paginates it");
  }

  void body(const pugi::xml_node& node) {
    for (auto child : node.children()) {
      const char* name = child.name();
      if (!std::strcmp(name, "w:p"))
        count(1), paragraph(child);
      else if (!std::strcmp(name, "w:tbl"))
        table(child);
      else if (!std::strcmp(name, "w:sdt"))
        body(child.child("w:sdtContent"));
      else if (!std::strcmp(name, "w:customXml"))
        body(child);
    }
  }

  void table(const pugi::xml_node& tbl) {
    count(static_cast<size_t>(
        std::distance(tbl.children("w:tr").begin(), tbl.children("w:tr").end())));
    RawBlock b;
    b.kind = RawBlock::Kind::kTable;
    b.table = read_docx_table(tbl);
    if (b.table->row_count == 0) return;
    // A grid that only lays out prose (a converter's numbered items, sentences wrapping back to
    // the first column) is read as its paragraphs.
    if (laid_out_prose(*b.table)) {
      for (auto& line : prose_paragraphs(*b.table)) {
        RawBlock para;
        para.text = std::move(line);
        raw.blocks.push_back(std::move(para));
      }
      return;
    }
    raw.blocks.push_back(std::move(b));
  }
};

}  // namespace

RawDocument read_docx_content(const fs::path& path, const ParseLimits& limits) {
  int err = 0;
  const std::string file = path.string();
  ZipPtr z(zip_open(file.c_str(), ZIP_RDONLY, &err));
  if (!z) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    std::string why = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    throw ParseError(
        ErrorCode::kCorruptFile, path,
        "not a valid .docx: a .docx is a zip archive of XML, and this file is not (" + why + ")");
  }
  auto document = read_entry(z.get(), "word/document.xml", path, limits);
  if (!document)
    throw ParseError(ErrorCode::kCorruptFile, path,
                     "not a Word document: the archive has no word/document.xml");
  BodyReader reader;
  reader.raw.format = "docx";
  reader.path = path;
  reader.max_elements = limits.max_paragraphs;
  if (auto styles = read_entry(z.get(), "word/styles.xml", path, limits)) {
    auto doc = load_xml(path, *styles, "word/styles.xml");
    reader.levels = heading_levels(doc);
    reader.style_numbers = style_numbering(doc);
    reader.title_roles = title_styles(doc);
  }
  if (auto numbering = read_entry(z.get(), "word/numbering.xml", path, limits))
    reader.numbering = DocxNumbering(load_xml(path, *numbering, "word/numbering.xml"));
  reader.footnotes = read_footnotes(path, z.get(), limits);
  auto doc = load_xml(path, *document, "word/document.xml");
  reader.body(doc.child("w:document").child("w:body"));
  if (auto core = read_entry(z.get(), "docProps/core.xml", path, limits)) {
    pugi::xml_document c;
    // The file's title property only where no paragraph is in the Title style: Word fills it
    // from a template, or leaves it empty, more often than it names the document.
    if (!reader.raw.title_styled && c.load_buffer(core->data(), core->size()))
      reader.raw.title = text::trim(c.first_child().child("dc:title").text().get());
  }
  if (reader.raw.blocks.empty())
    throw ParseError(ErrorCode::kEmptyDocument, path, "the document has no text");
  number_footnotes(reader.raw, reader.footnotes);
  reader.raw.page_count = 1;
  return std::move(reader.raw);
}

RawDocument parse_docx(const fs::path& path, const ParseOptions& options) {
  RawDocument raw = read_docx_content(path, options.limits);
  if (options.use_office && find_soffice()) {
    if (options.progress) options.progress(0, 1, "LibreOffice paginating");
    auto rendered = render_pdf_pages(path, options.keep_rendering);
    assign_rendered_pages(raw, rendered);
    for (const auto& p : rendered) {
      if (static_cast<size_t>(p.number) > raw.layout.size())
        raw.layout.resize(static_cast<size_t>(p.number));
      raw.layout[static_cast<size_t>(p.number - 1)] = glyphs_of(p);
    }
  } else {
    assign_synthetic_pages(raw, options.synthetic_page_chars);
    raw.warnings.push_back(
        "LibreOffice (soffice) is not available: pages are synthetic, not Word's pagination");
  }
  for (auto& f : raw.footnotes) {
    for (const auto& b : raw.blocks)
      if (b.text.find("[" + f.id + "]") != std::string::npos) f.page = b.page;
  }
  return raw;
}

RawDocument parse_office(const fs::path& path, const ParseOptions& options) {
  if (!options.use_office || !find_soffice())
    throw ParseError(ErrorCode::kUnsupportedFormat, path,
                     "reading " + path.extension().string() +
                         " files needs LibreOffice (apt-get install libreoffice-writer-nogui)");
  TempDir tmp;
  fs::path docx = convert_with_soffice(path, "docx", tmp.path());
  RawDocument raw = parse_docx(docx, options);
  std::string ext = path.extension().string();
  raw.format = ext.empty() ? "office" : ext.substr(1);
  return raw;
}

}  // namespace regreader::parse
