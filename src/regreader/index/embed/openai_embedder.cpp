#include "regreader/index/embed/openai_embedder.hpp"

#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <thread>

#include "regreader/core/error.hpp"

namespace regreader::index {

namespace {

// A Retry-After longer than this is not waited for: the error is reported instead.
constexpr double kMaxRetryAfterSeconds = 120;
// Server messages quoted in errors are cut to this many bytes (HTML error pages are long).
constexpr size_t kMaxQuotedBody = 300;
// Inputs are cut to this many bytes: embedding servers reject over-long inputs (bge: 512 tokens,
// ~1 token per Chinese character, 3 bytes each) instead of truncating them.
constexpr size_t kMaxInputBytes = 1500;

std::string endpoint(std::string base) {
  while (!base.empty() && base.back() == '/')
    base.pop_back();
  auto ends_with = [&](const std::string& s) {
    return base.size() >= s.size() && base.compare(base.size() - s.size(), s.size(), s) == 0;
  };
  if (ends_with("/embeddings")) return base;
  if (ends_with("/v1")) return base + "/embeddings";
  return base + "/v1/embeddings";
}

std::string cut_utf8(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80)
    --n;
  return s.substr(0, n);
}

// The server's own words: OpenAI {"error":{"message"}}, TEI {"error":"..."}, FastAPI {"detail"}.
std::string server_message(const std::string& body) {
  const auto j = nlohmann::json::parse(body, nullptr, false);
  if (!j.is_discarded() && j.is_object()) {
    if (j.contains("error")) {
      const auto& e = j["error"];
      if (e.is_string()) return e.get<std::string>();
      if (e.is_object() && e.contains("message") && e["message"].is_string())
        return e["message"].get<std::string>();
    }
    for (const char* key : {"message", "detail"})
      if (j.contains(key) && j[key].is_string()) return j[key].get<std::string>();
  }
  return cut_utf8(body, kMaxQuotedBody);
}

bool retryable(int status) {
  return status == 429 || status >= 500;
}

}  // namespace

OpenAiEmbedder::OpenAiEmbedder(RemoteEmbedderOptions options, std::unique_ptr<HttpClient> client)
    : options_(std::move(options)), client_(std::move(client)), url_(endpoint(options_.base_url)) {
  if (options_.base_url.empty() || options_.model.empty())
    throw Error(ErrorCode::kInvalidArgument,
                "the embeddings endpoint needs a URL (REGREADER_EMBEDDING_URL) and a model "
                "(REGREADER_EMBEDDING_MODEL)");
  if (options_.batch_size < 1 || options_.max_attempts < 1)
    throw Error(ErrorCode::kInvalidArgument, "embedding batch size and attempts must be >= 1");
  if (!options_.sleep)
    options_.sleep = [](double s) {
      std::this_thread::sleep_for(std::chrono::duration<double>(s));
    };
  dimension_ = options_.dimension;
}

std::string OpenAiEmbedder::model_id() const {
  return "remote:" + options_.model;
}

int OpenAiEmbedder::dimension() const {
  if (dimension_ == 0) embed_batch({"维度"});  // learns dimension_ from the reply
  return dimension_;
}

std::vector<std::vector<float>> OpenAiEmbedder::embed(const std::vector<std::string>& texts,
                                                      EmbedKind) {
  std::vector<std::vector<float>> out;
  out.reserve(texts.size());
  for (size_t i = 0; i < texts.size(); i += static_cast<size_t>(options_.batch_size)) {
    const size_t end = std::min(texts.size(), i + static_cast<size_t>(options_.batch_size));
    auto part = embed_batch(std::vector<std::string>(texts.begin() + i, texts.begin() + end));
    for (auto& v : part)
      out.push_back(std::move(v));
  }
  return out;
}

std::vector<std::vector<float>> OpenAiEmbedder::embed_batch(
    const std::vector<std::string>& texts) const {
  nlohmann::json input = nlohmann::json::array();
  for (const auto& t : texts)
    input.push_back(cut_utf8(t.empty() ? " " : t, kMaxInputBytes));
  HttpRequest req;
  req.url = url_;
  req.timeout_seconds = options_.timeout_seconds;
  req.headers = {{"Content-Type", "application/json"}};
  if (!options_.api_key.empty())
    req.headers.emplace_back("Authorization", "Bearer " + options_.api_key);
  req.body = nlohmann::json{{"model", options_.model}, {"input", input}}.dump();
  return parse_reply(send_with_retries(req), texts.size());
}

HttpResponse OpenAiEmbedder::send_with_retries(const HttpRequest& request) const {
  double backoff = options_.first_backoff_seconds;
  for (int attempt = 1;; ++attempt) {
    HttpResponse r = client_->send(request);
    if (r.status >= 200 && r.status < 300) return r;
    const std::string what = "embeddings endpoint " + url_ + " answered HTTP " +
                             std::to_string(r.status) + ": " + server_message(r.body);
    if (!retryable(r.status) || attempt >= options_.max_attempts)
      throw Error(
          ErrorCode::kRemote,
          what + (retryable(r.status) ? " (gave up after " + std::to_string(attempt) + " attempts)"
                                      : ""));
    double wait = backoff;
    const std::string after = r.header("retry-after");
    if (!after.empty()) {
      char* end = nullptr;
      const double s = std::strtod(after.c_str(), &end);
      if (end != after.c_str() && s >= 0) wait = s;
    }
    if (wait > kMaxRetryAfterSeconds)
      throw Error(ErrorCode::kRemote, what + " (asked to retry after " + after + " s)");
    options_.sleep(wait);
    backoff *= 2;
  }
}

std::vector<std::vector<float>> OpenAiEmbedder::parse_reply(const HttpResponse& reply,
                                                            size_t expected) const {
  const auto j = nlohmann::json::parse(reply.body, nullptr, false);
  auto bad = [&](const std::string& why) {
    return Error(ErrorCode::kRemote, "embeddings endpoint " + url_ + ": " + why);
  };
  if (j.is_discarded() || !j.is_object() || !j.contains("data") || !j["data"].is_array())
    throw bad("the reply is not an embeddings response: " + cut_utf8(reply.body, kMaxQuotedBody));
  if (j["data"].size() != expected)
    throw bad("asked for " + std::to_string(expected) + " embeddings, got " +
              std::to_string(j["data"].size()));
  std::vector<std::vector<float>> out(expected);
  for (size_t i = 0; i < expected; ++i) {
    const auto& item = j["data"][i];
    const size_t at = item.contains("index") && item["index"].is_number_unsigned()
                          ? item["index"].get<size_t>()
                          : i;
    if (at >= expected || !item.contains("embedding") || !item["embedding"].is_array())
      throw bad("malformed item " + std::to_string(i) + " in the reply");
    auto v = item["embedding"].get<std::vector<float>>();
    if (dimension_ == 0) dimension_ = static_cast<int>(v.size());
    if (static_cast<int>(v.size()) != dimension_ || v.empty())
      throw bad("an embedding of " + std::to_string(v.size()) + " values, expected " +
                std::to_string(dimension_) + " (model " + options_.model + ")");
    double norm = 0;
    for (float x : v)
      norm += static_cast<double>(x) * x;
    norm = std::sqrt(norm);
    if (norm > 0)
      for (float& x : v)
        x = static_cast<float>(x / norm);
    out[at] = std::move(v);
  }
  return out;
}

}  // namespace regreader::index
