// Search as a reader asks: the regulation a query names scopes it, definitions come first,
// copies fold into one hit, and `limit k` is still the first k of a deeper search.

#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/sqlite_engine.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "regreader/index/chapter_suggestions.hpp"
#include "regreader/index/copies.hpp"
#include "regreader/index/definitions_after_rules.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::index {
namespace guided_search_test {

model::ParsedDocument doc(const std::string& reg_id, const std::string& md,
                          const std::string& sha = "") {
  auto d = parse::build_document(parse::parse_markdown(md, true, {}), reg_id);
  d.info.source_file = "/" + reg_id + ".md";
  d.info.source_sha256 = sha.empty() ? reg_id : sha;
  d.info.indexed_at = "2026-11-23T00:00:00Z";
  return d;
}

const char* kFireLaw =
    "# 中华人民共和国消防法\n\n## 第二章 火灾预防\n\n"
    "第十六条 单位的主要负责人是本单位的消防安全责任人。\n\n"
    "第十七条 单位应当组织防火检查，及时消除火灾隐患。\n\n"
    "第七十三条 本法所称消防设施，是指火灾自动报警系统、自动灭火系统、消火栓系统。\n";
const char* kSafetyLaw =
    "# 中华人民共和国安全生产法\n\n## 第一章 总则\n\n"
    "第五条 "
    "生产经营单位的主要负责人是本单位安全生产第一责任人，对本单位的安全生产工作全面负责。\n\n"
    "第二十条 生产经营单位应当组织安全检查，及时消除事故隐患。\n";

std::string standard(const std::string& variant) {
  return "# GB 99999—2020 电网稳定运行规程\n\n## 2 术语和定义\n\n### 2.1 暂态功角稳定\n\n"
         "电力系统受到大扰动后，各同步发电机保持同步运行并过渡到新的稳态运行方式的能力。\n\n"
         "### 2.2 电力系统稳定性\n\n电力系统受到扰动后保持稳定运行的能力。\n\n"
         "## 3 计算要求\n\n3.1 暂态功角稳定计算应采用机电暂态仿真" +
         variant +
         "。\n\n3.2 母线失压时应立即检查保护动作情况，并向调度报告。\n\n"
         "3.3 测风塔的数据不用于稳定计算。\n";
}

class Guided : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    store_->save(doc("消防法(2021-04-29)", kFireLaw));
    store_->save(doc("安全生产法(2021-06-10)", kSafetyLaw));
    store_->save(doc("GB99999-2020", standard("")));
    // An OCR-like copy: one clause differs by a few characters.
    store_->save(doc("GB99999-2020-OCR", standard("，必要时校核")));
  }
  GuidedResult run(const std::string& q, SearchFilter f = {}, GuidedOptions o = {}) {
    return guided_search(index::embedded_engine(*store_), q, f, SearchMode::kKeyword, o);
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

std::set<std::string> regs_of(const std::vector<SearchHit>& hits) {
  std::set<std::string> out;
  for (const auto& h : hits)
    out.insert(h.reg_id);
  return out;
}

TEST_F(Guided, TheLawTheQuestionNamesScopesTheSearch) {
  // Both laws have a 主要负责人 clause; only the naming tells which is meant.
  const auto open = run("单位的主要负责人");
  EXPECT_EQ(regs_of(open.hits).size(), 2u);
  const auto named = run("根据《消防法》规定，单位的主要负责人是谁？");
  EXPECT_EQ(named.scoped_by, "《消防法》 -> 消防法(2021-04-29)");
  ASSERT_FALSE(named.hits.empty());
  EXPECT_EQ(regs_of(named.hits), (std::set<std::string>{"消防法(2021-04-29)"}));
  EXPECT_EQ(named.hits[0].section_number, "第十六条");
  EXPECT_EQ(named.query_used.find("消防法"), std::string::npos) << named.query_used;
  // An explicit regulation wins over the naming.
  SearchFilter f;
  f.reg_ids = {"安全生产法(2021-06-10)"};
  const auto chosen = run("根据《消防法》规定，单位的主要负责人是谁？", f);
  EXPECT_TRUE(chosen.scoped_by.empty());
  EXPECT_EQ(regs_of(chosen.hits), (std::set<std::string>{"安全生产法(2021-06-10)"}));
  // Routing off: every regulation.
  GuidedOptions off;
  off.route = false;
  EXPECT_EQ(regs_of(run("消防法 主要负责人", {}, off).hits).size(), 2u);
}

TEST_F(Guided, StandardNumbersAndUnknownNames) {
  const auto by_number = run("GB 99999 母线失压");
  EXPECT_EQ(by_number.scoped_reg_ids,
            (std::vector<std::string>{"GB99999-2020", "GB99999-2020-OCR"}));
  const auto unknown = run("《建筑法》 主要负责人");
  EXPECT_EQ(unknown.unknown_names, (std::vector<std::string>{"《建筑法》"}));
  EXPECT_TRUE(unknown.scoped_by.empty());
  // Named, but the words are not in it: widened to every regulation, and said.
  const auto widened = run("《消防法》 测风塔");
  EXPECT_FALSE(widened.note.empty());
  EXPECT_TRUE(widened.scoped_by.empty());
  ASSERT_FALSE(widened.hits.empty());
  EXPECT_EQ(widened.hits[0].reg_id.rfind("GB99999", 0), 0u);
}

TEST_F(Guided, ARegulationNamedKeepsItsScopeForWeakMatches) {
  // 事故隐患 is the safety law's wording; the fire law, named, says 火灾隐患 (第十七条): its weak
  // match is what the reader asked for, and it is said to be weak.
  const auto r = run("消防法里 事故隐患排查谁负责");
  EXPECT_EQ(r.scoped_by, "消防法 -> 消防法(2021-04-29)");
  ASSERT_FALSE(r.hits.empty());
  EXPECT_EQ(regs_of(r.hits), (std::set<std::string>{"消防法(2021-04-29)"}));
  EXPECT_EQ(r.hits[0].section_number, "第十七条");
  EXPECT_EQ(r.hits[0].match, "partial");
  EXPECT_NE(r.note.find("only weak matches"), std::string::npos) << r.note;
}

TEST_F(Guided, ADefinitionQuestionListsTheTermsEntryFirst) {
  // The entry is a heading (2.1 暂态功角稳定) and its definition the block after it, which does
  // not contain the term: the hit is that block.
  const auto std_term = run("暂态功角稳定的定义", {}, {});
  EXPECT_EQ(std_term.definition_term, "暂态功角稳定");
  ASSERT_FALSE(std_term.hits.empty());
  EXPECT_EQ(std_term.hits[0].match, "definition");
  EXPECT_EQ(std_term.hits[0].section_number, "2.1");
  EXPECT_EQ(std_term.hits[0].block_type, model::BlockType::kText);
  EXPECT_NE(std_term.hits[0].snippet.find("同步运行"), std::string::npos);
  // A term the standard names otherwise is found by its words.
  const auto words = run("电力系统暂态稳定的定义");
  ASSERT_FALSE(words.hits.empty());
  EXPECT_EQ(words.hits[0].match, "definition");
  // A law defines with 本法所称.
  const auto law = run("什么是消防设施？");
  ASSERT_FALSE(law.hits.empty());
  EXPECT_EQ(law.hits[0].section_number, "第七十三条");
  EXPECT_EQ(law.hits[0].match, "definition");
}

TEST_F(Guided, CopiesFoldIntoTheFirstHitAndPerRegCaps) {
  const auto folded = run("母线失压");
  ASSERT_EQ(folded.hits.size(), 1u);
  ASSERT_EQ(folded.hits[0].copies.size(), 1u);
  EXPECT_NE(folded.hits[0].reg_id, folded.hits[0].copies[0].reg_id);
  GuidedOptions all;
  all.collapse = false;
  EXPECT_EQ(run("母线失压", {}, all).hits.size(), 2u);
  // The clause that differs between the copies still folds (a few characters apart).
  EXPECT_EQ(run("机电暂态仿真").hits.size(), 1u);
  // Unrelated regulations are never one family.
  const auto fams = copy_families(*store_, {"GB99999-2020", "消防法(2021-04-29)",
                                            "GB99999-2020-OCR", "安全生产法(2021-06-10)"});
  EXPECT_EQ(fams, (std::vector<std::string>{"GB99999-2020", "消防法(2021-04-29)", "GB99999-2020",
                                            "安全生产法(2021-06-10)"}));
  GuidedOptions one;
  one.per_reg = 1;
  for (const auto& [reg, n] : [&] {
         std::map<std::string, int> c;
         for (const auto& h : run("单位 隐患 稳定", {}, one).hits)
           ++c[h.reg_id];
         return c;
       }())
    EXPECT_EQ(n, 1) << reg;
}

TEST_F(Guided, LimitKIsThePrefixOfADeeperSearchWithCopiesFolded) {
  int checked = 0;
  for (const char* q : {"稳定", "单位 主要负责人", "隐患", "母线失压", "根据GB 99999 稳定"}) {
    SearchFilter deep;
    deep.limit = 50;
    const auto full = run(q, deep).hits;
    for (int k : {1, 2, 3, 5}) {
      SearchFilter f;
      f.limit = k;
      const auto some = run(q, f).hits;
      ASSERT_EQ(some.size(), std::min(full.size(), static_cast<size_t>(k))) << q << " k=" << k;
      for (size_t i = 0; i < some.size(); ++i)
        EXPECT_EQ(some[i].block_id, full[i].block_id) << q << " k=" << k;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 20);
}

// A station rule written the way standards write it, asked the way workers ask.
const char* kStationRule =
    "# GB 88888—2026 变电站安全规程\n\n## 5 安全组织措施\n\n### 5.4 工作票所列人员的安全责任\n\n"
    "#### 5.4.5 工作班成员\n\n熟悉工作内容、作业流程，掌握安全措施，明确工作中的危险点，并履行"
    "交底签名确认手续。\n\n## 6 安全技术措施\n\n### 6.4 接地\n\n"
    "6.4.9 装设接地线时，应先装接地端，后装接导体端，接地线应接触良好，连接可靠。拆除接地线的"
    "顺序与此相反。\n\n6.4.10 接地线应使用专用的线夹固定在导体上。\n\n## 7 倒闸操作\n\n"
    "7.1 雷雨天气时不应进行倒闸操作。\n\n7.2 拉开隔离开关前应检查断路器确在断开位置。\n\n"
    "7.3 手动操作刀闸应戴绝缘手套。\n";

// A snippet without its match marks.
std::string plain(std::string s) {
  for (const std::string mark : {"【", "】"})
    for (size_t at; (at = s.find(mark)) != std::string::npos;)
      s.erase(at, mark.size());
  return s;
}

class WorkersWords : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    store_->save(doc("GB88888", kStationRule));
  }
  GuidedResult run(const std::string& q, int limit = 10) {
    SearchFilter f;
    f.limit = limit;
    return guided_search(index::embedded_engine(*store_), q, f, SearchMode::kKeyword, {});
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

// A library of one regulation written as Markdown (GB77777), searched as `search` searches.
struct OneRegulation {
  explicit OneRegulation(const std::string& md) {
    ensure_keyword_index(store);
    store.save(doc("GB77777", md));
  }
  GuidedResult ask(const std::string& question, int limit = 10) {
    SearchFilter f;
    f.limit = limit;
    return guided_search(index::embedded_engine(store), question, f, SearchMode::kKeyword, {});
  }
  bool enabled = (enable_keyword_index(), true);  // before the store opens
  parse::TempDir dir;
  store::PageStore store{dir.path(), true};
};

// A name that leaves less than a word to search is what the question asks about: cut out, the
// question "安全稳定标准分几级" would search for 分 and find every 分区.
TEST(NamedSubject, ANameThatLeavesNoWordIsSearchedWithTheQuestion) {
  OneRegulation library(
      "# 电力系统安全稳定导则\n\n## 4 电力系统的安全稳定标准\n\n"
      "4.1 电力系统承受大扰动能力的安全稳定标准分为三级。\n\n"
      "4.2 备用容量应分区安排，分层分区平衡。\n\n4.3 分区之间的联络线应分别校核。\n");
  const auto r = library.ask("安全稳定标准分几级");
  EXPECT_EQ(r.scoped_reg_ids, (std::vector<std::string>{"GB77777"}));
  EXPECT_NE(r.query_used.find("稳定"), std::string::npos) << r.query_used;
  ASSERT_FALSE(r.hits.empty());
  EXPECT_EQ(r.hits[0].section_number, "4.1");
}

// A question about what to do is answered by a rule, not by the definition of its subject; a
// question about what a thing is keeps the definition first.
TEST(DefinitionsAfterRules, AQuestionAboutWhatToDoIsAnsweredByTheRule) {
  EXPECT_TRUE(asks_what_to_do("新能源场站要不要能调无功"));
  EXPECT_TRUE(asks_what_to_do("频率稳不稳 按啥来判断"));
  EXPECT_TRUE(asks_what_to_do("刀闸拉不动了咋办"));
  EXPECT_FALSE(asks_what_to_do("啥样的设备算运用中的"));
  EXPECT_FALSE(asks_what_to_do("故障后还能不能保持同步 暂态功角稳定怎么定义的"));
  OneRegulation library(
      "# GB 77777—2020 电力系统安全稳定导则\n\n## 2 术语和定义\n\n### 2.1 新能源场站\n\n"
      "以风力发电、光伏发电等新能源发电为主的发电场站，应能调节其无功功率。\n\n"
      "## 3 电力系统的无功平衡\n\n"
      "3.1 新能源场站应具备无功功率调节能力和自动电压控制功能。\n\n"
      "3.2 无功补偿装置应分层分区配置。\n");
  const auto what_to_do = library.ask("新能源场站要不要能调无功");
  ASSERT_GE(what_to_do.hits.size(), 2u);
  EXPECT_EQ(what_to_do.hits[0].section_number, "3.1") << what_to_do.hits[0].snippet;
  const auto what_is = library.ask("新能源场站是啥意思");
  ASSERT_FALSE(what_is.hits.empty());
  EXPECT_EQ(what_is.hits[0].section_number, "2.1") << what_is.hits[0].snippet;
}

// A worker asks how often (多久做一次), which kinds (哪几种), what penalty (啥处罚) or what the
// rules of an operation are (有啥讲究); the regulation answers under a title with its own word for
// that (周期, 种类, 罚则, 原则), which no clause repeats.
TEST(TopicWords, TheChapterTitledWithWhatAQuestionAsksForIsSuggestedFirst) {
  OneRegulation library(
      "# GB 77777—2020 安全工器具规程\n\n## 4 使用要求\n\n"
      "4.1 绝缘手套使用前应检查外观，发现破损不得使用。\n\n"
      "4.2 工作票签发后方可领用绝缘工器具。\n\n"
      "## 5 试验周期\n\n5.1 工器具应定期进行预防性试验，见表1。\n\n"
      "## 6 工作票种类\n\n6.1 工作分为停电工作和不停电工作。\n\n"
      "## 7 罚则\n\n7.1 违反本规程的，由单位给予通报批评。\n\n"
      "## 8 母线检修\n\n8.1 母线检修应停电并接地。\n\n"
      "## 9 母线操作原则\n\n9.1 倒换前应检查母联断路器在合位。\n\n"
      "## 10 值班人员职责\n\n10.1 值班人员应按调度指令进行倒闸操作。\n");
  const std::pair<const char*, const char*> cases[] = {
      {"绝缘手套多久做一次", "5 试验周期"},           {"干活用的票有哪几种", "6 工作票种类"},
      {"不按规程领用绝缘工器具会受啥处罚", "7 罚则"}, {"倒母线有啥讲究", "9 母线操作原则"},
      {"当班的要负责哪些事", "10 值班人员职责"},      {"私自领用工器具会有啥后果", "7 罚则"},
  };
  for (const auto& [question, title] : cases) {
    const auto r = library.ask(question);
    ASSERT_FALSE(r.suggestions.empty()) << question;
    EXPECT_EQ(r.suggestions[0].title, title) << question;
  }
}

// What the question asks for (多久一次: 周期) says where its answer is more than its other words:
// the hits under a title holding that word come first, though a clause elsewhere holds more of
// the question.
TEST(TopicWords, TheHitsUnderTheTitleOfWhatIsAskedForComeFirst) {
  OneRegulation library(
      "# GB 77777—2020 安全工器具规程\n\n## 4 使用要求\n\n"
      "4.1 绝缘靴每次使用前应做一次外观检查，试验不合格的绝缘靴不得使用。\n\n"
      "4.2 绝缘手套使用前应做充气检查。\n\n"
      "## 5 试验周期\n\n5.1 安全工器具应按表1所列的周期进行试验。\n");
  const auto r = library.ask("绝缘靴多久做一次试验");
  ASSERT_GE(r.hits.size(), 2u);
  ASSERT_FALSE(r.hits[0].chapter_path.empty());
  EXPECT_EQ(r.hits[0].chapter_path.front(), "5 试验周期") << r.hits[0].snippet;
  // No topic asked: the chapter of 试验周期 is not put first.
  const auto plain_question = library.ask("绝缘靴使用前要检查啥");
  ASSERT_FALSE(plain_question.hits.empty());
  EXPECT_NE(plain_question.hits[0].section_number, "5.1") << plain_question.hits[0].snippet;
}

// A measure asked for by its question word is stated by its name: of the clauses on fire lanes,
// the one giving their width (宽度) answers "消防车道最窄多宽"; of those on changing settings, the
// one stating a head count (两人) answers "要几个人".
TEST(TopicWords, TheClauseNamingTheMeasureAskedForComesFirst) {
  struct Case {
    const char* markdown;
    const char* question;
    const char* section;
  };
  const Case cases[] = {
      {"# GB 77777—2020 电厂防火规程\n\n## 4 总平面布置\n\n"
       "4.1 主厂房周围应设置环形消防车道，其他重点防火区域周围宜设置消防车道。\n\n"
       "4.2 消防车道的净宽度不应小于4.0m，坡度不宜大于8%。\n\n"
       "4.3 厂区的出入口不应少于2个。\n",
       "消防车道最窄多宽", "4.2"},
      {"# DL 77777—2020 继电保护定值管理规程\n\n## 7 保护定值修改\n\n"
       "7.1 定值修改工作应至少两人进行，一人操作，一人监护。\n\n"
       "7.2 保护定值修改前应核对定值单，修改后应打印定值并与定值单核对。\n\n"
       "7.3 定值修改完成后应检查保护装置的运行状态。\n",
       "保护改定值要几个人", "7.1"},
  };
  for (const Case& c : cases) {
    OneRegulation library(c.markdown);
    const auto r = library.ask(c.question);
    ASSERT_FALSE(r.hits.empty()) << c.question;
    EXPECT_EQ(r.hits[0].section_number, c.section) << c.question << ": " << r.hits[0].snippet;
  }
}

// All the question's words found together in one clause do not settle it when its asking names a
// kind of section (管哪些: 职责): the chapter titled with that word still comes first.
TEST(TopicWords, TheTitleOfWhatIsAskedForWinsOverAClauseHoldingEveryWord) {
  OneRegulation library(
      "# GB 77777—2020 电网调度规程\n\n## 2 调度机构的设置\n\n"
      "2.1 调度机构分为国家级、省级和地区级，各级调度机构管辖范围内的事务由其办理。\n\n"
      "## 3 调度机构的职责\n\n3.1 组织编制和执行电网的运行方式。\n\n"
      "3.2 指挥电网的运行操作和事故处理。\n");
  const auto r = library.ask("调度机构都管哪些");
  ASSERT_FALSE(r.hits.empty());
  EXPECT_EQ(r.hits[0].chapter_path.front(), "3 调度机构的职责") << r.hits[0].snippet;
  // Without the asking's topic, the clause holding every word answers first.
  const auto plain_question = library.ask("调度机构管辖的事务由谁办理");
  ASSERT_FALSE(plain_question.hits.empty());
  EXPECT_EQ(plain_question.hits[0].section_number, "2.1") << plain_question.hits[0].snippet;
}

TEST_F(WorkersWords, AReductionNeverLosesTheQuestionsContent) {
  // 挂地线 and 拆地线 are lone characters to the dictionary and 地 looked like a particle: the
  // question was once reduced to 线先后顺序 and found nothing.
  const auto r = run("挂地线和拆地线先后顺序是怎样的");
  EXPECT_NE(r.query_used.find("挂地线"), std::string::npos) << r.query_used;
  EXPECT_NE(r.query_used.find("拆地线"), std::string::npos) << r.query_used;
  ASSERT_FALSE(r.hits.empty());
  EXPECT_NE(plain(r.hits[0].snippet).find("拆除接地线的顺序"), std::string::npos)
      << r.hits[0].snippet;
  EXPECT_EQ(r.fallback, "question_as_asked") << "先后顺序 is not in the clause: no strict match";
  EXPECT_EQ(r.fallback_query, "挂地线和拆地线先后顺序是") << "the question less its asking";
  EXPECT_FALSE(r.suggestions.empty());
}

TEST_F(WorkersWords, AChapterTitleAnswersAQuestionItsClausesDoNotWord) {
  // Nothing in 5.4.5's text says 班组 or 负责; its title says who it is about.
  const auto r = run("我是班组成员 安全上要负什么责");
  std::vector<std::string> sections;
  for (const auto& h : r.hits)
    sections.push_back(h.section_number);
  const auto at = std::find(sections.begin(), sections.end(), "5.4.5");
  ASSERT_NE(at, sections.end());
  EXPECT_LT(at - sections.begin(), 3);
  EXPECT_TRUE(
      std::any_of(r.suggestions.begin(), r.suggestions.end(),
                  [](const ChapterSuggestion& c) { return c.title == "5.4.5 工作班成员"; }));
  // Limit k is still the first k of a deeper search.
  const auto one = run("我是班组成员 安全上要负什么责", 1);
  ASSERT_EQ(one.hits.size(), 1u);
  EXPECT_EQ(one.hits[0].block_id, r.hits[0].block_id);
}

TEST_F(WorkersWords, AClauseUnderTheTitleNamingTheQuestionsTopicComesFirst) {
  // Both clauses hold 开工 and 交待 (the regulation's 交代) and neither holds 许可人; the title
  // over the second names whom the question asks about. The first, shorter, ranks above it by
  // its words alone.
  store_->save(
      doc("GB77777",
          "# 许可规则\n\n## 3 人员\n\n### 3.1 工作负责人\n\n3.1.1 开工前交待危险点。\n\n"
          "### 3.2 工作许可人\n\n3.2.1 应在开工前向工作班交待现场的带电部位和注意事项。\n"));
  SearchFilter f;
  f.limit = 5;
  f.reg_ids = {"GB77777"};
  auto place = [](const GuidedResult& r, const std::string& section) {
    for (size_t i = 0; i < r.hits.size(); ++i)
      if (r.hits[i].section_number == section) return i;
    return r.hits.size();
  };
  const auto r = guided_search(index::embedded_engine(*store_), "许可人上班开工都要交代些啥", f,
                               SearchMode::kKeyword, {});
  ASSERT_GE(r.hits.size(), 2u);
  EXPECT_EQ(r.hits[0].section_number.rfind("3.2", 0), 0u) << r.hits[0].snippet;
  EXPECT_LT(place(r, "3.2.1"), place(r, "3.1.1"));
  // A question that the clause's words answer keeps its clause first.
  const auto quoted = guided_search(index::embedded_engine(*store_), "开工前交待危险点的规定", f,
                                    SearchMode::kKeyword, {});
  ASSERT_FALSE(quoted.hits.empty());
  EXPECT_EQ(quoted.hits[0].section_number, "3.1.1") << quoted.hits[0].snippet;
}

TEST_F(WorkersWords, TheFirstHitsDoNotDependOnHowManyAreAskedFor) {
  // The clause under the title naming whom the question asks about (3 工作许可人) ranks fifth by
  // its words alone and first once titles are weighed: ranked over the first `limit` hits only,
  // `limit 1` and `limit 2` put 2.1 first where `limit 5` put 3.1.
  store_->save(doc("GB66666",
                   "# 检修规则\n\n## 2 一般规定\n\n2.1 开工前核对。\n\n2.2 开工前应核对。\n\n"
                   "2.3 开工前须核对。\n\n2.4 开工前均须核对。\n\n## 3 工作许可人\n\n"
                   "3.1 开工前应当逐项核对清楚。\n"));
  const std::string q = "许可人开工前要核对哪些设备和图纸";
  const auto deep = run(q, 10).hits;
  ASSERT_GE(deep.size(), 5u);
  EXPECT_EQ(deep[0].section_number, "3.1") << deep[0].snippet;
  for (int k : {1, 2, 3, 5}) {
    const auto some = run(q, k).hits;
    ASSERT_EQ(some.size(), static_cast<size_t>(k));
    for (size_t i = 0; i < some.size(); ++i)
      EXPECT_EQ(some[i].block_id, deep[i].block_id) << "k=" << k << " at " << i;
  }
}

TEST_F(WorkersWords, TheRegulationWhoseTitleNamesTheQuestionsTopicComesFirst) {
  // Both rules say how to hang an earth lead, the shorter one first by its words; the question
  // is about line work, which the second's title names.
  store_->save(doc("GB55555", "# 变电站安全规程\n\n## 4 接地\n\n4.1 装设时先接接地端。\n"));
  store_->save(doc("GB44444",
                   "# 电力线路安全规程\n\n## 4 接地\n\n"
                   "4.1 装设时应先接接地端，后接导体端，拆除的顺序与此相反。\n"));
  SearchFilter f;
  f.limit = 5;
  f.reg_ids = {"GB55555", "GB44444"};
  const auto r = guided_search(index::embedded_engine(*store_), "线路停电检修挂地线时先接哪一头呢",
                               f, SearchMode::kKeyword, {});
  ASSERT_GE(r.hits.size(), 2u);
  EXPECT_EQ(r.hits[0].reg_id, "GB44444") << r.hits[0].snippet;
}

TEST_F(WorkersWords, APairFoundInTooLittleOfTheQuestionStillAnswersBelowTheTitles) {
  // 钥匙 is the only pair of the question the paragraph holds, too little of it to be a partial
  // match; 倒闸操作 is a chapter's title. Both answer, the titled chapter first.
  store_->save(doc("GB66666",
                   "# 钥匙规则\n\n## 2 设备\n\n开关柜的门应加锁，钥匙由值班人员保管。\n\n"
                   "## 3 倒闸操作\n\n3.1 操作前应核对设备名称。\n"));
  SearchFilter f;
  f.limit = 5;
  f.reg_ids = {"GB66666"};
  const auto r = guided_search(index::embedded_engine(*store_), "倒闸操作完了柜门钥匙谁来拿着呢", f,
                               SearchMode::kKeyword, {});
  ASSERT_FALSE(r.hits.empty());
  ASSERT_FALSE(r.hits[0].chapter_path.empty());
  EXPECT_EQ(r.hits[0].chapter_path.front(), "3 倒闸操作") << r.hits[0].snippet;
  const auto key = std::find_if(r.hits.begin(), r.hits.end(), [](const SearchHit& h) {
    return plain(h.snippet).find("钥匙由值班人员保管") != std::string::npos;
  });
  ASSERT_NE(key, r.hits.end());
  EXPECT_EQ(key->match, "partial");
  EXPECT_LT(key->coverage, 0.3);
  EXPECT_EQ(r.fallback, "any_token");
}

TEST_F(WorkersWords, EmptyOnlyWhenNoPairOfTheQuestionIsInTheLibraryAndThenSaidSo) {
  const auto none = run("qwzx是什么");
  EXPECT_TRUE(none.hits.empty());
  EXPECT_TRUE(none.nothing_in_library);
  // One pair found anywhere is an answer, however weak, marked as such.
  const auto weak = run("导体xyz怎么处理");
  ASSERT_FALSE(weak.hits.empty());
  EXPECT_FALSE(weak.nothing_in_library);
  EXPECT_FALSE(weak.fallback.empty());
}

TEST_F(WorkersWords, AQuestionSharingNoPairIsAnsweredByItsCharactersAndSaysSo) {
  // No pair of 打闷雷 / 戴啥防护 is in the rule, but 雷 (7.1) and 戴 (7.3) are.
  const auto r = run("打闷雷咋整");
  ASSERT_FALSE(r.hits.empty());
  EXPECT_EQ(r.fallback, "any_character");
  EXPECT_EQ(r.fallback_query, "打 闷 雷") << "咋整 is the asking";
  EXPECT_FALSE(r.nothing_in_library);
  EXPECT_EQ(r.hits[0].section_number, "7.1") << r.hits[0].snippet;
  for (const auto& h : r.hits) {
    EXPECT_EQ(h.match, "partial") << "single characters are never a strict match";
    EXPECT_GT(h.coverage, 0);
  }
  const auto two = run("戴个啥防护");
  ASSERT_FALSE(two.hits.empty());
  EXPECT_EQ(two.fallback, "any_character");
  EXPECT_EQ(two.hits[0].section_number, "7.3") << two.hits[0].snippet;
}

TEST_F(WorkersWords, TheWordsAsTypedRankAboveTheirSynonyms) {
  // 刀闸 is written once (7.3); 隔离开关, its standard name, once (7.2).
  const auto r = run("刀闸");
  ASSERT_GE(r.hits.size(), 2u);
  EXPECT_NE(plain(r.hits[0].snippet).find("手动操作刀闸"), std::string::npos) << r.hits[0].snippet;
  EXPECT_NE(plain(r.hits[1].snippet).find("拉开隔离开关"), std::string::npos) << r.hits[1].snippet;
  // A field word finds the standard wording: 打雷下雨 -> 雷雨.
  const auto rain = run("打雷下雨能不能倒闸");
  ASSERT_FALSE(rain.hits.empty());
  EXPECT_NE(plain(rain.hits[0].snippet).find("雷雨天气"), std::string::npos)
      << rain.hits[0].snippet;
}

// The five chapters suggested for `question` in a library of one regulation written as `md`.
std::vector<ChapterSuggestion> suggested_in(const std::string& md, const std::string& question) {
  OneRegulation library(md);
  return suggest_chapters(library.store, question, {}, SynonymTable{}, 5);
}

TEST(ChapterSuggestions, AHeadingNamingTheTopicRanksAboveAClauseStartSharingMoreWords) {
  // 7.4's title is its sentence cut short; 6.5's names the topic the question asks about.
  const auto s = suggested_in(
      "# GB 77777—2026 验电规程\n\n## 6 验电\n\n### 6.5 验电器使用\n\n"
      "验电器应定期试验，不合格的不应使用。\n\n## 7 其他\n\n"
      "### 7.4 验电器使用前应在有电设备上试验，确认良好后方可使用。\n\n"
      "验电时应戴绝缘手套。\n",
      "验电器使用前要试验吗");
  ASSERT_GE(s.size(), 2u);
  EXPECT_EQ(s[0].title, "6.5 验电器使用");
  EXPECT_NE(s[1].title.find("7.4 验电器使用前"), std::string::npos) << s[1].title;
}

TEST(ChapterSuggestions, AWorkersShorteningFindsTheTitleItShortens) {
  // 土松 is 土质松软 shortened, 挖杆坑 holds 挖坑 with a character between: pairs one character
  // apart count, at half a pair.
  const auto s = suggested_in(
      "# GB 77777—2026 线路施工规程\n\n## 9 施工\n\n"
      "### 9.3.1 开挖前应探明地下管线\n\n开挖前应探明地下管线。\n\n"
      "### 9.3.3 在土质松软处挖坑\n\n应有防止塌方的措施。\n",
      "土松的地方挖杆坑要不要加挡板");
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].title, "9.3.3 在土质松软处挖坑");
}

