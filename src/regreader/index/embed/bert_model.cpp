#include "regreader/index/embed/bert_model.hpp"

#include <Eigen/Dense>
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "regreader/core/error.hpp"
#include "regreader/index/embed/openblas.hpp"
#include "regreader/index/embed/safetensors.hpp"

namespace regreader::index {
namespace {

using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Row = Eigen::RowVectorXf;

struct Dense {
  Mat w;  ///< [out, in], as PyTorch stores nn.Linear
  Row b;
};

struct Norm {
  Row gamma;
  Row beta;
};

struct Layer {
  Dense qkv;  ///< query, key and value stacked: one product instead of three
  Dense attn_out;
  Norm attn_norm;
  Dense inter;
  Dense out;
  Norm out_norm;
};

int read_int(const nlohmann::json& j, const std::string& key, const std::filesystem::path& file,
             std::optional<int> fallback = std::nullopt) {
  if (!j.contains(key)) {
    if (fallback) return *fallback;
    throw Error(ErrorCode::kCorruptFile, "model config " + file.string() + " has no " + key);
  }
  if (!j[key].is_number_integer() || j[key].get<int64_t>() <= 0 ||
      j[key].get<int64_t>() > std::numeric_limits<int>::max())
    throw Error(ErrorCode::kCorruptFile,
                "model config " + file.string() + ": " + key + " is not a positive integer");
  return j[key].get<int>();
}

std::string read_string(const nlohmann::json& j, const std::string& key,
                        const std::filesystem::path& file, const std::string& fallback) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_string())
    throw Error(ErrorCode::kCorruptFile,
                "model config " + file.string() + ": " + key + " is not a string");
  return j[key].get<std::string>();
}

void require_value(const std::string& value, const std::string& expected, const std::string& key,
                   const std::filesystem::path& file) {
  if (value != expected)
    throw Error(ErrorCode::kUnsupportedFormat, "model config " + file.string() + ": " + key +
                                                   " \"" + value + "\" is not supported (only \"" +
                                                   expected + "\")");
}

// "architectures" names the checkpoint's classes (BertModel, BertForMaskedLM, ...): all BERT.
void require_bert_architectures(const nlohmann::json& archs, const std::filesystem::path& file) {
  if (!archs.is_array())
    throw Error(ErrorCode::kCorruptFile,
                "model config " + file.string() + ": architectures is not a list");
  for (const auto& a : archs)
    if (!a.is_string() || a.get<std::string>().rfind("Bert", 0) != 0)
      throw Error(ErrorCode::kUnsupportedFormat, "model config " + file.string() +
                                                     ": architecture " + a.dump() +
                                                     " is not supported (only Bert*)");
}

// Reads tensors by their BertModel name, with or without the "bert." prefix of the task heads.
class TensorSource {
 public:
  explicit TensorSource(const SafetensorsFile& f)
      : f_(f), prefix_(f.contains("bert.embeddings.word_embeddings.weight") ? "bert." : "") {}

  // Sizes are checked against the file before anything is allocated from config.json's numbers.
  Mat matrix(const std::string& name, int64_t rows, int64_t cols) const {
    const auto v = load(name, {rows, cols});
    return Eigen::Map<const Mat>(v.data(), rows, cols);
  }
  Row vector(const std::string& name, int64_t n) const {
    const auto v = load(name, {n});
    return Eigen::Map<const Row>(v.data(), n);
  }
  Dense dense(const std::string& name, int64_t out, int64_t in) const {
    return {matrix(name + ".weight", out, in), vector(name + ".bias", out)};
  }
  Norm norm(const std::string& name, int64_t n) const {
    return {vector(name + ".weight", n), vector(name + ".bias", n)};
  }

 private:
  std::vector<float> load(const std::string& name, const std::vector<int64_t>& shape) const {
    const std::string full = prefix_ + name;
    const TensorInfo& info = f_.info(full);
    if (info.shape != shape) {
      const auto show = [](const std::vector<int64_t>& s) {
        std::string out = "[";
        for (size_t i = 0; i < s.size(); ++i)
          out += (i ? ", " : "") + std::to_string(s[i]);
        return out + "]";
      };
      throw Error(ErrorCode::kCorruptFile, "tensor " + full + " in " + f_.path().string() +
                                               " has shape " + show(info.shape) +
                                               ", config.json implies " + show(shape));
    }
    return f_.load_floats(full);
  }

  const SafetensorsFile& f_;
  std::string prefix_;
};

