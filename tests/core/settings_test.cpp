#include "regreader/core/settings.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "test_support.hpp"

namespace regreader {
namespace settings_test {

namespace fs = std::filesystem;

using Env = std::map<std::string, std::string, std::less<>>;

Settings::Lookup lookup(const Env& env) {
  return [env](std::string_view name) -> std::optional<std::string> {
    auto it = env.find(name);
    if (it == env.end()) return std::nullopt;
    return it->second;
  };
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

TEST(Settings, EveryOriginInItsPlaceFlagOverEnvironmentOverFileOverDefault) {
  parse::TempDir dir;
  const fs::path file = dir.path() / "rr.toml";
  write(file,
        "# a comment\n"
        "[llm]\n"
        "model = \"from-file\"\n"
        "base_url = \"http://file\"\n"
        "provider = \"openai\"\n");
  const Env env = {{"REGREADER_LLM_MODEL", "from-env"}, {"REGREADER_LLM_BASE_URL", "http://env"}};
  const Settings s =
      Settings::resolve({{"llm.model", "from-flag"}, {"data_dir", ""}}, lookup(env), file);
  // flag > env
  EXPECT_EQ(s.get("llm.model"), "from-flag");
  EXPECT_EQ(s.value("llm.model").origin, SettingOrigin::kFlag);
  EXPECT_EQ(s.value("llm.model").where, "--model");
  // env > config file
  EXPECT_EQ(s.get("llm.base_url"), "http://env");
  EXPECT_EQ(s.value("llm.base_url").origin, SettingOrigin::kEnvironment);
  EXPECT_EQ(s.value("llm.base_url").where, "REGREADER_LLM_BASE_URL");
  // config file > default, with its line
  EXPECT_EQ(s.get("llm.provider"), "openai");
  EXPECT_EQ(s.value("llm.provider").origin, SettingOrigin::kConfigFile);
  EXPECT_EQ(s.value("llm.provider").where, file.string() + ":5");
  // default; an empty flag value is no flag
  EXPECT_EQ(s.get("data_dir"), "data");
  EXPECT_EQ(s.value("data_dir").origin, SettingOrigin::kDefault);
  EXPECT_EQ(s.get("parse.ocr_langs"), "chi_sim");
  EXPECT_EQ(s.config_file(), file);
}

TEST(Settings, TheConfigFileIsFoundInTheDataDirectoryThenTheXdgFolder) {
  parse::TempDir dir;
  const fs::path data = dir.path() / "data", xdg = dir.path() / "xdg";
  write(xdg / "regreader" / "regreader.toml", "[tools]\nadvanced = true\n");
  Env env = {{"XDG_CONFIG_HOME", xdg.string()}};
  Settings s = Settings::resolve({{"data_dir", data.string()}}, lookup(env));
  EXPECT_EQ(s.config_file(), xdg / "regreader" / "regreader.toml");
  EXPECT_TRUE(s.enabled("tools.advanced")) << "TOML booleans are read";

  write(data / "regreader.toml", "[embedding]\nbatch = 8\n");
  s = Settings::resolve({{"data_dir", data.string()}}, lookup(env));
  EXPECT_EQ(s.config_file(), data / "regreader.toml") << "the data directory's file comes first";
  EXPECT_EQ(s.number("embedding.batch", 32, 1), 8) << "TOML integers are read";
  EXPECT_FALSE(s.enabled("tools.advanced")) << "one file is read, not a merge of several";
  EXPECT_NE(s.config_source().find(s.config_file().string()), std::string::npos);

  // The environment can name the data directory, and REGREADER_CONFIG the file.
  env["REGREADER_DATA_DIR"] = data.string();
  EXPECT_EQ(Settings::resolve({}, lookup(env)).config_file(), data / "regreader.toml");
  env["REGREADER_CONFIG"] = (xdg / "regreader" / "regreader.toml").string();
  EXPECT_EQ(Settings::resolve({}, lookup(env)).config_file(), xdg / "regreader" / "regreader.toml");

  const Settings none =
      Settings::resolve({{"data_dir", (dir.path() / "empty").string()}}, lookup({}));
  EXPECT_TRUE(none.config_file().empty());
  EXPECT_NE(none.config_source().find("no config file"), std::string::npos);
  EXPECT_NE(none.config_source().find("empty/regreader.toml"), std::string::npos)
      << "says where it looked: " << none.config_source();
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Settings, ABadConfigFileIsAnErrorNamingFileAndLine) {
  parse::TempDir dir;
  const fs::path file = dir.path() / "bad.toml";
  write(file, "[llm]\nmodel = \"x\"\nmodle = \"typo\"\n");
  std::string m = error_of([&] { Settings::resolve({}, lookup({}), file); });
  EXPECT_NE(m.find(file.string() + ":3"), std::string::npos) << m;
  EXPECT_NE(m.find("llm.modle"), std::string::npos) << m;

  write(file, "[llm]\nmodel = \"unterminated\n");
  m = error_of([&] { Settings::resolve({}, lookup({}), file); });
  EXPECT_NE(m.find(file.string() + ":2"), std::string::npos) << m;

  write(file, "[parse]\nocr_langs = [\"chi_sim\"]\n");
  m = error_of([&] { Settings::resolve({}, lookup({}), file); });
  EXPECT_NE(m.find("must be a string, number or true/false"), std::string::npos) << m;

  m = error_of([&] { Settings::resolve({}, lookup({}), dir.path() / "missing.toml"); });
  EXPECT_NE(m.find("missing.toml does not exist"), std::string::npos) << m;
}

TEST(Settings, ABadValueNamesTheSettingAndWhereItCameFrom) {
  const Settings s = Settings::resolve({}, lookup({{"REGREADER_EMBEDDING_BATCH", "many"},
                                                   {"REGREADER_ENABLE_ADVANCED_TOOLS", "maybe"}}));
  std::string m = error_of([&] { s.number("embedding.batch", 32, 1); });
  EXPECT_NE(m.find("embedding.batch"), std::string::npos) << m;
  EXPECT_NE(m.find("REGREADER_EMBEDDING_BATCH"), std::string::npos) << m;
  m = error_of([&] { s.enabled("tools.advanced"); });
  EXPECT_NE(m.find("REGREADER_ENABLE_ADVANCED_TOOLS"), std::string::npos) << m;
  EXPECT_EQ(s.by_env("REGREADER_EMBEDDING_BATCH"), "many");
  EXPECT_EQ(s.by_env("REGREADER_LLM_MODEL"), std::nullopt);
}

TEST(Settings, InstalledSettingsAreWhatTheLibraryReads) {
  {
    ScopedSettings scoped(settings_with({{"parse.ocr_langs", "chi_sim+eng"}}));
    EXPECT_EQ(settings().get("parse.ocr_langs"), "chi_sim+eng");
  }
  EXPECT_NE(settings().value("parse.ocr_langs").where, "test") << "the scope put them back";
}

TEST(Settings, EveryTableEntryHasAUniqueKeyAndVariableAndHelp) {
  std::set<std::string_view> keys, envs;
  for (const auto& s : setting_specs()) {
    EXPECT_TRUE(keys.insert(s.key).second) << s.key;
    EXPECT_TRUE(envs.insert(s.env).second) << s.env;
    EXPECT_FALSE(s.help.empty()) << s.key;
  }
  EXPECT_GE(keys.size(), 20u);
}

// The library reads no environment variable itself: only the settings code calls getenv.
TEST(Settings, NoFileUnderSrcOtherThanTheSettingsCodeCallsGetenv) {
  const fs::path src = fs::path(REGREADER_SOURCE_DIR) / "src" / "regreader";
  ASSERT_TRUE(fs::is_directory(src));
  std::vector<std::string> offenders;
  size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    ++files;
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const bool calls = text.find("getenv(") != std::string::npos ||
                       text.find("secure_getenv") != std::string::npos ||
                       text.find("environ[") != std::string::npos;
    if (calls && e.path().filename() != "settings.cpp") offenders.push_back(e.path().string());
  }
  EXPECT_GT(files, 100u);
  EXPECT_TRUE(offenders.empty()) << offenders.front();
}

}  // namespace settings_test
}  // namespace regreader
