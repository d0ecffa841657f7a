#pragma once
// Regular expressions on untrusted text: RE2 (linear time, no recursion, UTF-8 native), never
// std::regex, whose backtracking recursion a long input (a 100 KB "第…章", a long URI) turns into
// a stack overflow. RE2 reads UTF-8, so [一二三] is a class of three characters.

#include <re2/re2.h>

#include <stdexcept>
#include <string>

namespace regreader {

/// An RE2 that refuses to exist when its pattern does not compile: a pattern RE2 cannot compile
/// would otherwise never match, silently. Compile each once (a function-local static).
struct Regex : RE2 {
  explicit Regex(const std::string& pattern) : RE2(pattern) {
    if (!ok()) throw std::logic_error("bad regular expression /" + pattern + "/: " + error());
  }
};

}  // namespace regreader
