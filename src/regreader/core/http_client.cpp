#include "regreader/core/http_client.hpp"

// The functions are called through a table (below), where curl.h's type-checking macros for
// direct calls of curl_easy_setopt and curl_easy_getinfo cannot apply.
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <mutex>

#include "regreader/core/error.hpp"
#include "regreader/core/shared_library.hpp"

namespace regreader {

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [k, v] : headers)
    if (k == name) return v;
  return "";
}

namespace {

// libcurl, opened when the first client is made (core/shared_library.hpp): linked, it and the
// 31 libraries it needs were loaded by every command.
// clang-format off
#define REGREADER_CURL(X) \
  X(curl_easy_cleanup) X(curl_easy_getinfo) X(curl_easy_init) \
  X(curl_easy_perform) X(curl_easy_setopt) X(curl_easy_strerror) \
  X(curl_global_init) X(curl_slist_append) X(curl_slist_free_all)
// clang-format on

REGREADER_FUNCTION_TABLE(Curl, REGREADER_CURL)

struct Transfer {
  const ChunkCallback* on_chunk = nullptr;
  HttpResponse* response = nullptr;
  bool aborted = false;
};

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const size_t n = size * count;
  if (t->on_chunk && *t->on_chunk) {
    if (!(*t->on_chunk)(std::string_view(data, n))) {
      t->aborted = true;
      return 0;  // makes libcurl stop with CURLE_WRITE_ERROR
    }
  } else {
    t->response->body.append(data, n);
  }
  return n;
}

std::string trim(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.pop_back();
  size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
    ++i;
  return s.substr(i);
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
  auto* t = static_cast<Transfer*>(user);
  const std::string line(data, size * count);
  if (line.rfind("HTTP/", 0) == 0) t->response->headers.clear();  // a new response (redirect, 100)
  const auto colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    t->response->headers.emplace_back(name, trim(line.substr(colon + 1)));
  }
  return size * count;
}

class CurlClient : public HttpClient {
 public:
  CurlClient() {
    static std::once_flag once;
    std::call_once(once, [this] { api.curl_global_init(CURL_GLOBAL_DEFAULT); });
  }

  HttpResponse send(const HttpRequest& req, const ChunkCallback& on_chunk) override {
    CURL* curl = api.curl_easy_init();
    if (!curl) throw Error(ErrorCode::kInternal, "libcurl could not start a transfer");
    HttpResponse response;
    Transfer t{&on_chunk, &response};
    curl_slist* headers = nullptr;
    for (const auto& [k, v] : req.headers)
      headers = api.curl_slist_append(headers, (k + ": " + v).c_str());
    api.curl_easy_setopt(curl, CURLOPT_URL, req.url.c_str());
    api.curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, req.method.c_str());
    if (req.method != "GET" && req.method != "HEAD") {
      api.curl_easy_setopt(curl, CURLOPT_POSTFIELDS, req.body.data());
      api.curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE,
                           static_cast<curl_off_t>(req.body.size()));
    }
    api.curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    api.curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    api.curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
    api.curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    api.curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
    api.curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api.curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    api.curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(req.timeout_seconds * 1000));
    api.curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                         static_cast<long>(req.connect_timeout_seconds * 1000));
    const CURLcode rc = api.curl_easy_perform(curl);
    long status = 0;
    api.curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    api.curl_slist_free_all(headers);
    api.curl_easy_cleanup(curl);
    response.status = static_cast<int>(status);
    if (rc != CURLE_OK && !t.aborted)
      throw Error(ErrorCode::kNetwork,
                  req.method + " " + req.url + ": " + api.curl_easy_strerror(rc));
    return response;
  }

 private:
  const Curl& api = required<Curl>("libcurl.so.4", ErrorCode::kNotConfigured,
                                   "the HTTP client library is missing (apt-get install libcurl4)");
};

}  // namespace

std::unique_ptr<HttpClient> make_curl_client() {
  return std::make_unique<CurlClient>();
}

}  // namespace regreader
