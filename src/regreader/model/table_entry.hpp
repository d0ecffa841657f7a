#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/table_meta.hpp"

namespace regreader::model {

/// One piece of a table as it sits on a page.
struct TableSegmentRef {
  std::string table_id;  ///< the segment's own id ("表1", "表1#2")
  std::string block_id;
  int page_num = 0;
  int segment_index = 0;
  bool operator==(const TableSegmentRef&) const = default;
};

/// An entry of the table registry: a whole table, merged over the pages it runs across.
struct TableEntry {
  std::string table_id;  ///< the master id
  std::string caption;
  int page_start = 0;
  int page_end = 0;
  std::vector<TableSegmentRef> segments;    ///< in order
  std::vector<std::string> annotation_ids;  ///< notes that qualify the table (注1 …)
  TableMeta merged;                         ///< one header row, then every data row in order
  bool operator==(const TableEntry&) const = default;
};

/// Merges segments (in order) into one table: the first segment's header, then the rows of every
/// segment, skipping a segment's first row when it repeats the header.
TableMeta merge_segments(const std::vector<TableMeta>& segments);

void to_json(nlohmann::json& j, const TableSegmentRef& s);
void from_json(const nlohmann::json& j, TableSegmentRef& s);
void to_json(nlohmann::json& j, const TableEntry& t);
void from_json(const nlohmann::json& j, TableEntry& t);

}  // namespace regreader::model
