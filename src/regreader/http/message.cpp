#include "regreader/http/message.hpp"

#include <strings.h>

#include "regreader/core/error.hpp"

namespace regreader::http {

bool Caseless::operator()(const std::string& a, const std::string& b) const {
  return ::strcasecmp(a.c_str(), b.c_str()) < 0;
}

namespace {
std::string value_of(const auto& map, const std::string& key) {
  const auto it = map.find(key);
  return it == map.end() ? std::string() : it->second;
}
}  // namespace

std::string Request::header(const std::string& name) const {
  return value_of(headers, name);
}

std::string Request::param(const std::string& name) const {
  return value_of(params, name);
}

std::string Request::query_value(const std::string& name) const {
  return value_of(query, name);
}

Reply json_reply(const nlohmann::json& body, int status) {
  Reply r;
  r.status = status;
  r.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return r;
}

nlohmann::json parse_json_body(std::string_view body, int max_depth) {
  using nlohmann::json;
  struct TooDeep {};
  try {
    // The parser itself is iterative; the callback stops it at the depth limit.
    return json::parse(body, [max_depth](int depth, json::parse_event_t event, json&) {
      if ((event == json::parse_event_t::object_start ||
           event == json::parse_event_t::array_start) &&
          depth >= max_depth)
        throw TooDeep{};
      return true;
    });
  } catch (const TooDeep&) {
    throw Error(ErrorCode::kInvalidArgument,
                "the body is nested deeper than " + std::to_string(max_depth) + " levels");
  } catch (const json::exception& e) {  // parse_error, and out_of_range for 1e400
    throw Error(ErrorCode::kInvalidArgument, std::string("the body is not JSON: ") + e.what());
  }
}

}  // namespace regreader::http
