// Storage format of the page store (schema version 7, in PRAGMA user_version).
//
//   regulations(reg_id PK, title, source_file, source_sha256, format, total_pages, paging,
//               indexed_at, fidelity, fidelity_summary [v3], text_signature [v7])
//   pages(reg_id, page_num, chapter_path JSON, active_chapters JSON, continues_from_prev,
//         continues_to_next, text_source, ocr_confidence [v3], width, height [v4],
//         ocr_engine [v5])
//         PK (reg_id, page_num)
//   blocks(block_id PK, reg_id, page_num, order_in_page, block_type, section_number,
//          content_markdown, chapter_path JSON, table_meta JSON|NULL, rect JSON|NULL [v4])
//   annotations(reg_id, page_num, seq, annotation_id, content, related_blocks JSON)
//   chapters(reg_id, seq, node_id PK, section_number, title, level, page_start, page_end,
//            parent_id, children_ids JSON, content_block_ids JSON)
//   tables(reg_id, table_id, seq, caption, page_start, page_end, annotation_ids JSON,
//          merged JSON)                                        PK (reg_id, table_id)   [v2]
//   table_segments(reg_id, segment_id, master_id, segment_index, page_num, block_id)
//                                                              PK (reg_id, segment_id) [v2]
//   links(reg_id, seq, block_id, page_num, kind, text, target, resolved, target_id,
//         target_page)                                         PK (reg_id, seq)        [v2]
//   regreader_generation(n, store_id)         one row: the version (DocumentStore::version) [v6]
//
// Version 1 stores are upgraded in place by creating the v2 tables; regulations ingested before
// have no table registry or links until they are ingested again. Version 3 adds the fidelity
// columns with ALTER TABLE; earlier regulations show no rating until ingested again. Version 4
// adds each block's rectangle on the printed page and the page's size (the reading room's boxes);
// earlier regulations have none until ingested again (the reading room then locates them when a
// page is viewed). Version 5 adds the engine that read an OCR page (empty on earlier ones).
// Version 6 adds the generation, moved by every save, remove and rename in their transactions;
// version 7 each regulation's text signature (computed from its blocks for earlier ones).
//
// Every child table references regulations(reg_id) ON DELETE CASCADE, so deleting the
// regulation row removes every trace. A page's Markdown is not stored: it is its blocks' Markdown
// joined (model::join_blocks_markdown). Ids are built from reg_id, page and order, so
// re-ingesting a file yields the same ids.

#include "regreader/store/page_store.hpp"

#include "regreader/core/config.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
#include "regreader/store/database.hpp"
#include "regreader/store/document_rows.hpp"
#include "regreader/store/schema.hpp"
#include "regreader/store/text_signature.hpp"

#include <spdlog/spdlog.h>

namespace regreader::store {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

model::RegulationInfo read_info(const Statement& s) {
  model::RegulationInfo r;
  r.reg_id = s.text(0);
  r.title = s.text(1);
  r.source_file = s.text(2);
  r.source_sha256 = s.text(3);
  r.format = s.text(4);
  r.total_pages = static_cast<int>(s.integer(5));
  r.paging = model::parse_paging(s.text(6));
  r.indexed_at = s.text(7);
  r.fidelity = s.text(8);
  r.fidelity_summary = s.text(9);
  return r;
}

// A block read from "page_num, <kBlockContentColumns>".
model::ContentBlock block_of(const Statement& s) {
  model::ContentBlock b;
  b.block_id = s.text(1);
  b.order_in_page = static_cast<int>(s.integer(2));
  b.block_type = model::parse_block_type(s.text(3));
  b.section_number = s.text(4);
  b.content_markdown = s.text(5);
  b.chapter_path = json::parse(s.text(6)).get<std::vector<std::string>>();
  if (const std::string t = s.text(7); !t.empty())
    b.table_meta = json::parse(t).get<model::TableMeta>();
  if (const std::string r = s.text(8); !r.empty())
    b.rect = json::parse(r).get<std::array<float, 4>>();
  return b;
}

void check_pages(const model::RegulationInfo& info, int start, int end) {
  check_page_range(info, start, end);
}

// Reads the columns "page_num, annotation_id, content, related_blocks".
model::Annotation read_annotation(const Statement& s) {
  return {s.text(1), s.text(2), json::parse(s.text(3)).get<std::vector<std::string>>(),
          static_cast<int>(s.integer(0))};
}

void add_missing_column(Database& db, const std::string& table, const std::string& column,
                        const std::string& decl) {
  auto info = db.prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2");
  info.bind(1, table).bind(2, column);
  if (!info.step()) db.exec("ALTER TABLE " + table + " ADD COLUMN " + column + " " + decl);
}

}  // namespace

