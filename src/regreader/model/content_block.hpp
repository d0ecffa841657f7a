#pragma once
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regreader/model/table_meta.hpp"

namespace regreader::model {

enum class BlockType { kText, kHeading, kList, kTable };

std::string_view block_type_name(BlockType t);
/// Parses "text", "heading", "list", "table"; throws Error(kInvalidArgument) otherwise.
BlockType parse_block_type(std::string_view name);

/// One block of a page, in reading order.
struct ContentBlock {
  std::string block_id;
  BlockType block_type = BlockType::kText;
  int order_in_page = 0;
  std::string content_markdown;
  std::vector<std::string> chapter_path;  ///< display titles from the root to the block's chapter
  std::string section_number;             ///< for headings: "5.2.2", "第三条", "附录A"
  std::optional<TableMeta> table_meta;    ///< set for tables only
  /// Where the block is printed on its page: x0, y0, x1, y1 in PDF user space (points, y down),
  /// of the PDF or of LibreOffice's rendering of a Word file; unset when not located.
  std::optional<std::array<float, 4>> rect;
  bool operator==(const ContentBlock&) const = default;
};

void to_json(nlohmann::json& j, const ContentBlock& b);
void from_json(const nlohmann::json& j, ContentBlock& b);

}  // namespace regreader::model
