#pragma once
// An HTTP peer answered with an error: the code is kRemote and the status is kept, so callers can
// tell a bad key (401/403) from a rate limit (429) or an outage (5xx, Anthropic 529).

#include <string>

#include "regreader/core/error.hpp"

namespace regreader::agent {

class UpstreamError : public Error {
 public:
  /// status 0 means the server answered 2xx with a body we could not read (malformed JSON).
  UpstreamError(int status, const std::string& message)
      : Error(ErrorCode::kRemote, message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

}  // namespace regreader::agent
