#pragma once
// A system library opened with dlopen when first needed instead of linked. Every library linked
// into the binary, and every library it needs in turn, is loaded and relocated when any command
// starts: libcurl and libpq bring 45 libraries with them (TLS, Kerberos, LDAP, SSH …) and OpenBLAS
// alone made the loader bind 12,000 symbols, though only the LLM and embedding clients, the
// PostgreSQL engine and a local encoder need them. The library's own header still declares the
// functions (`decltype(&::PQexec)`), so their types are checked as if linked.
//
// A user lists the functions once, as an X-macro, and gets a table of them named as in C:
//
//   #define REGREADER_PQ(X) X(PQexec) X(PQclear)
//   REGREADER_FUNCTION_TABLE(Pq, REGREADER_PQ)
//   const Pq& pq = required<Pq>("libpq.so.5", ErrorCode::kStorage, "libpq is missing (…)");
//   pq.PQclear(result);

#include <string>

#include "regreader/core/error.hpp"

/// A member of a function table: the C function `f`'s pointer, under its own name.
#define REGREADER_DECLARE_FUNCTION(f) decltype(&::f) f = nullptr;
/// In a table's `bind(SharedLibrary& lib)`: binds the member `f` to the library's `f`.
#define REGREADER_BIND_FUNCTION(f) lib.bind(f, #f);
/// A struct `Name` with a member for each function of `LIST` (an X-macro), the `failure` that
/// says what could not be found, and the `bind` that opened() calls.
#define REGREADER_FUNCTION_TABLE(Name, LIST)                                     \
  struct Name {                                                                  \
    LIST(REGREADER_DECLARE_FUNCTION)                                             \
    std::string failure;                                                         \
    void bind(::regreader::SharedLibrary& lib) { LIST(REGREADER_BIND_FUNCTION) } \
  };

namespace regreader {

class SharedLibrary {
 public:
  /// dlopens `soname` (e.g. "libpq.so.5"); when that fails, failure() says why.
  explicit SharedLibrary(const std::string& soname);

  /// Binds `f` to the library's function `name`; a missing one is a failure too.
  template <class F>
  void bind(F& f, const char* name) {
    f = reinterpret_cast<F>(symbol(name));
  }

  /// Empty when the library and every function bound so far were found.
  const std::string& failure() const { return failure_; }

 private:
  void* symbol(const char* name);

  void* handle_ = nullptr;  ///< never closed: the library stays loaded for the process
  std::string soname_;
  std::string failure_;
};

/// The function table `Api` (members from REGREADER_DECLARE_FUNCTION, a `bind(SharedLibrary&)`
/// and a `std::string failure`) of `soname`, opened once per process on first call: one table
/// type belongs to one library (the first soname it was opened with is the one it keeps).
template <class Api>
const Api& opened(const char* soname) {
  static const Api api = [soname] {
    Api a;
    SharedLibrary lib(soname);
    a.bind(lib);
    a.failure = lib.failure();
    return a;
  }();
  return api;
}

/// opened(), or Error(`code`) saying `missing` (what is missing and how to install it) and why
/// when the library or one of its functions could not be found.
template <class Api>
const Api& required(const char* soname, ErrorCode code, const char* missing) {
  const Api& api = opened<Api>(soname);
  if (!api.failure.empty()) throw Error(code, std::string(missing) + ": " + api.failure);
  return api;
}

}  // namespace regreader
