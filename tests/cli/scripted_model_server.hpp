#pragma once
// A scripted model endpoint on a loopback port, for `regreader ask` end to end: it serves the
// Anthropic Messages API (POST /v1/messages) and OpenAI Chat Completions (POST
// /v1/chat/completions), streamed (SSE) or not as the request asks, and answers turn N of its
// script when the conversation holds N tool results. Unlike ../shared/tools/fake-llm-server.mjs
// (one tool call, then an echo), it plays a whole multi-tool run. The replies are rendered by the
// same functions as the agent unit tests' transcripts (agent/scripted_http.hpp).

#include <httplib.h>

#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "agent/scripted_http.hpp"

namespace regreader::testing {

class ScriptedModelServer {
 public:
  explicit ScriptedModelServer(std::vector<ScriptedTurn> script) : script_(std::move(script)) {
    server_.Post("/v1/messages", [this](const httplib::Request& req, httplib::Response& res) {
      answer(Wire::kAnthropic, req, res);
    });
    server_.Post("/v1/chat/completions",
                 [this](const httplib::Request& req, httplib::Response& res) {
                   answer(Wire::kOpenAI, req, res);
                 });
    port_ = server_.bind_to_any_port("127.0.0.1");
    // The socket listens from bind_to_any_port on: connections wait in its backlog.
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~ScriptedModelServer() {
    server_.stop();
    thread_.join();
  }
  ScriptedModelServer(const ScriptedModelServer&) = delete;
  ScriptedModelServer& operator=(const ScriptedModelServer&) = delete;

  /// Base URL for --base-url: the OpenAI form ends in /v1.
  std::string url(Wire w) const {
    const std::string base = "http://127.0.0.1:" + std::to_string(port_);
    return w == Wire::kOpenAI ? base + "/v1" : base;
  }
  /// The request bodies received, in order.
  std::vector<nlohmann::json> requests() const {
    std::lock_guard lock(m_);
    return requests_;
  }

 private:
  static size_t tool_results(Wire w, const nlohmann::json& body) {
    size_t n = 0;
    for (const auto& m : body.value("messages", nlohmann::json::array())) {
      if (w == Wire::kOpenAI && m.value("role", "") == "tool") ++n;
      if (w == Wire::kAnthropic && m.value("role", "") == "user" && m["content"].is_array())
        for (const auto& b : m["content"])
          if (b.value("type", "") == "tool_result") ++n;
    }
    return n;
  }

  void answer(Wire w, const httplib::Request& req, httplib::Response& res) {
    const auto body = nlohmann::json::parse(req.body, nullptr, false);
    if (body.is_discarded()) {
      res.status = 400;
      return;
    }
    {
      std::lock_guard lock(m_);
      requests_.push_back(body);
    }
    const size_t turn = std::min(tool_results(w, body), script_.size() - 1);
    const bool stream = body.value("stream", false);
    const Step s = reply(w, script_[turn], stream);
    res.status = s.status;
    res.set_content(s.body, stream ? "text/event-stream" : "application/json");
  }

  std::vector<ScriptedTurn> script_;
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  mutable std::mutex m_;
  std::vector<nlohmann::json> requests_;
};

}  // namespace regreader::testing
