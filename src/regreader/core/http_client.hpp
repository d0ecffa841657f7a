#pragma once
// The one HTTP client interface of RegReader, used by the embeddings client (index) and the LLM
// clients (agent). Production code uses make_curl_client() (libcurl: TLS, proxies from the usual
// environment variables, timeouts); tests pass a scripted HttpClient that replays transcripts.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace regreader {

struct HttpRequest {
  std::string method = "POST";
  std::string url;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  double timeout_seconds = 60;  ///< whole request; 0 = none
  double connect_timeout_seconds = 10;
};

struct HttpResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers;  ///< names lower-cased
  std::string body;  ///< empty when the body was streamed to a ChunkCallback

  /// Value of the first header with this (lower-case) name, or "".
  std::string header(std::string_view name) const;
};

/// Receives the response body as it arrives; return false to abort the transfer.
using ChunkCallback = std::function<bool(std::string_view chunk)>;

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  /// Sends one request. Any HTTP status is returned, not thrown; a transport failure (DNS,
  /// refused connection, timeout, TLS) throws Error(ErrorCode::kNetwork) naming the URL.
  virtual HttpResponse send(const HttpRequest& request, const ChunkCallback& on_chunk = {}) = 0;
};

/// libcurl-backed client. Honours http_proxy / https_proxy / no_proxy.
std::unique_ptr<HttpClient> make_curl_client();

}  // namespace regreader
