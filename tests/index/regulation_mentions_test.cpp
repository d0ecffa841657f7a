// Regulations named in a query, found among stored regulations (no store needed).

#include "regreader/index/regulation_mentions.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace regulation_mentions_test {

model::RegulationInfo reg(const std::string& id, const std::string& title,
                          const std::string& file = "/x.md") {
  model::RegulationInfo r;
  r.reg_id = id;
  r.title = title;
  r.source_file = file;
  return r;
}

const std::vector<model::RegulationInfo>& library() {
  static const std::vector<model::RegulationInfo> regs = {
      reg("消防法(2021-04-29)", "中华人民共和国消防法"),
      reg("安全生产法(2021-06-10)", "中华人民共和国安全生产法"),
      reg("GB26860-2011", "GB 26860-2011 电力安全工作规程（发电厂和变电站电气部分）"),
      reg("GB26859-2011", "GB 26859-2011 电力安全工作规程（电力线路部分）"),
      reg("NBT31147", "风电场工程风能资源测量与评估技术规范", "/c/NB_T 31147-2018 风电场.docx"),
      reg("技术规范", "技术规范"),
  };
  return regs;
}

QueryMentions find(const std::string& q) {
  return find_mentions(q, library(), builtin_aliases());
}

TEST(StandardNumber, CanonicalFormAndYear) {
  std::string year;
  EXPECT_EQ(standard_number("NB/T 31147—2018", &year), "NB31147");
  EXPECT_EQ(year, "2018");
  EXPECT_EQ(standard_number("Q/CSG 125008", &year), "QCSG125008");
  EXPECT_EQ(year, "");
  EXPECT_EQ(standard_number("GB26860-2011"), "GB26860");
  EXPECT_EQ(standard_number("ＧＢ ３８７５５"), "GB38755");  // full-width, as openstd prints it
  EXPECT_EQ(standard_number("10kV 220 母线"), "");
}

TEST(RegulationMentions, BookTitleScopesAndIsCutWithItsFraming) {
  const auto m = find("根据《消防法》规定，单位的主要负责人是谁？");
  EXPECT_EQ(m.reg_ids(), (std::vector<std::string>{"消防法(2021-04-29)"}));
  EXPECT_EQ(m.rest.find("消防法"), std::string::npos) << m.rest;
  EXPECT_EQ(m.rest.find("根据"), std::string::npos) << m.rest;
  EXPECT_NE(m.rest.find("主要负责人"), std::string::npos) << m.rest;
  EXPECT_EQ(m.describe(), "《消防法》 -> 消防法(2021-04-29)");
  // The full official name names the same law.
  EXPECT_EQ(find("《中华人民共和国安全生产法》第五条").reg_ids(),
            (std::vector<std::string>{"安全生产法(2021-06-10)"}));
}

TEST(RegulationMentions, StandardNumbersMatchNumberAndYear) {
  EXPECT_EQ(find("GB 26860 工作票").reg_ids(), (std::vector<std::string>{"GB26860-2011"}));
  EXPECT_EQ(find("GB26860-2011 工作票").reg_ids(), (std::vector<std::string>{"GB26860-2011"}));
  // From the source file's name when the title lacks it.
  EXPECT_EQ(find("NB/T 31147 测风塔").reg_ids(), (std::vector<std::string>{"NBT31147"}));
  // Another year is another document: named, not stored, and left in the query.
  const auto other = find("GB 26860-2019 工作票");
  EXPECT_TRUE(other.reg_ids().empty());
  ASSERT_EQ(other.mentions.size(), 1u);
  EXPECT_NE(other.rest.find("26860"), std::string::npos);
}

TEST(RegulationMentions, BareLawNamesAndAliases) {
  EXPECT_EQ(find("消防法规定单位应当履行哪些职责").reg_ids(),
            (std::vector<std::string>{"消防法(2021-04-29)"}));
  const auto anggui = find("安规中验电的规定");
  EXPECT_EQ(anggui.reg_ids(), (std::vector<std::string>{"GB26860-2011", "GB26859-2011"}));
  EXPECT_EQ(anggui.rest.find("安规"), std::string::npos) << anggui.rest;
  // A short generic title is a word in a question unless written as a title.
  EXPECT_TRUE(find("光伏技术规范要求").reg_ids().empty());
  EXPECT_EQ(find("《技术规范》第3章").reg_ids(), (std::vector<std::string>{"技术规范"}));
}

TEST(RegulationMentions, UnknownTitlesStayInTheQuery) {
  const auto m = find("《建筑法》 施工许可");
  EXPECT_TRUE(m.reg_ids().empty());
  ASSERT_EQ(m.mentions.size(), 1u);
  EXPECT_EQ(m.mentions[0].text, "《建筑法》");
  EXPECT_NE(m.rest.find("建筑法"), std::string::npos);
}

TEST(RegulationMentions, UserAliasesFromTheDataDirectory) {
  parse::TempDir dir;
  const auto file = dir.path() / "aliases.tsv";
  std::ofstream(file) << "# utility names\n风能规范\t风能资源测量\n";
  const auto aliases = load_aliases(file);
  EXPECT_EQ(find_mentions("风能规范 测风塔高度", library(), aliases).reg_ids(),
            (std::vector<std::string>{"NBT31147"}));
  std::ofstream(file) << "no tab here\n";
  EXPECT_THROW(load_aliases(file), Error);
  EXPECT_EQ(load_aliases(dir.path() / "missing.tsv").size(), builtin_aliases().size());
}

