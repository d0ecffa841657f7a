#pragma once
// First stage of the structure builder: every raw paragraph or table becomes a ClassifiedBlock
// that knows its block type and whether it starts a chapter (and with which number). The rules
// are the same for every format; only the hints in RawBlock differ.

#include <optional>
#include <string>
#include <vector>

#include "regreader/model/content_block.hpp"
#include "regreader/parse/raw_document.hpp"
#include "regreader/parse/structure/notes.hpp"
#include "regreader/parse/structure/numbering.hpp"

namespace regreader::parse {

struct ClassifiedBlock {
  model::BlockType type = model::BlockType::kText;
  std::string text;  ///< normalised text (for tables: the caption)
  int page = 1;
  std::optional<model::TableMeta> table;
  bool starts_node = false;
  std::optional<SectionMatch> number;  ///< the node's number, when it starts a numbered node
  std::string node_title;
  int markup_level = 0;      ///< heading level from markup (Markdown #, Word styles); 0 = none
  bool larger_font = false;  ///< a short line set larger than the body text (PDF)
  /// A chapter known by its type only (promote_font_headings): it holds the numbered clauses,
  /// articles and items after it.
  bool font_heading = false;
  std::vector<NoteMatch> notes;
};

/// Normalises and classifies the raw blocks in order: headings, numbered clauses, lists, notes,
/// tables; table-of-contents pages are recognised and never start chapters; wrapped PDF lines
/// that only looked like clauses are joined back; consecutive list items form one list block.
std::vector<ClassifiedBlock> classify_blocks(const RawDocument& raw);

/// 前言, 目次, 附则, 条文说明 …: sections every standard has, never its name or a numbered chapter.
bool is_front_matter_title(const std::string& title);

/// A single unnumbered H1 at the top of a Markdown/Word file is the document's title, not a
/// chapter: returns it (and unmarks it), or "". None is taken when the document's title is set
/// in Word's Title style (`title_styled`): then every Heading 1 is a chapter.
std::string take_document_title(std::vector<ClassifiedBlock>& blocks, bool title_styled = false);

/// Width-folded text with CJK-aware spacing, as stored.
std::string normalise_text(std::string_view s);

}  // namespace regreader::parse
