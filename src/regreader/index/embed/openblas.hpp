#pragma once
// OpenBLAS for the encoder's matrix products, opened when a model is loaded (openblas.cpp).

namespace regreader::index {

/// Opens OpenBLAS if this build hands the encoder's products to it (EIGEN_USE_BLAS); throws
/// Error (kNotConfigured) saying what to install when it cannot be loaded. No-op otherwise.
void require_openblas();

}  // namespace regreader::index
