#include "regreader/parse/office/docx_tables.hpp"

#include <cstring>

#include "regreader/core/text.hpp"
#include "regreader/parse/office/docx_math.hpp"

namespace regreader::parse {

namespace {
void collect_text(const pugi::xml_node& node, std::string& out);

// Word writes a text box twice, as DrawingML (mc:Choice) and as VML for older readers
// (mc:Fallback): its text is read once, from the first branch that holds any.
void alternative_text(const pugi::xml_node& node, std::string& out) {
  for (auto branch : node.children()) {
    std::string text;
    collect_text(branch, text);
    if (!text::trim(text).empty()) {
      out += text;
      return;
    }
  }
}

void collect_text(const pugi::xml_node& node, std::string& out) {
  for (auto child : node.children()) {
    const char* name = child.name();
    if (!std::strcmp(name, "w:t"))
      out += child.text().get();
    else if (!std::strcmp(name, "w:tab"))
      out += " ";
    else if (!std::strcmp(name, "w:br") || !std::strcmp(name, "w:cr"))
      out += "\n";
    else if (!std::strcmp(name, "w:footnoteReference") || !std::strcmp(name, "w:endnoteReference"))
      out += std::string("[脚注") + child.attribute("w:id").value() + "]";
    else if (!std::strcmp(name, "mc:AlternateContent"))
      alternative_text(child, out);
    else if (!std::strcmp(name, "m:oMath") || !std::strcmp(name, "m:oMathPara"))
      out += omml_text(child);
    else if (!std::strcmp(name, "w:del") || !std::strcmp(name, "w:pPr") ||
             !std::strcmp(name, "w:rPr") || !std::strcmp(name, "w:instrText") ||
             !std::strcmp(name, "w:delText"))
      continue;
    else
      collect_text(child, out);
  }
}
}  // namespace

std::string docx_paragraph_text(const pugi::xml_node& p) {
  std::string out;
  collect_text(p, out);
  return out;
}

model::TableMeta read_docx_table(const pugi::xml_node& tbl) {
  model::TableMeta t;
  // The open vertical merge in each grid column: index into t.cells.
  std::vector<long> open_merge;
  int row = 0;
  for (auto tr : tbl.children("w:tr")) {
    int col = 0;
    for (auto tc : tr.children("w:tc")) {
      auto tcpr = tc.child("w:tcPr");
      int span = std::max(1, tcpr.child("w:gridSpan").attribute("w:val").as_int(1));
      auto vmerge = tcpr.child("w:vMerge");
      const std::string vval = vmerge ? vmerge.attribute("w:val").value() : "";
      if (open_merge.size() < static_cast<size_t>(col + span)) open_merge.resize(col + span, -1);
      if (vmerge && vval != "restart" && open_merge[col] >= 0) {
        t.cells[static_cast<size_t>(open_merge[col])].row_span += 1;
      } else {
        std::string content;
        for (auto p : tc.children("w:p")) {
          std::string line = text::clean_spaces(docx_paragraph_text(p));
          if (line.empty()) continue;
          if (!content.empty()) content += "\n";
          content += line;
        }
        for (auto nested : tc.children("w:tbl")) {
          auto inner = read_docx_table(nested);
          for (const auto& c : inner.cells)
            content += (content.empty() ? "" : " ") + c.content;
        }
        t.cells.push_back({row, col, content, 1, span});
        for (int k = col; k < col + span; ++k)
          open_merge[k] = vmerge ? static_cast<long>(t.cells.size() - 1) : -1;
      }
      col += span;
    }
    t.col_count = std::max(t.col_count, col);
    ++row;
  }
  t.row_count = row;
  for (int c = 0; c < t.col_count; ++c)
    t.col_headers.push_back(t.cell_text(0, c));
  return t;
}

}  // namespace regreader::parse
