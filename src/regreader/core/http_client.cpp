#include "regreader/core/http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <mutex>

#include "regreader/core/error.hpp"

namespace regreader {

std::string HttpResponse::header(std::string_view name) const {
  for (const auto& [k, v] : headers)
    if (k == name) return v;
  return "";
}

namespace {

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
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  }

  HttpResponse send(const HttpRequest& req, const ChunkCallback& on_chunk) override {
    CURL* curl = curl_easy_init();
    if (!curl) throw Error(ErrorCode::kInternal, "libcurl could not start a transfer");
    HttpResponse response;
    Transfer t{&on_chunk, &response};
    curl_slist* headers = nullptr;
    for (const auto& [k, v] : req.headers)
      headers = curl_slist_append(headers, (k + ": " + v).c_str());
    curl_easy_setopt(curl, CURLOPT_URL, req.url.c_str());
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, req.method.c_str());
    if (req.method != "GET" && req.method != "HEAD") {
      curl_easy_setopt(curl, CURLOPT_POSTFIELDS, req.body.data());
      curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(req.body.size()));
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(req.timeout_seconds * 1000));
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                     static_cast<long>(req.connect_timeout_seconds * 1000));
    const CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    response.status = static_cast<int>(status);
    if (rc != CURLE_OK && !t.aborted)
      throw Error(ErrorCode::kNetwork, req.method + " " + req.url + ": " + curl_easy_strerror(rc));
    return response;
  }
};

}  // namespace

std::unique_ptr<HttpClient> make_curl_client() {
  return std::make_unique<CurlClient>();
}

}  // namespace regreader
