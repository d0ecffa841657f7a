// The router without sockets: patterns and their parameters, which route wins, 404 and 405, and
// errors turned into replies through the error table.

#include "regreader/http/router.hpp"

#include <gtest/gtest.h>

#include "regreader/core/error.hpp"

namespace regreader::http {
namespace router_test {

using nlohmann::json;

Reply echo(const Request& req) {
  json params = json::object();
  for (const auto& [k, v] : req.params)
    params[k] = v;
  return json_reply({{"params", params}, {"path", req.path}});
}

Request get(const std::string& path) {
  return {.method = "GET", .path = path};
}

TEST(HttpRouter, PatternsHandTheirSegmentsToTheHandler) {
  Router r;
  r.add({"GET", "/api/regulations/{id}/pages/{n}", "page", echo});
  const auto out = r.dispatch(get("/api/regulations/GB26860-2011/pages/12"));
  ASSERT_EQ(out.status, 200);
  const auto body = json::parse(out.body);
  EXPECT_EQ(body["params"]["id"], "GB26860-2011");
  EXPECT_EQ(body["params"]["n"], "12");
  // Empty segments do not count; a segment more or less is another path.
  EXPECT_EQ(r.dispatch(get("//api/regulations//X/pages/1/")).status, 200);
  EXPECT_EQ(r.dispatch(get("/api/regulations/X/pages")).status, 404);
  EXPECT_EQ(r.dispatch(get("/api/regulations/X/pages/1/more")).status, 404);
}

TEST(HttpRouter, TheMostLiteralRouteWinsWhateverTheOrder) {
  for (const bool asset_first : {true, false}) {
    Router r;
    auto asset = [](const Request&) { return json_reply("asset"); };
    auto mcp = [](const Request&) { return json_reply("mcp"); };
    if (asset_first) r.add({"GET", "/{asset}", "asset", asset});
    r.add({"GET", "/mcp", "mcp", mcp});
    if (!asset_first) r.add({"GET", "/{asset}", "asset", asset});
    EXPECT_EQ(json::parse(r.dispatch(get("/mcp")).body), "mcp");
    EXPECT_EQ(json::parse(r.dispatch(get("/app.js")).body), "asset");
  }
}

TEST(HttpRouter, AnUnknownPathIs404AndAnUnknownMethod405) {
  Router r;
  r.add({"POST", "/api/tool/{name}", "tool", echo});
  r.add({"DELETE", "/api/tool/{name}", "tool end", echo});
  const auto missing = r.dispatch(get("/nothing"));
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(json::parse(missing.body)["error"]["code"], "not_found");
  const auto wrong = r.dispatch(get("/api/tool/x"));
  EXPECT_EQ(wrong.status, 405);
  EXPECT_EQ(wrong.headers.at("allow"), "POST, DELETE") << "header names compare without case";
}

TEST(HttpRouter, ARouteTakenTwiceOrMalformedIsRefused) {
  Router r;
  r.add({"GET", "/a/{x}", "a", echo});
  EXPECT_THROW(r.add({"GET", "/a/{x}", "again", echo}), Error);
  EXPECT_THROW(r.add({"GET", "a", "relative", echo}), Error);
  EXPECT_THROW(r.add({"GET", "/b", "no handler", nullptr}), Error);
  EXPECT_NO_THROW(r.add({"POST", "/a/{x}", "another method", echo}));
}

TEST(HttpRouter, EveryErrorCodeAnswersWithItsStatusFromTheTable) {
  for (const auto& row : error_table()) {
    Router r;
    r.add({"GET", "/x", "x", [&row](const Request&) -> Reply {
             throw Error(row.code, "because " + std::string(row.name));
           }});
    const auto out = r.dispatch(get("/x"));
    EXPECT_EQ(out.status, row.http_status) << row.name;
    const auto body = json::parse(out.body);
    EXPECT_EQ(body["error"]["code"], row.name);
    EXPECT_EQ(body["error"]["message"], "because " + std::string(row.name));
  }
}

TEST(HttpRouter, ABugIsA500WhoseTextStaysInTheLog) {
  Router r;
  r.add({"GET", "/x", "x", [](const Request&) -> Reply {
           throw std::runtime_error("/secret/path/regreader.db: sqlite said no");
         }});
  const auto out = r.dispatch(get("/x"));
  EXPECT_EQ(out.status, 500);
  EXPECT_EQ(out.body.find("secret"), std::string::npos) << out.body;
}

TEST(HttpRouter, ARouteWritesItsOwnErrorBody) {
  Router r;
  r.add({"GET", "/x", "x",
         [](const Request&) -> Reply { throw Error(ErrorCode::kNotFound, "gone"); },
         [](int status, std::string_view code, const std::string& message) {
           return std::to_string(status) + " " + std::string(code) + " " + message;
         }});
  EXPECT_EQ(r.dispatch(get("/x")).body, "404 not_found gone");
  EXPECT_EQ(Router::error(nullptr, 403, "forbidden", "no").status, 403);
}

TEST(HttpMessage, BodiesAreBoundedJson) {
  EXPECT_EQ(parse_json_body(R"({"a":[1,{"b":2}]})")["a"][1]["b"], 2);
  EXPECT_NO_THROW(parse_json_body(std::string(63, '[') + std::string(63, ']')));
  EXPECT_THROW(parse_json_body(std::string(65, '[') + std::string(65, ']')), Error);
  EXPECT_THROW(parse_json_body(std::string(200000, '[')), Error);
  EXPECT_THROW(parse_json_body(R"({"limit":1e400})"), Error);
  EXPECT_THROW(parse_json_body("{not json"), Error);
  try {
    parse_json_body("[[[]]]", 2);
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find("deeper than 2"), std::string::npos) << e.what();
  }
}

TEST(HttpMessage, HeadersAreFoundWhateverTheirCase) {
  Request req;
  req.headers.emplace("Mcp-Session-Id", "abc");
  EXPECT_EQ(req.header("mcp-session-id"), "abc");
  EXPECT_EQ(req.header("MCP-SESSION-ID"), "abc");
  EXPECT_EQ(req.header("Origin"), "");
}

}  // namespace router_test
}  // namespace regreader::http
