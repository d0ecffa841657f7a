// Throughput of the local BERT encoder: texts per second for 100-character Chinese blocks, one
// window per forward pass (batch 1) and 16 at a time, on each model folder given.
//
//   python3 tests/tools/make_tiny_bert.py /tmp/bert              # tiny-bert (hidden 32)
//   python3 tests/tools/make_tiny_bert.py --bge-shapes /tmp/bert # bge-small-zh shapes, random
//   build/release/bench/regreader_encoder_bench /tmp/bert/tiny-bert /tmp/bert/bge-shapes
//
// Configure with -DREGREADER_EIGEN_BLAS=OFF to time Eigen's own kernels instead of OpenBLAS.
// OpenBLAS starts one thread per core; on the shared 2-core machines OPENBLAS_NUM_THREADS=1 was
// as fast or faster in every run (bge shapes, 100-character blocks, 2026-11-22): OpenBLAS one
// thread 27-37 texts/s, OpenBLAS default threads 22-26, Eigen alone 17-18; tiny 3000-4000.

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "regreader/core/text.hpp"
#include "regreader/index/embed/bert_encoder.hpp"
#include "regreader/index/embed/bert_model.hpp"

using namespace regreader;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kBlockChars = 100;
constexpr double kMinSeconds = 2.0;  // repeat each run until it has lasted this long

const char* kPassage =
    "母线失压时，值班人员应立即检查母线保护及失灵保护动作情况，判明失压原因，并立即报告值班调度员。"
    "若系统电压正常而母线失压，应断开该母线上所有断路器，检查母线及连接设备有无故障。"
    "变电站运行人员应按照调度指令进行倒闸操作，严禁无票操作，操作中发生疑问时应立即停止操作并向发令"
    "人报告。"
    "电网发生事故时，各级调度机构应迅速限制事故发展，消除事故根源，解除对人身和设备安全的威胁，"
    "尽可能保持正常设备继续运行，尽快对已停电的用户恢复供电，调整电网运行方式使其恢复正常。";

std::vector<std::string> blocks(size_t n) {
  const auto cps = text::to_codepoints(kPassage);
  std::vector<std::string> out;
  for (size_t i = 0; i < n; ++i) {
    std::vector<char32_t> b;
    for (size_t k = 0; k < kBlockChars; ++k)
      b.push_back(cps[(i * 7 + k) % cps.size()]);
    out.push_back(text::from_codepoints(b));
  }
  return out;
}

double texts_per_second(const std::string& folder, size_t batch) {
  index::BertEncoderOptions opts;
  opts.batch_size = batch;
  index::BertEncoder encoder(folder, opts);
  const auto texts = blocks(batch);
  encoder.embed(texts, index::EmbedKind::kDocument);  // warm-up
  size_t done = 0;
  const auto start = Clock::now();
  double elapsed = 0;
  while (elapsed < kMinSeconds) {
    encoder.embed(texts, index::EmbedKind::kDocument);
    done += texts.size();
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  return static_cast<double>(done) / elapsed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MODEL_FOLDER...\n", argv[0]);
    return 2;
  }
  std::printf("matrix products: %s\n", index::bert_uses_blas() ? "OpenBLAS" : "Eigen");
  for (int i = 1; i < argc; ++i) {
    const auto t0 = Clock::now();
    index::BertEncoder encoder(argv[i]);
    const double load_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    const auto tokens = encoder.token_windows(blocks(1)[0], index::EmbedKind::kDocument)[0].size();
    std::printf("%s (dim %d): load %.0f ms, %zu tokens per block\n", encoder.model_id().c_str(),
                encoder.dimension(), load_ms, tokens);
    for (size_t batch : {size_t{1}, size_t{16}})
      std::printf("  batch %2zu: %8.1f texts/s\n", batch, texts_per_second(argv[i], batch));
  }
  return 0;
}