PageStore::PageStore(const fs::path& data_dir, bool create) {
  std::error_code ec;
  data_dir_ = fs::absolute(data_dir, ec);
  if (ec) data_dir_ = data_dir;
  const fs::path path = database_path(data_dir);
  if (!create && !fs::exists(path, ec)) return;
  db_ = std::make_unique<Database>(path, create);
  check_schema();
}

PageStore::~PageStore() = default;

std::unique_ptr<ReadHold> PageStore::hold_reads() const {
  struct SnapshotHold final : ReadHold {
    explicit SnapshotHold(Database* db) : snapshot(db) {}
    ReadSnapshot snapshot;
  };
  return std::make_unique<SnapshotHold>(db_.get());
}
PageStore::PageStore(PageStore&&) noexcept = default;
PageStore& PageStore::operator=(PageStore&&) noexcept = default;

void PageStore::check_schema() {
  int version = 0;
  {
    auto v = db_->prepare("PRAGMA user_version");
    v.step();
    version = static_cast<int>(v.integer(0));
  }
  if (version > kSchemaVersion)
    throw StorageError("the database has schema version " + std::to_string(version) +
                       ", newer than this RegReader understands (" +
                       std::to_string(kSchemaVersion) + ")");
  if (version == kSchemaVersion) return;
  if (version > 0 && version < 5)
    spdlog::warn(
        "upgrading the store from schema {} to {}: ingest earlier regulations again to get "
        "their table registry, cross-references and block rectangles",
        version, kSchemaVersion);
  db_->exec_waiting("PRAGMA journal_mode = WAL");  // two first ingests may race to create it
  Transaction tx(*db_);
  db_->exec(document_schema("REAL"));
  // v3 added columns to tables that earlier versions created already.
  add_missing_column(*db_, "regulations", "fidelity", "TEXT NOT NULL DEFAULT ''");
  add_missing_column(*db_, "regulations", "fidelity_summary", "TEXT NOT NULL DEFAULT ''");
  add_missing_column(*db_, "pages", "ocr_confidence", "REAL NOT NULL DEFAULT -1");
  // v4: where each block is printed.
  add_missing_column(*db_, "pages", "width", "REAL NOT NULL DEFAULT 0");
  add_missing_column(*db_, "pages", "height", "REAL NOT NULL DEFAULT 0");
  add_missing_column(*db_, "blocks", "rect", "TEXT");
  // v5: which OCR engine read a page.
  add_missing_column(*db_, "pages", "ocr_engine", "TEXT NOT NULL DEFAULT ''");
  // v7: each regulation's text signature.
  add_missing_column(*db_, "regulations", "text_signature", "TEXT NOT NULL DEFAULT ''");
  // v6: the store's generation, moved by every save, remove and rename, and an id telling this
  // store from one made again in the same place (DocumentStore::version).
  db_->exec(
      "CREATE TABLE IF NOT EXISTS regreader_generation (n INTEGER NOT NULL, store_id TEXT NOT "
      "NULL)");
  db_->exec(
      "INSERT INTO regreader_generation SELECT 0, lower(hex(randomblob(8))) WHERE NOT EXISTS "
      "(SELECT 1 FROM regreader_generation)");
  db_->exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  tx.commit();
}

namespace {

// Inside a change's transaction: the store's next generation (see PageStore::version).
void next_generation(Database& db) {
  db.exec("UPDATE regreader_generation SET n = n + 1");
}

}  // namespace

