#include "regreader/store/pg/pg_store.hpp"

#include <cstdio>

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
#include "regreader/store/pg/pg_migrations.hpp"
#include "regreader/store/schema.hpp"
#include "regreader/store/text_signature.hpp"

namespace regreader::store::pg {

using nlohmann::json;

namespace {

constexpr const char* kTableColumns =
    "table_id, caption, page_start, page_end, annotation_ids, merged";

Param num(long long v) {
  return std::to_string(v);
}
Param real(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);  // a float survives the round trip
  return std::string(buf);
}
Param flag(bool v) {
  return std::string(v ? "1" : "0");
}
Param js(const json& j) {
  return j.dump();
}
std::vector<std::string> strings(const std::string& s) {
  return json::parse(s).get<std::vector<std::string>>();
}

// A block read from "page_num, <kBlockContentColumns>".
model::ContentBlock block_of(const PgResult& r, int i) {
  model::ContentBlock b;
  b.block_id = r.text(i, 1);
  b.order_in_page = static_cast<int>(r.integer(i, 2));
  b.block_type = model::parse_block_type(r.text(i, 3));
  b.section_number = r.text(i, 4);
  b.content_markdown = r.text(i, 5);
  b.chapter_path = strings(r.text(i, 6));
  if (!r.is_null(i, 7)) b.table_meta = json::parse(r.text(i, 7)).get<model::TableMeta>();
  if (!r.is_null(i, 8)) b.rect = json::parse(r.text(i, 8)).get<std::array<float, 4>>();
  return b;
}

model::RegulationInfo read_info(const PgResult& r, int i) {
  model::RegulationInfo x;
  x.reg_id = r.text(i, 0);
  x.title = r.text(i, 1);
  x.source_file = r.text(i, 2);
  x.source_sha256 = r.text(i, 3);
  x.format = r.text(i, 4);
  x.total_pages = static_cast<int>(r.integer(i, 5));
  x.paging = model::parse_paging(r.text(i, 6));
  x.indexed_at = r.text(i, 7);
  x.fidelity = r.text(i, 8);
  x.fidelity_summary = r.text(i, 9);
  return x;
}

model::Annotation read_annotation(const PgResult& r, int i) {
  return {r.text(i, 1), r.text(i, 2), strings(r.text(i, 3)), static_cast<int>(r.integer(i, 0))};
}

}  // namespace

PgStore::PgStore(const std::string& conninfo)
    : conninfo_(conninfo), conn_(std::make_unique<PgConnection>(conninfo)) {
  migrate();
}

void PgStore::write(const std::function<void(PgConnection&)>& body) {
  std::lock_guard lock(mutex_);
  PgTransaction tx(*conn_);
  body(*conn_);
  bump_generation();
  tx.commit();
}

PgStore::~PgStore() = default;

void PgStore::migrate() {
  std::lock_guard lock(mutex_);
  // One replica migrates at a time: the others wait on the advisory lock, then find it done.
  PgTransaction tx(*conn_);
  conn_->exec("SELECT pg_advisory_xact_lock(26860)");
  conn_->exec("CREATE TABLE IF NOT EXISTS regreader_schema (version INTEGER NOT NULL)");
  auto v = conn_->query("SELECT max(version) FROM regreader_schema");
  const int version = v.is_null(0, 0) ? 0 : static_cast<int>(v.integer(0, 0));
  if (version > kSchemaVersion)
    throw StorageError("the database has RegReader schema " + std::to_string(version) +
                       ", newer than this RegReader understands (" +
                       std::to_string(kSchemaVersion) + ")");
  for (const auto& m : kMigrations)
    if (m.version > version) {
      conn_->exec(m.sql ? std::string(m.sql) : document_schema("DOUBLE PRECISION"));
      conn_->query("INSERT INTO regreader_schema VALUES ($1)", {num(m.version)});
    }
  tx.commit();
}

void PgStore::set_block_terms(BlockTerms terms) {
  std::lock_guard lock(mutex_);
  block_terms_ = std::move(terms);
}

int PgStore::fill_missing_terms() {
  std::lock_guard lock(mutex_);
  if (!block_terms_) return 0;
  int filled = 0;
  for (;;) {
    // In batches, each its own transaction: a library of 10^5 blocks stored before the keyword
    // leg existed is indexed once, and an interrupted run resumes where it stopped.
    PgTransaction tx(*conn_);
    auto r = conn_->query(
        "SELECT block_id, content_markdown FROM blocks WHERE terms IS NULL LIMIT 2000 FOR UPDATE "
        "SKIP LOCKED");
    if (r.rows() == 0) break;
    for (int i = 0; i < r.rows(); ++i) {
      const auto [terms, count] = block_terms_(r.text(i, 1));
      conn_->query("UPDATE blocks SET terms = $2::tsvector, n_tokens = $3 WHERE block_id = $1",
                   {r.text(i, 0), terms, num(count)});
      count_tokens("block_id = $1", r.text(i, 0), +1);
    }
    tx.commit();
    filled += r.rows();
  }
  return filled;
}

