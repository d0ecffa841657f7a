// File format of a fitted LSA model (little-endian, as written by save()):
//   "RRLSA001"                     8 bytes
//   int32 dimension, int32 terms
//   terms x { int32 byte length, UTF-8 term, float32 idf }
//   float32 projection[terms][dimension]   row-major
// The model id is "builtin-lsa-<dimension>-" + the first 12 hex digits of SHA-256 over the file.

#include "regreader/index/embed/lsa_embedder.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/QR>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

#include "regreader/core/error.hpp"
#include "regreader/core/hash.hpp"
#include "regreader/index/keyword/tokenizer.hpp"

namespace regreader::index {

namespace {

constexpr char kMagic[9] = "RRLSA001";
// A term in fewer blocks than this says nothing about co-occurrence (and typos stay out).
constexpr int kMinDocFrequency = 2;
// A term in more than this share of the blocks carries no topic.
constexpr double kMaxDocShare = 0.5;
// Vocabulary cap (most frequent terms kept): bounds the projection at 60k x 256 floats (61 MB).
constexpr size_t kMaxVocabulary = 60000;
// Randomised SVD (Halko et al. 2011): extra sampled directions and power iterations; 10 and 2
// are the paper's defaults for a slowly decaying spectrum such as text.
constexpr int kOversample = 10;
constexpr int kPowerIterations = 2;
// Singular values below this share of the largest are noise; their directions are dropped.
constexpr double kMinSingularShare = 1e-6;
// Fewer dimensions than this is no semantic model at all.
constexpr int kMinDimension = 2;
// Fixed seed: fitting the same blocks twice gives the same model id.
constexpr unsigned kSeed = 20261122;

using SpMat = Eigen::SparseMatrix<float, Eigen::RowMajor>;
using Dense = Eigen::MatrixXf;

std::vector<std::pair<std::string, int>> term_counts(const std::string& text) {
  std::vector<std::pair<std::string, int>> out;
  std::unordered_map<std::string, int> at;
  for (auto& t : tokenize(text, TokenizeMode::kDocument)) {
    auto [it, fresh] = at.try_emplace(t.text, static_cast<int>(out.size()));
    if (fresh)
      out.emplace_back(std::move(t.text), 1);
    else
      ++out[it->second].second;
  }
  return out;
}

Dense orthonormal(const Dense& y) {
  Eigen::HouseholderQR<Dense> qr(y);
  return qr.householderQ() * Dense::Identity(y.rows(), y.cols());
}

// Top right singular vectors of A (terms x k), by randomised range finding and the eigenvectors
// of the small Gram matrix of A^T Q.
Dense right_singular_vectors(const SpMat& a, int k) {
  const int l = std::min<int>(k + kOversample, static_cast<int>(std::min(a.rows(), a.cols())));
  std::mt19937 rng(kSeed);
  std::normal_distribution<float> normal;
  Dense omega(a.cols(), l);
  for (Eigen::Index j = 0; j < omega.cols(); ++j)
    for (Eigen::Index i = 0; i < omega.rows(); ++i)
      omega(i, j) = normal(rng);
  Dense q = orthonormal(a * omega);
  for (int it = 0; it < kPowerIterations; ++it)
    q = orthonormal(a * orthonormal(a.transpose() * q));
  const Dense c = a.transpose() * q;  // terms x l; A^T Q = V S U_b^T
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig((c.transpose() * c).cast<double>());
  const Eigen::VectorXd values = eig.eigenvalues();  // ascending
  const double largest = std::max(values(values.size() - 1), 0.0);
  std::vector<int> keep;
  for (int i = static_cast<int>(values.size()) - 1; i >= 0 && static_cast<int>(keep.size()) < k;
       --i)
    if (values(i) > kMinSingularShare * kMinSingularShare * largest && values(i) > 0)
      keep.push_back(i);
  Dense v(a.cols(), static_cast<Eigen::Index>(keep.size()));
  for (size_t j = 0; j < keep.size(); ++j)
    v.col(static_cast<Eigen::Index>(j)) = c * eig.eigenvectors().col(keep[j]).cast<float>() /
                                          static_cast<float>(std::sqrt(values(keep[j])));
  return v;
}

template <typename T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

template <typename T>
T get(std::istream& in) {
  T v{};
  in.read(reinterpret_cast<char*>(&v), sizeof v);
  if (!in) throw std::runtime_error("truncated");
  return v;
}

}  // namespace

namespace {

// Term counts of every text with terms as small ids (strings once, in `terms`), and the number of
// texts each term occurs in.
struct Counts {
  std::vector<std::string> terms;
  std::vector<int> df;
  std::vector<std::vector<std::pair<int, int>>> docs;  // (term id, count)
};

Counts count_terms(const std::vector<std::string>& texts) {
  Counts c;
  std::unordered_map<std::string, int> id;
  c.docs.reserve(texts.size());
  for (const auto& t : texts) {
    auto& doc = c.docs.emplace_back();
    for (auto& [term, n] : term_counts(t)) {
      auto [it, fresh] = id.try_emplace(term, static_cast<int>(c.terms.size()));
      if (fresh) {
        c.terms.push_back(term);
        c.df.push_back(0);
      }
      ++c.df[static_cast<size_t>(it->second)];
      doc.emplace_back(it->second, n);
    }
  }
  return c;
}

}  // namespace

LsaEmbedder LsaEmbedder::fit(const std::vector<std::string>& texts, int dimension) {
  const Counts counts = count_terms(texts);
  const double n_docs = static_cast<double>(texts.size());
  std::vector<std::pair<int, std::string>> ranked;  // (-df, term): frequent first, then by term
  for (size_t i = 0; i < counts.terms.size(); ++i)
    if (counts.df[i] >= kMinDocFrequency && counts.df[i] <= kMaxDocShare * n_docs)
      ranked.emplace_back(-counts.df[i], counts.terms[i]);
  std::sort(ranked.begin(), ranked.end());
  if (ranked.size() > kMaxVocabulary) ranked.resize(kMaxVocabulary);
  LsaEmbedder m;
  for (const auto& [neg_df, term] : ranked) {
    m.vocabulary_.emplace(term, static_cast<int>(m.idf_.size()));
    m.idf_.push_back(static_cast<float>(std::log(n_docs / -neg_df)));
  }
  std::vector<int> column(counts.terms.size(), -1);  // term id -> vocabulary column
  for (size_t i = 0; i < counts.terms.size(); ++i)
    if (auto it = m.vocabulary_.find(counts.terms[i]); it != m.vocabulary_.end())
      column[i] = it->second;
  std::vector<Eigen::Triplet<float>> cells;
  for (size_t r = 0; r < counts.docs.size(); ++r) {
    const size_t first = cells.size();
    double norm = 0;
    for (const auto& [term, n] : counts.docs[r]) {
      const int col = column[static_cast<size_t>(term)];
      if (col < 0) continue;
      const float w = (1.0f + std::log(static_cast<float>(n))) * m.idf_[static_cast<size_t>(col)];
      cells.emplace_back(static_cast<int>(r), col, w);
      norm += static_cast<double>(w) * w;
    }
    for (size_t i = first; i < cells.size(); ++i)
      cells[i] = {cells[i].row(), cells[i].col(),
                  static_cast<float>(cells[i].value() / std::sqrt(norm))};
  }
  const auto& docs = counts.docs;
  const int k = std::min<int>(dimension, static_cast<int>(std::min(docs.size(), m.idf_.size())));
  if (k < kMinDimension)
    throw Error(ErrorCode::kInvalidArgument,
                "too little text to fit the built-in embedding model (" +
                    std::to_string(texts.size()) + " blocks, " + std::to_string(m.idf_.size()) +
                    " terms that occur in two blocks or more)");
  SpMat a(static_cast<Eigen::Index>(docs.size()), static_cast<Eigen::Index>(m.idf_.size()));
  a.setFromTriplets(cells.begin(), cells.end());
  m.projection_ = right_singular_vectors(a, k);
  if (m.projection_.cols() < kMinDimension)
    throw Error(ErrorCode::kInvalidArgument, "the stored text spans too few dimensions for LSA");
  m.finish();
  return m;
}

std::vector<float> LsaEmbedder::embed_one(const std::string& text) const {
  Eigen::VectorXf v = Eigen::VectorXf::Zero(projection_.cols());
  double norm = 0;
  std::vector<std::pair<int, float>> weights;
  for (const auto& [term, n] : term_counts(text)) {
    auto it = vocabulary_.find(term);
    if (it == vocabulary_.end()) continue;
    const float w = (1.0f + std::log(static_cast<float>(n))) * idf_[it->second];
    weights.emplace_back(it->second, w);
  }
  for (const auto& [row, w] : weights)
    v += w * projection_.row(row).transpose();
  norm = v.norm();
  if (norm > 0) v /= static_cast<float>(norm);
  return std::vector<float>(v.data(), v.data() + v.size());
}

std::vector<std::vector<float>> LsaEmbedder::embed(const std::vector<std::string>& texts,
                                                   EmbedKind) {
  std::vector<std::vector<float>> out;
  out.reserve(texts.size());
  for (const auto& t : texts)
    out.push_back(embed_one(t));
  return out;
}

namespace {

std::string serialize(
    const std::vector<std::string>& terms, const std::vector<float>& idf,
    const Eigen::Ref<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>&
        p) {
  std::string out(kMagic, 8);
  put(out, static_cast<int32_t>(p.cols()));
  put(out, static_cast<int32_t>(terms.size()));
  for (size_t i = 0; i < terms.size(); ++i) {
    put(out, static_cast<int32_t>(terms[i].size()));
    out += terms[i];
    put(out, idf[i]);
  }
  out.append(reinterpret_cast<const char*>(p.data()), sizeof(float) * p.size());
  return out;
}

std::vector<std::string> terms_in_order(const std::unordered_map<std::string, int>& vocabulary) {
  std::vector<std::string> terms(vocabulary.size());
  for (const auto& [term, i] : vocabulary)
    terms[static_cast<size_t>(i)] = term;
  return terms;
}

}  // namespace

void LsaEmbedder::finish() {
  Sha256 sha;
  sha.update(serialize(terms_in_order(vocabulary_), idf_, projection_));
  model_id_ = "builtin-lsa-" + std::to_string(dimension()) + "-" + sha.hex_digest().substr(0, 12);
}

void LsaEmbedder::save(const std::filesystem::path& file) const {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  const auto tmp = file.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out << serialize(terms_in_order(vocabulary_), idf_, projection_);
    if (!out) throw Error(ErrorCode::kIo, "cannot write " + tmp);
  }
  std::filesystem::rename(tmp, file, ec);
  if (ec) throw Error(ErrorCode::kIo, "cannot write " + file.string() + ": " + ec.message());
}

