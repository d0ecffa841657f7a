#pragma once
// Lookups shared by the tools and the CLI commands that show the same things: tables with their
// notes, notes by label, what a cross-reference leads to, a chapter's text, and how pages are
// cited.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/annotation.hpp"
#include "regreader/model/document_structure.hpp"
#include "regreader/model/reference_link.hpp"
#include "regreader/model/table_entry.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::tools {

/// "GB26860-2011 P4" or "GB26860-2011 P4-5": how RegReader cites pages.
std::string cite(const std::string& reg_id, int start, int end);

/// How a table is shown in a list: its caption, else its name with where the name comes from
/// (`各电池簇的告警阈值 (untitled; named by the line above)`), else "(no caption)".
std::string table_title(const model::TableEntry& t);
/// The tables a worker's words name, best first, only those of the best kind of match: the
/// whole name or caption (`告警阈值` is in `各电池簇的告警阈值`, `主要设备参数` in
/// `表1 主要设备参数`), else header text (`巡视项目`). Spaces, width and punctuation aside.
std::vector<const model::TableEntry*> tables_named(const std::vector<model::TableEntry>& tables,
                                                   const std::string& words);
/// A table by id, label, caption, name or header text ("表1", "表 1", "表1#2", "T3",
/// "告警阈值"); Error(kNotFound) naming the regulation's tables when none matches,
/// Error(kInvalidArgument) listing them when the words name several.
model::TableEntry find_table(const store::DocumentStore& store, const std::string& reg_id,
                             const std::string& id);
/// The notes that qualify one of the table's parts.
std::vector<model::Annotation> table_notes(const store::DocumentStore& store,
                                           const std::string& reg_id, const model::TableEntry& t);
/// A table's summary; `unsure_cells` counts the values OCR could not confirm, and the first
/// page's text_source (ocr_confidence on scans) says how it was read.
nlohmann::json table_summary_json(const store::DocumentStore& store, const std::string& reg_id,
                                  const model::TableEntry& t);

/// Notes with this label (注1, 注 1, 注①, 注一, 方案A, 脚注1), the one on `page_hint` first, then
/// the nearest after it, then before it. Error(kInvalidArgument) for a label that is not a note,
/// Error(kNotFound) when the regulation has no such note or the page does not exist.
std::vector<model::Annotation> find_notes(const store::DocumentStore& store,
                                          const std::string& reg_id, const std::string& label,
                                          int page_hint);

/// A note as JSON with its "source" (regulation, page and label) and its page's text_source
/// (ocr_confidence and a warning on OCR pages: add_text_source).
nlohmann::json note_json(const store::DocumentStore& store, const std::string& reg_id,
                         const model::Annotation& n);

/// A chapter with its text over at most a few pages (`truncated` says when there is more).
nlohmann::json section_json(const store::DocumentStore& store, const std::string& reg_id,
                            const model::ChapterNode& n, const model::DocumentStructure& s);

/// What a resolved reference leads to: the chapter with its text, the merged table, or the note;
/// null when unresolved.
nlohmann::json reference_target_json(const store::DocumentStore& store, const std::string& reg_id,
                                     const model::ReferenceLink& link,
                                     const model::DocumentStructure& s,
                                     const std::vector<model::TableEntry>& tables,
                                     const std::vector<model::Annotation>& notes);

}  // namespace regreader::tools
