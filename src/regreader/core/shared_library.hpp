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
//   struct Pq {
//     REGREADER_PQ(REGREADER_DECLARE_FUNCTION)
//     std::string failure;
//     void bind(SharedLibrary& lib) { REGREADER_PQ(REGREADER_BIND_FUNCTION) }
//   };
//   const Pq& pq = opened<Pq>("libpq.so.5");   // pq.failure says what was missing
//   pq.PQclear(result);

#include <string>

/// A member of a function table: the C function `f`'s pointer, under its own name.
#define REGREADER_DECLARE_FUNCTION(f) decltype(&::f) f = nullptr;
/// In a table's `bind(SharedLibrary& lib)`: binds the member `f` to the library's `f`.
#define REGREADER_BIND_FUNCTION(f) lib.bind(f, #f);

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
/// and a `std::string failure`) of `soname`, opened once per process on first call.
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

}  // namespace regreader
