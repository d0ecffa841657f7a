#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace regreader::model {

/// One cell of a table grid; spans cover the cells a merged cell occupies.
struct TableCell {
  int row = 0;
  int col = 0;
  std::string content;
  int row_span = 1;
  int col_span = 1;
  /// The cell holds a number that OCR read with low confidence, or that the scan's own text
  /// layer reads differently: check it on the page image before relying on it.
  bool unsure = false;
  bool operator==(const TableCell&) const = default;
};

/// A table, or one segment of a table that runs over several pages.
struct TableMeta {
  std::string table_id;
  std::string caption;
  /// What a worker calls a table printed without a `表N` caption (empty for a captioned one):
  /// the title of the chapter it opens (`作业步骤及标准`), the lead-in line right above it
  /// (`各电池簇的告警阈值如下：` gives 各电池簇的告警阈值) or, failing that, its header row
  /// (巡视项目/周期/责任人). `table` and `search_tables` accept it.
  std::string name;
  /// Where `name` comes from: "heading" (the title of the chapter the table opens), "line above"
  /// or "header"; empty when there is no name.
  std::string named_by;
  bool is_truncated = false;  ///< this segment continues on the next page
  std::vector<std::string> row_headers;
  std::vector<std::string> col_headers;
  int row_count = 0;
  int col_count = 0;
  std::vector<TableCell> cells;
  std::string master_table_id;  ///< id of the whole table this segment belongs to (itself if whole)
  int segment_index = 0;
  bool operator==(const TableMeta&) const = default;

  /// Cell text at (row, col), following spans; empty when none covers it.
  std::string cell_text(int row, int col) const;
  /// The cell covering (row, col), spans included; null where no cell covers it.
  const TableCell* cell_at(int row, int col) const;
  /// Whether the cell covering (row, col) is marked unsure (TableCell::unsure).
  bool cell_unsure(int row, int col) const;
  bool any_unsure() const;
  /// The texts of one row, column by column.
  std::vector<std::string> row_texts(int row) const;
  /// GitHub-style pipe table: first row as header, merged cells repeated.
  std::string to_markdown() const;
};

void to_json(nlohmann::json& j, const TableCell& c);
void from_json(const nlohmann::json& j, TableCell& c);
void to_json(nlohmann::json& j, const TableMeta& t);
void from_json(const nlohmann::json& j, TableMeta& t);

}  // namespace regreader::model
