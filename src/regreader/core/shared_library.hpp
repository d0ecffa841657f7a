#pragma once
// A system library opened with dlopen when first needed instead of linked. Every library linked
// into the binary, and every library it needs in turn, is loaded and relocated when any command
// starts: libcurl and libpq bring 45 libraries with them (TLS, Kerberos, LDAP, SSH …) and made
// up a third of the start-up of every command, though only the LLM and embedding clients need
// the one and only the PostgreSQL engine the other. The headers still declare the functions
// (`decltype(&PQexec)`), so their types are checked as if linked.

#include <string>

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

}  // namespace regreader
