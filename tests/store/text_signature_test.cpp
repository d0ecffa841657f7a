#include "regreader/store/text_signature.hpp"

#include <gtest/gtest.h>

namespace regreader::store {
namespace text_signature_test {

TEST(TextSignature, StoredAsHexAndReadBackWhole) {
  const auto sig =
      text_signature("装设接地线时，应先装接地端，后装接导体端。拆除接地线的顺序与此相反。");
  ASSERT_FALSE(sig.empty());
  const std::string kept = encode_signature(sig);
  EXPECT_EQ(kept.size(), sig.size() * 16);
  EXPECT_EQ(decode_signature(kept), sig);
  EXPECT_TRUE(decode_signature("").empty());
  EXPECT_TRUE(decode_signature(kept.substr(1)).empty()) << "a cut value is no signature";
  EXPECT_TRUE(decode_signature(std::string(16, 'g')).empty()) << "nor a value that is not hex";
}

TEST(TextSignature, ADocumentsSignatureIsThatOfItsBlocksInReadingOrder) {
  model::ParsedDocument doc;
  doc.pages.resize(2);
  doc.pages[0].page_num = 1;
  doc.pages[1].page_num = 2;
  auto block = [](int order, const std::string& text) {
    model::ContentBlock b;
    b.order_in_page = order;
    b.content_markdown = text;
    return b;
  };
  doc.pages[1].content_blocks = {block(0, "第三条 工作票应由工作负责人填写。")};
  doc.pages[0].content_blocks = {block(1, "第二条 本规程适用于发电厂和变电站。"),
                                 block(0, "第一条 为加强电力生产现场管理制定本规程。")};
  const std::string text =
      "第一条 为加强电力生产现场管理制定本规程。\n第二条 本规程适用于发电厂和变电站。\n"
      "第三条 工作票应由工作负责人填写。\n";
  EXPECT_EQ(document_signature(doc), text_signature(text));
}

}  // namespace text_signature_test
}  // namespace regreader::store
