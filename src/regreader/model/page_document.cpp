#include "regreader/model/page_document.hpp"

#include <cmath>

namespace regreader::model {

std::string join_blocks_markdown(const std::vector<ContentBlock>& blocks) {
  std::string md;
  for (const auto& b : blocks) {
    if (!md.empty()) md += "\n\n";
    md += b.content_markdown;
  }
  return md;
}

void to_json(nlohmann::json& j, const PageDocument& p) {
  j = {{"reg_id", p.reg_id},
       {"page_num", p.page_num},
       {"chapter_path", p.chapter_path},
       {"active_chapters", p.active_chapters},
       {"content_blocks", p.content_blocks},
       {"content_markdown", p.content_markdown},
       {"continues_from_prev", p.continues_from_prev},
       {"continues_to_next", p.continues_to_next},
       {"annotations", p.annotations},
       {"text_source", p.text_source}};
  if (p.ocr_confidence >= 0) j["ocr_confidence"] = std::round(p.ocr_confidence * 10) / 10;
  if (!p.ocr_engine.empty()) j["ocr_engine"] = p.ocr_engine;
  if (p.width > 0 && p.height > 0) j["page_size"] = {p.width, p.height};
}

void from_json(const nlohmann::json& j, PageDocument& p) {
  j.at("reg_id").get_to(p.reg_id);
  j.at("page_num").get_to(p.page_num);
  j.at("chapter_path").get_to(p.chapter_path);
  j.at("active_chapters").get_to(p.active_chapters);
  j.at("content_blocks").get_to(p.content_blocks);
  j.at("content_markdown").get_to(p.content_markdown);
  j.at("continues_from_prev").get_to(p.continues_from_prev);
  j.at("continues_to_next").get_to(p.continues_to_next);
  j.at("annotations").get_to(p.annotations);
  p.text_source = j.value("text_source", "text");
  p.ocr_confidence = j.value("ocr_confidence", -1.0f);
  p.ocr_engine = j.value("ocr_engine", "");
  p.width = p.height = 0;
  if (j.contains("page_size") && j["page_size"].is_array() && j["page_size"].size() == 2) {
    p.width = j["page_size"][0].get<float>();
    p.height = j["page_size"][1].get<float>();
  }
}

}  // namespace regreader::model