bool PageStore::save(const model::ParsedDocument& doc) {
  if (!db_) throw StorageError("the store was opened read-only");
  Transaction tx(*db_);
  auto del = db_->prepare("DELETE FROM regulations WHERE reg_id = ?1");
  del.bind(1, doc.info.reg_id).run();
  const bool replaced = sqlite3_changes(db_->handle()) > 0;
  insert_document(*db_, doc);
  next_generation(*db_);
  tx.commit();
  return replaced;
}

void PageStore::rename(const std::string& from, const std::string& to) {
  if (!db_) throw StorageError("the store was opened read-only");
  if (from == to) return;
  check_rename_target(*this, to);
  const model::ParsedDocument moved = model::with_reg_id(load(from), to);
  Transaction tx(*db_);
  insert_document(*db_, moved);
  db_->prepare("DELETE FROM regulations WHERE reg_id = ?1").bind(1, from).run();
  next_generation(*db_);
  tx.commit();
}

bool PageStore::remove(const std::string& reg_id) {
  if (!db_) return false;
  Transaction tx(*db_);
  auto del = db_->prepare("DELETE FROM regulations WHERE reg_id = ?1");
  del.bind(1, reg_id).run();
  const bool removed = sqlite3_changes(db_->handle()) > 0;
  if (removed) next_generation(*db_);
  tx.commit();
  return removed;
}

std::map<std::string, int> PageStore::ocr_page_counts() const {
  std::map<std::string, int> out;
  if (!db_) return out;
  auto s =
      db_->prepare("SELECT reg_id, count(*) FROM pages WHERE text_source = 'ocr' GROUP BY reg_id");
  while (s.step())
    out[s.text(0)] = static_cast<int>(s.integer(1));
  return out;
}

std::string PageStore::version() const {
  if (!db_) return location() + "\nempty";
  auto s = db_->cached("SELECT store_id, n FROM regreader_generation");
  if (!s->step()) return location() + "\nempty";
  return location() + "\n" + s->text(0) + "\n" + std::to_string(s->integer(1));
}

std::vector<model::RegulationInfo> PageStore::list() const {
  std::vector<model::RegulationInfo> out;
  if (!db_) return out;
  auto s = db_->cached(std::string("SELECT ") + kInfoColumns + " FROM regulations ORDER BY reg_id");
  while (s->step())
    out.push_back(read_info(*s));
  return out;
}

std::optional<model::RegulationInfo> PageStore::find(const std::string& reg_id) const {
  if (!db_) return std::nullopt;
  auto s =
      db_->cached(std::string("SELECT ") + kInfoColumns + " FROM regulations WHERE reg_id = ?1");
  s->bind(1, reg_id);
  if (!s->step()) return std::nullopt;
  return read_info(*s);
}

model::DocumentStructure PageStore::structure(const std::string& reg_id) const {
  require(reg_id);
  std::vector<model::ChapterNode> nodes;
  auto s = db_->prepare(
      "SELECT node_id, section_number, title, level, page_start, page_end, parent_id, "
      "children_ids, "
      "content_block_ids FROM chapters WHERE reg_id = ?1 ORDER BY seq");
  s.bind(1, reg_id);
  while (s.step()) {
    model::ChapterNode n;
    n.node_id = s.text(0);
    n.section_number = s.text(1);
    n.title = s.text(2);
    n.level = static_cast<int>(s.integer(3));
    n.page_start = static_cast<int>(s.integer(4));
    n.page_end = static_cast<int>(s.integer(5));
    n.parent_id = s.text(6);
    n.children_ids = json::parse(s.text(7)).get<std::vector<std::string>>();
    n.content_block_ids = json::parse(s.text(8)).get<std::vector<std::string>>();
    nodes.push_back(std::move(n));
  }
  return model::DocumentStructure(reg_id, std::move(nodes));
}

std::pair<std::string, float> PageStore::text_source(const std::string& reg_id,
                                                     int page_num) const {
  if (!db_) return {"", -1.0f};
  auto s = db_->cached(
      "SELECT text_source, ocr_confidence FROM pages WHERE reg_id = ?1 AND page_num = ?2");
  s->bind(1, reg_id).bind(2, page_num);
  if (!s->step()) return {"", -1.0f};
  return {s->text(0), static_cast<float>(s->real(1))};
}

