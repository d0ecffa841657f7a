// Questions reduced to their content words; keyword queries left alone. The words come from ICU's
// Chinese dictionary (Debian's libicu), so the expectations are the words that dictionary knows.

#include "regreader/index/question_terms.hpp"

#include <gtest/gtest.h>

#include "regreader/core/words.hpp"

namespace regreader::index {
namespace question_terms_test {

bool has_word(const std::string& text, const std::string& word) {
  return (" " + text + " ").find(" " + word + " ") != std::string::npos;
}

TEST(Words, IcuSplitsChineseIntoDictionaryWords) {
  const auto w = text::split_words("倒闸操作票应保存多长时间");
  EXPECT_NE(std::find(w.begin(), w.end(), "保存"), w.end());
  EXPECT_NE(std::find(w.begin(), w.end(), "操作"), w.end());
  const auto p = text::split_words("10kV，安全 距离。");  // punctuation and spaces dropped
  EXPECT_EQ(p, (std::vector<std::string>{"10kV", "安全", "距离"}));
}

TEST(Words, ADictionaryWordIsOneWordOfTwoOrMoreCharacters) {
  EXPECT_TRUE(text::is_dictionary_word("塌方"));
  EXPECT_TRUE(text::is_dictionary_word("撤离"));
  EXPECT_FALSE(text::is_dictionary_word("場方")) << "an OCR misreading";
  EXPECT_FALSE(text::is_dictionary_word("撇离"));
  EXPECT_FALSE(text::is_dictionary_word("塌")) << "one character is no word here";
  EXPECT_FALSE(text::is_dictionary_word(""));
}

TEST(QuestionTerms, KeywordQueriesStayAsTyped) {
  for (const char* q : {"母线失压", "倒闸操作 监护", "10kV 安全距离", "应急预案"}) {
    const auto t = reduce_question(q);
    EXPECT_FALSE(t.question) << q;
    EXPECT_EQ(t.search_text, q);
    EXPECT_TRUE(t.definition_term.empty()) << q;
  }
}

TEST(QuestionTerms, ATimeWordLedByContentIsContent) {
  // 受令时间 is the clause's own title; the 时间 of 什么时间 asks.
  const auto order = reduce_question("票上的受令时间填的是什么时间");
  EXPECT_TRUE(has_word(order.search_text, "受令")) << order.search_text;
  EXPECT_NE(order.search_text.find("时间"), std::string::npos) << order.search_text;
  EXPECT_EQ(order.search_text.find("什么"), std::string::npos) << order.search_text;
  const auto kept = reduce_question("工作票的有效时间是多久");
  EXPECT_TRUE(has_word(kept.search_text, "时间")) << kept.search_text;
  // Alone, after a particle or a blanked question word, it still asks.
  for (const char* q : {"事故发生后要报告的时间是多久", "停电要提前什么时间通知"}) {
    const auto t = reduce_question(q);
    EXPECT_FALSE(has_word(t.search_text, "时间")) << q << " -> " << t.search_text;
  }
}

TEST(QuestionTerms, WhatIsAskedAboutEndsWhereAQuestionWordBegins) {
  const auto t = reduce_question("故障后发电机还能不能保持同步 暂态功角稳定怎么定义的");
  EXPECT_EQ(t.asked_about, (std::vector<std::string>{"故障后发电机还", "暂态功角稳定"}));
  // A space, punctuation or another question word ends the run; no run before a question word
  // that starts the question.
  const auto spaced = reduce_question("啥是死开关，短路比怎么算");
  EXPECT_EQ(spaced.asked_about, std::vector<std::string>{"短路比"});
  EXPECT_TRUE(reduce_question("母线失压").asked_about.empty());  // no question: not reduced
}

TEST(QuestionTerms, QuestionsKeepTheirContentWordsOnly) {
  const auto t = reduce_question("倒闸操作票应保存多长时间？");
  EXPECT_TRUE(t.question);
  EXPECT_EQ(t.search_text, "倒闸 操作票 保存");
  // A dictionary word holding a modal character stays whole: 应急 is not 应 + 急.
  const auto drill = reduce_question("应急预案应当多久演练一次");
  EXPECT_TRUE(has_word(drill.search_text, "应急")) << drill.search_text;
  EXPECT_EQ(drill.search_text.find("多久"), std::string::npos) << drill.search_text;
  // Exam framing goes; a negation stays with its verb.
  const auto exam = reduce_question("下列哪些操作可以不填写操作票？");
  EXPECT_EQ(exam.search_text.find("下列"), std::string::npos) << exam.search_text;
  EXPECT_NE(exam.search_text.find("不填写"), std::string::npos) << exam.search_text;
  // "几个人", "多少米": the asking goes, and no lone character is left as a term.
  const auto how_many = reduce_question("变配电所值班人员每班最少要几个人？");
  EXPECT_EQ(how_many.search_text.find("几"), std::string::npos) << how_many.search_text;
  EXPECT_FALSE(has_word(how_many.search_text, "人")) << how_many.search_text;
  for (const auto& w : {"值班", "每班"})
    EXPECT_NE(how_many.search_text.find(w), std::string::npos) << how_many.search_text;
  // The measure word after 几 or 多少 (几台, 几张, 多少根) is part of the asking: no 台 is left
  // to lead the noun (台设备, a word no text writes).
  for (const char* q : {"几台设备的接地能不能串起来", "一张操作票能写几项任务", "要立多少根杆子"}) {
    const auto counted = reduce_question(q);
    EXPECT_TRUE(counted.question) << q;
    for (const char* w : {"台", "项", "根"})
      EXPECT_EQ(counted.search_text.find(w), std::string::npos) << counted.search_text;
  }
  // 谁 asks who: the rest is what is asked about.
  const auto who = reduce_question("灾后恢复重建谁来组织");
  EXPECT_TRUE(who.question);
  EXPECT_EQ(who.search_text.find("谁"), std::string::npos) << who.search_text;
  EXPECT_TRUE(has_word(who.search_text, "组织")) << who.search_text;
  // 哪儿 asks where as 哪里 does: no 儿 is left to join the verb (挂儿, a word no text writes).
  const auto where = reduce_question("禁止合闸的牌子挂哪儿");
  EXPECT_EQ(where.search_text.find("儿"), std::string::npos) << where.search_text;
  EXPECT_NE(where.search_text.find("挂"), std::string::npos) << where.search_text;
  // A numeral counts what follows it: with 会 (a modal here) dropped, 一 of 一会 is no part of
  // the verb before it (走开一, a word no text writes).
  const auto away = reduce_question("监护人有事要临时走开一会 作业还能不能接着进行");
  EXPECT_TRUE(has_word(away.search_text, "走开")) << away.search_text;
  EXPECT_EQ(away.search_text.find("一"), std::string::npos) << away.search_text;
  // Connectives the dictionary reads as words (还有, 除了) are no content.
  const auto besides = reduce_question("除了电流电压回路 还有哪些回路要查");
  EXPECT_EQ(besides.search_text.find("除了"), std::string::npos) << besides.search_text;
  EXPECT_EQ(besides.search_text.find("还有"), std::string::npos) << besides.search_text;
  EXPECT_TRUE(has_word(besides.search_text, "回路")) << besides.search_text;
}

TEST(QuestionTerms, ASynonymsWordIsKeptWholeThroughItsParticles) {
  const SynonymTable whole = {{"新来的", "新参加"},
                              {"有电", "带电"},
                              {"被电", "触电"},
                              {"沟里", "沟内"},
                              {"开关", "断路器"}};
  // Without the word list, the particle inside each is dropped and the synonym can never fire.
  EXPECT_FALSE(has_word(reduce_question("新来的人能直接干活吗").search_text, "新来的人"));
  EXPECT_TRUE(
      has_word(reduce_question("新来的人能直接干活吗", false, whole).search_text, "新来的人"));
  EXPECT_TRUE(has_word(reduce_question("线路有电怎么办", false, whole).search_text, "有电"));
  EXPECT_TRUE(has_word(reduce_question("被电了怎么急救", false, whole).search_text, "被电"));
  EXPECT_NE(reduce_question("沟里能不能休息", false, whole).search_text.find("沟里"),
            std::string::npos);
  // Words the dictionary already reads as the list does come out as before.
  EXPECT_EQ(reduce_question("隔离开关怎么操作", false, whole).search_text,
            reduce_question("隔离开关怎么操作").search_text);
  // A trailing 的 that is part of a listed word stays.
  EXPECT_EQ(reduce_question("哪些算新来的").search_text.find("新来的"), std::string::npos);
  EXPECT_NE(reduce_question("哪些算新来的", false, whole).search_text.find("新来的"),
            std::string::npos);
}

TEST(QuestionTerms, DefinitionQuestionsNameTheirTerm) {
  const auto a = reduce_question("电力系统暂态稳定的定义");
  EXPECT_EQ(a.definition_term, "电力系统暂态稳定");
  // The dictionary lacks 暂态: its two characters are joined back into one word.
  EXPECT_TRUE(has_word(a.definition_words, "暂态")) << a.definition_words;
  EXPECT_EQ(a.search_text, a.definition_words);
  EXPECT_EQ(reduce_question("什么是运用中的电气设备？").definition_term, "运用中的电气设备");
  EXPECT_EQ(reduce_question("特种设备是指哪些设备？").definition_term, "特种设备");
  EXPECT_EQ(reduce_question("事故处理中的强送是什么意思").definition_term, "事故处理中的强送");
  EXPECT_TRUE(reduce_question("工作票签发人应由谁担任？").definition_term.empty());
}

TEST(QuestionTerms, DefinitionQuestionsInAWorkersWords) {
  EXPECT_EQ(reduce_question("死开关是啥意思").definition_term, "死开关");
  EXPECT_EQ(reduce_question("冷备用啥意思").definition_term, "冷备用");
  EXPECT_EQ(reduce_question("啥叫热备用").definition_term, "热备用");
  // A sentence naming the term before the asking: the term is what follows its last 是 or blank.
  EXPECT_EQ(reduce_question("说一个开关是死开关 是啥意思").definition_term, "死开关");
  EXPECT_EQ(reduce_question("调度说的 强送 是什么意思").definition_term, "强送");
  // A term with no 是 or blank in it stays whole.
  EXPECT_EQ(reduce_question("事故处理中的强送是啥意思").definition_term, "事故处理中的强送");
  EXPECT_TRUE(reduce_question("开关拉不开是啥原因").definition_term.empty());
}

TEST(QuestionTerms, ForcedWhenTheQuestionMarkerWasCutWithTheRegulationName) {
  // "根据《消防法》规定，…" loses its marker with the name; the caller says it was a question.
  EXPECT_FALSE(reduce_question("单位的主要负责人的职责").question);
  EXPECT_TRUE(reduce_question("单位的主要负责人的职责", true).question);
}

TEST(QuestionTerms, AnANotAQuestionIsAskedAsTheAffirmative) {
  // 允不允许 asks as 吗 does; the verb is searched once, never as 允不允许 or 允 + 允许.
  const auto t = reduce_question("单一故障后允不允许切机");
  EXPECT_TRUE(t.question);
  EXPECT_TRUE(has_word(t.search_text, "允许")) << t.search_text;
  EXPECT_EQ(t.search_text.find("不"), std::string::npos) << t.search_text;
  EXPECT_EQ(t.as_asked.find("允不允"), std::string::npos) << t.as_asked;
  EXPECT_TRUE(has_word(reduce_question("停不停电").search_text, "停电"));
  // A negation that is no A-not-A stays: 拉不动.
  EXPECT_NE(reduce_question("刀闸拉不动怎么办").search_text.find("不动"), std::string::npos);
  EXPECT_FALSE(reduce_question("不停电作业").question) << "不 alone asks nothing";
}

TEST(QuestionTerms, ContentCharactersLeaveTheAskingOut) {
  EXPECT_EQ(content_characters("刀闸咋拉不动了"), "刀 闸 拉 动");
  EXPECT_EQ(content_characters("电缆沟里有人闷倒了 咋救"), "电 缆 沟 人 闷 倒 救");
  EXPECT_EQ(content_characters("地线地线"), "地 线") << "each character once";
  EXPECT_EQ(content_characters("是什么吗"), "");
  EXPECT_EQ(content_characters("110kV"), "");
}

TEST(QuestionTerms, WhatAQuestionAsksForNamesItsSectionsTopic) {
  EXPECT_EQ(reduce_question("安规里绝缘手套多久做一次试验").topic_words, "周期");
  EXPECT_EQ(reduce_question("线路上干活都有哪几种票").topic_words, "种类 分类");
  EXPECT_EQ(reduce_question("操作票出错了会受啥处罚").topic_words, "罚则 法律责任");
  EXPECT_EQ(reduce_question("监管机构都管哪些事").topic_words, "职责");
  EXPECT_EQ(reduce_question("刀闸地刀这些叫法对应的正式名称是啥").topic_words, "俗称");
  EXPECT_EQ(reduce_question("挂地线和拆地线先后顺序是怎样的").topic_words, "");
  EXPECT_EQ(reduce_question("绝缘手套 试验").topic_words, "") << "a keyword query asks nothing";
  // A measure asked for by its question word, by the measure's name.
  EXPECT_EQ(reduce_question("测风塔要立多高").topic_words, "高度");
  EXPECT_EQ(reduce_question("消防车道最窄多宽").topic_words, "宽度");
  EXPECT_EQ(reduce_question("接地网要埋多深").topic_words, "深度");
  EXPECT_EQ(reduce_question("接地线要多粗").topic_words, "截面");
  EXPECT_EQ(reduce_question("搭接焊要焊多长").topic_words, "长度");
  EXPECT_EQ(reduce_question("停电要停多长时间").topic_words, "") << "a time is no length";
  EXPECT_EQ(reduce_question("一个风电场要立几座测风塔").topic_words, "数量");
  EXPECT_EQ(reduce_question("人要离带电设备多远").topic_words, "") << "distances mark no section";
  EXPECT_EQ(reduce_question("保护改定值要几个人").topic_words, "人数 两人 二人");
  EXPECT_EQ(reduce_question("消控室值班要多少人").topic_words, "人数 两人 二人");
  EXPECT_EQ(reduce_question("值班人员多久巡视一次").topic_words, "周期")
      << "人 alone counts nobody";
}

}  // namespace question_terms_test
}  // namespace regreader::index
