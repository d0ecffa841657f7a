#pragma once
// An HttpClient for agents whose model calls run concurrently (orchestrated subagents): each
// request goes to the script whose marker (a phrase of the caller's system prompt) occurs in the
// request body, so every part of a run replays its own transcript whatever the thread timing.
// Each turn is rendered when it is asked for, streamed (SSE, in small chunks) when the request
// asks to stream and as one JSON body otherwise.

#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "agent/scripted_http.hpp"

namespace regreader::testing {

class RoutedHttpClient : public HttpClient {
 public:
  struct Route {
    std::string marker;
    Wire wire;
    std::deque<ScriptedTurn> turns;
    std::vector<HttpRequest> requests;

    size_t remaining() const { return turns.size(); }
    nlohmann::json body_json(size_t i) const { return nlohmann::json::parse(requests.at(i).body); }
  };

  /// Routes are tried in order; the first whose marker occurs in the body answers.
  void route(std::string marker, Wire wire, const std::vector<ScriptedTurn>& turns) {
    routes_.push_back(
        std::make_unique<Route>(Route{std::move(marker), wire, {turns.begin(), turns.end()}, {}}));
  }

  HttpResponse send(const HttpRequest& request, const ChunkCallback& on_chunk) override {
    Step step;
    {
      std::lock_guard lock(mutex_);
      Route* r = find(request.body);
      r->requests.push_back(request);
      if (r->turns.empty())
        throw std::logic_error("RoutedHttpClient: no reply left for " + r->marker);
      const auto body = nlohmann::json::parse(request.body, nullptr, false);
      const bool stream = body.is_object() && body.value("stream", false);
      step = reply(r->wire, r->turns.front(), stream);
      r->turns.pop_front();
    }
    HttpResponse out;
    out.status = step.status;
    out.headers = step.headers;
    if (!on_chunk) {
      out.body = step.body;
      return out;
    }
    for (size_t i = 0; i < step.body.size(); i += kChunkBytes)
      if (!on_chunk(std::string_view(step.body).substr(i, kChunkBytes))) break;
    return out;
  }

  /// The route of a marker (its requests, what remains).
  Route& script(const std::string& marker) {
    std::lock_guard lock(mutex_);
    for (auto& r : routes_)
      if (r->marker == marker) return *r;
    throw std::logic_error("RoutedHttpClient: no route " + marker);
  }

 private:
  static constexpr size_t kChunkBytes = 7;  // splits lines and UTF-8 characters

  Route* find(const std::string& body) {
    for (auto& r : routes_)
      if (body.find(r->marker) != std::string::npos) return r.get();
    throw std::logic_error("RoutedHttpClient: no route for " + body.substr(0, 300));
  }

  std::vector<std::unique_ptr<Route>> routes_;
  std::mutex mutex_;
};

}  // namespace regreader::testing
