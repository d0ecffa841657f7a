#include "regreader/core/hash.hpp"

#include <openssl/evp.h>

#include <fstream>
#include <vector>

#include "regreader/core/error.hpp"

namespace regreader {

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1)
    throw Error(ErrorCode::kInternal, "cannot initialise SHA-256");
}

Sha256::~Sha256() {
  EVP_MD_CTX_free(ctx_);
}

void Sha256::update(std::string_view bytes) {
  EVP_DigestUpdate(ctx_, bytes.data(), bytes.size());
}

std::string Sha256::hex_digest() {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx_, md, &len);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < len; ++i) {
    out.push_back(hex[md[i] >> 4]);
    out.push_back(hex[md[i] & 15]);
  }
  return out;
}

std::string sha256_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ErrorCode::kIo, path.string() + ": cannot open for reading");
  Sha256 sha;
  std::vector<char> buf(1 << 16);
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    if (in.gcount() > 0) sha.update(std::string_view(buf.data(), static_cast<size_t>(in.gcount())));
  }
  return sha.hex_digest();
}

}  // namespace regreader
