#include "regreader/index/embed/openblas.hpp"

// Eigen built with EIGEN_USE_BLAS (bert_model.cpp) calls the Fortran BLAS routines sgemm_ and
// sgemv_ by name. They are defined here and forward to OpenBLAS, opened with dlopen when a model
// is loaded (core/shared_library.hpp): linked, OpenBLAS made the dynamic loader bind 12,000 of
// its symbols at the start of every command (two fifths of all it bound), for an encoder only a
// configured local model runs. Eigen's own declarations (misc/blas.h) check the signatures.
#ifdef EIGEN_USE_BLAS
#include <Eigen/src/misc/blas.h>
#endif

#include "regreader/core/error.hpp"
#include "regreader/core/shared_library.hpp"

namespace regreader::index {

#ifdef EIGEN_USE_BLAS

namespace {

#define REGREADER_BLAS(X) X(sgemm_) X(sgemv_)
REGREADER_FUNCTION_TABLE(Blas, REGREADER_BLAS)

constexpr const char* kOpenBlas = "libopenblas.so.0";

const Blas& blas() {
  return opened<Blas>(kOpenBlas);
}

}  // namespace

void require_openblas() {
  required<Blas>(kOpenBlas, ErrorCode::kNotConfigured,
                 "the encoder's matrix library is missing (apt-get install libopenblas0)");
}

#else

void require_openblas() {}

#endif

}  // namespace regreader::index

#ifdef EIGEN_USE_BLAS

// Reached only through a BertModel, whose constructor called require_openblas().
extern "C" int sgemm_(const char* ta, const char* tb, const int* m, const int* n, const int* k,
                      const float* alpha, const float* a, const int* lda, const float* b,
                      const int* ldb, const float* beta, float* c, const int* ldc) {
  return regreader::index::blas().sgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

extern "C" int sgemv_(const char* trans, const int* m, const int* n, const float* alpha,
                      const float* a, const int* lda, const float* x, const int* incx,
                      const float* beta, float* y, const int* incy) {
  return regreader::index::blas().sgemv_(trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

#endif
