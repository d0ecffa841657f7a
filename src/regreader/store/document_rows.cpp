#include "regreader/store/document_rows.hpp"

#include <nlohmann/json.hpp>

#include "regreader/store/schema.hpp"
#include "regreader/store/text_signature.hpp"

namespace regreader::store {

using nlohmann::json;

namespace {

constexpr const char* kBlockColumns =
    "block_id, reg_id, page_num, order_in_page, block_type, section_number, content_markdown, "
    "chapter_path, table_meta, rect";

void insert_pages(Database& db, const model::ParsedDocument& doc) {
  // Columns by name: a store upgraded in place has them in the order they were added.
  auto page = db.prepare(
      "INSERT INTO pages (reg_id, page_num, chapter_path, active_chapters, continues_from_prev, "
      "continues_to_next, text_source, ocr_confidence, width, height, ocr_engine) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  // Blocks go in through a staging table and then in one statement: what an index above the
  // store keeps by triggers on blocks (the keyword index) is then brought up to date once per
  // document. One INSERT per block made the keyword index flush its pending terms at every
  // statement's end, a third of the time of storing a text PDF.
  // The staging table is emptied below, or with the save's transaction when it fails.
  db.exec("CREATE TEMP TABLE IF NOT EXISTS staged_blocks AS SELECT " + std::string(kBlockColumns) +
          " FROM main.blocks WHERE 0");
  auto block = db.prepare("INSERT INTO temp.staged_blocks (" + std::string(kBlockColumns) +
                          ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  auto note = db.prepare("INSERT INTO annotations VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  const std::string& reg = doc.info.reg_id;
  for (const auto& p : doc.pages) {
    page.bind(1, reg)
        .bind(2, p.page_num)
        .bind(3, json(p.chapter_path).dump())
        .bind(4, json(p.active_chapters).dump())
        .bind(5, p.continues_from_prev)
        .bind(6, p.continues_to_next)
        .bind(7, p.text_source)
        .bind(8, static_cast<double>(p.ocr_confidence))
        .bind(9, static_cast<double>(p.width))
        .bind(10, static_cast<double>(p.height))
        .bind(11, p.ocr_engine)
        .run();
    for (const auto& b : p.content_blocks) {
      block.bind(1, b.block_id)
          .bind(2, reg)
          .bind(3, p.page_num)
          .bind(4, b.order_in_page)
          .bind(5, model::block_type_name(b.block_type))
          .bind(6, b.section_number)
          .bind(7, b.content_markdown)
          .bind(8, json(b.chapter_path).dump());
      if (b.table_meta) block.bind(9, json(*b.table_meta).dump());
      if (b.rect) block.bind(10, json(*b.rect).dump());
      block.run();
    }
    int seq = 0;
    for (const auto& a : p.annotations)
      note.bind(1, reg)
          .bind(2, p.page_num)
          .bind(3, ++seq)
          .bind(4, a.annotation_id)
          .bind(5, a.content)
          .bind(6, json(a.related_blocks).dump())
          .run();
  }
  db.exec("INSERT INTO main.blocks (" + std::string(kBlockColumns) + ") SELECT " +
          std::string(kBlockColumns) + " FROM temp.staged_blocks ORDER BY rowid");
  db.exec("DELETE FROM temp.staged_blocks");
}

void insert_chapters(Database& db, const model::ParsedDocument& doc) {
  auto ins =
      db.prepare("INSERT INTO chapters VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  int seq = 0;
  for (const auto& n : doc.structure.nodes())
    ins.bind(1, n.node_id)
        .bind(2, doc.info.reg_id)
        .bind(3, ++seq)
        .bind(4, n.section_number)
        .bind(5, n.title)
        .bind(6, n.level)
        .bind(7, n.page_start)
        .bind(8, n.page_end)
        .bind(9, n.parent_id)
        .bind(10, json(n.children_ids).dump())
        .bind(11, json(n.content_block_ids).dump())
        .run();
}

void insert_tables(Database& db, const model::ParsedDocument& doc) {
  auto t = db.prepare("INSERT INTO tables VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  auto s = db.prepare("INSERT INTO table_segments VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  const std::string& reg = doc.info.reg_id;
  int seq = 0;
  for (const auto& e : doc.tables) {
    t.bind(1, reg)
        .bind(2, e.table_id)
        .bind(3, ++seq)
        .bind(4, e.caption)
        .bind(5, e.page_start)
        .bind(6, e.page_end)
        .bind(7, json(e.annotation_ids).dump())
        .bind(8, json(e.merged).dump())
        .run();
    for (const auto& seg : e.segments)
      s.bind(1, reg)
          .bind(2, seg.table_id)
          .bind(3, e.table_id)
          .bind(4, seg.segment_index)
          .bind(5, seg.page_num)
          .bind(6, seg.block_id)
          .run();
  }
}

void insert_links(Database& db, const model::ParsedDocument& doc) {
  auto l = db.prepare("INSERT INTO links VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
  int seq = 0;
  for (const auto& r : doc.links)
    l.bind(1, doc.info.reg_id)
        .bind(2, ++seq)
        .bind(3, r.block_id)
        .bind(4, r.page_num)
        .bind(5, model::ref_kind_name(r.kind))
        .bind(6, r.text)
        .bind(7, r.target)
        .bind(8, r.resolved)
        .bind(9, r.target_id)
        .bind(10, r.target_page)
        .run();
}

}  // namespace

void insert_document(Database& db, const model::ParsedDocument& doc) {
  const auto& r = doc.info;
  db.prepare(std::string("INSERT INTO regulations (") + kInfoColumns +
             ", text_signature) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)")
      .bind(1, r.reg_id)
      .bind(2, r.title)
      .bind(3, r.source_file)
      .bind(4, r.source_sha256)
      .bind(5, r.format)
      .bind(6, r.total_pages)
      .bind(7, model::paging_name(r.paging))
      .bind(8, r.indexed_at)
      .bind(9, r.fidelity)
      .bind(10, r.fidelity_summary)
      .bind(11, encode_signature(document_signature(doc)))
      .run();
  insert_pages(db, doc);
  insert_chapters(db, doc);
  insert_tables(db, doc);
  insert_links(db, doc);
}

}  // namespace regreader::store
