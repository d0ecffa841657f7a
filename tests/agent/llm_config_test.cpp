#include "regreader/agent/llm/llm_config.hpp"

#include <gtest/gtest.h>

#include <map>

#include "agent/scripted_http.hpp"
#include "regreader/agent/llm/anthropic_client.hpp"
#include "regreader/agent/llm/openai_client.hpp"

namespace regreader::agent {
namespace llm_config_test {

EnvLookup env_of(const std::map<std::string, std::string>& vars) {
  return [vars](const std::string& name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

TEST(LlmConfigTest, NothingConfiguredSaysWhatToSetInTheQuestionsLanguage) {
  for (const auto language : {Language::kEnglish, Language::kChinese}) {
    try {
      resolve_llm_config({}, env_of({}), language);
      FAIL();
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kNotConfigured);
      EXPECT_EQ(error_traits(e.code()).exit_code, kExitConfig);
      const std::string msg = e.what();
      // Ready lines for Claude, DeepSeek, Qwen and a local Ollama, and what works without one.
      for (const char* needle : {"REGREADER_LLM_API_KEY", "https://api.deepseek.com",
                                 "dashscope.aliyuncs.com", "localhost:11434", "search", "serve"})
        EXPECT_NE(msg.find(needle), std::string::npos) << needle << "\n" << msg;
      EXPECT_EQ(msg.find("未配置大模型") != std::string::npos, language == Language::kChinese)
          << msg;
    }
  }
  EXPECT_EQ(language_of("倒闸操作票保存多久？"), Language::kChinese);
  EXPECT_EQ(language_of("10kV 安全距离"), Language::kChinese);
  EXPECT_EQ(language_of("How long is a switching order kept?"), Language::kEnglish);
}

TEST(LlmConfigTest, ProviderInferredFromModelThenUrl) {
  EXPECT_EQ(infer_provider("claude-sonnet-4-5", ""), LlmProvider::kAnthropic);
  for (const char* m :
       {"qwen-plus", "deepseek-chat", "glm-4-plus", "gpt-4o", "o3-mini", "Qwen2.5-72B"})
    EXPECT_EQ(infer_provider(m, ""), LlmProvider::kOpenAI) << m;
  EXPECT_EQ(infer_provider("my-model", "https://api.anthropic.com"), LlmProvider::kAnthropic);
  EXPECT_EQ(infer_provider("my-model", "http://localhost:8000/v1"), LlmProvider::kOpenAI);
  EXPECT_EQ(infer_provider("my-model", ""), std::nullopt);
}

TEST(LlmConfigTest, ProviderKeyFallbacksAndDefaults) {
  auto c = resolve_llm_config({}, env_of({{"ANTHROPIC_API_KEY", "ak"}}));
  EXPECT_EQ(c.provider, LlmProvider::kAnthropic);
  EXPECT_EQ(c.api_key, "ak");
  EXPECT_EQ(c.model.rfind("claude", 0), 0u);
  EXPECT_EQ(c.base_url, "https://api.anthropic.com");

  c = resolve_llm_config({}, env_of({{"REGREADER_LLM_MODEL", "qwen-plus"},
                                     {"ANTHROPIC_API_KEY", "ak"},
                                     {"OPENAI_API_KEY", "ok"}}));
  EXPECT_EQ(c.provider, LlmProvider::kOpenAI);  // the model decides which key
  EXPECT_EQ(c.api_key, "ok");

  c = resolve_llm_config({}, env_of({{"REGREADER_LLM_API_KEY", "rk"}, {"OPENAI_API_KEY", "ok"}}));
  EXPECT_EQ(c.api_key, "rk");

  // A local server needs no key.
  c = resolve_llm_config({}, env_of({{"REGREADER_LLM_BASE_URL", "http://127.0.0.1:8000/v1"}}));
  EXPECT_EQ(c.provider, LlmProvider::kOpenAI);
  EXPECT_TRUE(c.api_key.empty());
}

TEST(LlmConfigTest, FlagsWinAndBadProviderIsRejected) {
  LlmConfig flags;
  flags.model = "deepseek-chat";
  flags.provider = LlmProvider::kOpenAI;
  const auto c = resolve_llm_config(
      flags, env_of({{"REGREADER_LLM_MODEL", "claude-x"}, {"REGREADER_LLM_API_KEY", "k"}}));
  EXPECT_EQ(c.model, "deepseek-chat");
  EXPECT_THROW(resolve_llm_config({}, env_of({{"REGREADER_LLM_PROVIDER", "gemini"},
                                              {"REGREADER_LLM_API_KEY", "k"}})),
               Error);
  EXPECT_EQ(resolve_llm_config({}, env_of({{"REGREADER_LLM_PROVIDER", "Anthropic"},
                                           {"REGREADER_LLM_API_KEY", "k"}}))
                .provider,
            LlmProvider::kAnthropic);
}

TEST(LlmConfigTest, EndpointUrls) {
  EXPECT_EQ(endpoint_url("https://api.anthropic.com", "messages"),
            "https://api.anthropic.com/v1/messages");
  EXPECT_EQ(endpoint_url("https://dashscope.aliyuncs.com/compatible-mode/v1/", "chat/completions"),
            "https://dashscope.aliyuncs.com/compatible-mode/v1/chat/completions");
  EXPECT_EQ(endpoint_url("https://open.bigmodel.cn/api/paas/v4", "chat/completions"),
            "https://open.bigmodel.cn/api/paas/v4/chat/completions");
}

TEST(LlmConfigTest, MakesTheClientOfTheProvider) {
  regreader::testing::ScriptedHttpClient http({});
  LlmConfig c = resolve_llm_config(
      {}, env_of({{"REGREADER_LLM_MODEL", "glm-4"}, {"REGREADER_LLM_API_KEY", "k"}}));
  auto llm = make_llm_client(c, http);
  EXPECT_EQ(llm->provider(), "openai");
  EXPECT_EQ(llm->model(), "glm-4");
  c.provider = LlmProvider::kAnthropic;
  EXPECT_EQ(make_llm_client(c, http)->provider(), "anthropic");
}

}  // namespace llm_config_test
}  // namespace regreader::agent
