#include "regreader/tools/arguments.hpp"

#include "regreader/core/error.hpp"

namespace regreader::tools {

namespace {

using nlohmann::json;

bool has_type(const json& v, const std::string& type) {
  if (type == "string") return v.is_string();
  if (type == "integer") return v.is_number_integer() || v.is_number_unsigned();
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "array") return v.is_array();
  if (type == "object") return v.is_object();
  if (type == "null") return v.is_null();
  return false;
}

std::string shown(const json& v) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw Error(ErrorCode::kInvalidArgument, path + ": " + what);
}

void check(const json& schema, const json& v, const std::string& path);

void check_type(const json& schema, const json& v, const std::string& path) {
  if (!schema.contains("type")) return;
  const json& t = schema["type"];
  std::vector<std::string> types;
  if (t.is_array())
    for (const auto& x : t)
      types.push_back(x.get<std::string>());
  else
    types.push_back(t.get<std::string>());
  for (const auto& x : types)
    if (has_type(v, x)) return;
  std::string want;
  for (const auto& x : types)
    want += (want.empty() ? "" : " or ") + x;
  fail(path, "must be " + want + ", got " + shown(v));
}

void check_object(const json& schema, const json& v, const std::string& path) {
  const json props = schema.value("properties", json::object());
  for (const auto& r : schema.value("required", json::array()))
    if (!v.contains(r.get<std::string>()))
      fail(path.empty() ? r.get<std::string>() : path + "." + r.get<std::string>(), "is required");
  for (const auto& [k, item] : v.items()) {
    const std::string p = path.empty() ? k : path + "." + k;
    if (props.contains(k)) {
      check(props[k], item, p);
    } else if (schema.contains("additionalProperties") && schema["additionalProperties"] == false) {
      std::string known;
      for (const auto& [name, _] : props.items())
        known += (known.empty() ? "" : ", ") + name;
      fail(p, "is not a parameter of this tool (parameters: " + known + ")");
    }
  }
}

void check_bounds(const json& schema, const json& v, const std::string& path) {
  if (v.is_number()) {
    const double x = v.get<double>();
    if (schema.contains("minimum") && x < schema["minimum"].get<double>())
      fail(path, "must be at least " + schema["minimum"].dump() + ", got " + shown(v));
    if (schema.contains("maximum") && x > schema["maximum"].get<double>())
      fail(path, "must be at most " + schema["maximum"].dump() + ", got " + shown(v));
  }
  if (v.is_string() && schema.contains("minLength") &&
      v.get<std::string>().size() < schema["minLength"].get<size_t>())
    fail(path, "must not be empty");
  if (v.is_array() && schema.contains("maxItems") && v.size() > schema["maxItems"].get<size_t>())
    fail(path, "must have at most " + schema["maxItems"].dump() + " items");
  if (schema.contains("enum")) {
    for (const auto& e : schema["enum"])
      if (e == v) return;
    fail(path, "must be one of " + schema["enum"].dump() + ", got " + shown(v));
  }
}

void check(const json& schema, const json& v, const std::string& path) {
  if (schema.contains("anyOf")) {
    std::string first_error;
    for (const auto& alt : schema["anyOf"]) {
      try {
        check(alt, v, path);
        return;
      } catch (const Error& e) {
        if (first_error.empty()) first_error = e.what();
      }
    }
    fail(path, "has the wrong form (" + first_error + ")");
  }
  check_type(schema, v, path);
  check_bounds(schema, v, path);
  if (v.is_object()) check_object(schema, v, path);
  if (v.is_array() && schema.contains("items"))
    for (size_t i = 0; i < v.size(); ++i)
      check(schema["items"], v[i], path + "[" + std::to_string(i) + "]");
}

}  // namespace

void validate_arguments(const json& schema, const json& args) {
  if (!args.is_object())
    throw Error(ErrorCode::kInvalidArgument, "arguments must be a JSON object, got " + shown(args));
  check(schema, args, "");
}

std::string Arguments::str(const std::string& key, const std::string& fallback) const {
  return opt_str(key).value_or(fallback);
}

std::optional<std::string> Arguments::opt_str(const std::string& key) const {
  if (!args_.contains(key) || args_[key].is_null()) return std::nullopt;
  return args_[key].get<std::string>();
}

int Arguments::integer(const std::string& key, int fallback) const {
  return opt_integer(key).value_or(fallback);
}

std::optional<int> Arguments::opt_integer(const std::string& key) const {
  if (!args_.contains(key) || args_[key].is_null()) return std::nullopt;
  return args_[key].get<int>();
}

bool Arguments::boolean(const std::string& key, bool fallback) const {
  if (!args_.contains(key) || args_[key].is_null()) return fallback;
  return args_[key].get<bool>();
}

std::vector<std::string> Arguments::strings(const std::string& key) const {
  if (!args_.contains(key) || args_[key].is_null()) return {};
  if (args_[key].is_string()) return {args_[key].get<std::string>()};
  return args_[key].get<std::vector<std::string>>();
}

}  // namespace regreader::tools