void affine(const Mat& x, const Dense& d, Mat& y) {
  y.noalias() = x * d.w.transpose();
  y.rowwise() += d.b;
}

void layer_norm(Mat& x, const Norm& n, float eps) {
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    auto row = x.row(r);
    const float mean = row.mean();
    row.array() -= mean;
    const float var = row.squaredNorm() / static_cast<float>(row.size());
    row *= 1.0f / std::sqrt(var + eps);
    row.array() = row.array() * n.gamma.array() + n.beta.array();
  }
}

void gelu(Mat& x) {
  // The exact (erf) form BERT's "gelu" names, not the tanh approximation.
  x = x.unaryExpr([](float v) { return 0.5f * v * (1.0f + std::erf(v * 0.70710678118654752f)); });
}

void softmax_rows(Mat& s) {
  for (Eigen::Index r = 0; r < s.rows(); ++r) {
    auto row = s.row(r);
    row.array() = (row.array() - row.maxCoeff()).exp();
    row /= row.sum();
  }
}

// Where each sequence of a packed batch lies: rows [start, start + length) of the hidden states.
struct Packing {
  std::vector<Eigen::Index> start;
  std::vector<Eigen::Index> length;
  Eigen::Index rows = 0;
};

// Self-attention context of every row, or with `first_only` of each sequence's first row only.
Mat attention(const Mat& qkv, const Packing& pack, int heads, bool first_only) {
  const Eigen::Index h = qkv.cols() / 3, d = h / heads;
  const float scale = 1.0f / std::sqrt(static_cast<float>(d));
  Mat ctx(first_only ? static_cast<Eigen::Index>(pack.start.size()) : qkv.rows(), h);
  Mat scores;
  for (size_t s = 0; s < pack.start.size(); ++s) {
    const Eigen::Index first = pack.start[s], len = pack.length[s];
    const Eigen::Index rows = first_only ? 1 : len;
    const Eigen::Index out = first_only ? static_cast<Eigen::Index>(s) : first;
    for (Eigen::Index hd = 0; hd < heads; ++hd) {
      const auto q = qkv.block(first, hd * d, rows, d);
      const auto k = qkv.block(first, h + hd * d, len, d);
      const auto v = qkv.block(first, 2 * h + hd * d, len, d);
      scores.noalias() = (q * k.transpose()) * scale;
      softmax_rows(scores);
      ctx.block(out, hd * d, rows, d).noalias() = scores * v;
    }
  }
  return ctx;
}

// One transformer layer in place. The last layer only needs the [CLS] rows as output, so with
// `cls_only` x shrinks to one row per sequence and the dense work after attention runs on those.
void encoder_layer(Mat& x, const Layer& l, const Packing& pack, const BertConfig& config,
                   bool cls_only) {
  Mat qkv, y, inter;
  affine(x, l.qkv, qkv);
  const Mat ctx = attention(qkv, pack, config.num_heads, cls_only);
  if (cls_only) {
    Mat first(static_cast<Eigen::Index>(pack.start.size()), x.cols());
    for (size_t s = 0; s < pack.start.size(); ++s)
      first.row(static_cast<Eigen::Index>(s)) = x.row(pack.start[s]);
    x = std::move(first);
  }
  affine(ctx, l.attn_out, y);
  x += y;
  layer_norm(x, l.attn_norm, config.layer_norm_eps);
  affine(x, l.inter, inter);
  gelu(inter);
  affine(inter, l.out, y);
  x += y;
  layer_norm(x, l.out_norm, config.layer_norm_eps);
}

}  // namespace

bool bert_uses_blas() {
#ifdef EIGEN_USE_BLAS
  return true;
#else
  return false;
#endif
}

struct BertModel::Weights {
  Mat word;
  Mat position;
  Row token_type0;
  Norm embed_norm;
  std::vector<Layer> layers;
};

