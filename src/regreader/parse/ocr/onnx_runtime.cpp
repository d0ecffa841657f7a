#include "regreader/parse/ocr/onnx_runtime.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstddef>

#include "regreader/core/error.hpp"

namespace regreader::parse {

namespace {

// ONNX Runtime's C API is a table of function pointers (`OrtApi`) that only grows at its end, so
// a function's slot is the same in every release; `GetApi(1)` is accepted by all of them. The
// handles are opaque. Declared here, by slot, for the functions this file calls (the slots and
// signatures of onnxruntime_c_api.h).
struct OrtStatus;
struct OrtEnv;
struct OrtSession;
struct OrtSessionOptions;
struct OrtMemoryInfo;
struct OrtValue;
struct OrtTensorTypeAndShapeInfo;
struct OrtAllocator;
struct OrtRunOptions;

using Status = OrtStatus*;
constexpr int kLogWarning = 2;      // OrtLoggingLevel ORT_LOGGING_LEVEL_WARNING
constexpr int kEnableAll = 99;      // GraphOptimizationLevel ORT_ENABLE_ALL
constexpr int kArenaAllocator = 1;  // OrtAllocatorType OrtArenaAllocator
constexpr int kMemTypeDefault = 0;  // OrtMemType OrtMemTypeDefault
constexpr int kFloat = 1;           // ONNXTensorElementDataType FLOAT

struct OrtApiBase {
  const void* const* (*GetApi)(uint32_t version);
  const char* (*GetVersionString)();
};

// Each slot used, with its C signature.
template <int Slot, typename Fn>
struct Slot_ {
  // The table holds function addresses typed as const void*: the const is the table's, not the
  // function's (clang refuses to cast it away in one step).
  static Fn get(const void* const* api) {
    return reinterpret_cast<Fn>(const_cast<void*>(api[Slot]));
  }
};
using GetErrorMessage = Slot_<2, const char* (*)(const OrtStatus*)>;
using CreateEnv = Slot_<3, Status (*)(int, const char*, OrtEnv**)>;
using CreateSession =
    Slot_<7, Status (*)(const OrtEnv*, const char*, const OrtSessionOptions*, OrtSession**)>;
using Run =
    Slot_<9, Status (*)(OrtSession*, const OrtRunOptions*, const char* const*,
                        const OrtValue* const*, size_t, const char* const*, size_t, OrtValue**)>;
using CreateSessionOptions = Slot_<10, Status (*)(OrtSessionOptions**)>;
using SetGraphOptimizationLevel = Slot_<23, Status (*)(OrtSessionOptions*, int)>;
using SetIntraOpNumThreads = Slot_<24, Status (*)(OrtSessionOptions*, int)>;
using SetInterOpNumThreads = Slot_<25, Status (*)(OrtSessionOptions*, int)>;
using SessionGetInputName = Slot_<36, Status (*)(const OrtSession*, size_t, OrtAllocator*, char**)>;
using SessionGetOutputName =
    Slot_<37, Status (*)(const OrtSession*, size_t, OrtAllocator*, char**)>;
using CreateTensorWithData = Slot_<49, Status (*)(const OrtMemoryInfo*, void*, size_t,
                                                  const int64_t*, size_t, int, OrtValue**)>;
using GetTensorMutableData = Slot_<51, Status (*)(OrtValue*, void**)>;
using GetDimensionsCount = Slot_<61, Status (*)(const OrtTensorTypeAndShapeInfo*, size_t*)>;
using GetDimensions = Slot_<62, Status (*)(const OrtTensorTypeAndShapeInfo*, int64_t*, size_t)>;
using GetTensorTypeAndShape = Slot_<65, Status (*)(const OrtValue*, OrtTensorTypeAndShapeInfo**)>;
using CreateCpuMemoryInfo = Slot_<69, Status (*)(int, int, OrtMemoryInfo**)>;
using AllocatorFree = Slot_<76, Status (*)(OrtAllocator*, void*)>;
using GetAllocatorWithDefaultOptions = Slot_<78, Status (*)(OrtAllocator**)>;
using ReleaseEnv = Slot_<92, void (*)(OrtEnv*)>;
using ReleaseStatus = Slot_<93, void (*)(OrtStatus*)>;
using ReleaseMemoryInfo = Slot_<94, void (*)(OrtMemoryInfo*)>;
using ReleaseSession = Slot_<95, void (*)(OrtSession*)>;
using ReleaseValue = Slot_<96, void (*)(OrtValue*)>;
using ReleaseTensorTypeAndShapeInfo = Slot_<99, void (*)(OrtTensorTypeAndShapeInfo*)>;
using ReleaseSessionOptions = Slot_<100, void (*)(OrtSessionOptions*)>;

}  // namespace

struct OnnxRuntime::Impl {
  void* handle = nullptr;
  const void* const* api = nullptr;
  std::string version;
  OrtEnv* env = nullptr;
  OrtMemoryInfo* cpu = nullptr;