void PgStore::analyze() {
  std::lock_guard lock(mutex_);
  conn_->exec("ANALYZE blocks, token_blocks, regulations");
}

PgResult PgStore::read(const std::string& sql, const std::vector<Param>& params) const {
  std::lock_guard lock(mutex_);
  return conn_->query(sql, params);
}

int PgStore::schema_version() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(conn_->query("SELECT max(version) FROM regreader_schema").integer(0, 0));
}

void PgStore::insert_document(const model::ParsedDocument& doc) {
  const auto& r = doc.info;
  const std::string& reg = r.reg_id;
  conn_->query(std::string("INSERT INTO regulations (") + kInfoColumns +
                   ", text_signature) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
               {reg, r.title, r.source_file, r.source_sha256, r.format, num(r.total_pages),
                std::string(model::paging_name(r.paging)), r.indexed_at, r.fidelity,
                r.fidelity_summary, encode_signature(document_signature(doc))});
  for (const auto& p : doc.pages) {
    conn_->query(
        "INSERT INTO pages (reg_id, page_num, chapter_path, active_chapters, "
        "continues_from_prev, continues_to_next, text_source, ocr_confidence, width, "
        "height, ocr_engine) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        {reg, num(p.page_num), js(p.chapter_path), js(p.active_chapters),
         flag(p.continues_from_prev), flag(p.continues_to_next), p.text_source,
         real(p.ocr_confidence), real(p.width), real(p.height), p.ocr_engine});
    for (const auto& b : p.content_blocks) {
      const auto terms =
          block_terms_ ? std::optional(block_terms_(b.content_markdown)) : std::nullopt;
      conn_->query(
          "INSERT INTO blocks VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::tsvector, "
          "$12)",
          {b.block_id, reg, num(p.page_num), num(b.order_in_page),
           std::string(model::block_type_name(b.block_type)), b.section_number, b.content_markdown,
           js(b.chapter_path), b.table_meta ? js(*b.table_meta) : std::nullopt,
           b.rect ? js(*b.rect) : std::nullopt, terms ? Param(terms->first) : std::nullopt,
           terms ? num(terms->second) : std::nullopt});
    }
    int seq = 0;
    for (const auto& a : p.annotations)
      conn_->query(
          "INSERT INTO annotations VALUES ($1, $2, $3, $4, $5, $6)",
          {reg, num(p.page_num), num(++seq), a.annotation_id, a.content, js(a.related_blocks)});
  }
  int seq = 0;
  for (const auto& n : doc.structure.nodes())
    conn_->query(
        "INSERT INTO chapters VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        {n.node_id, reg, num(++seq), n.section_number, n.title, num(n.level), num(n.page_start),
         num(n.page_end), n.parent_id, js(n.children_ids), js(n.content_block_ids)});
  seq = 0;
  for (const auto& e : doc.tables) {
    conn_->query("INSERT INTO tables VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                 {reg, e.table_id, num(++seq), e.caption, num(e.page_start), num(e.page_end),
                  js(e.annotation_ids), js(e.merged)});
    for (const auto& s : e.segments)
      conn_->query(
          "INSERT INTO table_segments VALUES ($1, $2, $3, $4, $5, $6)",
          {reg, s.table_id, e.table_id, num(s.segment_index), num(s.page_num), s.block_id});
  }
  seq = 0;
  for (const auto& l : doc.links)
    conn_->query(
        "INSERT INTO links VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        {reg, num(++seq), l.block_id, num(l.page_num), std::string(model::ref_kind_name(l.kind)),
         l.text, l.target, flag(l.resolved), l.target_id, num(l.target_page)});
}

// Inside a change's transaction: adds (`sign` +1) or takes away (-1) the tokens of the blocks
// `where` selects ($1 its parameter) in token_blocks. Writers take the table in turn: two
// replicas saving at once would otherwise lock its rows in different orders.
void PgStore::count_tokens(const std::string& where, const std::string& param, int sign) {
  conn_->exec("LOCK TABLE token_blocks IN SHARE ROW EXCLUSIVE MODE");
  conn_->query(std::string("INSERT INTO token_blocks SELECT lexeme, ") +
                   (sign < 0 ? "-count(*)" : "count(*)") + " FROM blocks, unnest(terms) WHERE " +
                   where +
                   " GROUP BY lexeme ON CONFLICT (token) DO UPDATE SET blocks = "
                   "token_blocks.blocks + excluded.blocks",
               {param});
}

