#pragma once
// Cross-references in regulation text — 见第六章, 见表6-2, 参见5.2.3, 按附录A, 见注1, 第十二条,
// 本规程第X条 — found by pure rules and resolved against the chapter tree, the table registry and
// the notes.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "regreader/model/annotation.hpp"
#include "regreader/model/document_structure.hpp"
#include "regreader/model/reference_link.hpp"
#include "regreader/model/table_entry.hpp"

namespace regreader::parse {

struct FoundReference {
  model::RefKind kind;
  std::string text;    ///< the words as written
  std::string target;  ///< canonical target
};

/// The references in a block's text, in order. Text is width-folded first.
std::vector<FoundReference> find_references(std::string_view text);

/// Reads a reference typed by a user or a model: "见表1", "表 1", "5.2.3", "附录A", "注①",
/// "第十二条". Returns nullopt when it names nothing RegReader can follow.
std::optional<FoundReference> parse_reference_query(std::string_view query);

/// "表 1" / "表１" / "表B.1" -> "表1" / "表B.1": the label a table is known by.
std::string table_label(std::string_view caption_or_label);

/// Whether a caption says its table continues one before it: `续表3`, `表3（续）`, `表3 (续)`
/// (spaces aside, full or half width).
bool continuation_caption(std::string_view caption);

/// What references are resolved against, indexed once: resolving is then constant time per
/// reference, not a scan of every table and note (linear ingest on documents with thousands).
class ReferenceTargets {
 public:
  ReferenceTargets(const model::DocumentStructure& structure,
                   const std::vector<model::TableEntry>& tables,
                   const std::vector<model::Annotation>& notes);  ///< every note of the regulation
  const model::DocumentStructure& structure;
  /// The table with this id, else the first whose caption's label it is.
  const model::TableEntry* table(const std::string& label) const;
  /// The note with this id on `page`, else the nearest after it, else the nearest before it.
  const model::Annotation* note(const std::string& id, int page) const;

 private:
  std::unordered_map<std::string, const model::TableEntry*> by_id_, by_label_;
  std::unordered_map<std::string, std::vector<const model::Annotation*>> notes_;  ///< by page
};

/// Resolves one reference made on `page` (0 for a query): a note is looked for on that page first,
/// then on the pages after it, then anywhere.
model::ReferenceLink resolve_reference(const FoundReference& ref, int page,
                                       const ReferenceTargets& targets);

}  // namespace regreader::parse
