#pragma once
// The chapters of a library as documents for BM25 (chapter_text.hpp): each chapter's tokens (its
// title's weighted) counted into postings, built from the store, and kept in a file between
// processes so that a command-line search does not build it again. The file is ours (a flat
// binary image of the postings): it is a cache, made again whenever it does not match.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "regreader/store/document_store.hpp"

namespace regreader::index {

struct IndexedChapter {
  std::string reg_id;
  std::vector<std::string> path;       ///< display titles from the root down to the chapter
  std::vector<std::string> block_ids;  ///< its own blocks, not its sub-chapters'
  float length = 0;                    ///< its tokens, the title's weighted
};

struct ChapterPosting {
  uint32_t chapter;
  float weight;  ///< BM25's share of the token's count in the chapter (times its rarity at search)
};

/// Tokens looked up by a view of the text, without a string made for each.
struct TokenHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct ChapterIndex {
  std::vector<IndexedChapter> chapters;  ///< a regulation's chapters side by side
  /// Each token's number in `postings`.
  std::unordered_map<std::string, uint32_t, TokenHash, std::equal_to<>> tokens;
  /// Each token's chapters, in the order of `chapters`.
  std::vector<std::vector<ChapterPosting>> postings;
  /// Each regulation's chapters: [first, last) in `chapters`.
  std::unordered_map<std::string, std::pair<uint32_t, uint32_t>> regulations;
};

/// Every chapter of `store` with blocks of its own, its tokens weighted for BM25.
ChapterIndex build_chapter_index(const store::DocumentStore& store);

/// Writes `index`, made from the store's `version`, to `file` (through a temporary file renamed
/// into place); false when it cannot be written (a read-only data directory).
bool write_chapter_index(const ChapterIndex& index, const std::string& version,
                         const std::filesystem::path& file);

/// The index in `file` when it was made from `version` and reads whole and consistent; else none.
std::optional<ChapterIndex> read_chapter_index(const std::filesystem::path& file,
                                               const std::string& version);

}  // namespace regreader::index
