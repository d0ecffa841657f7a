#include "regreader/core/settings.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <mutex>
#include <sstream>

#include "regreader/core/error.hpp"

namespace regreader {

namespace fs = std::filesystem;

namespace {

// clang-format off
constexpr SettingSpec kSpecs[] = {
  {"data_dir", "REGREADER_DATA_DIR", "--data-dir", "data",
   "Data directory: the SQLite store, vectors, skills, aliases"},
  {"store", "REGREADER_STORE", "--store", "",
   "Storage engine: empty for the embedded SQLite store in the data directory, or a PostgreSQL "
   "URL (postgresql://user@host/db; several servers can share one). A server that does not answer "
   "is given up after 10 s and a statement after 5 min; the URL's connect_timeout and "
   "options=-c%20statement_timeout%3D<ms> change that"},
  {"llm.model", "REGREADER_LLM_MODEL", "--model", "",
   "LLM model for ask/chat (default: claude-sonnet-4-5 or gpt-4o by provider)"},
  {"llm.provider", "REGREADER_LLM_PROVIDER", "--provider", "",
   "anthropic or openai (default: from the model name or URL)"},
  {"llm.base_url", "REGREADER_LLM_BASE_URL", "--base-url", "",
   "LLM endpoint, e.g. a local vLLM/Ollama or a Qwen/DeepSeek/GLM gateway"},
  {"llm.api_key", "REGREADER_LLM_API_KEY", "", "", "LLM API key", true},
  {"llm.anthropic_api_key", "ANTHROPIC_API_KEY", "", "",
   "Anthropic's own key variable (used when llm.api_key is unset)", true},
  {"llm.openai_api_key", "OPENAI_API_KEY", "", "",
   "OpenAI's own key variable (used when llm.api_key is unset)", true},
  {"mcp.url", "REGREADER_MCP_URL", "--mcp-url", "",
   "A running MCP server the agents use instead of starting their own"},
  {"mcp.token", "REGREADER_MCP_TOKEN", "", "",
   "Bearer token: required by serve when bound beyond loopback; sent by agents to mcp.url", true},
  {"tools.advanced", "REGREADER_ENABLE_ADVANCED_TOOLS", "", "false",
   "Also serve find_similar_content and compare_sections"},
  {"agent.skills_dir", "REGREADER_SKILLS_DIR", "", "",
   "Folder of user skills (<name>/SKILL.md); default <data dir>/skills"},
  {"embedding.model", "REGREADER_EMBEDDING_MODEL", "", "",
   "Embedding model: builtin-lsa, none, a local model folder, or a served model's name"},
  {"embedding.url", "REGREADER_EMBEDDING_URL", "", "",
   "OpenAI-compatible /v1/embeddings endpoint for a served model"},
  {"embedding.api_key", "REGREADER_EMBEDDING_API_KEY", "", "", "Key for embedding.url", true},
  {"embedding.dimension", "REGREADER_EMBEDDING_DIMENSION", "", "0",
   "Vector size the served model returns (0: ask it)"},
  {"embedding.batch", "REGREADER_EMBEDDING_BATCH", "", "32", "Texts per embedding request"},
  {"embedding.timeout", "REGREADER_EMBEDDING_TIMEOUT", "", "60",
   "Seconds per embedding request"},
  {"search.keyword_weight", "REGREADER_RRF_KEYWORD_WEIGHT", "", "",
   "Weight of the keyword leg in rank fusion (default 0.4, 0.6 with builtin-lsa)"},
  {"search.vector_weight", "REGREADER_RRF_VECTOR_WEIGHT", "", "",
   "Weight of the vector leg in rank fusion (default 0.6, 0.4 with builtin-lsa)"},
  {"parse.max_file_mb", "REGREADER_MAX_FILE_MB", "", "1024",
   "Largest input file ingest reads (MB; a zip entry's claimed size counts too)"},
  {"parse.memory_mb", "REGREADER_PARSE_MEMORY_MB", "", "4096",
   "Address-space limit of the process that parses one file (MB)"},
  {"parse.timeout", "REGREADER_PARSE_TIMEOUT", "", "1800",
   "Seconds one file's parse may take before it is stopped"},
  {"parse.max_pages", "REGREADER_MAX_PAGES", "", "5000",
   "Most pages a PDF (or a Word file's rendering) may have; refused before any page is read"},
  {"parse.max_paragraphs", "REGREADER_MAX_PARAGRAPHS", "", "200000",
   "Most paragraphs and table rows a Word file may have; refused before LibreOffice runs"},
  {"parse.ocr_langs", "REGREADER_OCR_LANGS", "", "chi_sim",
   "tesseract models for scanned pages, e.g. chi_sim+eng"},
  {"parse.ocr_engine", "REGREADER_OCR_ENGINE", "", "auto",
   "OCR engine for scans: auto (PP-OCR when installed), paddle or tesseract"},
  {"parse.ocr_models", "REGREADER_OCR_MODELS", "", "",
   "Folder of libonnxruntime.so.1 and the PP-OCRv4 models (default: the installed ones)"},
  {"parse.soffice", "REGREADER_SOFFICE", "", "",
   "LibreOffice binary that paginates Word files (default: soffice on PATH)"},
  {"parse.no_office", "REGREADER_NO_OFFICE", "", "false",
   "Never start LibreOffice: Word pages are estimated (and marked so)"},
};
// clang-format on

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

const SettingSpec* find_spec(std::string_view key) {
  for (const auto& s : kSpecs)
    if (s.key == key) return &s;
  return nullptr;
}

std::optional<std::string> process_lookup(std::string_view name) {
  return environment_variable(name);
}

std::string where_in_file(const fs::path& file, const toml::source_region& r) {
  return file.string() + ":" + std::to_string(r.begin.line);
}

// A TOML scalar as the text a flag or variable would carry.
std::optional<std::string> scalar_text(const toml::node& n) {
  if (auto s = n.value<std::string>(); s && n.is_string()) return *s;
  if (n.is_boolean()) return *n.value<bool>() ? "true" : "false";
  if (n.is_integer()) return std::to_string(*n.value<int64_t>());
  if (n.is_floating_point()) {
    std::ostringstream os;
    os << *n.value<double>();
    return os.str();
  }
  return std::nullopt;
}

// Walks the file's tables, yielding dotted keys; unknown keys and non-scalar values are errors.
void collect(const toml::table& t, const std::string& prefix, const fs::path& file,
             std::map<std::string, std::pair<std::string, std::string>>& out) {
  for (const auto& [k, node] : t) {
    const std::string key =
        prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    if (const auto* sub = node.as_table()) {
      collect(*sub, key, file, out);
      continue;
    }
    const std::string where = where_in_file(file, node.source());
    if (!find_spec(key))
      throw Error(
          ErrorCode::kInvalidArgument,
          where + ": unknown setting '" + key + "' (`regreader config show` lists every setting)");
    auto text = scalar_text(node);
    if (!text)
      throw Error(ErrorCode::kInvalidArgument,
                  where + ": '" + key + "' must be a string, number or true/false");
    out[key] = {*text, where};
  }
}

std::vector<fs::path> default_config_places(const std::string& data_dir,
                                            const Settings::Lookup& env) {
  std::vector<fs::path> places;
  places.push_back(fs::path(data_dir) / "regreader.toml");
  if (auto xdg = env("XDG_CONFIG_HOME"); xdg && !xdg->empty())
    places.push_back(fs::path(*xdg) / "regreader" / "regreader.toml");
  else if (auto home = env("HOME"); home && !home->empty())
    places.push_back(fs::path(*home) / ".config" / "regreader" / "regreader.toml");
  return places;
}

std::mutex g_mutex;
std::optional<Settings> g_installed;

}  // namespace

std::span<const SettingSpec> setting_specs() {
  return kSpecs;
}

std::string_view origin_name(SettingOrigin o) {
  switch (o) {
    case SettingOrigin::kDefault:
      return "default";
    case SettingOrigin::kConfigFile:
      return "config";
    case SettingOrigin::kEnvironment:
      return "env";
    case SettingOrigin::kFlag:
      return "flag";
  }
  return "?";
}

std::optional<std::string> environment_variable(std::string_view name) {
  const char* v = std::getenv(std::string(name).c_str());
  if (!v || !*v) return std::nullopt;
  return std::string(v);
}

Settings::Settings() {
  for (const auto& s : kSpecs)
    values_[std::string(s.key)] = {std::string(s.default_value), SettingOrigin::kDefault,
                                   "default"};
}

Settings Settings::resolve(const std::map<std::string, std::string>& flags, const Lookup& env_in,
                           const fs::path& config_file) {
  const Lookup env = env_in ? env_in : Lookup(process_lookup);
  for (const auto& [key, value] : flags)
    if (!find_spec(key)) throw Error(ErrorCode::kInternal, "unknown setting " + key);
  Settings s;
  // The data directory decides where the config file may be, so it is resolved first (a
  // config file cannot move the directory it lives in, but the XDG one can).
  fs::path file = config_file;
  if (file.empty())
    if (auto named = env("REGREADER_CONFIG"); named && !named->empty()) file = *named;
  if (!file.empty()) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec))
      throw Error(ErrorCode::kNotFound, "config file " + file.string() + " does not exist");
  } else {
    std::string data_dir = "data";
    if (auto it = flags.find("data_dir"); it != flags.end() && !it->second.empty())
      data_dir = it->second;
    else if (auto v = env("REGREADER_DATA_DIR"); v && !v->empty())
      data_dir = *v;
    s.searched_ = default_config_places(data_dir, env);
    for (const auto& p : s.searched_) {
      std::error_code ec;
      if (fs::is_regular_file(p, ec)) {
        file = p;
        break;
      }
    }
  }
  if (!file.empty()) {
    s.config_file_ = file;
    toml::table t;
    try {
      t = toml::parse_file(file.string());
    } catch (const toml::parse_error& e) {
      throw Error(ErrorCode::kInvalidArgument,
                  where_in_file(file, e.source()) + ": " + std::string(e.description()));
    }
    std::map<std::string, std::pair<std::string, std::string>> from_file;
    collect(t, "", file, from_file);
    for (const auto& [key, v] : from_file)
      s.set(key, v.first, SettingOrigin::kConfigFile, v.second);
  }
  for (const auto& spec : kSpecs)
    if (auto v = env(spec.env); v && !v->empty())
      s.set(spec.key, *v, SettingOrigin::kEnvironment, std::string(spec.env));
  for (const auto& [key, value] : flags)
    if (!value.empty()) {
      const auto* spec = find_spec(key);
      s.set(key, value, SettingOrigin::kFlag,
            spec->flag.empty() ? std::string("--") + key : std::string(spec->flag));
    }
  return s;
}

