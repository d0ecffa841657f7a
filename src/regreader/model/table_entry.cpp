#include "regreader/model/table_entry.hpp"

namespace regreader::model {

TableMeta merge_segments(const std::vector<TableMeta>& segments) {
  if (segments.empty()) return {};
  TableMeta merged = segments.front();
  merged.is_truncated = false;
  merged.segment_index = 0;
  merged.table_id = merged.master_table_id.empty() ? merged.table_id : merged.master_table_id;
  const auto header = merged.row_texts(0);
  merged.row_headers.clear();
  if (merged.col_count >= 2)
    for (int r = 1; r < merged.row_count; ++r)
      merged.row_headers.push_back(merged.cell_text(r, 0));
  for (size_t s = 1; s < segments.size(); ++s) {
    const TableMeta& seg = segments[s];
    const int skip = seg.row_count > 0 && seg.row_texts(0) == header ? 1 : 0;
    for (const auto& c : seg.cells) {
      if (c.row < skip) continue;
      TableCell moved = c;
      moved.row = c.row - skip + merged.row_count;
      merged.cells.push_back(moved);
    }
    merged.row_count += seg.row_count - skip;
    if (merged.col_count >= 2)
      for (int r = skip; r < seg.row_count; ++r)
        merged.row_headers.push_back(seg.cell_text(r, 0));
    merged.col_count = std::max(merged.col_count, seg.col_count);
  }
  return merged;
}

void to_json(nlohmann::json& j, const TableSegmentRef& s) {
  j = {{"table_id", s.table_id},
       {"block_id", s.block_id},
       {"page_num", s.page_num},
       {"segment_index", s.segment_index}};
}

void from_json(const nlohmann::json& j, TableSegmentRef& s) {
  j.at("table_id").get_to(s.table_id);
  j.at("block_id").get_to(s.block_id);
  j.at("page_num").get_to(s.page_num);
  j.at("segment_index").get_to(s.segment_index);
}

void to_json(nlohmann::json& j, const TableEntry& t) {
  j = {{"table_id", t.table_id}, {"caption", t.caption},   {"page_start", t.page_start},
       {"page_end", t.page_end}, {"segments", t.segments}, {"annotation_ids", t.annotation_ids},
       {"merged", t.merged}};
}

void from_json(const nlohmann::json& j, TableEntry& t) {
  j.at("table_id").get_to(t.table_id);
  j.at("caption").get_to(t.caption);
  j.at("page_start").get_to(t.page_start);
  j.at("page_end").get_to(t.page_end);
  j.at("segments").get_to(t.segments);
  j.at("annotation_ids").get_to(t.annotation_ids);
  j.at("merged").get_to(t.merged);
}

}  // namespace regreader::model
