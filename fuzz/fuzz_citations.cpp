// libFuzzer target: the citation grammar, the claim splitter and the claim checker over an
// agent's answer text, with the same text also read as a page (figures, table rows, units).

#include <cstdint>
#include <string>
#include <string_view>

#include "regreader/tools/claim_check.hpp"

namespace {

// Every regulation has pages 1-3, each the fuzz input itself.
class FuzzPages : public regreader::tools::PageSource {
 public:
  explicit FuzzPages(std::string_view text) : text_(text) {}
  std::vector<regreader::tools::RegulationName> names() override {
    return {{"GB26860-2011", "GB26860-2011"}, {"消防法(2021-04-29)", "消防法(2021-04-29)"}};
  }
  std::optional<std::string> resolve(const std::string& cited) override {
    return cited.empty() ? std::nullopt : std::optional<std::string>(cited);
  }
  std::optional<regreader::tools::CitedPage> page(const std::string&, int page) override {
    if (page < 1 || page > 3) return std::nullopt;
    return regreader::tools::CitedPage{text_, {text_.substr(0, 80)}};
  }

 private:
  std::string text_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  FuzzPages pages(text);
  regreader::tools::CheckOptions o;
  o.read_regulations = std::vector<std::string>{"GB26860-2011"};
  (void)regreader::tools::check_answer_claims(text, pages, o);
  (void)regreader::tools::scan_page(text);
  (void)regreader::tools::normalize_regulation_code(text);
  return 0;
}