TEST(ChapterSuggestions, ATitleSpacedOutAsPrintedIsReadAsItsWords) {
  // "倒 闸 作 业" is printed spaced out; its pairs are those of 倒闸作业.
  const auto s = suggested_in(
      "# GB 77777—2026 电力规程\n\n## 第一章 总  则\n\n第一条 适用于配电所。\n\n"
      "## 第二章 倒 闸 作 业\n\n第二条 操作应有监护。\n",
      "配电所倒闸要几个人");
  ASSERT_FALSE(s.empty());
  EXPECT_EQ(s[0].title, "第二章 倒 闸 作 业");
}

// A question that names a chapter right before its question word asks about that chapter
// ("短路比怎么算" -> 2.5 短路比), though a clause elsewhere holds more of its words; a title in
// the middle of the question ("测风塔上…") or one that is part of the regulation's own title names
// nothing.
TEST(AskedAbout, TheChapterTheQuestionNamesComesFirst) {
  OneRegulation library(
      "# GB 77777—2026 电网安全稳定导则\n\n## 2 术语和定义\n\n"
      "### 2.4 测风塔\n\n用于测量风况的塔架。\n\n"
      "### 2.5 短路比\n\n交流系统短路容量与直流额定功率之比。\n\n"
      "## 3 基本要求\n\n"
      "3.1 新能源接入时应计算短路比，短路比不足时新能源场站应采取措施。\n\n"
      "3.2 测风塔上的风速仪支臂长度应符合要求。\n\n"
      "### 3.3 安全稳定导则\n\n本导则由调度机构解释。\n");
  const auto& store = library.store;
  const auto named = library.ask("短路比怎么算 新能源接进来为啥要看这个");
  ASSERT_FALSE(named.hits.empty());
  EXPECT_EQ(named.hits[0].section_number, "2.5") << named.hits[0].snippet;
  // 测风塔 is no subject here: it is followed by 上, not by the question word.
  const auto inside = library.ask("测风塔上风速仪支臂装多长");
  ASSERT_FALSE(inside.hits.empty());
  EXPECT_EQ(inside.hits[0].section_number, "3.2") << inside.hits[0].snippet;
  EXPECT_FALSE(chapter_asked_about(store, {"安全稳定导则"}, {}));     // the regulation's own title
  EXPECT_FALSE(chapter_asked_about(store, {"短路比"}, {"GB88888"}));  // another regulation's scope
  const auto found = chapter_asked_about(store, {"算下短路比"}, {});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->title, "2.5 短路比");
}