// Inside a change's transaction: the next generation, announced when the change commits.
void PgStore::bump_generation() {
  const auto r = conn_->query("UPDATE regreader_generation SET n = n + 1 RETURNING n");
  conn_->query("SELECT pg_notify('regreader', $1)", {r.text(0, 0)});
}

std::string PgStore::version() const {
  // The table's oid and the server's start tell a database made again under the same name.
  std::lock_guard lock(mutex_);
  return location() + "\n" +
         conn_
             ->query(
                 "SELECT n::text || ' ' || 'regreader_generation'::regclass::oid::text || ' ' || "
                 "pg_postmaster_start_time()::text FROM regreader_generation")
             .text(0, 0);
}

std::vector<uint64_t> PgStore::kept_signature(const std::string& reg_id) const {
  std::lock_guard lock(mutex_);
  const auto r = conn_->query("SELECT text_signature FROM regulations WHERE reg_id = $1", {reg_id});
  return r.rows() > 0 ? decode_signature(r.text(0, 0)) : std::vector<uint64_t>{};
}

long long PgStore::generation() const {
  std::lock_guard lock(mutex_);
  return conn_->query("SELECT n FROM regreader_generation").integer(0, 0);
}

bool PgStore::save(const model::ParsedDocument& doc) {
  std::lock_guard lock(mutex_);
  PgTransaction tx(*conn_);
  count_tokens("reg_id = $1", doc.info.reg_id, -1);  // of the version it replaces, if any
  const bool replaced =
      conn_->query("DELETE FROM regulations WHERE reg_id = $1", {doc.info.reg_id}).affected() > 0;
  insert_document(doc);
  count_tokens("reg_id = $1", doc.info.reg_id, +1);
  bump_generation();
  tx.commit();
  return replaced;
}

bool PgStore::remove(const std::string& reg_id) {
  std::lock_guard lock(mutex_);
  PgTransaction tx(*conn_);
  count_tokens("reg_id = $1", reg_id, -1);
  const bool removed =
      conn_->query("DELETE FROM regulations WHERE reg_id = $1", {reg_id}).affected() > 0;
  if (removed) bump_generation();
  tx.commit();
  return removed;
}

void PgStore::rename(const std::string& from, const std::string& to) {
  if (from == to) return;
  check_rename_target(*this, to);
  const model::ParsedDocument moved = model::with_reg_id(load(from), to);
  std::lock_guard lock(mutex_);
  PgTransaction tx(*conn_);
  insert_document(moved);
  count_tokens("reg_id = $1", to, +1);
  count_tokens("reg_id = $1", from, -1);
  conn_->query("DELETE FROM regulations WHERE reg_id = $1", {from});
  bump_generation();
  tx.commit();
}

std::vector<model::RegulationInfo> PgStore::list() const {
  std::lock_guard lock(mutex_);
  return list_unlocked();
}

std::vector<model::RegulationInfo> PgStore::list_unlocked() const {
  const auto r =
      conn_->query(std::string("SELECT ") + kInfoColumns + " FROM regulations ORDER BY reg_id");
  std::vector<model::RegulationInfo> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(read_info(r, i));
  return out;
}

std::map<std::string, int> PgStore::ocr_page_counts() const {
  std::lock_guard lock(mutex_);
  const auto r =
      conn_->query("SELECT reg_id, count(*) FROM pages WHERE text_source = 'ocr' GROUP BY reg_id");
  std::map<std::string, int> out;
  for (int i = 0; i < r.rows(); ++i)
    out[r.text(i, 0)] = static_cast<int>(r.integer(i, 1));
  return out;
}

std::optional<model::RegulationInfo> PgStore::find_unlocked(const std::string& reg_id) const {
  const auto r = conn_->query(
      std::string("SELECT ") + kInfoColumns + " FROM regulations WHERE reg_id = $1", {reg_id});
  if (r.rows() == 0) return std::nullopt;
  return read_info(r, 0);
}

std::optional<model::RegulationInfo> PgStore::find(const std::string& reg_id) const {
  std::lock_guard lock(mutex_);
  return find_unlocked(reg_id);
}

