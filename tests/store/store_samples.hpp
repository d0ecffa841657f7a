#pragma once
// A small regulation for store tests: two pages, a clause running across the break, a table,
// a note referenced from the text. `value` is the table's figure, to tell versions apart.

#include <string>

#include "regreader/model/parsed_document.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::testing {

inline model::ParsedDocument small_regulation(const std::string& reg_id,
                                              const std::string& value = "0.70") {
  const std::string md =
      "# 示例\n\n<!-- page 1 -->\n\n## 5 倒闸操作\n\n5.1 操作应由两人进行，\n\n<!-- page 2 -->\n\n"
      "一人操作，一人监护（见注1）。\n\n| 电压 | 距离 |\n|---|---|\n| 10 | " +
      value + " |\n\n注1：表中未列电压按高一档。\n";
  auto doc = parse::build_document(parse::parse_markdown(md, true, {}), reg_id);
  doc.info.source_file = "/tmp/x.md";
  doc.info.source_sha256 = "00";
  doc.info.indexed_at = "2026-11-22T00:00:00Z";
  return doc;
}

}  // namespace regreader::testing