TEST(CopySignatures, NearIdenticalTextsAreCopiesOthersAreNot) {
  const std::string a = standard("");
  const std::string b = standard("，必要时校核");
  EXPECT_GE(signature_similarity(text_signature(a), text_signature(b)), kCopyFamilySimilarity);
  EXPECT_LT(signature_similarity(text_signature(a), text_signature(kFireLaw)), 0.1);
  EXPECT_EQ(signature_similarity(text_signature(""), text_signature(a)), 0);
}

// A converter that wrote a heading and its clause four times on one page (as one of the corpus's
// transcriptions does) yields one hit and one suggested chapter for them, not four.
TEST(RepeatedBlocks, TextRepeatedOnItsPageIsCitedOnce) {
  std::string md = "# GB 77777—2026 铁路电力规程\n\n## 第三章 技术措施\n\n";
  for (int i = 0; i < 4; ++i)
    md += "## 第一节 停  电\n\n第34条 停电检电接地封线工作必须由二人进行。\n\n";
  md += "## 第二节 检  电\n\n第39条 检电工作应在停电以后进行。\n";
  OneRegulation library(md);
  const auto r = library.ask("停电工作要几个人进行");
  int clause = 0, heading = 0;
  for (const auto& h : r.hits) {
    clause += plain(h.snippet).find("第34条") != std::string::npos;
    heading += plain(h.snippet).find("第一节") != std::string::npos;
  }
  EXPECT_EQ(clause, 1);
  EXPECT_LE(heading, 1);
  const auto s = suggest_chapters(library.store, "停电时要几个人", {}, SynonymTable{}, 5);
  EXPECT_EQ(std::count_if(s.begin(), s.end(),
                          [](const ChapterSuggestion& c) {
                            return c.title.find("停") != std::string::npos &&
                                   c.title.find("第一节") != std::string::npos;
                          }),
            1);
}

// A hit already named as another hit's copy is not cited again when a later pass finds it: the
// same table of a notice's PDF and Word exports was listed first with `also in copies:
// office-notice-2 P3`, then second as office-notice-2's own hit.
TEST(RepeatedBlocks, ACopyAlreadyListedIsNoHitOfItsOwn) {
  SearchHit pdf, docx, other;
  pdf.reg_id = "N", pdf.page_num = 3, pdf.block_id = "N:p3:b2";
  pdf.copies.push_back({"N-2", 3, "N-2:p3:b2", "N-2 P3"});
  docx.reg_id = "N-2", docx.page_num = 3, docx.block_id = "N-2:p3:b2";
  other.reg_id = "N-2", other.page_num = 1, other.block_id = "N-2:p1:b9";
  const auto kept = cite_repeats_once({pdf, docx, other});
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].block_id, "N:p3:b2");
  EXPECT_EQ(kept[1].block_id, "N-2:p1:b9");
}

}  // namespace guided_search_test
}  // namespace regreader::index
