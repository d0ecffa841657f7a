#include "regreader/parse/tables/table_segments.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "regreader/core/text.hpp"
#include "regreader/parse/structure/references.hpp"

namespace regreader::parse {

using model::BlockType;

namespace {

// Two first rows are the same header when they read the same, spaces aside.
bool same_row(const model::TableMeta& a, const model::TableMeta& b) {
  auto squashed = [](std::vector<std::string> row) {
    for (auto& cell : row)
      cell = text::strip_spaces(cell);
    return row;
  };
  return squashed(a.row_texts(0)) == squashed(b.row_texts(0));
}

void prepend_header(model::TableMeta& seg, const model::TableMeta& master) {
  for (auto& c : seg.cells)
    c.row += 1;
  for (const auto& c : master.cells)
    if (c.row == 0) seg.cells.insert(seg.cells.begin(), c);
  seg.row_count += 1;
}

// The cells of row `r` holding text.
std::vector<const model::TableCell*> filled(const model::TableMeta& t, int r) {
  std::vector<const model::TableCell*> out;
  for (const auto& c : t.cells)
    if (c.row == r && !text::trim(c.content).empty()) out.push_back(&c);
  return out;
}

// A row the page break cut (a word processor lets a row break across pages): under the repeated
// header the next page's first row holds only the ends of some of its cells (某电气公|司), its
// first cell empty, while the row above holds most of its cells and its first. The ends join
// the row above, where the row starts; the fragment is no row of its own.
void join_cut_row(model::TableMeta& prev, model::TableMeta& seg) {
  const int last = prev.row_count - 1;
  if (last < 1 || seg.row_count < 2 || prev.col_count != seg.col_count) return;
  const auto rest = filled(seg, 1), above = filled(prev, last);
  const double half = prev.col_count / 2.0;
  auto first_column = [](const model::TableCell* c) { return c->col == 0; };
  if (rest.empty() || static_cast<double>(rest.size()) >= half ||
      std::any_of(rest.begin(), rest.end(), first_column) ||
      static_cast<double>(above.size()) < half ||
      std::none_of(above.begin(), above.end(), first_column))
    return;
  // The cell of the row above each end goes on in: one of its own, not one spanning rows.
  std::vector<model::TableCell*> above_of;
  for (const auto* end : rest) {
    auto cell = std::find_if(prev.cells.begin(), prev.cells.end(), [&](const model::TableCell& c) {
      return c.row == last && c.col <= end->col && end->col < c.col + c.col_span;
    });
    if (cell == prev.cells.end() || cell->row_span != 1) return;
    above_of.push_back(&*cell);
  }
  for (size_t i = 0; i < rest.size(); ++i) {
    text::join_wrapped(above_of[i]->content, text::trim(rest[i]->content));
    above_of[i]->unsure = above_of[i]->unsure || rest[i]->unsure;
  }
  std::erase_if(seg.cells, [](const model::TableCell& c) { return c.row == 1; });
  for (auto& c : seg.cells)
    if (c.row > 1) c.row -= 1;
  seg.row_count -= 1;
}

}  // namespace

namespace {

// Makes `seg` the next segment of the table `prev` belongs to.
void continue_table(model::TableMeta& prev, model::TableMeta& seg) {
  prev.is_truncated = true;
  seg.master_table_id = prev.master_table_id;
  seg.segment_index = prev.segment_index + 1;
  seg.table_id = seg.master_table_id + "#" + std::to_string(seg.segment_index + 1);
  seg.caption = prev.caption;
  seg.name = prev.name;
  seg.named_by = prev.named_by;
  if (!same_row(seg, prev)) prepend_header(seg, prev);
  seg.col_headers = prev.col_headers;
  join_cut_row(prev, seg);
}

}  // namespace

void link_table_segments(std::vector<ClassifiedBlock>& blocks) {
  long open = -1;                               // a table that ends its page
  long last = -1;                               // the last table so far
  std::map<std::string, size_t> last_by_label;  // the last segment of each labelled table
  for (size_t i = 0; i < blocks.size(); ++i) {
    auto& b = blocks[i];
    if (b.type != BlockType::kTable) {
      if (open >= 0 && blocks[static_cast<size_t>(open)].page == b.page) open = -1;
      continue;
    }
    auto& seg = *b.table;
    const std::string label = table_label(seg.caption);
    const bool first_on_page = i == 0 || blocks[i - 1].page < b.page;
    if (continuation_caption(seg.caption) && last_by_label.count(label)) {
      // "续表B.0.3": continues the last table with that label, wherever it is.
      continue_table(*blocks[last_by_label[label]].table, seg);
    } else if (continuation_caption(seg.caption) && label.empty() && last >= 0 &&
               blocks[static_cast<size_t>(last)].table->col_count == seg.col_count) {
      // A bare "续表" (no number, as Word exports print it) continues the table before it.
      continue_table(*blocks[static_cast<size_t>(last)].table, seg);
    } else if (open >= 0 && first_on_page) {
      auto& prev = *blocks[static_cast<size_t>(open)].table;
      if (blocks[static_cast<size_t>(open)].page + 1 == b.page && prev.col_count == seg.col_count &&
          (seg.caption.empty() || continuation_caption(seg.caption)))
        continue_table(prev, seg);
    }
    if (!label.empty()) last_by_label[label] = i;
    last = static_cast<long>(i);
    const bool last_on_page = i + 1 == blocks.size() || blocks[i + 1].page > b.page;
    open = last_on_page ? static_cast<long>(i) : -1;
  }
}

std::vector<model::TableEntry> build_table_registry(const std::vector<model::PageDocument>& pages) {
  std::vector<model::TableEntry> entries;
  std::map<std::string, size_t> index;
  std::map<std::string, std::vector<model::TableMeta>> parts;
  std::map<std::string, std::string> block_master;
  for (const auto& p : pages) {
    for (const auto& b : p.content_blocks) {
      if (!b.table_meta) continue;
      const auto& t = *b.table_meta;
      const std::string master = t.master_table_id.empty() ? t.table_id : t.master_table_id;
      auto [it, fresh] = index.try_emplace(master, entries.size());
      if (fresh) {
        model::TableEntry e;
        e.table_id = master;
        e.caption = t.caption;
        e.page_start = p.page_num;
        entries.push_back(std::move(e));
      }
      auto& e = entries[it->second];
      e.page_end = p.page_num;
      e.segments.push_back({t.table_id, b.block_id, p.page_num, t.segment_index});
      parts[master].push_back(t);
      block_master[b.block_id] = master;
    }
  }
  for (auto& e : entries)
    e.merged = model::merge_segments(parts[e.table_id]);
  for (const auto& p : pages)
    for (const auto& a : p.annotations)
      for (const auto& rb : a.related_blocks)
        if (auto m = block_master.find(rb); m != block_master.end()) {
          auto& ids = entries[index[m->second]].annotation_ids;
          if (std::find(ids.begin(), ids.end(), a.annotation_id) == ids.end())
            ids.push_back(a.annotation_id);
        }
  return entries;
}

}  // namespace regreader::parse