// Short names people give regulations, made of their titles' characters.
TEST(RegulationMentions, ATitleNamesItsKindOrTheScopeClauseDoes) {
  EXPECT_TRUE(names_its_kind("GB 50057—2010 建筑物防雷设计规范"));
  EXPECT_TRUE(names_its_kind("中华人民共和国消防法"));
  EXPECT_TRUE(names_its_kind("《陕西电网主设备非电气量保护运行管理规定》"));
  EXPECT_FALSE(names_its_kind("电气装置安装工程"));
  EXPECT_EQ(scope_name("1 总则\n1.0.1 为保证…，制定本标准。\n1.0.2 本标准适用于新建、扩建和改建的"
                       "火力发电厂和变电站。"),
            "新建、扩建和改建的火力发电厂和变电站标准");
  EXPECT_EQ(scope_name("本规程规定了倒闸操作的要求。"), "") << "no 适用于: no name";
}

TEST(RegulationMentions, ShortNamesMadeOfTheTitlesCharacters) {
  const std::vector<model::RegulationInfo> regs = {
      reg("GB26859", "GB 26859-2011 电力安全工作规程（电力线路部分）"),
      reg("GB26860", "GB 26860-2011 电力安全工作规程（发电厂和变电站电气部分）"),
      reg("铁路", "铁路电力安全工作规程"),
      reg("GB50057", "GB 50057—2010 建筑物防雷设计规范"),
      reg("直流", "电力工程直流系统设计技术规程"),
      reg("安全生产法", "中华人民共和国安全生产法"),
      reg("特种设备安全法", "中华人民共和国特种设备安全法"),
      reg("NBT31147", "风电场工程风能资源测量与评估技术规范"),
      reg("QXT683", "太阳能资源年景评估技术规范"),
      reg("反措", "国家电网有限公司十八项电网重大反事故措施"),
      reg("非电量", "《陕西电网主设备非电气量保护运行管理规定》"),
  };
  auto ids = [&](const std::string& q) { return find_mentions(q, regs, builtin_aliases()); };
  using Ids = std::vector<std::string>;
  const auto lightning = ids("防雷规范里接闪器有啥要求");
  EXPECT_EQ(lightning.reg_ids(), Ids{"GB50057"});
  EXPECT_EQ(lightning.rest.find("防雷规范"), std::string::npos) << lightning.rest;
  EXPECT_NE(lightning.rest.find("接闪器"), std::string::npos) << lightning.rest;
  EXPECT_EQ(ids("直流规程 蓄电池容量").reg_ids(), Ids{"直流"});
  // One name, not the alias 安规 after the word 铁路.
  EXPECT_EQ(ids("铁路安规里喷灯的规定").reg_ids(), Ids{"铁路"});
  EXPECT_EQ(ids("线路安规 挖坑").reg_ids(), Ids{"GB26859"});
  // Of two laws holding 安全法, the one whose name begins so.
  EXPECT_EQ(ids("安全法 从业人员的权利").reg_ids(), Ids{"安全生产法"});
  EXPECT_EQ(ids("特种设备法 定期检验").reg_ids(), Ids{"特种设备安全法"});
  // A standard named by another kind's word, when one title alone holds the rest.
  EXPECT_EQ(ids("防雷标准 接闪器").reg_ids(), Ids{"GB50057"});
  EXPECT_TRUE(ids("评估标准").reg_ids().empty());  // two standards hold 评估
  // The field's shortenings: 反措 (反事故措施), 安规.
  EXPECT_EQ(ids("十八项反措 保护双重化").reg_ids(), Ids{"反措"});
  EXPECT_EQ(ids("反措里对保护的要求").reg_ids(), Ids{"反措"});
  // Words any document of a kind may carry name none; nor do words no title holds.
  EXPECT_TRUE(ids("技术规范 测量").reg_ids().empty());
  EXPECT_TRUE(ids("按有关规定办理").reg_ids().empty());
  EXPECT_TRUE(ids("急救方法有哪些").reg_ids().empty());
  // A long title shortened by leaving words out is named whole when one title holds its every
  // character in order; a long run that no title holds so stays a sentence.
  const auto relay = ids("陕西非电量保护运行管理规定 重瓦斯运行中咋投退");
  EXPECT_EQ(relay.reg_ids(), Ids{"非电量"});
  EXPECT_EQ(text::trim(relay.rest), "重瓦斯运行中咋投退") << relay.rest;
  const auto sentence = ids("运行中的主设备重瓦斯保护按规定");
  EXPECT_TRUE(sentence.reg_ids().empty()) << sentence.describe();
  // A title that names no kind of document (a converter kept `电气装置安装工程`) is read with the
  // name the document gives itself in its scope clause.
  const std::vector<model::RegulationInfo> cut = {reg("接地", "电气装置安装工程"),
                                                  reg("继保", "继电保护及安全自动装置验收规范")};
  const std::map<std::string, std::string> own = {
      {"接地", scope_name("1.0.2 本规范适用于电气装置安装工程接地装置的施工及验收，不适用于…")}};
  EXPECT_EQ(own.at("接地"), "电气装置安装工程接地装置的施工及验收规范");
  const auto grounding =
      RegulationNames(cut, builtin_aliases(), own).find("接地装置施工验收规范 接地网要埋多深");
  EXPECT_EQ(grounding.reg_ids(), Ids{"接地"}) << grounding.describe();
  EXPECT_TRUE(
      RegulationNames(cut, builtin_aliases()).find("接地装置施工验收规范 接地网").reg_ids() !=
      Ids{"接地"})
      << "without its own name the title does not name it";
  // A whole title is read as the title, not as a short name of its tail.
  EXPECT_EQ(ids("根据电力安全工作规程的规定").reg_ids(), (Ids{"GB26859", "GB26860"}));
}

}  // namespace regulation_mentions_test
}  // namespace regreader::index
