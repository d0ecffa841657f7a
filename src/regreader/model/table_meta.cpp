#include "regreader/model/table_meta.hpp"

namespace regreader::model {

const TableCell* TableMeta::cell_at(int row, int col) const {
  for (const auto& c : cells)
    if (row >= c.row && row < c.row + c.row_span && col >= c.col && col < c.col + c.col_span)
      return &c;
  return nullptr;
}

std::string TableMeta::cell_text(int row, int col) const {
  const TableCell* c = cell_at(row, col);
  return c ? c->content : std::string();
}

std::vector<std::string> TableMeta::row_texts(int row) const {
  std::vector<std::string> out;
  for (int c = 0; c < col_count; ++c)
    out.push_back(cell_text(row, c));
  return out;
}

namespace {
std::string escape_cell(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|')
      out += "\\|";
    else if (ch == '\n')
      out += "<br>";
    else
      out.push_back(ch);
  }
  return out;
}
}  // namespace

std::string TableMeta::to_markdown() const {
  std::string md;
  if (!caption.empty()) md += "**" + caption + "**\n\n";
  if (row_count == 0 || col_count == 0) return md;
  bool unsure = false;
  for (int r = 0; r < row_count; ++r) {
    md += "|";
    for (int c = 0; c < col_count; ++c) {
      // A cell spanning rows repeats on each row, so a row reads alone; a cell spanning columns
      // is written once, in its first column, not copied across the columns it covers.
      const TableCell* cell = cell_at(r, c);
      const bool shown = cell && cell->col == c;
      const bool u = shown && cell->unsure;
      unsure = unsure || u;
      md += " " + (shown ? escape_cell(cell->content) : std::string()) + (u ? " (?)" : "") + " |";
    }
    md += "\n";
    if (r == 0) {
      md += "|";
      for (int c = 0; c < col_count; ++c)
        md += " --- |";
      md += "\n";
    }
  }
  if (unsure) md += "\n(?) 此数值由 OCR 识别且不确定，请核对原件页面。\n";
  return md;
}

bool TableMeta::cell_unsure(int row, int col) const {
  const TableCell* c = cell_at(row, col);
  return c && c->unsure;
}

bool TableMeta::any_unsure() const {
  for (const auto& c : cells)
    if (c.unsure) return true;
  return false;
}

void to_json(nlohmann::json& j, const TableCell& c) {
  j = {{"row", c.row},
       {"col", c.col},
       {"content", c.content},
       {"row_span", c.row_span},
       {"col_span", c.col_span}};
  if (c.unsure) j["unsure"] = true;
}

void from_json(const nlohmann::json& j, TableCell& c) {
  j.at("row").get_to(c.row);
  j.at("col").get_to(c.col);
  j.at("content").get_to(c.content);
  c.row_span = j.value("row_span", 1);
  c.col_span = j.value("col_span", 1);
  c.unsure = j.value("unsure", false);
}

void to_json(nlohmann::json& j, const TableMeta& t) {
  j = {{"table_id", t.table_id},
       {"caption", t.caption},
       {"is_truncated", t.is_truncated},
       {"row_headers", t.row_headers},
       {"col_headers", t.col_headers},
       {"row_count", t.row_count},
       {"col_count", t.col_count},
       {"cells", t.cells},
       {"master_table_id", t.master_table_id},
       {"segment_index", t.segment_index}};
  if (!t.name.empty()) {
    j["name"] = t.name;
    j["named_by"] = t.named_by;
  }
}

void from_json(const nlohmann::json& j, TableMeta& t) {
  j.at("table_id").get_to(t.table_id);
  j.at("caption").get_to(t.caption);
  j.at("is_truncated").get_to(t.is_truncated);
  j.at("row_headers").get_to(t.row_headers);
  j.at("col_headers").get_to(t.col_headers);
  j.at("row_count").get_to(t.row_count);
  j.at("col_count").get_to(t.col_count);
  j.at("cells").get_to(t.cells);
  j.at("master_table_id").get_to(t.master_table_id);
  j.at("segment_index").get_to(t.segment_index);
  t.name = j.value("name", "");
  t.named_by = j.value("named_by", "");
}

}  // namespace regreader::model
