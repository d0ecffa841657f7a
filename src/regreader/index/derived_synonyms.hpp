#pragma once
// The library's own vocabulary: regulations define the words they use, and people search with the
// other words. From what is stored, per regulation:
//   - "X（以下简称Y）", "X（俗称Y）", "X，又称Y" …: Y and X name one thing;
//   - a terms chapter's entries written "低[电]压" or "模拟预演（模拟操作）": both forms;
//   - a table of colloquial names (a column headed 俗称, 简称, 别称 or 通称 beside the standard
//     name: Q/CSG 125008's 附录A 常见设备俗称), also when a Markdown export flattened it into one
//     line per cell.
// The pairs join the built-in ones and the user's synonyms.tsv (Library::synonyms()).

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "regreader/index/synonyms.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

struct DerivedSynonym {
  std::string word;         ///< what a reader may type: 刀闸
  std::string replacement;  ///< what the regulation writes: 隔离开关
  std::string reg_id;
  int page = 0;
  std::string how;  ///< "俗称", "简称", "又称", "terms", "table"
  bool operator==(const DerivedSynonym&) const = default;
};

/// The pairs a regulation defines, in page order, each once.
std::vector<DerivedSynonym> derive_synonyms(const model::ParsedDocument& doc);

/// The pairs one stored regulation defines (derive_synonyms of it as the store reads it back).
std::vector<DerivedSynonym> derive_synonyms(const store::DocumentStore& store,
                                            const std::string& reg_id);

/// One regulation's pairs as derived at a given ingest time.
struct DerivedSection {
  std::string indexed_at;
  std::vector<DerivedSynonym> pairs;
};

/// The pairs of every regulation of `store`, kept in `cache` (a TSV file, one section per
/// regulation and ingest time) so that each regulation is read once per ingest; a regulation
/// ingested, replaced or deleted since is derived again or dropped, unless `derived` holds its
/// pairs for its ingest time already (derived as it was stored). `write`: rewrite the cache
/// when it changed (never in a read-only library).
std::vector<DerivedSynonym> library_synonyms(
    const store::DocumentStore& store, const std::filesystem::path& cache, bool write,
    const std::map<std::string, DerivedSection>& derived = {});

/// The pairs as a synonym table (word -> replacement).
SynonymTable as_table(const std::vector<DerivedSynonym>& pairs);

}  // namespace regreader::index
