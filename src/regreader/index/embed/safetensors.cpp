#include "regreader/index/embed/safetensors.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bit>
#include <cstring>
#include <nlohmann/json.hpp>

#include "regreader/core/error.hpp"

namespace regreader::index {
namespace {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian");

// A header larger than this is not a real model (the format itself caps it at 100 MB).
constexpr uint64_t kMaxHeaderBytes = 100'000'000;

[[noreturn]] void corrupt(const std::filesystem::path& path, const std::string& why) {
  throw Error(ErrorCode::kCorruptFile, "corrupt safetensors file " + path.string() + ": " + why);
}

// Bytes per element of every dtype the format defines; 0 for an unknown one.
size_t dtype_size(const std::string& dtype) {
  if (dtype == "F64" || dtype == "I64" || dtype == "U64") return 8;
  if (dtype == "F32" || dtype == "I32" || dtype == "U32") return 4;
  if (dtype == "F16" || dtype == "BF16" || dtype == "I16" || dtype == "U16") return 2;
  if (dtype == "I8" || dtype == "U8" || dtype == "BOOL" || dtype == "F8_E4M3" || dtype == "F8_E5M2")
    return 1;
  return 0;
}

TensorInfo parse_entry(const std::filesystem::path& path, const std::string& name,
                       const nlohmann::json& j, size_t data_size) {
  const auto bad = [&](const std::string& why) { corrupt(path, "tensor " + name + ": " + why); };
  if (!j.is_object() || !j.contains("dtype") || !j["dtype"].is_string()) bad("no dtype");
  if (!j.contains("shape") || !j["shape"].is_array()) bad("no shape");
  if (!j.contains("data_offsets") || !j["data_offsets"].is_array() || j["data_offsets"].size() != 2)
    bad("no data_offsets pair");
  TensorInfo t;
  t.dtype = j["dtype"].get<std::string>();
  size_t elements = 1;
  for (const auto& d : j["shape"]) {
    if (!d.is_number_unsigned() || d.get<uint64_t>() > uint64_t{1} << 40)
      bad("shape has a non-integer, negative or absurd dimension");
    t.shape.push_back(d.get<int64_t>());
    if (__builtin_mul_overflow(elements, d.get<size_t>(), &elements)) bad("shape overflows");
  }
  for (const auto& o : j["data_offsets"])
    if (!o.is_number_unsigned()) bad("data_offsets are not non-negative integers");
  t.begin = j["data_offsets"][0].get<size_t>();
  t.end = j["data_offsets"][1].get<size_t>();
  if (t.begin > t.end || t.end > data_size)
    bad("data_offsets [" + std::to_string(t.begin) + ", " + std::to_string(t.end) +
        "] outside the data section of " + std::to_string(data_size) + " bytes");
  size_t bytes = 0;
  if (const size_t es = dtype_size(t.dtype);
      es != 0 && (__builtin_mul_overflow(elements, es, &bytes) || bytes != t.end - t.begin))
    bad("shape needs " + std::to_string(elements) + " elements of " + std::to_string(es) +
        " bytes but data_offsets span " + std::to_string(t.end - t.begin));
  return t;
}

}  // namespace

size_t TensorInfo::elements() const {
  size_t n = 1;
  for (int64_t d : shape)
    n *= static_cast<size_t>(d);
  return n;
}

float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t mant = h & 0x3FFu;
  uint32_t bits = 0;
  if (exp == 0x1F) {
    bits = sign | 0x7F800000u | (mant << 13);  // inf / NaN
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant != 0) {  // subnormal: renormalise
    int e = -1;
    do {
      ++e;
      mant <<= 1;
    } while ((mant & 0x400u) == 0);
    bits = sign | static_cast<uint32_t>(112 - e) << 23 | ((mant & 0x3FFu) << 13);
  } else {
    bits = sign;
  }
  return std::bit_cast<float>(bits);
}

float bfloat16_to_float(uint16_t b) {
  return std::bit_cast<float>(static_cast<uint32_t>(b) << 16);
}

SafetensorsFile::SafetensorsFile(const std::filesystem::path& path) : path_(path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw Error(ErrorCode::kNotFound,
                "cannot open safetensors file " + path.string() + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < 8) {
    ::close(fd);
    corrupt(path, "shorter than the 8-byte header length");
  }
  map_size_ = static_cast<size_t>(st.st_size);
  void* m = ::mmap(nullptr, map_size_, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);
  if (m == MAP_FAILED)
    throw Error(ErrorCode::kIo, "cannot map " + path.string() + ": " + std::strerror(errno));
  map_ = static_cast<const unsigned char*>(m);
  try {
    uint64_t header_len = 0;
    for (int i = 7; i >= 0; --i)
      header_len = (header_len << 8) | map_[i];
    if (header_len > kMaxHeaderBytes || header_len > map_size_ - 8)
      corrupt(path, "header length " + std::to_string(header_len) + " exceeds the file size " +
                        std::to_string(map_size_));
    parse_header(static_cast<size_t>(header_len));
  } catch (...) {
    ::munmap(const_cast<unsigned char*>(map_), map_size_);
    throw;
  }
}

SafetensorsFile::~SafetensorsFile() {
  if (map_) ::munmap(const_cast<unsigned char*>(map_), map_size_);
}

void SafetensorsFile::parse_header(size_t header_len) {
  const char* begin = reinterpret_cast<const char*>(map_ + 8);
  const auto header = nlohmann::json::parse(begin, begin + header_len, nullptr, false);
  if (header.is_discarded() || !header.is_object()) corrupt(path_, "header is not a JSON object");
  data_ = map_ + 8 + header_len;
  data_size_ = map_size_ - 8 - header_len;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") continue;
    tensors_.emplace(name, parse_entry(path_, name, entry, data_size_));
  }
}

const TensorInfo& SafetensorsFile::info(const std::string& name) const {
  const auto it = tensors_.find(name);
  if (it == tensors_.end())
    throw Error(ErrorCode::kCorruptFile,
                "safetensors file " + path_.string() + " has no tensor " + name);
  return it->second;
}

std::vector<std::string> SafetensorsFile::names() const {
  std::vector<std::string> out;
  for (const auto& [name, _] : tensors_)
    out.push_back(name);
  return out;
}

std::vector<float> SafetensorsFile::load_floats(const std::string& name) const {
  const TensorInfo& t = info(name);
  const unsigned char* p = data_ + t.begin;
  std::vector<float> out(t.elements());
  // The data section need not be aligned (the header length is arbitrary): copy bytewise.
  if (t.dtype == "F32") {
    std::memcpy(out.data(), p, out.size() * sizeof(float));
  } else if (t.dtype == "F16" || t.dtype == "BF16") {
    const bool half = t.dtype == "F16";
    for (size_t i = 0; i < out.size(); ++i) {
      const uint16_t v = static_cast<uint16_t>(p[2 * i] | (p[2 * i + 1] << 8));
      out[i] = half ? half_to_float(v) : bfloat16_to_float(v);
    }
  } else {
    throw Error(ErrorCode::kUnsupportedFormat, "tensor " + name + " in " + path_.string() +
                                                   " has dtype " + t.dtype +
                                                   "; supported: F32, F16, BF16");
  }
  return out;
}

}  // namespace regreader::index