model::DocumentStructure PgStore::structure(const std::string& reg_id) const {
  require(reg_id);
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      "SELECT node_id, section_number, title, level, page_start, page_end, parent_id, "
      "children_ids, content_block_ids FROM chapters WHERE reg_id = $1 ORDER BY seq",
      {reg_id});
  std::vector<model::ChapterNode> nodes;
  for (int i = 0; i < r.rows(); ++i) {
    model::ChapterNode n;
    n.node_id = r.text(i, 0);
    n.section_number = r.text(i, 1);
    n.title = r.text(i, 2);
    n.level = static_cast<int>(r.integer(i, 3));
    n.page_start = static_cast<int>(r.integer(i, 4));
    n.page_end = static_cast<int>(r.integer(i, 5));
    n.parent_id = r.text(i, 6);
    n.children_ids = strings(r.text(i, 7));
    n.content_block_ids = strings(r.text(i, 8));
    nodes.push_back(std::move(n));
  }
  return model::DocumentStructure(reg_id, std::move(nodes));
}

std::pair<std::string, float> PgStore::text_source(const std::string& reg_id, int page_num) const {
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      "SELECT text_source, ocr_confidence FROM pages WHERE reg_id = $1 AND page_num = $2",
      {reg_id, num(page_num)});
  if (r.rows() == 0) return {"", -1.0f};
  return {r.text(0, 0), static_cast<float>(r.real(0, 1))};
}

std::optional<std::string> PgStore::block_content(const std::string& block_id) const {
  std::lock_guard lock(mutex_);
  const auto r =
      conn_->query("SELECT content_markdown FROM blocks WHERE block_id = $1", {block_id});
  if (r.rows() == 0) return std::nullopt;
  return r.text(0, 0);
}

std::optional<std::pair<int, model::ContentBlock>> PgStore::block(
    const std::string& block_id) const {
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      "SELECT page_num, " + std::string(kBlockContentColumns) + " FROM blocks WHERE block_id = $1",
      {block_id});
  if (r.rows() == 0) return std::nullopt;
  return std::make_pair(static_cast<int>(r.integer(0, 0)), block_of(r, 0));
}

std::vector<std::string> PgStore::block_contents(const std::string& reg_id) const {
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      "SELECT content_markdown FROM blocks WHERE $1 = '' OR reg_id = $1 ORDER BY reg_id, "
      "page_num, order_in_page",
      {reg_id});
  std::vector<std::string> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(r.text(i, 0));
  return out;
}

std::vector<model::PageDocument> PgStore::pages(const std::string& reg_id, int start,
                                                int end) const {
  std::lock_guard lock(mutex_);
  // One snapshot for the regulation, its pages, blocks and notes: a concurrent re-ingest is
  // seen whole or not at all.
  conn_->exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  try {
    auto out = pages_unlocked(reg_id, start, end);
    conn_->exec("COMMIT");
    return out;
  } catch (...) {
    conn_->exec("ROLLBACK");
    throw;
  }
}

std::vector<model::PageDocument> PgStore::pages_unlocked(const std::string& reg_id, int start,
                                                         int end) const {
  const auto info = find_unlocked(reg_id);
  if (!info) throw_unknown_regulation(reg_id, list_unlocked());
  check_page_range(*info, start, end);
  const std::vector<Param> range = {reg_id, num(start), num(end)};
  const auto ps = conn_->query(
      "SELECT page_num, chapter_path, active_chapters, continues_from_prev, continues_to_next, "
      "text_source, ocr_confidence, width, height, ocr_engine FROM pages WHERE reg_id = $1 AND "
      "page_num BETWEEN $2 AND $3 ORDER BY page_num",
      range);
  std::vector<model::PageDocument> out;
  for (int i = 0; i < ps.rows(); ++i) {
    model::PageDocument p;
    p.reg_id = reg_id;
    p.page_num = static_cast<int>(ps.integer(i, 0));
    p.chapter_path = strings(ps.text(i, 1));
    p.active_chapters = strings(ps.text(i, 2));
    p.continues_from_prev = ps.integer(i, 3) != 0;
    p.continues_to_next = ps.integer(i, 4) != 0;
    p.text_source = ps.text(i, 5);
    p.ocr_confidence = static_cast<float>(ps.real(i, 6));
    p.width = static_cast<float>(ps.real(i, 7));
    p.height = static_cast<float>(ps.real(i, 8));
    p.ocr_engine = ps.text(i, 9);
    out.push_back(std::move(p));
  }
  const auto bs = conn_->query(
      "SELECT page_num, " + std::string(kBlockContentColumns) +
          " FROM blocks WHERE reg_id = $1 AND page_num BETWEEN $2 AND $3 ORDER BY page_num, "
          "order_in_page",
      range);
  for (int i = 0; i < bs.rows(); ++i)
    out[static_cast<size_t>(bs.integer(i, 0) - start)].content_blocks.push_back(block_of(bs, i));
  const auto as = conn_->query(
      "SELECT page_num, annotation_id, content, related_blocks FROM annotations "
      "WHERE reg_id = $1 AND page_num BETWEEN $2 AND $3 ORDER BY page_num, seq",
      range);
  for (int i = 0; i < as.rows(); ++i) {
    model::Annotation a = read_annotation(as, i);
    out[static_cast<size_t>(a.page_num - start)].annotations.push_back(std::move(a));
  }
  for (auto& p : out)
    p.content_markdown = model::join_blocks_markdown(p.content_blocks);
  return out;
}