const SettingValue& Settings::value(std::string_view key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw Error(ErrorCode::kInternal, "unknown setting " + std::string(key));
  return it->second;
}

const std::string& Settings::get(std::string_view key) const {
  return value(key).value;
}

std::optional<std::string> Settings::by_env(std::string_view env_name) const {
  for (const auto& s : kSpecs)
    if (s.env == env_name) {
      const std::string& v = get(s.key);
      if (v.empty()) return std::nullopt;
      return v;
    }
  return std::nullopt;
}

double Settings::number(std::string_view key, double fallback, double min) const {
  const SettingValue& v = value(key);
  if (v.value.empty()) return fallback;
  char* end = nullptr;
  const double x = std::strtod(v.value.c_str(), &end);
  if (end == v.value.c_str() || *end != '\0' || !(x >= min)) {
    std::ostringstream m;
    m << key << " = '" << v.value << "' (from " << v.where << ") must be a number >= " << min;
    throw Error(ErrorCode::kInvalidArgument, m.str());
  }
  return x;
}

bool Settings::enabled(std::string_view key) const {
  const SettingValue& v = value(key);
  const std::string s = lower(v.value);
  if (s.empty() || s == "false" || s == "0" || s == "no" || s == "off") return false;
  if (s == "true" || s == "1" || s == "yes" || s == "on") return true;
  throw Error(ErrorCode::kInvalidArgument, std::string(key) + " = '" + v.value + "' (from " +
                                               v.where + ") must be true or false");
}