  template <typename S, typename... A>
  auto call(A... args) const {
    return S::get(api)(args...);
  }
  // Throws the runtime's message when `status` is an error.
  void check(Status status, const std::string& what) const {
    if (!status) return;
    const std::string message = call<GetErrorMessage>(static_cast<const OrtStatus*>(status));
    call<ReleaseStatus>(status);
    throw Error(ErrorCode::kConversion, "ONNX Runtime cannot " + what + ": " + message);
  }
  ~Impl() {
    if (cpu) call<ReleaseMemoryInfo>(cpu);
    if (env) call<ReleaseEnv>(env);
    // The library stays loaded: its threads and static destructors may outlive this object.
  }
};

OnnxRuntime::OnnxRuntime(const std::string& library) : impl_(std::make_shared<Impl>()) {
  impl_->handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!impl_->handle) {
    const char* why = dlerror();
    throw Error(ErrorCode::kConversion,
                "cannot load ONNX Runtime (" + library + "): " + (why ? why : "unknown error"));
  }
  using GetApiBase = const OrtApiBase* (*)();
  auto get_base = reinterpret_cast<GetApiBase>(dlsym(impl_->handle, "OrtGetApiBase"));
  const OrtApiBase* base = get_base ? get_base() : nullptr;
  impl_->api = base ? base->GetApi(1) : nullptr;
  if (!impl_->api)
    throw Error(ErrorCode::kConversion, library + " is not a usable ONNX Runtime library");
  impl_->version = base->GetVersionString ? base->GetVersionString() : "";
  impl_->check(impl_->call<CreateEnv>(kLogWarning, "regreader", &impl_->env),
               "create its environment");
  impl_->check(impl_->call<CreateCpuMemoryInfo>(kArenaAllocator, kMemTypeDefault, &impl_->cpu),
               "describe CPU memory");
}

OnnxRuntime::~OnnxRuntime() = default;

std::string OnnxRuntime::version() const {
  return impl_->version;
}

struct OnnxModel::Impl {
  std::shared_ptr<OnnxRuntime::Impl> rt;
  OrtSession* session = nullptr;
  std::string input, output;
  ~Impl() {
    if (session) rt->call<ReleaseSession>(session);
  }
};

OnnxModel::~OnnxModel() = default;

std::unique_ptr<OnnxModel> OnnxRuntime::load(const std::string& model_path, int threads) const {
  const Impl& rt = *impl_;
  OrtSessionOptions* options = nullptr;
  rt.check(rt.call<CreateSessionOptions>(&options), "create session options");
  std::unique_ptr<OnnxModel> model(new OnnxModel());
  model->impl_ = std::make_unique<OnnxModel::Impl>();
  model->impl_->rt = impl_;
  try {
    rt.check(rt.call<SetIntraOpNumThreads>(options, threads), "set its threads");
    rt.check(rt.call<SetInterOpNumThreads>(options, 1), "set its threads");
    rt.check(rt.call<SetGraphOptimizationLevel>(options, kEnableAll), "set its optimisations");
    rt.check(rt.call<CreateSession>(static_cast<const OrtEnv*>(rt.env), model_path.c_str(),
                                    static_cast<const OrtSessionOptions*>(options),
                                    &model->impl_->session),
             "load " + model_path);
  } catch (...) {
    rt.call<ReleaseSessionOptions>(options);
    throw;
  }
  rt.call<ReleaseSessionOptions>(options);
  OrtAllocator* allocator = nullptr;
  rt.check(rt.call<GetAllocatorWithDefaultOptions>(&allocator), "get its allocator");
  auto name = [&](auto slot, size_t i) {
    char* s = nullptr;
    rt.check(decltype(slot)::get(rt.api)(model->impl_->session, i, allocator, &s),
             "name the model's tensors");
    std::string out = s ? s : "";
    if (s) rt.call<AllocatorFree>(allocator, static_cast<void*>(s));
    return out;
  };
  model->impl_->input = name(SessionGetInputName{}, 0);
  model->impl_->output = name(SessionGetOutputName{}, 0);
  return model;
}

Tensor OnnxModel::run(const Tensor& input) const {
  const OnnxRuntime::Impl& rt = *impl_->rt;
  size_t count = 1;
  for (const int64_t d : input.shape)
    count *= static_cast<size_t>(d);
  if (count != input.values.size())
    throw Error(ErrorCode::kInternal, "tensor shape does not match its values");
  OrtValue* in = nullptr;
  rt.check(
      rt.call<CreateTensorWithData>(static_cast<const OrtMemoryInfo*>(rt.cpu),
                                    static_cast<void*>(const_cast<float*>(input.values.data())),
                                    input.values.size() * sizeof(float), input.shape.data(),
                                    input.shape.size(), kFloat, &in),
      "wrap the input");
  const char* in_name = impl_->input.c_str();
  const char* out_name = impl_->output.c_str();
  OrtValue* out = nullptr;
  const OrtValue* inputs[] = {in};
  Status status = rt.call<Run>(impl_->session, static_cast<const OrtRunOptions*>(nullptr), &in_name,
                               inputs, size_t{1}, &out_name, size_t{1}, &out);
  rt.call<ReleaseValue>(in);
  rt.check(status, "run the model");
  Tensor result;
  OrtTensorTypeAndShapeInfo* info = nullptr;
  try {
    rt.check(rt.call<GetTensorTypeAndShape>(static_cast<const OrtValue*>(out), &info),
             "read the output's shape");
    size_t dims = 0;
    rt.check(
        rt.call<GetDimensionsCount>(static_cast<const OrtTensorTypeAndShapeInfo*>(info), &dims),
        "read the output's shape");
    result.shape.resize(dims);
    rt.check(rt.call<GetDimensions>(static_cast<const OrtTensorTypeAndShapeInfo*>(info),
                                    result.shape.data(), dims),
             "read the output's shape");
    size_t n = 1;
    for (const int64_t d : result.shape)
      n *= static_cast<size_t>(std::max<int64_t>(0, d));
    void* data = nullptr;
    rt.check(rt.call<GetTensorMutableData>(out, &data), "read the output");
    const float* f = static_cast<const float*>(data);
    result.values.assign(f, f + n);
  } catch (...) {
    if (info) rt.call<ReleaseTensorTypeAndShapeInfo>(info);
    rt.call<ReleaseValue>(out);
    throw;
  }
  rt.call<ReleaseTensorTypeAndShapeInfo>(info);
  rt.call<ReleaseValue>(out);
  return result;
}

}  // namespace regreader::parse