model::TableEntry PgStore::read_table(const PgResult& r, int i, const std::string& reg_id) const {
  model::TableEntry e;
  e.table_id = r.text(i, 0);
  e.caption = r.text(i, 1);
  e.page_start = static_cast<int>(r.integer(i, 2));
  e.page_end = static_cast<int>(r.integer(i, 3));
  e.annotation_ids = strings(r.text(i, 4));
  e.merged = json::parse(r.text(i, 5)).get<model::TableMeta>();
  const auto seg = conn_->query(
      "SELECT segment_id, block_id, page_num, segment_index FROM table_segments "
      "WHERE reg_id = $1 AND master_id = $2 ORDER BY segment_index",
      {reg_id, e.table_id});
  for (int s = 0; s < seg.rows(); ++s)
    e.segments.push_back({seg.text(s, 0), seg.text(s, 1), static_cast<int>(seg.integer(s, 2)),
                          static_cast<int>(seg.integer(s, 3))});
  return e;
}

std::vector<model::TableEntry> PgStore::tables(const std::string& reg_id,
                                               std::optional<int> page) const {
  const auto info = require(reg_id);
  if (page) check_page_range(info, *page, *page);
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      std::string("SELECT ") + kTableColumns +
          " FROM tables WHERE reg_id = $1 AND ($2::integer = 0 OR table_id IN (SELECT master_id "
          "FROM table_segments WHERE reg_id = $1 AND page_num = $2::integer)) ORDER BY seq",
      {reg_id, num(page.value_or(0))});
  std::vector<model::TableEntry> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(read_table(r, i, reg_id));
  return out;
}

std::optional<model::TableEntry> PgStore::table(const std::string& reg_id,
                                                const std::string& id) const {
  require(reg_id);
  std::lock_guard lock(mutex_);
  std::string master = id;
  const auto seg = conn_->query(
      "SELECT master_id FROM table_segments WHERE reg_id = $1 AND segment_id = $2", {reg_id, id});
  if (seg.rows() > 0) master = seg.text(0, 0);
  const auto r = conn_->query(
      std::string("SELECT ") + kTableColumns + " FROM tables WHERE reg_id = $1 AND table_id = $2",
      {reg_id, master});
  if (r.rows() == 0) return std::nullopt;
  return read_table(r, 0, reg_id);
}

std::vector<model::Annotation> PgStore::annotations(const std::string& reg_id) const {
  require(reg_id);
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      "SELECT page_num, annotation_id, content, related_blocks FROM annotations WHERE reg_id = $1 "
      "ORDER BY page_num, seq",
      {reg_id});
  std::vector<model::Annotation> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back(read_annotation(r, i));
  return out;
}

std::vector<model::ReferenceLink> PgStore::links(const std::string& reg_id) const {
  require(reg_id);
  std::lock_guard lock(mutex_);
  const auto r = conn_->query(
      "SELECT block_id, page_num, kind, text, target, resolved, target_id, target_page FROM links "
      "WHERE reg_id = $1 ORDER BY seq",
      {reg_id});
  std::vector<model::ReferenceLink> out;
  for (int i = 0; i < r.rows(); ++i)
    out.push_back({r.text(i, 0), static_cast<int>(r.integer(i, 1)),
                   model::parse_ref_kind(r.text(i, 2)), r.text(i, 3), r.text(i, 4),
                   r.integer(i, 5) != 0, r.text(i, 6), static_cast<int>(r.integer(i, 7))});
  return out;
}

std::string PgStore::content_digest() const {
  std::lock_guard lock(mutex_);
  Sha256 sha;
  for (const char* table : kDocumentTables) {
    const auto r = conn_->query(std::string("SELECT * FROM ") + table + " ORDER BY 1, 2, 3");
    for (int i = 0; i < r.rows(); ++i) {
      for (int c = 0; c < r.columns(); ++c)
        sha.update(r.text(i, c) + '\x1f');
      sha.update("\x1e");
    }
  }
  return sha.hex_digest();
}

}  // namespace regreader::store::pg
