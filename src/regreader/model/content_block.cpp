#include "regreader/model/content_block.hpp"

#include "regreader/core/error.hpp"

namespace regreader::model {

std::string_view block_type_name(BlockType t) {
  switch (t) {
    case BlockType::kText:
      return "text";
    case BlockType::kHeading:
      return "heading";
    case BlockType::kList:
      return "list";
    case BlockType::kTable:
      return "table";
  }
  return "text";
}

BlockType parse_block_type(std::string_view name) {
  if (name == "text") return BlockType::kText;
  if (name == "heading") return BlockType::kHeading;
  if (name == "list") return BlockType::kList;
  if (name == "table") return BlockType::kTable;
  throw Error(ErrorCode::kInvalidArgument, "unknown block type '" + std::string(name) +
                                               "' (expected text, heading, list or table)");
}

void to_json(nlohmann::json& j, const ContentBlock& b) {
  j = {{"block_id", b.block_id},
       {"block_type", block_type_name(b.block_type)},
       {"order_in_page", b.order_in_page},
       {"content_markdown", b.content_markdown},
       {"chapter_path", b.chapter_path},
       {"section_number", b.section_number},
       {"table_meta", nullptr}};
  if (b.table_meta) j["table_meta"] = *b.table_meta;
  if (b.rect) j["rect"] = *b.rect;
}

void from_json(const nlohmann::json& j, ContentBlock& b) {
  j.at("block_id").get_to(b.block_id);
  b.block_type = parse_block_type(j.at("block_type").get<std::string>());
  j.at("order_in_page").get_to(b.order_in_page);
  j.at("content_markdown").get_to(b.content_markdown);
  j.at("chapter_path").get_to(b.chapter_path);
  b.section_number = j.value("section_number", "");
  b.table_meta.reset();
  if (j.contains("table_meta") && !j["table_meta"].is_null())
    b.table_meta = j["table_meta"].get<TableMeta>();
  b.rect.reset();
  if (j.contains("rect") && j["rect"].is_array() && j["rect"].size() == 4)
    b.rect = j["rect"].get<std::array<float, 4>>();
}

}  // namespace regreader::model
