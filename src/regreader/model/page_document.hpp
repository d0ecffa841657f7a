#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "regreader/model/annotation.hpp"
#include "regreader/model/content_block.hpp"

namespace regreader::model {

/// One page of a regulation: the unit people read and cite.
struct PageDocument {
  std::string reg_id;
  int page_num = 0;                          ///< 1-based
  std::vector<std::string> chapter_path;     ///< chapter path at the top of the page
  std::vector<std::string> active_chapters;  ///< every chapter with content on this page
  std::vector<ContentBlock> content_blocks;
  std::string content_markdown;  ///< the blocks joined, what a reader sees
  bool continues_from_prev = false;
  bool continues_to_next = false;
  std::vector<Annotation> annotations;
  /// Where the page's text came from: "text_layer" or "ocr" (PDF), "none" (a blank or unread
  /// scan), "text" (Word, Markdown).
  std::string text_source = "text";
  /// Mean recognition confidence (0-100) of an OCR page; -1 for pages not read by OCR.
  float ocr_confidence = -1;
  /// The engine that read an OCR page ("paddle", "tesseract"); "" for other pages.
  std::string ocr_engine;
  /// The printed page's size in points (PDF, or a Word file's rendering); 0 when there is none.
  float width = 0, height = 0;
  bool operator==(const PageDocument&) const = default;
};

/// A page's Markdown: its blocks' Markdown joined by blank lines.
std::string join_blocks_markdown(const std::vector<ContentBlock>& blocks);

void to_json(nlohmann::json& j, const PageDocument& p);
void from_json(const nlohmann::json& j, PageDocument& p);

}  // namespace regreader::model
