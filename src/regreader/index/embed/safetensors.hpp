#pragma once
// Reader for the safetensors format (Hugging Face): an 8-byte little-endian header length, a JSON
// header mapping tensor names to {dtype, shape, data_offsets}, then the raw little-endian data.
// The file is memory-mapped; tensors are validated against the file size when it is opened.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace regreader::index {

/// One tensor's header entry; offsets are relative to the start of the data section.
struct TensorInfo {
  std::string dtype;  ///< "F32", "F16", "BF16", "I64", ...
  std::vector<int64_t> shape;
  size_t begin = 0;
  size_t end = 0;
  /// Number of elements (product of the shape; 1 for a scalar).
  size_t elements() const;
};

class SafetensorsFile {
 public:
  /// Maps and validates `path`. Throws Error naming the file: kNotFound when it is missing,
  /// kCorruptFile when the header is malformed or a tensor's offsets or size do not fit.
  explicit SafetensorsFile(const std::filesystem::path& path);
  ~SafetensorsFile();
  SafetensorsFile(const SafetensorsFile&) = delete;
  SafetensorsFile& operator=(const SafetensorsFile&) = delete;

  const std::filesystem::path& path() const { return path_; }
  bool contains(const std::string& name) const { return tensors_.count(name) > 0; }
  /// Header entry of `name`; throws kCorruptFile naming the file and tensor when it is absent.
  const TensorInfo& info(const std::string& name) const;
  std::vector<std::string> names() const;

  /// The tensor as floats in row-major order; F32, F16 and BF16 are supported (converted on load),
  /// any other dtype throws kUnsupportedFormat naming the file and tensor.
  std::vector<float> load_floats(const std::string& name) const;

 private:
  void parse_header(size_t header_len);

  std::filesystem::path path_;
  const unsigned char* map_ = nullptr;
  size_t map_size_ = 0;
  const unsigned char* data_ = nullptr;  ///< start of the data section inside the mapping
  size_t data_size_ = 0;
  std::map<std::string, TensorInfo> tensors_;
};

/// IEEE 754 half and bfloat16 to float (exposed for tests).
float half_to_float(uint16_t h);
float bfloat16_to_float(uint16_t b);

}  // namespace regreader::index
