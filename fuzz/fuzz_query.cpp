// libFuzzer target: how search reads a query (the text MCP clients and users send): regulation
// names (《》, standard numbers, bare titles, aliases) and question reduction. Checks its
// contract: every mention names a regulation of the library or none, the rest and the reduced
// text are valid UTF-8 no longer than the query (plus separators), and nothing throws.

#include <cstdint>
#include <cstdlib>
#include <string>

#include "regreader/index/question_terms.hpp"
#include "regreader/index/regulation_mentions.hpp"

using namespace regreader;

namespace {

const index::RegulationNames& names() {
  static const index::RegulationNames n = [] {
    std::vector<model::RegulationInfo> regs(4);
    regs[0].reg_id = "消防法(2021-04-29)";
    regs[0].title = "中华人民共和国消防法";
    regs[1].reg_id = "GB26860-2011";
    regs[1].title = "GB 26860-2011 电力安全工作规程（发电厂和变电站电气部分）";
    regs[2].reg_id = "NBT31147";
    regs[2].title = "风电场工程风能资源测量与评估技术规范";
    regs[2].source_file = "/c/NB_T 31147-2018.docx";
    regs[3].reg_id = "技术规范";
    regs[3].title = "技术规范";
    return index::RegulationNames(regs, index::builtin_aliases());
  }();
  return n;
}

bool valid_utf8(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return false;
    i += n;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string query(reinterpret_cast<const char*>(data), size);
  if (!valid_utf8(query)) return 0;  // the tools reject invalid UTF-8 before searching
  const auto m = names().find(query);
  for (const auto& mention : m.mentions)
    for (const auto& id : mention.reg_ids)
      if (id != "消防法(2021-04-29)" && id != "GB26860-2011" && id != "NBT31147" &&
          id != "技术规范")
        abort();
  if (!valid_utf8(m.rest)) abort();
  for (bool asked : {false, true}) {
    const auto t = index::reduce_question(m.rest, asked);
    if (!valid_utf8(t.search_text) || !valid_utf8(t.definition_term) ||
        t.search_text.size() > 2 * m.rest.size() + 1)
      abort();
  }
  return 0;
}