std::optional<std::string> PageStore::block_content(const std::string& block_id) const {
  if (!db_) return std::nullopt;
  auto s = db_->cached("SELECT content_markdown FROM blocks WHERE block_id = ?1");
  s->bind(1, block_id);
  if (!s->step()) return std::nullopt;
  return s->text(0);
}

std::optional<std::pair<int, model::ContentBlock>> PageStore::block(
    const std::string& block_id) const {
  if (!db_) return std::nullopt;
  auto s = db_->cached("SELECT page_num, " + std::string(kBlockContentColumns) +
                       " FROM blocks WHERE block_id = ?1");
  s->bind(1, block_id);
  if (!s->step()) return std::nullopt;
  return std::make_pair(static_cast<int>(s->integer(0)), block_of(*s));
}

std::vector<uint64_t> PageStore::kept_signature(const std::string& reg_id) const {
  if (!db_) return {};
  auto s = db_->cached("SELECT text_signature FROM regulations WHERE reg_id = ?1");
  s->bind(1, reg_id);
  return s->step() ? decode_signature(s->text(0)) : std::vector<uint64_t>{};
}

std::vector<std::string> PageStore::block_contents(const std::string& reg_id) const {
  std::vector<std::string> out;
  if (!db_) return out;
  auto s = db_->prepare(
      "SELECT content_markdown FROM blocks WHERE ?1 = '' OR reg_id = ?1 ORDER BY reg_id, "
      "page_num, order_in_page");
  s.bind(1, reg_id);
  while (s.step())
    out.push_back(s.text(0));
  return out;
}

std::vector<model::PageDocument> PageStore::pages(const std::string& reg_id, int start,
                                                  int end) const {
  const ReadSnapshot snapshot(db_.get());  // the pages and their blocks of one version
  check_pages(require(reg_id), start, end);
  std::vector<model::PageDocument> out;
  auto ps = db_->cached(
      "SELECT page_num, chapter_path, active_chapters, continues_from_prev, continues_to_next, "
      "text_source, ocr_confidence, width, height, ocr_engine FROM pages WHERE reg_id = ?1 AND "
      "page_num BETWEEN ?2 AND ?3 ORDER BY page_num");
  ps->bind(1, reg_id).bind(2, start).bind(3, end);
  while (ps->step()) {
    model::PageDocument p;
    p.reg_id = reg_id;
    p.page_num = static_cast<int>(ps->integer(0));
    p.chapter_path = json::parse(ps->text(1)).get<std::vector<std::string>>();
    p.active_chapters = json::parse(ps->text(2)).get<std::vector<std::string>>();
    p.continues_from_prev = ps->integer(3) != 0;
    p.continues_to_next = ps->integer(4) != 0;
    p.text_source = ps->text(5);
    p.ocr_confidence = static_cast<float>(ps->real(6));
    p.width = static_cast<float>(ps->real(7));
    p.height = static_cast<float>(ps->real(8));
    p.ocr_engine = ps->text(9);
    out.push_back(std::move(p));
  }
  auto bs = db_->cached(
      "SELECT page_num, " + std::string(kBlockContentColumns) +
      " FROM blocks WHERE reg_id = ?1 AND page_num BETWEEN ?2 AND ?3 ORDER BY page_num, "
      "order_in_page");
  bs->bind(1, reg_id).bind(2, start).bind(3, end);
  while (bs->step())
    out[static_cast<size_t>(bs->integer(0) - start)].content_blocks.push_back(block_of(*bs));
  auto as = db_->cached(
      "SELECT page_num, annotation_id, content, related_blocks FROM annotations "
      "WHERE reg_id = ?1 AND page_num BETWEEN ?2 AND ?3 ORDER BY page_num, seq");
  as->bind(1, reg_id).bind(2, start).bind(3, end);
  while (as->step()) {
    model::Annotation a = read_annotation(*as);
    out[static_cast<size_t>(a.page_num - start)].annotations.push_back(std::move(a));
  }
  for (auto& p : out)
    p.content_markdown = model::join_blocks_markdown(p.content_blocks);
  return out;
}

