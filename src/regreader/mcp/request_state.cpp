#include "regreader/mcp/request_state.hpp"

#include <random>

#include "regreader/core/hash.hpp"

namespace regreader::mcp {

namespace {

constexpr size_t kBlock = 64;  // SHA-256 block size, as HMAC pads its key to it

const std::string& secret() {
  static const std::string key = [] {
    std::random_device rd;
    std::string k(32, '\0');
    for (auto& c : k)
      c = static_cast<char>(rd() & 0xff);
    return k;
  }();
  return key;
}

std::string unhex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return out;
}

// RFC 2104 HMAC over SHA-256, lower-case hex.
std::string hmac_sha256(const std::string& key, const std::string& message) {
  std::string ipad(kBlock, 0x36), opad(kBlock, 0x5c);
  for (size_t i = 0; i < key.size() && i < kBlock; ++i) {
    ipad[i] = static_cast<char>(ipad[i] ^ key[i]);
    opad[i] = static_cast<char>(opad[i] ^ key[i]);
  }
  Sha256 inner;
  inner.update(ipad);
  inner.update(message);
  Sha256 outer;
  outer.update(opad);
  outer.update(unhex(inner.hex_digest()));
  return outer.hex_digest();
}

// Compares without leaking where the first difference is.
bool same(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i)
    diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

std::string seal_request_state(const json& answers) {
  const std::string payload = answers.dump();
  return hmac_sha256(secret(), payload) + ":" + payload;
}

json open_request_state(const std::string& state) {
  const auto colon = state.find(':');
  const std::string payload = colon == std::string::npos ? "" : state.substr(colon + 1);
  if (colon == std::string::npos || !same(state.substr(0, colon), hmac_sha256(secret(), payload)))
    throw RpcError(rpc::kInvalidParams,
                   "Invalid requestState: it was not issued by this server or was altered");
  json answers = json::parse(payload, nullptr, false);
  if (!answers.is_object()) throw RpcError(rpc::kInvalidParams, "Invalid requestState");
  return answers;
}

}  // namespace regreader::mcp
