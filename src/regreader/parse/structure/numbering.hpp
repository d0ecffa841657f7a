#pragma once
// Pure rules that read the numbering of Chinese regulations: 第一章 / 第一节 / 第十二条, 1 / 1.1 /
// 1.1.1, 附录A / A.1, and the list markers (一、 （一） 1） a）) that must not become chapters.
// Input text is expected to be width-folded (core/text.hpp fold_width).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace regreader::parse {

enum class SectionKind {
  kPart,            ///< 第一编
  kChapter,         ///< 第一章
  kSection,         ///< 第一节
  kArticle,         ///< 第一条
  kNumeric,         ///< 1, 1.1, 1.1.1
  kAppendix,        ///< 附录A
  kAppendixClause,  ///< A.1, A.1.1
  kEnumerated,      ///< 一、 (a heading numbered in words, under a chapter or appendix)
  kItem,  ///< 1.目的, 2、适用范围, （1）… (an office document's numbered item title)
};

/// SectionMatch::letter of an office item: （一） groups and （1） items.
constexpr char kGroupItem = 'C';
constexpr char kBracketedItem = '(';

struct SectionMatch {
  SectionKind kind = SectionKind::kNumeric;
  std::string number;  ///< canonical: "5.2.2", "第三章", "第十二条", "附录A", "A.1"
  std::vector<int> components;  ///< numeric parts: {5,2,2}; {3} for 第三章; {1} for A.1 / 附录A
  /// Appendix letter for kAppendix / kAppendixClause; for kItem, kGroupItem (（一）) or
  /// kBracketedItem (（1）), 0 for 1. items.
  char letter = 0;
  std::string rest;  ///< the text after the number, trimmed
};

/// Recognises a section number at the start of a paragraph. Rejects values and quantities
/// ("0.5 秒", "10 kV", "2 台", "2019年"), list markers and table-of-contents lines.
/// `heading`: the paragraph is a heading by markup (Word style, Markdown #), so "5 年景评估方法"
/// is chapter 5 although 年 after a number is usually a quantity ("5 年").
std::optional<SectionMatch> match_section_number(std::string_view paragraph, bool heading = false);

/// True when the paragraph starts with a list marker: 一、 （一） (1) 1） 1) 1、 a） a) ① - * •
bool starts_with_list_marker(std::string_view paragraph);

/// "一、公司生产技术部门职责", "二、低压开关操作顺序：": a paragraph numbered in Chinese words with
/// 、 and nothing after a short title (a trailing colon allowed) — the heading style of company
/// rules and manuals (GB/T 9704's first level). Sentences ("一、凡制造…的建筑物。") are list items.
std::optional<SectionMatch> match_enumerated_heading(std::string_view paragraph);

/// "1.目的", "2. 适用范围", "3、告警阈值", "（1）充电操作", "（一）指导思想": an item title of
/// documents written in Word or WPS (under 一、 parts), with or without a space after the mark.
/// Only a short title with no sentence in it and no colon leading into a list;
/// "1.本指南由运行部负责解释。" is a list item. kItem, number "1" (components {1}); `letter` is
/// kBracketedItem for （1）, one level below 1., and kGroupItem for （一） (number "（一）"), one
/// level above it (GB/T 9704's second level). Whether the paragraph is a heading in its context
/// is the caller's to say.
std::optional<SectionMatch> match_item_heading(std::string_view paragraph);

/// Whether a line (width-folded) opens a paragraph of its own by its number: a section number,
/// a list marker, a note (注1：) or an item title. A wrapped line never starts so.
bool opens_numbered_paragraph(std::string_view folded);

/// "2、电力工程承试工作对工作人员可能造成伤害的因素有那些？": a paragraph numbered with Arabic
/// digits and 、, as the questions of a question-and-answer section are (kEnumerated, number
/// "2"; the rest is the question, cut after its last question mark). Whether it is a question
/// is the caller's to say (question_marks).
std::optional<SectionMatch> match_numbered_question(std::string_view paragraph);

/// Whether a paragraph asks a question: a question mark in it, or the next paragraph answers
/// (starts with 答： or 答:).
bool asks_question(std::string_view paragraph, std::string_view next);

/// True for a table-of-contents line: leader dots or a trailing page number after a gap.
bool is_toc_line(std::string_view paragraph);

/// A contents entry without leader dots: text, a gap, and a page number (1-3 digits or a Roman
/// numeral) at the end ("高频开关电源整流装置选择  44").
bool ends_with_page_number(std::string_view text);

/// Whether `rest` reads as a heading title rather than the body of an inline clause.
bool is_title_like(std::string_view rest);

/// Ordering of two numbered sections, for the chapter tree: true when `parent` can contain
/// `child` (5.2 contains 5.2.2; 第一章 contains 第一条; 附录A contains A.1).
bool can_contain(const SectionMatch& parent, const SectionMatch& child);

/// True when `next` is a plausible successor of `prev` in document order (5.2.1 -> 5.2.2, 5.3,
/// 6 or 5.2.1.1), used to reject stray numbers in PDF text.
bool plausible_successor(const SectionMatch& prev, const SectionMatch& next);

/// An appendix title without its designation: "(资料性附录) 标示牌式样" -> "标示牌式样"
/// (also OCR's "《资料性奉录)"); other text is returned as it is.
std::string strip_appendix_designation(std::string_view rest);

/// Where (code point index) a heading run into a paragraph starts: the first sub-clause glued
/// to its chapter's heading ("14 电气试验14.1 一般要求"), or the next heading after the last
/// full stop of a paragraph ("…方可送电。11 在六氟化硫…", a successor of the paragraph's own
/// number or of `prev`). nullopt when there is none.
std::optional<size_t> fused_heading_at(std::string_view paragraph,
                                       const std::optional<SectionMatch>& prev);

/// A section number run into a quantity in the text ("5.3.450年一遇" after 5.3.3 is 5.3.4
/// followed by "50年一遇"): the split that continues `prev`, if one does.
std::optional<SectionMatch> split_glued_number(const SectionMatch& glued, const SectionMatch& prev);

/// Rewrites `m.number` from its components ("5.3.4", "A.2" for an appendix clause).
void renumber(SectionMatch& m);

/// An OCR-misread section number mended from both neighbours: "5.5 工作许可" read after 5.5.5
/// and before 5.6.1 is 5.6. The mended number has the misread one's depth, differs from it in
/// one component, continues `prev` and contains `next`; nullopt when no such number exists.
std::optional<SectionMatch> mend_misread_number(const SectionMatch& read, const SectionMatch& prev,
                                                const SectionMatch& next);

}  // namespace regreader::parse