BertConfig BertConfig::from_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw Error(ErrorCode::kNotFound, "cannot open model config " + file.string());
  const auto j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw Error(ErrorCode::kCorruptFile, "model config " + file.string() + " is not a JSON object");
  require_value(read_string(j, "model_type", file, "bert"), "bert", "model_type", file);
  if (j.contains("architectures")) require_bert_architectures(j["architectures"], file);
  require_value(read_string(j, "hidden_act", file, "gelu"), "gelu", "hidden_act", file);
  require_value(read_string(j, "position_embedding_type", file, "absolute"), "absolute",
                "position_embedding_type", file);
  BertConfig c;
  c.hidden_size = read_int(j, "hidden_size", file);
  c.num_layers = read_int(j, "num_hidden_layers", file);
  c.num_heads = read_int(j, "num_attention_heads", file);
  c.intermediate_size = read_int(j, "intermediate_size", file);
  c.max_positions = read_int(j, "max_position_embeddings", file);
  c.vocab_size = read_int(j, "vocab_size", file);
  c.type_vocab_size = read_int(j, "type_vocab_size", file, 2);
  if (j.contains("layer_norm_eps")) {
    if (!j["layer_norm_eps"].is_number())
      throw Error(ErrorCode::kCorruptFile,
                  "model config " + file.string() + ": layer_norm_eps is not a number");
    c.layer_norm_eps = j["layer_norm_eps"].get<float>();
  }
  if (c.hidden_size % c.num_heads != 0)
    throw Error(ErrorCode::kCorruptFile,
                "model config " + file.string() + ": hidden_size is not a multiple of the heads");
  return c;
}

BertModel::BertModel(const BertConfig& config, const SafetensorsFile& file)
    : config_(config), w_(std::make_unique<Weights>()) {
  require_openblas();
  const TensorSource t(file);
  const int64_t h = config.hidden_size, inter = config.intermediate_size;
  w_->word = t.matrix("embeddings.word_embeddings.weight", config.vocab_size, h);
  w_->position = t.matrix("embeddings.position_embeddings.weight", config.max_positions, h);
  w_->token_type0 =
      t.matrix("embeddings.token_type_embeddings.weight", config.type_vocab_size, h).row(0);
  w_->embed_norm = t.norm("embeddings.LayerNorm", h);
  for (int i = 0; i < config.num_layers; ++i) {
    const std::string p = "encoder.layer." + std::to_string(i) + ".";
    const Dense q = t.dense(p + "attention.self.query", h, h);
    const Dense k = t.dense(p + "attention.self.key", h, h);
    const Dense v = t.dense(p + "attention.self.value", h, h);
    Layer l;
    l.qkv.w.resize(3 * h, h);
    l.qkv.w << q.w, k.w, v.w;
    l.qkv.b.resize(3 * h);
    l.qkv.b << q.b, k.b, v.b;
    l.attn_out = t.dense(p + "attention.output.dense", h, h);
    l.attn_norm = t.norm(p + "attention.output.LayerNorm", h);
    l.inter = t.dense(p + "intermediate.dense", inter, h);
    l.out = t.dense(p + "output.dense", h, inter);
    l.out_norm = t.norm(p + "output.LayerNorm", h);
    w_->layers.push_back(std::move(l));
  }
}

BertModel::~BertModel() = default;

std::vector<std::vector<float>> BertModel::cls_states(
    const std::vector<std::vector<int32_t>>& seqs) const {
  Packing pack;
  for (const auto& s : seqs) {
    if (s.empty() || s.size() > static_cast<size_t>(config_.max_positions))
      throw Error(ErrorCode::kInternal, "sequence length outside 1..max_position_embeddings");
    pack.start.push_back(pack.rows);
    pack.length.push_back(static_cast<Eigen::Index>(s.size()));
    pack.rows += pack.length.back();
  }
  Mat x(pack.rows, config_.hidden_size);
  for (size_t s = 0; s < seqs.size(); ++s)
    for (size_t p = 0; p < seqs[s].size(); ++p) {
      const int32_t id = seqs[s][p];
      if (id < 0 || id >= config_.vocab_size)
        throw Error(ErrorCode::kInternal, "token id outside the vocabulary");
      x.row(pack.start[s] + static_cast<Eigen::Index>(p)) =
          w_->word.row(id) + w_->position.row(static_cast<Eigen::Index>(p)) + w_->token_type0;
    }
  layer_norm(x, w_->embed_norm, config_.layer_norm_eps);
  for (size_t i = 0; i < w_->layers.size(); ++i)
    encoder_layer(x, w_->layers[i], pack, config_, i + 1 == w_->layers.size());
  std::vector<std::vector<float>> out;
  for (size_t s = 0; s < seqs.size(); ++s) {
    // After the last layer x holds one row per sequence (or, with no layers, every row).
    const Eigen::Index r = x.rows() == pack.rows ? pack.start[s] : static_cast<Eigen::Index>(s);
    out.emplace_back(x.row(r).data(), x.row(r).data() + x.cols());
  }
  return out;
}

}  // namespace regreader::index
