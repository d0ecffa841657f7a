#include "regreader/parse/pdf/pdf_fractions.hpp"

#include <gtest/gtest.h>

#include "regreader/core/text.hpp"
#include "regreader/parse/parse_document.hpp"
#include "test_support.hpp"

namespace regreader::parse {
namespace pdf_fractions_test {

constexpr float kSize = 10;

// Characters one em wide from `x` on `baseline`, their boxes from 0.8 em above it to 0.2 below.
void put(std::vector<PdfChar>& chars, const std::string& t, float x, float baseline) {
  for (char32_t c : text::to_u32string(t)) {
    chars.push_back(
        {c, x, x + kSize, baseline - 0.8f * kSize, baseline + 0.2f * kSize, baseline, kSize});
    x += kSize;
  }
}

std::vector<std::string> lines_of(std::vector<PdfChar> chars) {
  std::vector<std::string> out;
  for (const auto& l : build_lines(std::move(chars)))
    out.push_back(l.text);
  return out;
}

// K = (a−b)/c × 100% as typeset: the numerator's box ends just above the bar, the
// denominator's begins just below it, K = and × 100% stand across its height.
struct Formula {
  std::vector<PdfChar> chars;
  std::vector<PdfRule> rules{{121, 296.4f, 153, 296.6f}};
  explicit Formula(bool beside = true) {
    if (beside) put(chars, "K=", 100, 300);
    put(chars, "a−b", 122, 294);
    put(chars, "c", 132, 306);
    if (beside) put(chars, "×100%", 156, 300);
  }
};

TEST(PdfFractions, AFractionIsWrittenOnItsFormulasLine) {
  Formula f;
  EXPECT_EQ(lines_of(f.chars), (std::vector<std::string>{"a−b", "K= ×100%", "c"}))
      << "read by baselines, the formula is three lines";
  join_fractions(f.chars, f.rules);
  EXPECT_EQ(lines_of(f.chars), (std::vector<std::string>{"K=(a−b)/c×100%"}));
  EXPECT_TRUE(f.rules.empty()) << "the bar is no border";
}

// A part without an operator is written as it is: dP/dδ.
TEST(PdfFractions, APartOfOneTermHasNoBrackets) {
  std::vector<PdfChar> chars;
  put(chars, "dP", 122, 294);
  put(chars, "dδ", 122, 306);
  put(chars, ">0", 146, 300);
  std::vector<PdfRule> rules{{121, 296.5f, 143, 296.5f}};
  join_fractions(chars, rules);
  EXPECT_EQ(lines_of(chars), (std::vector<std::string>{"dP/dδ>0"}));
}

// An underline under words of a sentence: the line goes on beside the rule.
TEST(PdfFractions, AnUnderlineIsNoFraction) {
  std::vector<PdfChar> chars;
  put(chars, "距离不应小于0.7米。", 100, 294);
  put(chars, "下一行文字", 100, 306);
  std::vector<PdfRule> rules{{160, 296.5f, 200, 296.5f}};
  const auto before = chars;
  join_fractions(chars, rules);
  EXPECT_EQ(lines_of(chars), lines_of(before));
  EXPECT_EQ(rules.size(), 1u);
}

// The same layout inside a table: the rule meets a column's border.
TEST(PdfFractions, ARuleMeetingAnotherIsNoFraction) {
  Formula f;
  f.rules.push_back({153, 280, 153.5f, 320});
  join_fractions(f.chars, f.rules);
  EXPECT_EQ(lines_of(f.chars).size(), 3u);
  EXPECT_EQ(f.rules.size(), 2u);
}

// Text over and under a short rule with nothing of a formula beside it (a signature line, a
// cell's two values) stays as it is.
TEST(PdfFractions, WithoutAFormulaBesideItARuleIsNoFraction) {
  Formula f(false);
  join_fractions(f.chars, f.rules);
  EXPECT_EQ(lines_of(f.chars), (std::vector<std::string>{"a−b", "c"}));
  EXPECT_EQ(f.rules.size(), 1u);
}

// groff's eqn typesets the formulas of tests/fixtures/formulas.pdf
// (scripts/make-formula-fixture.sh): each is one line, and the table rules stay the tables'.
TEST(PdfFractions, FormulasTypesetByEqnAreReadAsWritten) {
  const auto doc = parse_document(testing::fixtures_dir() / "formulas.pdf", "F", ParseOptions{});
  std::string all;
  for (const auto& p : doc.pages)
    for (const auto& b : p.content_blocks)
      all += text::strip_spaces(b.content_markdown) + "\n";
  for (const char* f :
       {"dP/dδ>0(1)", "dQ/dV<0(2)", "KP=(Pj−Pz)/Pz×100%(3)", "KV=(Uz−Uc)/Uz×100%(4)"})
    EXPECT_NE(all.find(f), std::string::npos) << f << " in\n" << all;
  EXPECT_EQ(doc.tables.size(), 2u) << all;
}

}  // namespace pdf_fractions_test
}  // namespace regreader::parse
