// File format of a fitted LSA model (little-endian, as written by save()):
//   "RRLSA001"                     8 bytes
//   int32 dimension, int32 terms
//   terms x { int32 byte length, UTF-8 term, float32 idf }
//   float32 projection[terms][dimension]   row-major
// The model id is "builtin-lsa-<dimension>-" + the first 12 hex digits of SHA-256 over the file.

#include "regreader/index/embed/lsa_embedder.hpp"

#include <malloc.h>
#include <Eigen/Cholesky>
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

// Makes the columns of `y` orthonormal in place: CholeskyQR2 (Y R^-1 with R from the Cholesky
// factor of Y^T Y, twice for accuracy), which needs only the small l x l Gram matrix beside Y.
// Householder QR, used when Y^T Y is not positive definite (dependent columns), keeps two more
// copies of Y: at 10^5 blocks 100,000 x 266 floats, 106 MB each.
void orthonormalize(Dense& y) {
  for (int pass = 0; pass < 2; ++pass) {
    const Eigen::MatrixXd gram = (y.transpose() * y).cast<double>();
    const Eigen::LLT<Eigen::MatrixXd> llt(gram);
    if (llt.info() != Eigen::Success) {
      Eigen::HouseholderQR<Dense> qr(y);
      y = qr.householderQ() * Dense::Identity(y.rows(), y.cols());
      return;
    }
    const Dense r = llt.matrixU().toDenseMatrix().cast<float>();
    r.triangularView<Eigen::Upper>().solveInPlace<Eigen::OnTheRight>(y);
  }
}

// Top right singular vectors of A (terms x k), by randomised range finding and the eigenvectors
// of the small Gram matrix of A^T Q. Dense temporaries are freed as soon as they are used: at
// 10^5 blocks each is 64-106 MB.
Dense right_singular_vectors(const SpMat& a, int k) {
  const int l = std::min<int>(k + kOversample, static_cast<int>(std::min(a.rows(), a.cols())));
  Dense q;
  {
    std::mt19937 rng(kSeed);
    std::normal_distribution<float> normal;
    Dense omega(a.cols(), l);
    for (Eigen::Index j = 0; j < omega.cols(); ++j)
      for (Eigen::Index i = 0; i < omega.rows(); ++i)
        omega(i, j) = normal(rng);
    q.resize(a.rows(), l);
    q.noalias() = a * omega;  // into q: no temporary of q's size
  }
  orthonormalize(q);
  for (int it = 0; it < kPowerIterations; ++it) {
    Dense z = a.transpose() * q;
    orthonormalize(z);
    q.noalias() = a * z;
    z.resize(0, 0);
    orthonormalize(q);
  }
  const Dense c = a.transpose() * q;  // terms x l; A^T Q = V S U_b^T
  q.resize(0, 0);
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

namespace {

// The vocabulary (the terms in two blocks or more and in at most half of them, most frequent
// first) with each term's idf.
std::vector<std::pair<std::string, float>> vocabulary_of(const Counts& counts, double n_docs) {
  std::vector<std::pair<int, std::string>> ranked;  // (-df, term): frequent first, then by term
  for (size_t i = 0; i < counts.terms.size(); ++i)
    if (counts.df[i] >= kMinDocFrequency && counts.df[i] <= kMaxDocShare * n_docs)
      ranked.emplace_back(-counts.df[i], counts.terms[i]);
  std::sort(ranked.begin(), ranked.end());
  if (ranked.size() > kMaxVocabulary) ranked.resize(kMaxVocabulary);
  std::vector<std::pair<std::string, float>> out;
  out.reserve(ranked.size());
  for (auto& [neg_df, term] : ranked)
    out.emplace_back(std::move(term), static_cast<float>(std::log(n_docs / -neg_df)));
  return out;
}

// The texts as rows of unit-length TF-IDF weights over the vocabulary's columns, written row by
// row into the compressed matrix (triplets and setFromTriplets would hold two more copies).
SpMat weighted_rows(const Counts& counts, const std::unordered_map<std::string, int>& vocabulary,
                    const std::vector<float>& idf) {
  std::vector<int> column(counts.terms.size(), -1);  // term id -> vocabulary column
  for (size_t i = 0; i < counts.terms.size(); ++i)
    if (auto it = vocabulary.find(counts.terms[i]); it != vocabulary.end()) column[i] = it->second;
  size_t cells = 0;
  for (const auto& doc : counts.docs)
    for (const auto& [term, n] : doc)
      cells += column[static_cast<size_t>(term)] >= 0 ? 1 : 0;
  SpMat a(static_cast<Eigen::Index>(counts.docs.size()), static_cast<Eigen::Index>(idf.size()));
  a.reserve(static_cast<Eigen::Index>(cells));
  std::vector<std::pair<int, float>> row;
  for (size_t r = 0; r < counts.docs.size(); ++r) {
    row.clear();
    double norm = 0;
    for (const auto& [term, n] : counts.docs[r]) {
      const int col = column[static_cast<size_t>(term)];
      if (col < 0) continue;
      const float w = (1.0f + std::log(static_cast<float>(n))) * idf[static_cast<size_t>(col)];
      row.emplace_back(col, w);
      norm += static_cast<double>(w) * w;
    }
    std::sort(row.begin(), row.end());
    a.startVec(static_cast<Eigen::Index>(r));
    for (const auto& [col, w] : row)
      a.insertBack(static_cast<Eigen::Index>(r), col) = static_cast<float>(w / std::sqrt(norm));
  }
  a.finalize();
  return a;
}

}  // namespace

LsaEmbedder LsaEmbedder::fit(const std::vector<std::string>& texts, int dimension) {
  LsaEmbedder m;
  SpMat a;
  {  // the counts are freed before the decomposition: at 10^5 blocks they hold ~100 MB
    const Counts counts = count_terms(texts);
    for (auto& [term, idf] : vocabulary_of(counts, static_cast<double>(texts.size()))) {
      m.vocabulary_.emplace(std::move(term), static_cast<int>(m.idf_.size()));
      m.idf_.push_back(idf);
    }
    a = weighted_rows(counts, m.vocabulary_, m.idf_);
  }
  // The counts were millions of small allocations; glibc keeps freed small blocks in its heap
  // unless asked to give them back, and the decomposition's matrices are allocated apart.
  ::malloc_trim(0);
  const int k = std::min<int>(
      dimension, static_cast<int>(std::min<size_t>(static_cast<size_t>(a.rows()), m.idf_.size())));
  if (k < kMinDimension)
    throw Error(ErrorCode::kInvalidArgument,
                "too little text to fit the built-in embedding model (" +
                    std::to_string(texts.size()) + " blocks, " + std::to_string(m.idf_.size()) +
                    " terms that occur in two blocks or more)");
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
