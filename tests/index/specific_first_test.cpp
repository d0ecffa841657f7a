// A chapter's heading gives way to a hit in one of its subchapters.

#include "regreader/index/specific_first.hpp"

#include <gtest/gtest.h>

namespace regreader::index {
namespace specific_first_test {

SearchHit hit(const std::string& id, std::vector<std::string> path, bool heading,
              const std::string& reg = "QCSG") {
  SearchHit h;
  h.reg_id = reg;
  h.block_id = id;
  h.chapter_path = std::move(path);
  h.block_type = heading ? model::BlockType::kHeading : model::BlockType::kText;
  return h;
}

std::vector<std::string> ids(const std::vector<SearchHit>& hits) {
  std::vector<std::string> out;
  for (const auto& h : hits)
    out.push_back(h.block_id);
  return out;
}

TEST(SpecificFirst, ASubchaptersHitTakesItsHeadingsPlace) {
  const std::vector<std::string> parent = {"4 电气操作原则", "4.3 隔离开关及跌落式熔断器操作原则"};
  auto child = parent;
  child.push_back("4.3.4 单相隔离开关和跌落式熔断器的操作顺序");
  const auto out = subchapters_before_headings(
      {hit("h4.3", parent, true), hit("other", {"5 事故处理"}, false), hit("h4.3.4", child, true)},
      10);
  EXPECT_EQ(ids(out), (std::vector<std::string>{"h4.3.4", "h4.3", "other"}));
}

TEST(SpecificFirst, OnlyHeadingsOfTheSameRegulationWithinThePoolGiveWay) {
  const std::vector<std::string> parent = {"2 防止系统稳定破坏事故"};
  const std::vector<std::string> child = {"2 防止系统稳定破坏事故", "2.4 二次系统"};
  // A text block of the parent chapter keeps its place: it says something of its own.
  auto text = subchapters_before_headings({hit("t", parent, false), hit("c", child, false)}, 10);
  EXPECT_EQ(ids(text), (std::vector<std::string>{"t", "c"}));
  // Another regulation's chapter of the same title is not a subchapter.
  auto other =
      subchapters_before_headings({hit("h", parent, true), hit("c", child, false, "GB38755")}, 10);
  EXPECT_EQ(ids(other), (std::vector<std::string>{"h", "c"}));
  // Beyond the pool nothing moves.
  auto beyond = subchapters_before_headings({hit("h", parent, true), hit("c", child, false)}, 1);
  EXPECT_EQ(ids(beyond), (std::vector<std::string>{"h", "c"}));
  // A heading gives way once, to the first hit inside it.
  auto once = subchapters_before_headings(
      {hit("h", parent, true), hit("c1", child, false), hit("c2", child, false)}, 10);
  EXPECT_EQ(ids(once), (std::vector<std::string>{"c1", "h", "c2"}));
}

}  // namespace specific_first_test
}  // namespace regreader::index
