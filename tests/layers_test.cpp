// The floors of src/regreader/ (docs/ARCHITECTURE.md): a file includes headers of its own folder
// and of the floors below it, never of a floor above or beside it. Read from the source tree, so
// a new include across the floors fails here.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

namespace layers_test {

namespace fs = std::filesystem;

// What each floor may include besides itself.
const std::map<std::string, std::set<std::string>>& floors() {
  static const std::map<std::string, std::set<std::string>> kFloors = {
      {"core", {}},
      {"model", {"core"}},
      {"parse", {"core", "model"}},
      {"store", {"core", "model"}},
      {"index", {"core", "model", "parse", "store"}},
      {"tools", {"core", "model", "parse", "store", "index"}},
      {"http", {"core"}},
      {"mcp", {"core", "model", "parse", "store", "index", "tools", "http"}},
      {"agent", {"core", "model", "parse", "store", "index", "tools"}},
      {"web", {"core", "model", "parse", "store", "index", "tools", "http", "agent"}},
      {"cli", {"core", "model", "parse", "store", "index", "tools", "http", "mcp", "agent", "web"}},
  };
  return kFloors;
}

TEST(Layers, EveryIncludeGoesDownTheFloors) {
  const fs::path root = fs::path(REGREADER_SOURCE_DIR) / "src" / "regreader";
  const std::string prefix = "#include \"regreader/";
  std::vector<std::string> offenders;
  size_t includes = 0;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    const auto ext = e.path().extension();
    if (ext != ".cpp" && ext != ".hpp") continue;
    const std::string floor = fs::relative(e.path(), root).begin()->string();
    ASSERT_TRUE(floors().count(floor)) << "a folder the floors do not name: " << floor;
    std::ifstream in(e.path());
    for (std::string line; std::getline(in, line);) {
      if (line.rfind(prefix, 0) != 0) continue;
      ++includes;
      const std::string target =
          line.substr(prefix.size(), line.find('/', prefix.size()) - prefix.size());
      if (target != floor && !floors().at(floor).count(target))
        offenders.push_back(fs::relative(e.path(), root).string() + " includes " + target);
    }
  }
  EXPECT_GT(includes, 500u) << "the tree was read";
  EXPECT_TRUE(offenders.empty()) << offenders.size() << " includes across the floors, first: "
                                 << (offenders.empty() ? "" : offenders.front());
}

}  // namespace layers_test
