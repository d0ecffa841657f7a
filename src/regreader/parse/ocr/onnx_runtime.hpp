#pragma once
// ONNX Runtime, loaded at run time with dlopen (libonnxruntime.so.1 from the pinned npm package
// that scripts/fetch-ocr-models.sh installs): the build and the tests never need it, and a
// machine without it reads scans with tesseract. Only the few C API functions a float model's
// inference needs are declared (onnx_runtime.cpp); no npm package ships the C headers.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace regreader::parse {

/// A float tensor: its shape and row-major values.
struct Tensor {
  std::vector<int64_t> shape;
  std::vector<float> values;
};

class OnnxRuntime;

/// One model loaded into a session with one input and one output, both float tensors.
class OnnxModel {
 public:
  ~OnnxModel();
  OnnxModel(const OnnxModel&) = delete;
  OnnxModel& operator=(const OnnxModel&) = delete;

  /// Runs the model on `input`. Throws Error(kConversion) with the runtime's message.
  Tensor run(const Tensor& input) const;

 private:
  friend class OnnxRuntime;
  OnnxModel() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

class OnnxRuntime {
 public:
  /// dlopens `library` (a path to libonnxruntime.so.1) and creates the runtime's environment.
  /// Throws Error(kConversion) when it cannot be loaded or is older than the C API it needs.
  explicit OnnxRuntime(const std::string& library);
  ~OnnxRuntime();
  OnnxRuntime(const OnnxRuntime&) = delete;
  OnnxRuntime& operator=(const OnnxRuntime&) = delete;

  /// The runtime's version, e.g. "1.30.0".
  std::string version() const;

  /// Loads a model running on `threads` threads. Throws Error(kConversion).
  std::unique_ptr<OnnxModel> load(const std::string& model_path, int threads) const;

 private:
  friend class OnnxModel;
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace regreader::parse
