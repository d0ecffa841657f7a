#pragma once
// Checking tool arguments against a tool's input schema, and reading them afterwards.
//
// Written by hand because no JSON Schema validator is packaged in Debian 12; it covers the
// subset our schemas use (type incl. unions, properties, required, additionalProperties,
// enum, minimum/maximum, minLength, items, maxItems). Wrong types are rejected, never defaulted.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace regreader::tools {

/// Throws Error(kInvalidArgument) with a message a model can act on ("limit: must be an integer
/// between 1 and 50, got \"ten\"") when `args` does not satisfy `schema`.
void validate_arguments(const nlohmann::json& schema, const nlohmann::json& args);

/// Typed access to validated arguments.
class Arguments {
 public:
  explicit Arguments(const nlohmann::json& args) : args_(args) {}
  std::string str(const std::string& key, const std::string& fallback = "") const;
  std::optional<std::string> opt_str(const std::string& key) const;
  int integer(const std::string& key, int fallback) const;
  std::optional<int> opt_integer(const std::string& key) const;
  bool boolean(const std::string& key, bool fallback) const;
  /// A string or an array of strings, as a list (absent: empty).
  std::vector<std::string> strings(const std::string& key) const;

 private:
  const nlohmann::json& args_;
};

}  // namespace regreader::tools
