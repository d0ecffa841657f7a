#pragma once
// Table captions whose number OCR could not read. Under a seal or on a coarse scan OCR garbles the
// one or two characters of a caption's number more often than its title (`表巨 与架空输电线…` for
// 表5, `表下.1 绝缘安全工器具…` for 表E.1); the table then has no id, and `见表5` leads nowhere.
// The clause that introduces the table names it (`…应符合表5的规定。`, `表 E. 1 给出了…`), so the
// number is taken from there, and the caption says it was.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "regreader/parse/structure/block_classifier.hpp"

namespace regreader::parse {

struct GarbledCaption {
  std::string token;  ///< what OCR read of the number: "巨", "下.1"
  std::string title;
};

/// A caption line read by OCR whose number is garbled: "表", a short token that is no table
/// number (up to the gap before the title, or one Chinese character where the stored text has no
/// gap), then the title. Nullopt when `text` is not such a line (a sentence, a number).
std::optional<GarbledCaption> garbled_caption_number(const std::string& text);

/// For each block that is such a caption over a table without one, on a page OCR read
/// (`ocr_page[page - 1]`): the caption to give the table, numbered by the nearest reference to a
/// table before it (on its page or the one before, after the previous table) whose number no
/// caption in `captioned` (labels like "表4") has and that agrees with what OCR read of the number
/// (`下.1` can be E.1, never 3.2). The caption keeps the title and says the number was inferred:
/// `表5 与架空输电线…（表号据正文引用推定，OCR 读作“表巨”）`. A garbled caption that says the
/// table continues (`表下 1( 续)`) takes the label of the table before it (on its page or the one
/// before), so the two are merged: `表E.1（续）（表号据前表推定，OCR 读作“表下 1( 续)”）`.
/// Block index -> caption.
std::map<size_t, std::string> infer_caption_numbers(const std::vector<ClassifiedBlock>& blocks,
                                                    const std::vector<bool>& ocr_page,
                                                    std::set<std::string> captioned);

}  // namespace regreader::parse
