#include "regreader/tools/arguments.hpp"

#include <gtest/gtest.h>

#include "regreader/core/error.hpp"
#include "regreader/tools/schemas.hpp"

namespace regreader::tools {
namespace arguments_test {

using nlohmann::json;

const json& schema() {
  static const json s = schema::object(
      {{"reg_id", schema::reg_id()},
       {"limit", schema::integer("n", 1, 50)},
       {"types", {{"type", "array"}, {"items", {{"type", "string"}, {"enum", {"text", "table"}}}}}},
       {"ids", {{"anyOf", json::array({{{"type", "string"}}, schema::strings()})}}}},
      {"reg_id"});
  return s;
}

std::string error_of(const json& args) {
  try {
    validate_arguments(schema(), args);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    return e.what();
  }
  return "";
}

TEST(Arguments, ValidArgumentsPass) {
  EXPECT_EQ(error_of({{"reg_id", "GB1"}}), "");
  EXPECT_EQ(error_of({{"reg_id", "GB1"}, {"limit", 50}, {"types", {"text"}}, {"ids", "a"}}), "");
  EXPECT_EQ(error_of({{"reg_id", "GB1"}, {"ids", {"a", "b"}}}), "");
}

TEST(Arguments, EachProblemIsNamedSoAModelCanFixIt) {
  EXPECT_EQ(error_of(json::object()), "reg_id: is required");
  EXPECT_EQ(error_of({{"reg_id", ""}}), "reg_id: must not be empty");
  EXPECT_EQ(error_of({{"reg_id", 7}}), "reg_id: must be string, got 7");
  EXPECT_EQ(error_of({{"reg_id", "a"}, {"limit", "ten"}}), "limit: must be integer, got \"ten\"");
  EXPECT_EQ(error_of({{"reg_id", "a"}, {"limit", 51}}), "limit: must be at most 50, got 51");
  EXPECT_EQ(error_of({{"reg_id", "a"}, {"limit", 2.5}}), "limit: must be integer, got 2.5");
  EXPECT_EQ(error_of({{"reg_id", "a"}, {"types", {"txt"}}}),
            "types[0]: must be one of [\"text\",\"table\"], got \"txt\"");
  EXPECT_NE(error_of({{"reg_id", "a"}, {"ids", 3}}).find("ids: has the wrong form"),
            std::string::npos);
  EXPECT_NE(error_of({{"reg_id", "a"}, {"regid", "b"}}).find("regid: is not a parameter"),
            std::string::npos);
}

TEST(Arguments, ArgumentsMustBeAnObject) {
  EXPECT_THROW(validate_arguments(schema(), json::array()), Error);
  EXPECT_THROW(validate_arguments(schema(), "x"), Error);
}

TEST(Arguments, TypedAccess) {
  const json args = {{"reg_id", "GB1"}, {"ids", "a"}, {"limit", 3}};
  const Arguments a(args);
  EXPECT_EQ(a.str("reg_id"), "GB1");
  EXPECT_EQ(a.integer("limit", 10), 3);
  EXPECT_EQ(a.integer("missing", 10), 10);
  EXPECT_EQ(a.strings("ids"), std::vector<std::string>{"a"});
  EXPECT_TRUE(a.strings("missing").empty());
  EXPECT_FALSE(a.opt_str("missing"));
}

}  // namespace arguments_test
}  // namespace regreader::tools