LsaEmbedder LsaEmbedder::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(ErrorCode::kNotFound, "no built-in embedding model at " + file.string());
  try {
    char magic[8];
    in.read(magic, 8);
    if (!in || std::memcmp(magic, kMagic, 8) != 0) throw std::runtime_error("not an LSA model");
    const auto dim = get<int32_t>(in), terms = get<int32_t>(in);
    if (dim < 1 || terms < 1) throw std::runtime_error("bad sizes");
    LsaEmbedder m;
    for (int32_t i = 0; i < terms; ++i) {
      const auto len = get<int32_t>(in);
      if (len < 0 || len > 4096) throw std::runtime_error("bad term length");
      std::string term(static_cast<size_t>(len), '\0');
      in.read(term.data(), len);
      m.idf_.push_back(get<float>(in));
      m.vocabulary_.emplace(std::move(term), i);
    }
    m.projection_.resize(terms, dim);
    in.read(reinterpret_cast<char*>(m.projection_.data()),
            static_cast<std::streamsize>(sizeof(float) * m.projection_.size()));
    if (!in) throw std::runtime_error("truncated");
    m.finish();
    return m;
  } catch (const std::runtime_error& e) {
    throw Error(ErrorCode::kCorruptFile, file.string() + ": " + e.what() +
                                             "; run `regreader reindex --all` to fit it again");
  }
}

}  // namespace regreader::index
