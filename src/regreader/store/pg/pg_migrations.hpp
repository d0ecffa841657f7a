#pragma once
// The PostgreSQL store's schema, as the numbered steps PgStore::migrate applies.

namespace regreader::store::pg {

// Numbered migrations: a database at version v gets every step above v, each in a transaction.
// PostgreSQL stores start at 4, the document tables both engines create (schema.hpp; a null
// step), in PostgreSQL's types.
struct Migration {
  int version;
  const char* sql;
};
// 5 (PostgreSQL only): the library's generation, moved by every change and announced with
// NOTIFY regreader, so other replicas know to refresh what they keep in memory.
inline constexpr const char* kGenerationV5 = R"SQL(
CREATE TABLE regreader_generation (n BIGINT NOT NULL);
INSERT INTO regreader_generation VALUES (0);
)SQL";
// 6: the keyword leg. Each block's terms, as RegReader's own CJK tokens with their positions
// (written by the index layer through set_block_terms, never by a PostgreSQL parser: the 'simple'
// configuration would keep a run of Chinese as one word), searched through a GIN index.
inline constexpr const char* kTermsV6 = R"SQL(
ALTER TABLE blocks ADD COLUMN terms tsvector;
ALTER TABLE blocks ADD COLUMN n_tokens INTEGER;
CREATE INDEX blocks_terms ON blocks USING gin (terms);
)SQL";
// 7: the vector leg. Vectors as float32 bytes per block (deleted with their block), the model
// that made them in vector_meta; each replica keeps its nearest-neighbour index in memory and
// refreshes it when the generation moves (index/vector/pg_vector_store.hpp). The blocks still
// without terms are indexed apart, so that opening a library of 10^5 blocks does not scan them all.
inline constexpr const char* kVectorsV7 = R"SQL(
CREATE TABLE block_vectors (
  id BIGSERIAL PRIMARY KEY,
  block_id TEXT NOT NULL UNIQUE REFERENCES blocks(block_id) ON DELETE CASCADE,
  vector BYTEA NOT NULL);
CREATE TABLE vector_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX blocks_without_terms ON blocks (block_id) WHERE terms IS NULL;
)SQL";
// 8: which OCR engine read a page (the SQLite store's version 5; a store created since has it
// from step 4).
inline constexpr const char* kOcrEngineV8 = R"SQL(
ALTER TABLE pages ADD COLUMN IF NOT EXISTS ocr_engine TEXT NOT NULL DEFAULT '';
)SQL";
// 9: each regulation's text signature (the SQLite store's version 7; a store created since has it
// from step 4).
inline constexpr const char* kSignatureV9 = R"SQL(
ALTER TABLE regulations ADD COLUMN IF NOT EXISTS text_signature TEXT NOT NULL DEFAULT '';
)SQL";
// 10: how many blocks hold each token (the keyword leg's document frequencies: counted through
// the GIN index per query, they took three quarters of its time at 10^5 blocks), kept by every
// change in its transaction (PgStore::count_tokens).
inline constexpr const char* kTokenBlocksV10 = R"SQL(
CREATE TABLE token_blocks (token TEXT PRIMARY KEY, blocks BIGINT NOT NULL);
INSERT INTO token_blocks SELECT lexeme, count(*) FROM blocks, unnest(terms) GROUP BY lexeme;
)SQL";
// 11: the HNSW graph over the stored vectors, as hnswlib saves it, with what it holds (the
// model, the highest vector id): a new replica loads it instead of building it (10 s at 10^5
// blocks). Stored uncompressed (EXTERNAL): float vectors do not compress, and trying costs time.
inline constexpr const char* kVectorGraphV11 = R"SQL(
CREATE TABLE vector_graph (
  model_id TEXT PRIMARY KEY,
  dimension INTEGER NOT NULL,
  max_id BIGINT NOT NULL,
  vectors BIGINT NOT NULL,
  graph BYTEA NOT NULL);
ALTER TABLE vector_graph ALTER COLUMN graph SET STORAGE EXTERNAL;
)SQL";
inline constexpr Migration kMigrations[] = {
    {4, nullptr},      {5, kGenerationV5}, {6, kTermsV6},         {7, kVectorsV7},
    {8, kOcrEngineV8}, {9, kSignatureV9},  {10, kTokenBlocksV10}, {11, kVectorGraphV11}};

}  // namespace regreader::store::pg
