#include "regreader/index/embed/safetensors.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::index {
namespace safetensors_test {

namespace fs = std::filesystem;

// A safetensors file from a header text and raw data bytes, written as the format lays it out.
fs::path write_file(const fs::path& dir, const std::string& header, const std::string& data) {
  const auto path = dir / "model.safetensors";
  std::ofstream out(path, std::ios::binary);
  uint64_t n = header.size();
  for (int i = 0; i < 8; ++i)
    out.put(static_cast<char>((n >> (8 * i)) & 0xFF));
  out << header << data;
  return path;
}

std::string f32_bytes(std::initializer_list<float> values) {
  std::string s;
  for (float v : values) {
    char b[4];
    std::memcpy(b, &v, 4);
    s.append(b, 4);
  }
  return s;
}

void expect_error(const fs::path& path, ErrorCode code, const std::string& fragment) {
  try {
    SafetensorsFile f(path);
    FAIL() << "no error for " << fragment;
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(Safetensors, HalfAndBfloat16Conversion) {
  EXPECT_EQ(half_to_float(0x3C00), 1.0f);
  EXPECT_EQ(half_to_float(0xC000), -2.0f);
  EXPECT_EQ(half_to_float(0x7BFF), 65504.0f);
  EXPECT_EQ(half_to_float(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_EQ(half_to_float(0x0001), std::ldexp(1.0f, -24));  // smallest subnormal
  EXPECT_EQ(half_to_float(0x0300), 0.75f * std::ldexp(1.0f, -14));
  EXPECT_EQ(half_to_float(0x7C00), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(half_to_float(0x7E00)));
  EXPECT_EQ(bfloat16_to_float(0x3F80), 1.0f);
  EXPECT_EQ(bfloat16_to_float(0xC0A0), -5.0f);
}

TEST(Safetensors, ReadsF32F16AndBf16Tensors) {
  parse::TempDir tmp;
  // Header length 7 + 8 is not a multiple of 4: the data section is unaligned on purpose.
  const std::string header =
      R"({"__metadata__":{"format":"pt"},"a":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},)"
      R"("h":{"dtype":"F16","shape":[3],"data_offsets":[16,22]},)"
      R"("b":{"dtype":"BF16","shape":[1],"data_offsets":[22,24]}})";
  const std::string data = f32_bytes({1.5f, -2.0f, 0.25f, 8.0f}) +
                           std::string("\x00\x3C\x00\xC0\x00\x35", 6) + std::string("\x80\x3F", 2);
  SafetensorsFile f(write_file(tmp.path(), header + "  ", data));
  EXPECT_EQ(f.names(), (std::vector<std::string>{"a", "b", "h"}));
  EXPECT_EQ(f.info("a").shape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(f.load_floats("a"), (std::vector<float>{1.5f, -2.0f, 0.25f, 8.0f}));
  EXPECT_EQ(f.load_floats("h"), (std::vector<float>{1.0f, -2.0f, 0.3125f}));
  EXPECT_EQ(f.load_floats("b"), (std::vector<float>{1.0f}));
  EXPECT_FALSE(f.contains("__metadata__"));
}

TEST(Safetensors, MissingFileIsNotFound) {
  parse::TempDir tmp;
  expect_error(tmp.path() / "model.safetensors", ErrorCode::kNotFound, "model.safetensors");
}

TEST(Safetensors, MalformedFilesAreCorrupt) {
  parse::TempDir tmp;
  const auto path = tmp.path() / "model.safetensors";
  std::ofstream(path, std::ios::binary) << "abc";
  expect_error(path, ErrorCode::kCorruptFile, "8-byte");
  write_file(tmp.path(), "{\"a\":{\"dtype\":\"F32\"", "");
  expect_error(path, ErrorCode::kCorruptFile, "JSON");
  write_file(tmp.path(), R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})",
             f32_bytes({1.0f}));
  expect_error(path, ErrorCode::kCorruptFile, "outside the data section");
  write_file(tmp.path(), R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})",
             f32_bytes({1.0f, 2.0f}));
  expect_error(path, ErrorCode::kCorruptFile, "shape needs 3 elements of 4 bytes");
  write_file(tmp.path(),
             R"({"a":{"dtype":"F32","shape":[1099511627776,1099511627776],"data_offsets":[0,8]}})",
             f32_bytes({1.0f, 2.0f}));
  expect_error(path, ErrorCode::kCorruptFile, "shape overflows");
  write_file(tmp.path(), R"({"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}})",
             f32_bytes({1.0f, 2.0f}));
  expect_error(path, ErrorCode::kCorruptFile, "tensor a");
  write_file(tmp.path(), R"({"a":{"dtype":"F32","shape":[2]}})", f32_bytes({1.0f, 2.0f}));
  expect_error(path, ErrorCode::kCorruptFile, "data_offsets");
}

TEST(Safetensors, HeaderLongerThanFileIsCorrupt) {
  parse::TempDir tmp;
  const auto path = write_file(tmp.path(), "{}", "");
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.put('\x7F');  // header length 127, file has 2 bytes after the length
  f.close();
  expect_error(path, ErrorCode::kCorruptFile, "header length 127");
}

TEST(Safetensors, UnsupportedDtypeOnLoadAndMissingTensor) {
  parse::TempDir tmp;
  const auto path =
      write_file(tmp.path(), R"({"i":{"dtype":"I64","shape":[1],"data_offsets":[0,8]}})",
                 std::string(8, '\0'));
  SafetensorsFile f(path);
  try {
    f.load_floats("i");
    FAIL() << "I64 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kUnsupportedFormat);
    EXPECT_NE(std::string(e.what()).find("I64"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
  try {
    f.info("nope");
    FAIL() << "missing tensor accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kCorruptFile);
    EXPECT_NE(std::string(e.what()).find("nope"), std::string::npos) << e.what();
  }
}

}  // namespace safetensors_test
}  // namespace regreader::index