namespace {
model::TableEntry read_table_entry(Database& db, const std::string& reg_id, const Statement& s) {
  model::TableEntry e;
  e.table_id = s.text(0);
  e.caption = s.text(1);
  e.page_start = static_cast<int>(s.integer(2));
  e.page_end = static_cast<int>(s.integer(3));
  e.annotation_ids = json::parse(s.text(4)).get<std::vector<std::string>>();
  e.merged = json::parse(s.text(5)).get<model::TableMeta>();
  auto seg = db.prepare(
      "SELECT segment_id, block_id, page_num, segment_index FROM table_segments "
      "WHERE reg_id = ?1 AND master_id = ?2 ORDER BY segment_index");
  seg.bind(1, reg_id).bind(2, e.table_id);
  while (seg.step())
    e.segments.push_back({seg.text(0), seg.text(1), static_cast<int>(seg.integer(2)),
                          static_cast<int>(seg.integer(3))});
  return e;
}
constexpr const char* kTableColumns =
    "table_id, caption, page_start, page_end, annotation_ids, merged";
}  // namespace

std::vector<model::TableEntry> PageStore::tables(const std::string& reg_id,
                                                 std::optional<int> page) const {
  const auto info = require(reg_id);
  if (page) check_pages(info, *page, *page);
  auto s = db_->prepare(
      std::string("SELECT ") + kTableColumns +
      " FROM tables WHERE reg_id = ?1 AND (?2 = 0 OR table_id IN (SELECT master_id FROM "
      "table_segments WHERE reg_id = ?1 AND page_num = ?2)) ORDER BY seq");
  s.bind(1, reg_id).bind(2, page.value_or(0));
  std::vector<model::TableEntry> out;
  while (s.step())
    out.push_back(read_table_entry(*db_, reg_id, s));
  return out;
}

std::optional<model::TableEntry> PageStore::table(const std::string& reg_id,
                                                  const std::string& id) const {
  require(reg_id);
  // A segment id leads to its master table.
  std::string master = id;
  auto seg =
      db_->prepare("SELECT master_id FROM table_segments WHERE reg_id = ?1 AND segment_id = ?2");
  seg.bind(1, reg_id).bind(2, id);
  if (seg.step()) master = seg.text(0);
  auto s = db_->prepare(std::string("SELECT ") + kTableColumns +
                        " FROM tables WHERE reg_id = ?1 AND table_id = ?2");
  s.bind(1, reg_id).bind(2, master);
  if (!s.step()) return std::nullopt;
  return read_table_entry(*db_, reg_id, s);
}

std::vector<model::Annotation> PageStore::annotations(const std::string& reg_id) const {
  require(reg_id);
  auto s = db_->prepare(
      "SELECT page_num, annotation_id, content, related_blocks FROM annotations WHERE reg_id = ?1 "
      "ORDER BY page_num, seq");
  s.bind(1, reg_id);
  std::vector<model::Annotation> out;
  while (s.step())
    out.push_back(read_annotation(s));
  return out;
}

std::vector<model::ReferenceLink> PageStore::links(const std::string& reg_id) const {
  require(reg_id);
  auto s = db_->prepare(
      "SELECT block_id, page_num, kind, text, target, resolved, target_id, target_page FROM links "
      "WHERE reg_id = ?1 ORDER BY seq");
  s.bind(1, reg_id);
  std::vector<model::ReferenceLink> out;
  while (s.step())
    out.push_back({s.text(0), static_cast<int>(s.integer(1)), model::parse_ref_kind(s.text(2)),
                   s.text(3), s.text(4), s.integer(5) != 0, s.text(6),
                   static_cast<int>(s.integer(7))});
  return out;
}

std::string PageStore::content_digest() const {
  Sha256 sha;
  if (db_) {
    for (const char* table : kDocumentTables) {
      auto s = db_->prepare(std::string("SELECT * FROM ") + table + " ORDER BY 1, 2, 3");
      while (s.step()) {
        for (int c = 0; c < s.column_count(); ++c)
          sha.update(s.text(c) + '\x1f');
        sha.update("\x1e");
      }
    }
  }
  return sha.hex_digest();
}

}  // namespace regreader::store
