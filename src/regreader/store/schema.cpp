#include "regreader/store/schema.hpp"

namespace regreader::store {

namespace {

// `@REAL@` stands for the engine's floating-point type.
constexpr std::string_view kSchema = R"SQL(
CREATE TABLE IF NOT EXISTS regulations (
  reg_id TEXT PRIMARY KEY, title TEXT NOT NULL, source_file TEXT NOT NULL,
  source_sha256 TEXT NOT NULL, format TEXT NOT NULL, total_pages INTEGER NOT NULL,
  paging TEXT NOT NULL, indexed_at TEXT NOT NULL,
  fidelity TEXT NOT NULL DEFAULT '', fidelity_summary TEXT NOT NULL DEFAULT '',
  text_signature TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS pages (
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  page_num INTEGER NOT NULL, chapter_path TEXT NOT NULL, active_chapters TEXT NOT NULL,
  continues_from_prev INTEGER NOT NULL, continues_to_next INTEGER NOT NULL,
  text_source TEXT NOT NULL, ocr_confidence @REAL@ NOT NULL DEFAULT -1,
  width @REAL@ NOT NULL DEFAULT 0, height @REAL@ NOT NULL DEFAULT 0,
  ocr_engine TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (reg_id, page_num));
CREATE TABLE IF NOT EXISTS blocks (
  block_id TEXT PRIMARY KEY,
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  page_num INTEGER NOT NULL, order_in_page INTEGER NOT NULL, block_type TEXT NOT NULL,
  section_number TEXT NOT NULL, content_markdown TEXT NOT NULL, chapter_path TEXT NOT NULL,
  table_meta TEXT, rect TEXT);
CREATE INDEX IF NOT EXISTS blocks_by_page ON blocks(reg_id, page_num, order_in_page);
CREATE TABLE IF NOT EXISTS annotations (
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  page_num INTEGER NOT NULL, seq INTEGER NOT NULL, annotation_id TEXT NOT NULL,
  content TEXT NOT NULL, related_blocks TEXT NOT NULL,
  PRIMARY KEY (reg_id, page_num, seq));
CREATE TABLE IF NOT EXISTS chapters (
  node_id TEXT PRIMARY KEY,
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL, section_number TEXT NOT NULL, title TEXT NOT NULL, level INTEGER NOT NULL,
  page_start INTEGER NOT NULL, page_end INTEGER NOT NULL, parent_id TEXT NOT NULL,
  children_ids TEXT NOT NULL, content_block_ids TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chapters_by_reg ON chapters(reg_id, seq);
CREATE TABLE IF NOT EXISTS tables (
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  table_id TEXT NOT NULL, seq INTEGER NOT NULL, caption TEXT NOT NULL, page_start INTEGER NOT NULL,
  page_end INTEGER NOT NULL, annotation_ids TEXT NOT NULL, merged TEXT NOT NULL,
  PRIMARY KEY (reg_id, table_id));
CREATE TABLE IF NOT EXISTS table_segments (
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  segment_id TEXT NOT NULL, master_id TEXT NOT NULL, segment_index INTEGER NOT NULL,
  page_num INTEGER NOT NULL, block_id TEXT NOT NULL,
  PRIMARY KEY (reg_id, segment_id));
CREATE INDEX IF NOT EXISTS segments_by_page ON table_segments(reg_id, page_num);
CREATE TABLE IF NOT EXISTS links (
  reg_id TEXT NOT NULL REFERENCES regulations(reg_id) ON DELETE CASCADE,
  seq INTEGER NOT NULL, block_id TEXT NOT NULL, page_num INTEGER NOT NULL, kind TEXT NOT NULL,
  text TEXT NOT NULL, target TEXT NOT NULL, resolved INTEGER NOT NULL, target_id TEXT NOT NULL,
  target_page INTEGER NOT NULL,
  PRIMARY KEY (reg_id, seq));
)SQL";

}  // namespace

std::string document_schema(std::string_view real_type) {
  std::string out;
  constexpr std::string_view kReal = "@REAL@";
  size_t at = 0;
  for (size_t next; (next = kSchema.find(kReal, at)) != std::string_view::npos;
       at = next + kReal.size()) {
    out.append(kSchema.substr(at, next - at));
    out.append(real_type);
  }
  out.append(kSchema.substr(at));
  return out;
}

}  // namespace regreader::store
