#include "regreader/store/text_signature.hpp"

#include <algorithm>
#include <cstdio>

#include "regreader/core/text.hpp"

namespace regreader::store {

namespace {

// Bottom-k MinHash (the k smallest shingle hashes of one hash function): no library in Debian
// offers it for C++, and it is twenty lines.
constexpr size_t kSignatureSize = 128;
constexpr size_t kShingle = 5;

uint64_t mix(uint64_t x) {  // splitmix64's finalizer
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::vector<uint64_t> text_signature(const std::string& text) {
  const auto cps = text::content_codepoints(text);
  std::vector<uint64_t> hashes;
  for (size_t i = 0; i + kShingle <= cps.size(); ++i) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (size_t k = 0; k < kShingle; ++k)
      h = mix(h ^ cps[i + k]);
    hashes.push_back(h);
  }
  std::sort(hashes.begin(), hashes.end());
  hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
  if (hashes.size() > kSignatureSize) hashes.resize(kSignatureSize);
  return hashes;
}

double signature_similarity(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  if (a.empty() || b.empty()) return 0;
  // The k smallest hashes of the union; the share of them found in both estimates the Jaccard.
  size_t seen = 0, both = 0;
  const size_t k = std::min({kSignatureSize, a.size() + b.size()});
  for (size_t i = 0, j = 0; seen < k && (i < a.size() || j < b.size()); ++seen) {
    if (j >= b.size() || (i < a.size() && a[i] < b[j]))
      ++i;
    else if (i >= a.size() || b[j] < a[i])
      ++j;
    else
      ++both, ++i, ++j;
  }
  return seen ? static_cast<double>(both) / static_cast<double>(seen) : 0;
}

std::vector<uint64_t> document_signature(const model::ParsedDocument& doc) {
  std::vector<std::pair<std::pair<int, int>, const std::string*>> blocks;
  for (const auto& page : doc.pages)
    for (const auto& b : page.content_blocks)
      blocks.push_back({{page.page_num, b.order_in_page}, &b.content_markdown});
  std::stable_sort(blocks.begin(), blocks.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string all;
  for (const auto& [at, content] : blocks)
    all += *content + "\n";
  return text_signature(all);
}

std::string encode_signature(const std::vector<uint64_t>& signature) {
  std::string out;
  char hex[17];
  for (uint64_t h : signature) {
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    out += hex;
  }
  return out;
}

std::vector<uint64_t> decode_signature(const std::string& text) {
  std::vector<uint64_t> out;
  if (text.size() % 16 != 0) return {};
  for (size_t i = 0; i < text.size(); i += 16) {
    uint64_t h = 0;
    for (size_t k = i; k < i + 16; ++k) {
      const char c = text[k];
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return {};
      h = (h << 4) | static_cast<uint64_t>(d);
    }
    out.push_back(h);
  }
  return out;
}

}  // namespace regreader::store
