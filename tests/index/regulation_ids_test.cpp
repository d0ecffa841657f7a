// A regulation named as a reader names it, wherever an id is asked for.

#include "regreader/index/regulation_ids.hpp"

#include <gtest/gtest.h>

#include "regreader/core/error.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/parse/markdown/markdown_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/structure/structure_builder.hpp"

namespace regreader::index {
namespace regulation_ids_test {

class RegulationIds : public ::testing::Test {
 protected:
  void SetUp() override {
    enable_keyword_index();
    store_ = std::make_unique<store::PageStore>(dir_.path(), true);
    ensure_keyword_index(*store_);
    save("GB26860",
         "# GB 26860—2011 电力安全工作规程 发电厂和变电站电气部分\n\n1 "
         "范围\n\n本标准规定了变电站工作的安全要求。\n");
    save("GB26859",
         "# GB 26859—2011 电力安全工作规程 电力线路部分\n\n1 "
         "范围\n\n本标准规定了线路工作的安全要求。\n");
    save(
        "GB38755",
        "# GB 38755—2019 电力系统安全稳定导则\n\n1 范围\n\n本标准规定了电力系统安全稳定的要求。\n");
  }
  void save(const std::string& id, const std::string& md) {
    auto d = parse::build_document(parse::parse_markdown(md, true, {}), id);
    d.info.source_file = "/" + id + ".md";
    d.info.source_sha256 = id;
    d.info.indexed_at = "2026-11-28T00:00:00Z";
    store_->save(d);
  }
  parse::TempDir dir_;
  std::unique_ptr<store::PageStore> store_;
};

TEST_F(RegulationIds, AnIdAnAliasANumberOrATitle) {
  const auto& a = builtin_aliases();
  EXPECT_EQ(resolve_regulation(*store_, a, "GB38755").reg_ids,
            (std::vector<std::string>{"GB38755"}));
  EXPECT_TRUE(resolve_regulation(*store_, a, "GB38755").said.empty()) << "an id is no alias";
  const auto alias = resolve_regulation(*store_, a, "稳定导则");
  EXPECT_EQ(alias.reg_ids, (std::vector<std::string>{"GB38755"}));
  EXPECT_EQ(alias.said, "稳定导则 -> GB38755");
  EXPECT_EQ(resolve_regulation(*store_, a, "GB 26859-2011").reg_ids,
            (std::vector<std::string>{"GB26859"}));
  EXPECT_EQ(resolve_regulation(*store_, a, "线路安规").reg_ids,
            (std::vector<std::string>{"GB26859"}));
  EXPECT_EQ(resolve_regulation(*store_, a, "《电力系统安全稳定导则》").reg_ids,
            (std::vector<std::string>{"GB38755"}));
}

TEST_F(RegulationIds, ANameOfSeveralIsAScopeForSearchAndAnErrorForOne) {
  const auto& a = builtin_aliases();
  EXPECT_EQ(resolve_regulations(*store_, a, "安规").reg_ids,
            (std::vector<std::string>{"GB26859", "GB26860"}));
  try {
    resolve_regulation(*store_, a, "安规");
    FAIL() << "安规 names two different standards";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("GB26859, GB26860"), std::string::npos) << e.what();
  }
}

TEST_F(RegulationIds, UnknownNamesAreNotFoundNamingTheStoredIds) {
  for (const char* name : {"GB 99999", "安规 接地线", "", "消防法"}) {
    try {
      resolve_regulations(*store_, builtin_aliases(), name);
      FAIL() << name;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kNotFound) << name;
      EXPECT_NE(std::string(e.what()).find("GB38755"), std::string::npos) << e.what();
    }
  }
}

}  // namespace regulation_ids_test
}  // namespace regreader::index
