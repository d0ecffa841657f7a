#pragma once
// Ordering by what a question asks for: the titles of its chapters (and of its regulation) hold a
// worker's topic more than the clauses do, and the asking itself (多久做一次, 会受啥处罚, 哪几种)
// points to a kind of section (周期, 罚则, 种类: QuestionTerms::topic_words).

#include <cstddef>
#include <string>
#include <vector>

#include "regreader/index/chapter_suggestions.hpp"
#include "regreader/index/search_filter.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::index {

/// The partial hits again, those under titles that hold the question's words raised: a worker
/// names a clause's topic (许可人, 交代) more than its wording, and the topic is in the title of
/// its chapter (5.4.3 工作许可人) or of its regulation (电力线路部分), not in each of its
/// sentences. Each hit's place i in the ranking scores 1 / (60 + i), plus 0.5 / 61 times the share
/// of the question's pairs those titles hold; the first list wins ties. Only when the best hit
/// holds less than half of the question: a question that quotes the text is answered by its
/// wording.
std::vector<SearchHit> topics_first(const store::DocumentStore& store, std::vector<SearchHit> hits,
                                    const std::string& question);

/// The chapters titled with a topic word of the question (周期, 种类, 罚则: what its asking points
/// to) ahead of the others, each group in its order.
std::vector<ChapterSuggestion> topics_ahead(std::vector<ChapterSuggestion> chapters,
                                            const std::string& topic_words);

/// Among the first `pool` hits, those under a title holding a topic word of the question ahead of
/// the others, each group in its order: "绝缘靴多久做一次试验" asks for the table of 试验周期 more
/// than for the clauses that name 绝缘靴, and "窃电怎么处罚" for the chapter of 法律责任.
std::vector<SearchHit> topic_chapters_first(std::vector<SearchHit> hits,
                                            const std::string& topic_words, size_t pool);

}  // namespace regreader::index
