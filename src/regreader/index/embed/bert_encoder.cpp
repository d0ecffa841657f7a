#include "regreader/index/embed/bert_encoder.hpp"

#include <algorithm>
#include <cmath>

#include "regreader/core/error.hpp"
#include "regreader/index/embed/bert_model.hpp"
#include "regreader/index/embed/safetensors.hpp"
#include "regreader/index/embed/wordpiece.hpp"

namespace regreader::index {
namespace {

std::string folder_name(const std::filesystem::path& folder) {
  const auto p = folder.lexically_normal();
  return p.filename().empty() ? p.parent_path().filename().string() : p.filename().string();
}

void normalise(std::vector<float>& v) {
  double sq = 0;
  for (float x : v)
    sq += static_cast<double>(x) * x;
  if (sq == 0) return;
  const auto inv = static_cast<float>(1.0 / std::sqrt(sq));
  for (float& x : v)
    x *= inv;
}

}  // namespace

BertEncoder::BertEncoder(const std::filesystem::path& model_folder, Options options)
    : model_id_(folder_name(model_folder)), options_(std::move(options)) {
  if (!std::filesystem::is_directory(model_folder))
    throw Error(ErrorCode::kNotFound, "model folder " + model_folder.string() + " does not exist");
  const BertConfig config = BertConfig::from_file(model_folder / "config.json");
  tokenizer_ = std::make_unique<WordPieceTokenizer>(
      WordPieceTokenizer::from_file(model_folder / "vocab.txt"));
  if (tokenizer_->vocab_size() > static_cast<size_t>(config.vocab_size))
    throw Error(ErrorCode::kCorruptFile, "vocabulary " + (model_folder / "vocab.txt").string() +
                                             " has " + std::to_string(tokenizer_->vocab_size()) +
                                             " tokens but config.json says " +
                                             std::to_string(config.vocab_size));
  const SafetensorsFile weights(model_folder / "model.safetensors");
  model_ = std::make_unique<BertModel>(config, weights);
  options_.max_tokens = std::min(options_.max_tokens, static_cast<size_t>(config.max_positions));
  if (options_.max_tokens < 3 || options_.batch_size == 0)
    throw Error(ErrorCode::kInvalidArgument, "encoder needs max_tokens >= 3 and batch_size >= 1");
}

BertEncoder::~BertEncoder() = default;

int BertEncoder::dimension() const {
  return model_->config().hidden_size;
}

std::vector<std::vector<int32_t>> BertEncoder::token_windows(const std::string& text,
                                                             EmbedKind kind) const {
  const std::vector<int32_t> ids =
      tokenizer_->encode(kind == EmbedKind::kQuery ? options_.query_instruction + text : text);
  const size_t body = options_.max_tokens - 2;
  std::vector<std::vector<int32_t>> windows;
  for (size_t at = 0; at < ids.size() || windows.empty(); at += body) {
    const size_t end = std::min(ids.size(), at + body);
    std::vector<int32_t> w{tokenizer_->cls_id()};
    w.insert(w.end(), ids.begin() + static_cast<std::ptrdiff_t>(at),
             ids.begin() + static_cast<std::ptrdiff_t>(end));
    w.push_back(tokenizer_->sep_id());
    windows.push_back(std::move(w));
  }
  return windows;
}

std::vector<std::vector<float>> BertEncoder::embed(const std::vector<std::string>& texts,
                                                   EmbedKind kind) {
  std::vector<std::vector<int32_t>> windows;
  std::vector<size_t> owner;  // text index of every window
  for (size_t i = 0; i < texts.size(); ++i)
    for (auto& w : token_windows(texts[i], kind)) {
      windows.push_back(std::move(w));
      owner.push_back(i);
    }
  const auto dim = static_cast<size_t>(dimension());
  std::vector<std::vector<float>> out(texts.size(), std::vector<float>(dim, 0.0f));
  for (size_t first = 0; first < windows.size(); first += options_.batch_size) {
    const size_t last = std::min(windows.size(), first + options_.batch_size);
    const std::vector<std::vector<int32_t>> batch(
        windows.begin() + static_cast<std::ptrdiff_t>(first),
        windows.begin() + static_cast<std::ptrdiff_t>(last));
    auto states = model_->cls_states(batch);
    for (size_t j = 0; j < states.size(); ++j) {
      normalise(states[j]);
      auto& acc = out[owner[first + j]];
      for (size_t k = 0; k < dim; ++k)
        acc[k] += states[j][k];
    }
  }
  for (auto& v : out)
    normalise(v);  // the mean of the window vectors has the direction of their sum
  return out;
}

}  // namespace regreader::index