std::string Settings::config_source() const {
  if (!config_file_.empty()) return "config file " + config_file_.string();
  std::string places;
  for (const auto& p : searched_)
    places += (places.empty() ? "" : ", ") + p.string();
  return "no config file" + (places.empty() ? std::string() : " (looked in: " + places + ")");
}

void Settings::set(std::string_view key, std::string v, SettingOrigin origin, std::string where) {
  auto it = values_.find(key);
  if (it == values_.end()) throw Error(ErrorCode::kInternal, "unknown setting " + std::string(key));
  it->second = {std::move(v), origin, std::move(where)};
}

const Settings& settings() {
  std::lock_guard lock(g_mutex);
  if (!g_installed) g_installed = Settings::resolve({});
  return *g_installed;
}

void install_settings(Settings s) {
  std::lock_guard lock(g_mutex);
  g_installed = std::move(s);
}

ScopedSettings::ScopedSettings(Settings s) : previous_(settings()) {
  install_settings(std::move(s));
}

ScopedSettings::~ScopedSettings() {
  install_settings(std::move(previous_));
}

Settings settings_with(const std::map<std::string, std::string>& values) {
  Settings s;
  for (const auto& [k, v] : values)
    s.set(k, v, SettingOrigin::kFlag, "test");
  return s;
}

}  // namespace regreader
