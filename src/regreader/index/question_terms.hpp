#pragma once
// Questions as workers and exams ask them ("倒闸操作票应保存多长时间", "下列关于工作票的说法正确
// 的是", "电力系统暂态稳定的定义") reduced to their content words for the keyword leg: the
// question words, framing and particles say nothing a block contains, and as one phrase the
// question matches no block. Keyword-style queries (no question marker) are left as typed.

#include <string>
#include <vector>

#include "regreader/index/synonyms.hpp"

namespace regreader::index {

struct QuestionTerms {
  bool question = false;    ///< the query is question-shaped and was reduced
  std::string search_text;  ///< content words separated by spaces; the query when not reduced
  std::string definition_term;  ///< "电力系统暂态稳定" for "…的定义", "什么是…"; "" otherwise
  /// The definition term's words ("电力 系统 暂态 稳定"): a term a standard defines under a
  /// shorter or reordered title is found by its words.
  std::string definition_words;
  /// The question as asked with only its question words blanked ("挂地线和拆地线先后顺序是"): every
  /// content character kept, for when the reduced words find nothing strict. "" when not reduced.
  std::string as_asked;
  /// Words the regulations title the section a question's asking points to with ("多久做一次" ->
  /// 周期, "哪几种" -> 种类, "会受啥处罚" -> 罚则 法律责任), separated by spaces; "" for none.
  /// They are looked for in chapter titles only: the clauses themselves rarely repeat them.
  std::string topic_words;
  /// The Han characters right before each question word, up to the punctuation, space or question
  /// word before them ("短路比" of "短路比怎么算", "专责监护人" of "专责监护人能不能顺手帮着干活"):
  /// what is asked about ends there, and a chapter title it ends with names the question's subject.
  std::vector<std::string> asked_about;
};

/// True when the query asks a question (？, 吗, 什么, 多少, 多长时间, 哪些, 如何, 是否, 下列,
/// 根据…, 的定义 …, an A-not-A form such as 允不允许 or 算不算) rather than listing keywords.
bool is_question(const std::string& query);

/// The question's content words, joined by spaces; a query that is no question comes back as it
/// is. Runs of single characters the dictionary did not know are joined ("倒|闸" -> "倒闸") and a
/// lone character after a word stays with it ("操作|票" -> "操作票"). `asked`: reduce even without
/// a question marker (the query was a question before the regulation it named was cut out).
/// The words `synonyms` replaces (新来的, 有电, 被电, 沟里) are kept whole wherever the
/// dictionary's words line up with them, so that a particle inside one (的, 有, 被, 里) is not
/// dropped as a particle and the word still finds its synonym.
QuestionTerms reduce_question(const std::string& query, bool asked = false,
                              const SynonymTable& synonyms = {});

/// The question's Chinese characters that may carry content, each once, in order, separated by
/// spaces ("刀闸咋拉不动" -> "刀 闸 拉 动"): question words, particles and pronouns go. The last
/// resort of a search whose question shares no character pair with the regulations.
std::string content_characters(const std::string& query);

}  // namespace regreader::index
