#include "regreader/agent/llm/llm_config.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "regreader/agent/llm/anthropic_client.hpp"
#include "regreader/agent/llm/openai_client.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/regex.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"

namespace regreader::agent {

namespace {

constexpr const char* kDefaultAnthropicModel = "claude-sonnet-4-5";
constexpr const char* kDefaultOpenAIModel = "gpt-4o";
constexpr const char* kAnthropicUrl = "https://api.anthropic.com";
constexpr const char* kOpenAIUrl = "https://api.openai.com";

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool starts_with_any(const std::string& s, std::initializer_list<const char*> prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(),
                     [&](const char* p) { return s.rfind(p, 0) == 0; });
}

// The installed settings looked up by the variables' names (flag > env > config file).
std::optional<std::string> process_env(const std::string& name) {
  return settings().by_env(name);
}

std::string first_set(const EnvLookup& env, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (auto v = env(n); v && !v->empty()) return *v;
  return "";
}

[[noreturn]] void throw_not_configured(Language language) {
  throw Error(ErrorCode::kNotConfigured, not_configured_message(language));
}

}  // namespace

Language language_of(std::string_view text) {
  for (const char32_t cp : text::to_codepoints(text))
    if (text::is_han(cp)) return Language::kChinese;
  return Language::kEnglish;
}

std::string not_configured_message(Language language) {
  // The examples are the endpoints and models their providers document for OpenAI-compatible
  // clients; any other model of theirs works the same way.
  static const char* kExamples =
      "  Claude:          export REGREADER_LLM_API_KEY=sk-ant-...\n"
      "  DeepSeek:        export REGREADER_LLM_BASE_URL=https://api.deepseek.com "
      "REGREADER_LLM_MODEL=deepseek-chat REGREADER_LLM_API_KEY=sk-...\n"
      "  Qwen (DashScope): export "
      "REGREADER_LLM_BASE_URL=https://dashscope.aliyuncs.com/compatible-mode/v1 "
      "REGREADER_LLM_MODEL=qwen-plus REGREADER_LLM_API_KEY=sk-...\n"
      "  Ollama (local):  export REGREADER_LLM_BASE_URL=http://localhost:11434/v1 "
      "REGREADER_LLM_MODEL=qwen2.5:7b\n";
  if (language == Language::kChinese)
    return std::string(
               "未配置大模型：ask、chat 和阅览室的问答需要一个大模型阅读规程并作答。"
               "任选一种设置后重试（也可写入配置文件，见 regreader config example）：\n") +
           kExamples +
           "ANTHROPIC_API_KEY 或 OPENAI_API_KEY 也可代替 REGREADER_LLM_API_KEY。"
           "不用大模型时，search、read、toc、table 和 serve 照常可用。";
  return std::string(
             "no LLM configured: ask, chat and the reading room's ask panel need a model to read "
             "the regulations and answer. Set one of these and try again (or put them in the "
             "config file, see `regreader config example`):\n") +
         kExamples +
         "ANTHROPIC_API_KEY or OPENAI_API_KEY also stand in for REGREADER_LLM_API_KEY. "
         "search, read, toc, table and serve work without an LLM.";
}

std::string_view provider_name(LlmProvider p) {
  return p == LlmProvider::kAnthropic ? "anthropic" : "openai";
}

std::optional<LlmProvider> parse_provider(std::string_view name) {
  const std::string n = lower(name);
  if (n == "anthropic" || n == "claude") return LlmProvider::kAnthropic;
  if (n == "openai" || n == "openai-compatible") return LlmProvider::kOpenAI;
  return std::nullopt;
}

std::optional<LlmProvider> infer_provider(const std::string& model, const std::string& base_url) {
  const std::string m = lower(model);
  if (starts_with_any(m, {"claude", "anthropic/"})) return LlmProvider::kAnthropic;
  if (starts_with_any(m,
                      {"qwen",    "deepseek", "glm",     "chatglm", "gpt",      "o1",    "o3",
                       "o4",      "moonshot", "kimi",    "yi-",     "baichuan", "ernie", "doubao",
                       "hunyuan", "llama",    "mistral", "gemma",   "minimax",  "abab",  "spark"}))
    return LlmProvider::kOpenAI;
  const std::string u = lower(base_url);
  if (u.find("anthropic") != std::string::npos) return LlmProvider::kAnthropic;
  if (!u.empty()) return LlmProvider::kOpenAI;  // every other gateway speaks the OpenAI format
  return std::nullopt;
}

std::string endpoint_url(const std::string& base_url, const std::string& path_after_version) {
  std::string base = base_url;
  while (!base.empty() && base.back() == '/')
    base.pop_back();
  static const Regex versioned(R"(/v\d+$)");
  if (!RE2::PartialMatch(base, versioned)) base += "/v1";
  return base + "/" + path_after_version;
}

LlmConfig resolve_llm_config(const LlmConfig& flags, const EnvLookup& env_in, Language language) {
  const EnvLookup env = env_in ? env_in : EnvLookup(process_env);
  LlmConfig c = flags;
  if (c.model.empty()) c.model = first_set(env, {"REGREADER_LLM_MODEL"});
  if (c.base_url.empty()) c.base_url = first_set(env, {"REGREADER_LLM_BASE_URL"});
  if (!c.provider) {
    if (auto name = env("REGREADER_LLM_PROVIDER"); name && !name->empty()) {
      c.provider = parse_provider(*name);
      if (!c.provider)
        throw Error(ErrorCode::kInvalidArgument,
                    "REGREADER_LLM_PROVIDER must be anthropic or openai, not '" + *name + "'");
    }
  }
  if (!c.provider) c.provider = infer_provider(c.model, c.base_url);
  if (c.api_key.empty()) c.api_key = first_set(env, {"REGREADER_LLM_API_KEY"});
  if (c.api_key.empty()) {
    // The provider's own variable; with no provider known yet, whichever key is set decides.
    const std::string anthropic_key = first_set(env, {"ANTHROPIC_API_KEY"});
    const std::string openai_key = first_set(env, {"OPENAI_API_KEY"});
    if (!c.provider && !anthropic_key.empty()) c.provider = LlmProvider::kAnthropic;
    if (!c.provider && !openai_key.empty()) c.provider = LlmProvider::kOpenAI;
    if (c.provider) c.api_key = *c.provider == LlmProvider::kAnthropic ? anthropic_key : openai_key;
  }
  // A local OpenAI-compatible server (vLLM, Ollama) needs no key, but then it needs a URL.
  if (c.api_key.empty() && c.base_url.empty()) throw_not_configured(language);
  if (!c.provider) c.provider = LlmProvider::kOpenAI;
  const bool anthropic = *c.provider == LlmProvider::kAnthropic;
  if (c.model.empty()) c.model = anthropic ? kDefaultAnthropicModel : kDefaultOpenAIModel;
  if (c.base_url.empty()) c.base_url = anthropic ? kAnthropicUrl : kOpenAIUrl;
  return c;
}

std::unique_ptr<LlmClient> make_llm_client(const LlmConfig& config, HttpClient& http) {
  if (!config.provider) throw_not_configured(Language::kEnglish);
  if (*config.provider == LlmProvider::kAnthropic)
    return std::make_unique<AnthropicClient>(http, config);
  return std::make_unique<OpenAIClient>(http, config);
}

}  // namespace regreader::agent
