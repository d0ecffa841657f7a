#include "regreader/core/shared_library.hpp"

#include <dlfcn.h>

namespace regreader {

SharedLibrary::SharedLibrary(const std::string& soname) : soname_(soname) {
  handle_ = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle_) {
    const char* why = dlerror();
    failure_ = soname + " cannot be loaded: " + (why ? why : "not found");
  }
}

void* SharedLibrary::symbol(const char* name) {
  if (!handle_) return nullptr;
  void* f = dlsym(handle_, name);
  if (!f && failure_.empty()) failure_ = soname_ + " has no " + name;
  return f;
}

}  // namespace regreader
