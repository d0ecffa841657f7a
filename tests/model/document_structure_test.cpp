#include "regreader/model/document_structure.hpp"

#include <gtest/gtest.h>

namespace regreader::model {
namespace document_structure_test {

DocumentStructure tree() {
  return DocumentStructure("r", {{"r:n1", "5", "安全组织措施", 1, 4, 9, "", {"r:n2"}, {}},
                                 {"r:n2", "5.2", "工作票种类", 2, 4, 5, "r:n1", {"r:n3"}, {}},
                                 {"r:n3", "5.2.2", "", 3, 4, 5, "r:n2", {}, {"r:p4:b7"}},
                                 {"r:n4", "附录A", "工作票格式", 1, 22, 23, "", {}, {}}});
}

TEST(DocumentStructure, ChapterPathRunsFromRootToNode) {
  EXPECT_EQ(tree().get_chapter_path("r:n3"),
            (std::vector<std::string>{"5 安全组织措施", "5.2 工作票种类", "5.2.2"}));
  EXPECT_TRUE(tree().get_chapter_path("nope").empty());
}

TEST(DocumentStructure, FindsNodesBySectionNumberInAnyWidth) {
  auto s = tree();
  ASSERT_NE(s.get_node_by_section_number("５．２．２"), nullptr);
  EXPECT_EQ(s.get_node_by_section_number("５．２．２")->node_id, "r:n3");
  EXPECT_EQ(s.get_node_by_section_number("附录 A")->page_start, 22);
  EXPECT_EQ(s.get_node_by_section_number("6.1"), nullptr);
}

TEST(DocumentStructure, TreeIsCutAtDepthAndExpandsASection) {
  auto s = tree();
  auto shallow = s.get_chapter_tree(1);
  ASSERT_EQ(shallow.size(), 2u);
  EXPECT_TRUE(shallow[0]["children"].empty());
  EXPECT_EQ(shallow[0]["children_hidden"], 1);
  auto opened = s.get_chapter_tree(1, std::string("5.2"));
  EXPECT_EQ(opened[0]["children"][0]["children"][0]["section_number"], "5.2.2");
  auto all = s.get_chapter_tree(0);
  EXPECT_EQ(all[0]["children"][0]["children"][0]["section_number"], "5.2.2");
}

}  // namespace document_structure_test
}  // namespace regreader::model
