#pragma once
// SHA-256 through OpenSSL's EVP interface.

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st;

namespace regreader {

/// Incremental SHA-256.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  void update(std::string_view bytes);
  /// Lower-case hex digest; the object must not be updated afterwards.
  std::string hex_digest();

 private:
  evp_md_ctx_st* ctx_;
};

/// Lower-case hex SHA-256 of a file's bytes.
std::string sha256_file(const std::filesystem::path& path);

}  // namespace regreader
