// The embeddings client against a scripted HttpClient: no network, no sleeping.

#include "regreader/index/embed/openai_embedder.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <nlohmann/json.hpp>

#include "regreader/core/error.hpp"

namespace regreader::index {
namespace openai_embedder_test {

// Replays canned responses in order and records every request.
class ScriptedHttp : public HttpClient {
 public:
  struct Step {
    Step() = default;
    Step(int s, std::string b, std::vector<std::pair<std::string, std::string>> h = {})
        : status(s), body(std::move(b)), headers(std::move(h)) {}
    int status = 200;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    bool network_error = false;
  };
  explicit ScriptedHttp(std::deque<Step> steps, std::vector<HttpRequest>* log)
      : steps_(std::move(steps)), log_(log) {}
  HttpResponse send(const HttpRequest& request, const ChunkCallback&) override {
    log_->push_back(request);
    if (steps_.empty()) throw std::logic_error("unexpected request");
    Step s = steps_.front();
    steps_.pop_front();
    if (s.network_error) throw Error(ErrorCode::kNetwork, request.url + ": connection refused");
    return {s.status, s.headers, s.body};
  }

 private:
  std::deque<Step> steps_;
  std::vector<HttpRequest>* log_;
};

// An embeddings reply with one vector per input; vector i is (i+1, 1, 0, ...) of size dim.
std::string reply(size_t n, int dim) {
  nlohmann::json data = nlohmann::json::array();
  for (size_t i = 0; i < n; ++i) {
    std::vector<float> v(static_cast<size_t>(dim), 0.0f);
    v[0] = static_cast<float>(i + 1);
    if (dim > 1) v[1] = 1;
    data.push_back({{"index", i}, {"embedding", v}, {"object", "embedding"}});
  }
  return nlohmann::json{{"data", data}, {"model", "m"}}.dump();
}

class RemoteEmbedder : public ::testing::Test {
 protected:
  OpenAiEmbedder make(std::deque<ScriptedHttp::Step> steps, int dimension = 0, int batch = 32) {
    RemoteEmbedderOptions o;
    o.base_url = "http://embed.local:8000/";
    o.model = "bge-m3";
    o.api_key = "sk-test";
    o.dimension = dimension;
    o.batch_size = batch;
    o.max_attempts = 3;
    o.sleep = [this](double s) { waits_.push_back(s); };
    return OpenAiEmbedder(o, std::make_unique<ScriptedHttp>(std::move(steps), &requests_));
  }
  std::vector<HttpRequest> requests_;
  std::vector<double> waits_;
};

TEST_F(RemoteEmbedder, BatchesNormalisesAndSendsTheModelAndKey) {
  auto e = make({{200, reply(2, 4)}, {200, reply(1, 4)}}, 0, 2);
  auto v = e.embed({"母线", "失压", "倒闸"}, EmbedKind::kDocument);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(e.dimension(), 4);
  EXPECT_EQ(e.model_id(), "remote:bge-m3");
  EXPECT_NEAR(v[1][0], 2 / std::sqrt(5.0), 1e-6) << "second of the first batch, normalised";
  EXPECT_NEAR(v[2][0], 1 / std::sqrt(2.0), 1e-6) << "first of the second batch";
  ASSERT_EQ(requests_.size(), 2u);
  EXPECT_EQ(requests_[0].url, "http://embed.local:8000/v1/embeddings");
  const auto body = nlohmann::json::parse(requests_[0].body);
  EXPECT_EQ(body["model"], "bge-m3");
  EXPECT_EQ(body["input"], nlohmann::json({"母线", "失压"}));
  bool auth = false;
  for (const auto& [k, val] : requests_[0].headers)
    auth = auth || (k == "Authorization" && val == "Bearer sk-test");
  EXPECT_TRUE(auth);
}

TEST_F(RemoteEmbedder, RateLimitIsRetriedHonouringRetryAfter) {
  auto e = make({{429, R"({"error":{"message":"slow down"}})", {{"retry-after", "2"}}},
                 {503, "overloaded"},
                 {200, reply(1, 3)}});
  auto v = e.embed({"母线"}, EmbedKind::kQuery);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(requests_.size(), 3u);
  EXPECT_EQ(waits_, (std::vector<double>{2.0, 1.0})) << "Retry-After, then backoff 0.5 * 2";
}

TEST_F(RemoteEmbedder, ServerErrorsGiveUpWithTheStatusAndMessage) {
  auto e = make({{500, R"({"error":"CUDA out of memory"})"},
                 {500, R"({"error":"CUDA out of memory"})"},
                 {500, R"({"error":"CUDA out of memory"})"}});
  try {
    e.embed({"母线"}, EmbedKind::kDocument);
    FAIL() << "expected an error";
  } catch (const Error& err) {
    EXPECT_EQ(err.code(), ErrorCode::kRemote);
    EXPECT_NE(std::string(err.what()).find("HTTP 500"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("CUDA out of memory"), std::string::npos);
    EXPECT_NE(std::string(err.what()).find("3 attempts"), std::string::npos);
  }
  EXPECT_EQ(requests_.size(), 3u);
  EXPECT_EQ(waits_, (std::vector<double>{0.5, 1.0}));
}

TEST_F(RemoteEmbedder, BadKeyIsNotRetried) {
  auto e = make({{401, R"({"error":{"message":"Incorrect API key provided"}})"}});
  try {
    e.embed({"母线"}, EmbedKind::kDocument);
    FAIL() << "expected an error";
  } catch (const Error& err) {
    EXPECT_EQ(err.code(), ErrorCode::kRemote);
    EXPECT_NE(std::string(err.what()).find("HTTP 401"), std::string::npos);
    EXPECT_NE(std::string(err.what()).find("Incorrect API key"), std::string::npos);
  }
  EXPECT_EQ(requests_.size(), 1u);
  EXPECT_TRUE(waits_.empty());
}

TEST_F(RemoteEmbedder, WrongDimensionIsAnError) {
  auto configured = make({{200, reply(1, 8)}}, 4);
  EXPECT_THROW(configured.embed({"母线"}, EmbedKind::kDocument), Error);
  requests_.clear();
  auto learnt = make({{200, reply(1, 4)}, {200, reply(1, 5)}});
  learnt.embed({"母线"}, EmbedKind::kDocument);
  try {
    learnt.embed({"失压"}, EmbedKind::kDocument);
    FAIL() << "expected an error";
  } catch (const Error& err) {
    EXPECT_EQ(err.code(), ErrorCode::kRemote);
    EXPECT_NE(std::string(err.what()).find("expected 4"), std::string::npos) << err.what();
  }
}

TEST_F(RemoteEmbedder, MalformedRepliesAndTransportFailures) {
  auto short_reply = make({{200, reply(1, 4)}});
  EXPECT_THROW(short_reply.embed({"a", "b"}, EmbedKind::kDocument), Error);
  auto html = make({{200, "<html>proxy login</html>"}});
  EXPECT_THROW(html.embed({"a"}, EmbedKind::kDocument), Error);
  ScriptedHttp::Step down;
  down.network_error = true;
  auto offline = make({down});
  try {
    offline.embed({"a"}, EmbedKind::kDocument);
    FAIL() << "expected an error";
  } catch (const Error& err) {
    EXPECT_EQ(err.code(), ErrorCode::kNetwork);
  }
}

TEST_F(RemoteEmbedder, DimensionIsAskedOnceWhenNotConfigured) {
  auto e = make({{200, reply(1, 6)}});
  EXPECT_EQ(e.dimension(), 6);
  EXPECT_EQ(e.dimension(), 6);
  EXPECT_EQ(requests_.size(), 1u);
}

}  // namespace openai_embedder_test
}  // namespace regreader::index
