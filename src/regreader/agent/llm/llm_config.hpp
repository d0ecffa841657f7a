#pragma once
// Which LLM to talk to, from flags and the environment:
//   REGREADER_LLM_PROVIDER  anthropic | openai (else inferred from the model, then the URL)
//   REGREADER_LLM_MODEL     e.g. claude-sonnet-4-5, qwen-plus, deepseek-chat, glm-4, gpt-4o
//   REGREADER_LLM_API_KEY   falls back to ANTHROPIC_API_KEY / OPENAI_API_KEY
//   REGREADER_LLM_BASE_URL  e.g. https://dashscope.aliyuncs.com/compatible-mode/v1
// Flags given to resolve_llm_config win over the environment.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "regreader/agent/llm/llm_client.hpp"
#include "regreader/agent/llm/llm_transport.hpp"
#include "regreader/core/http_client.hpp"

namespace regreader::agent {

enum class LlmProvider { kAnthropic, kOpenAI };

struct LlmConfig {
  std::optional<LlmProvider> provider;
  std::string model;
  std::string api_key;
  std::string base_url;          ///< empty: the provider's public API
  double timeout_seconds = 300;  ///< one whole request, streamed or not
  RetryPolicy retry;
};

/// Looks a variable up; the default reads the process environment.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;

/// The language a message to the user is written in: the question's.
enum class Language { kEnglish, kChinese };
/// Chinese when `text` holds a Han character, else English.
Language language_of(std::string_view text);

/// What to set when no LLM is configured, with ready examples for Claude, DeepSeek, Qwen and a
/// local Ollama, in `language`.
std::string not_configured_message(Language language);

/// Fills what `flags` leave empty from the environment, infers the provider and defaults the
/// model and URL. Throws Error(kNotConfigured) when no LLM is configured at all (no key and no
/// URL) with not_configured_message(language); Error(kInvalidArgument) for an unknown
/// REGREADER_LLM_PROVIDER.
LlmConfig resolve_llm_config(const LlmConfig& flags = {}, const EnvLookup& env = {},
                             Language language = Language::kEnglish);

/// claude-* → anthropic; qwen*, deepseek*, glm*, gpt*, o1/o3/o4*, moonshot, … → openai; else
/// by the URL (anthropic.com → anthropic); nullopt when neither tells.
std::optional<LlmProvider> infer_provider(const std::string& model, const std::string& base_url);

std::string_view provider_name(LlmProvider p);
/// "anthropic" / "openai" (case-insensitive); nullopt for anything else.
std::optional<LlmProvider> parse_provider(std::string_view name);

/// base_url + the endpoint path: ".../v1" (or any "/vN") gets "/messages", a bare host gets
/// "/v1/messages" ("chat/completions" for OpenAI).
std::string endpoint_url(const std::string& base_url, const std::string& path_after_version);

/// The client for config.provider (resolve the config first). `http` must outlive the client.
std::unique_ptr<LlmClient> make_llm_client(const LlmConfig& config, HttpClient& http);

}  // namespace regreader::agent
