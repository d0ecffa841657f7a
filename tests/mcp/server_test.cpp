// The protocol engine without a transport: lifecycle, errors, pagination, tool errors,
// cancellation, logging, the stateless revision.

#include "regreader/mcp/server.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "regreader/mcp/regreader_server.hpp"
#include "tools/tool_fixture.hpp"

namespace regreader::mcp {
namespace server_test {

struct RecordingPeer : Peer {
  std::vector<json> sent;
  json next_reply = {{"result", {{"ok", true}}}};
  void notify(const json& n) override { sent.push_back(n); }
  json request(const json& r) override {
    sent.push_back(r);
    return next_reply;
  }
};

json req(int id, const std::string& method, json params = json::object()) {
  return make_request(id, method, std::move(params));
}

class McpServer : public testing::ToolFixture {
 protected:
  McpServer() : server_(regreader_definition(dir_->path(), false)) {}
  json send(const json& m) { return server_.handle(m, session_, peer_).value_or(json()); }
  Server server_;
  Session session_;
  RecordingPeer peer_;
};

TEST_F(McpServer, InitializeNegotiatesTheVersion) {
  auto r = send(
      req(1, "initialize", {{"protocolVersion", "2025-06-18"}, {"capabilities", json::object()}}));
  EXPECT_EQ(r["result"]["protocolVersion"], "2025-06-18");
  r = send(req(2, "initialize", {{"protocolVersion", "2024-11-05"}}));
  EXPECT_EQ(r["result"]["protocolVersion"], "2024-11-05");
  r = send(req(3, "initialize", {{"protocolVersion", "1999-01-01"}}));
  EXPECT_EQ(r["result"]["protocolVersion"], "2025-11-25") << "unknown: the newest we speak";
  EXPECT_EQ(r["result"]["serverInfo"]["name"], "regreader");
  EXPECT_TRUE(r["result"]["capabilities"].contains("tools"));
  EXPECT_TRUE(r["result"]["capabilities"].contains("prompts"));
  EXPECT_TRUE(r["result"]["capabilities"].contains("resources"));
  EXPECT_FALSE(
      server_.handle(make_notification("notifications/initialized", nullptr), session_, peer_));
  EXPECT_TRUE(session_.initialized());
  EXPECT_EQ(send(req(4, "ping"))["result"], json::object());
}

// Issue 12's one-message crashes: each is an error reply, the server goes on.
TEST_F(McpServer, HostileMessagesGetErrorsNotCrashes) {
  auto code = [&](const std::string& text) {
    return server_.handle_text(text, session_, peer_).value()["error"]["code"].get<int>();
  };
  EXPECT_EQ(code(R"({"id":1,"method":"ping","jsonrpc":[]})"), rpc::kInvalidRequest);
  EXPECT_EQ(code(R"({"id":1,"method":"ping","jsonrpc":2})"), rpc::kInvalidRequest);
  EXPECT_EQ(code(R"({"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":1e400}})"),
            rpc::kParseError);
  const std::string deep = R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":)"
                           R"("smart_search","arguments":{"query":)" +
                           std::string(5000, '[') + std::string(5000, ']') + "}}}";
  EXPECT_EQ(code(deep), rpc::kParseError);
  // Nesting under the limit is still a message.
  EXPECT_EQ(send(req(4, "ping"))["result"], json::object());
  // Invalid params are -32602, not internal errors.
  EXPECT_EQ(send(req(5, "tools/list", {{"cursor", std::string(40, '9')}}))["error"]["code"],
            rpc::kInvalidParams);
  EXPECT_EQ(send(req(6, "initialize", {{"protocolVersion", 5}}))["error"]["code"],
            rpc::kInvalidParams);
  EXPECT_EQ(send(req(7, "completion/complete",
                     {{"ref", {{"type", "ref/prompt"}, {"name", "ask_regulation"}}},
                      {"argument", "x"}}))["error"]["code"],
            rpc::kInvalidParams);
}

TEST_F(McpServer, ProtocolErrorsAreJsonRpcErrors) {
  EXPECT_EQ(send(req(1, "no/such"))["error"]["code"], rpc::kMethodNotFound);
  EXPECT_EQ(send({{"jsonrpc", "1.0"}, {"id", 2}, {"method", "ping"}})["error"]["code"],
            rpc::kInvalidRequest);
  EXPECT_EQ(send(json::array({req(1, "ping")}))["error"]["code"], rpc::kInvalidRequest);
  EXPECT_EQ(
      send({{"jsonrpc", "2.0"}, {"id", 3}, {"method", "ping"}, {"params", 5}})["error"]["code"],
      rpc::kInvalidRequest);
  EXPECT_EQ(server_.handle_text("{not json", session_, peer_).value()["error"]["code"],
            rpc::kParseError);
  const auto unknown_tool =
      send(req(4, "tools/call", {{"name", "nope"}, {"arguments", json::object()}}));
  EXPECT_EQ(unknown_tool["error"]["code"], rpc::kInvalidParams);
  EXPECT_EQ(send(req(5, "tools/call", {{"arguments", json::object()}}))["error"]["code"],
            rpc::kInvalidParams);
  EXPECT_EQ(send(req(6, "logging/setLevel", {{"level", "loud"}}))["error"]["code"],
            rpc::kInvalidParams);
  EXPECT_EQ(send(req(7, "resources/read", {{"uri", "regreader://NOPE/page/1"}}))["error"]["code"],
            rpc::kResourceNotFound);
  EXPECT_EQ(send(req(8, "tools/list", {{"cursor", "x"}}))["error"]["code"], rpc::kInvalidParams);
}

TEST_F(McpServer, BadToolArgumentsAreToolErrorsTheModelCanRead) {
  const auto r =
      send(req(1, "tools/call",
               {{"name", "read_page_range"},
                {"arguments", {{"reg_id", "SAMPLE"}, {"start_page", "3"}, {"end_page", 4}}}}));
  ASSERT_TRUE(r.contains("result"));
  EXPECT_TRUE(r["result"]["isError"]);
  const std::string text = r["result"]["content"][0]["text"];
  EXPECT_NE(text.find("start_page: must be integer"), std::string::npos) << text;
  const auto missing =
      send(req(2, "tools/call", {{"name", "get_toc"}, {"arguments", {{"reg_id", "NOPE"}}}}));
  EXPECT_TRUE(missing["result"]["isError"]);
  EXPECT_NE(missing["result"]["content"][0]["text"].get<std::string>().find("not_found"),
            std::string::npos);
}

TEST_F(McpServer, ToolResultsCarryStructuredContentAndText) {
  const auto r = send(
      req(1, "tools/call", {{"name", "smart_search"}, {"arguments", {{"query", "倒闸操作"}}}}));
  ASSERT_TRUE(r.contains("result")) << r.dump();
  EXPECT_FALSE(r["result"]["isError"]);
  EXPECT_FALSE(r["result"]["structuredContent"]["results"].empty());
  EXPECT_NE(r["result"]["content"][0]["text"].get<std::string>().find("SAMPLE P"),
            std::string::npos);
}

TEST_F(McpServer, ToolsListPaginatesAndMatchesTheGoldenFile) {
  ServerDefinition def = regreader_definition(dir_->path(), false);
  def.page_size = 3;
  Server paged(std::move(def));
  std::vector<json> all;
  json cursor;
  for (int i = 0; i < 10; ++i) {
    json params = json::object();
    if (!cursor.is_null()) params["cursor"] = cursor;
    const auto r = paged.handle(req(i, "tools/list", params), session_, peer_).value();
    for (const auto& t : r["result"]["tools"])
      all.push_back(t);
    if (!r["result"].contains("nextCursor")) break;
    cursor = r["result"]["nextCursor"];
  }
  const auto full = send(req(99, "tools/list"))["result"]["tools"];
  EXPECT_EQ(json(all), full);
  const auto golden = testing::source_dir() / "tests" / "cases" / "tools_list.json";
  if (std::getenv("REGREADER_UPDATE_GOLDEN")) std::ofstream(golden) << full.dump(2) << "\n";
  std::ifstream in(golden);
  ASSERT_TRUE(in) << "missing " << golden << " (run with REGREADER_UPDATE_GOLDEN=1)";
  EXPECT_EQ(json::parse(in), full)
      << "tools/list changed: review, then REGREADER_UPDATE_GOLDEN=1 to accept";
}

TEST_F(McpServer, CancelledRequestsAreRemembered) {
  server_.handle(make_notification("notifications/cancelled", {{"requestId", 7}}), session_, peer_);
  EXPECT_TRUE(session_.is_cancelled(7));
  EXPECT_FALSE(session_.is_cancelled(8));
}

TEST_F(McpServer, LogLevelFiltersMessages) {
  send(req(1, "logging/setLevel", {{"level", "warning"}}));
  EXPECT_FALSE(session_.logs("info"));
  EXPECT_TRUE(session_.logs("error"));
}

json stateless_meta(json capabilities = json::object()) {
  return {{kMetaVersionKey, kStatelessVersion}, {kMetaCapabilitiesKey, std::move(capabilities)}};
}

TEST_F(McpServer, StatelessRevisionAndDiscover) {
  const json meta = {{"_meta", stateless_meta()}};
  const auto d = send(req(1, "server/discover", meta));
  EXPECT_EQ(d["result"]["supportedVersions"][0], kStatelessVersion);
  EXPECT_TRUE(d["result"]["capabilities"].contains("tools"));
  EXPECT_FALSE(d["result"]["capabilities"]["resources"].contains("subscribe"))
      << "resources/subscribe is a session-era method";
  EXPECT_EQ(d["result"]["ttlMs"], 0);
  Session fresh;
  const auto list = server_.handle(req(2, "tools/list", meta), fresh, peer_).value();
  EXPECT_EQ(list["result"]["tools"].size(), 9u) << "no initialize needed";
  EXPECT_EQ(list["result"]["resultType"], "complete");
  EXPECT_EQ(list["result"]["cacheScope"], "private");
  json bad = {{"_meta", {{kMetaVersionKey, "v999"}, {kMetaCapabilitiesKey, json::object()}}}};
  EXPECT_EQ(server_.handle(req(3, "tools/list", bad), fresh, peer_).value()["error"]["code"],
            rpc::kUnsupportedVersion);
  EXPECT_EQ(send(req(4, "server/discover"))["error"]["code"], rpc::kInvalidParams) << "no _meta";
  json no_caps = {{"_meta", {{kMetaVersionKey, kStatelessVersion}}}};
  EXPECT_EQ(send(req(5, "tools/list", no_caps))["error"]["code"], rpc::kInvalidParams);
  for (const char* removed : {"initialize", "ping", "logging/setLevel", "resources/subscribe"})
    EXPECT_EQ(send(req(6, removed, meta))["error"]["code"], rpc::kMethodNotFound) << removed;
  Session by_header;  // what the HTTP transport does with MCP-Protocol-Version: 2026-07-28
  by_header.set_protocol_version(kStatelessVersion);
  EXPECT_EQ(server_.handle(req(7, "tools/list"), by_header, peer_).value()["error"]["code"],
            rpc::kInvalidParams);
}

// A server whose one tool asks the client twice, in two rounds, and logs.
ServerDefinition asking_definition() {
  ServerDefinition def;
  def.name = "asking";
  def.version = "1";
  def.tools.push_back(
      {{{"name", "ask"}, {"inputSchema", {{"type", "object"}}}}, [](const json&, CallContext& ctx) {
         ctx.log("info", "asking");
         const json name = ctx.ask({{"name", "elicitation/create", {{"message", "Name?"}}}})[0];
         const json roots = ctx.ask({{"roots", "roots/list", json::object()}})[0];
         return json{
             {"content", json::array({{{"type", "text"},
                                       {"text", name["content"]["name"].get<std::string>() + " " +
                                                    std::to_string(roots["roots"].size())}}})}};
       }});
  return def;
}

TEST(McpInputRequired, AnswersComeBackInRoundsWithSealedState) {
  Server server(asking_definition());
  RecordingPeer peer;
  Session session;
  const json caps = {{"elicitation", json::object()}, {"roots", json::object()}};
  json params = {{"name", "ask"}, {"arguments", json::object()}, {"_meta", stateless_meta(caps)}};
  json r = server.handle(req(1, "tools/call", params), session, peer).value()["result"];
  ASSERT_EQ(r["resultType"], "input_required");
  EXPECT_EQ(r["inputRequests"]["name"]["method"], "elicitation/create");
  EXPECT_TRUE(peer.sent.empty()) << "nothing sent to the client, not even the log: no logLevel";
  const std::string first_state = r["requestState"];

  params["requestState"] = r["requestState"];
  params["inputResponses"] = {{"name", {{"action", "accept"}, {"content", {{"name", "Ann"}}}}}};
  r = server.handle(req(2, "tools/call", params), session, peer).value()["result"];
  ASSERT_EQ(r["resultType"], "input_required");
  EXPECT_TRUE(r["inputRequests"].contains("roots"));
  EXPECT_FALSE(r["inputRequests"].contains("name")) << "round 1's answer travels in the state";

  params["requestState"] = r["requestState"];
  params["inputResponses"] = {{"roots", {{"roots", json::array({{{"uri", "file:///a"}}})}}}};
  r = server.handle(req(3, "tools/call", params), session, peer).value()["result"];
  EXPECT_EQ(r["resultType"], "complete");
  EXPECT_EQ(r["content"][0]["text"], "Ann 1");

  params["requestState"] = first_state + "-TAMPERED";
  EXPECT_EQ(server.handle(req(4, "tools/call", params), session, peer).value()["error"]["code"],
            rpc::kInvalidParams);
}

TEST(McpInputRequired, UndeclaredCapabilityIsAnError) {
  Server server(asking_definition());
  RecordingPeer peer;
  Session session;
  const json params = {{"name", "ask"}, {"arguments", json::object()}, {"_meta", stateless_meta()}};
  const json e = server.handle(req(1, "tools/call", params), session, peer).value()["error"];
  EXPECT_EQ(e["code"], rpc::kMissingCapability);
  EXPECT_TRUE(e["data"]["requiredCapabilities"].contains("elicitation"));
}

TEST(McpInputRequired, OverASessionTheRequestsGoToTheClient) {
  Server server(asking_definition());
  RecordingPeer peer;
  Session session;
  server.handle(
      req(1, "initialize",
          {{"protocolVersion", "2025-11-25"},
           {"capabilities", {{"elicitation", json::object()}, {"roots", json::object()}}}}),
      session, peer);
  peer.next_reply = {{"result", {{"content", {{"name", "Bo"}}}, {"roots", json::array()}}}};
  const json r = server
                     .handle(req(2, "tools/call", {{"name", "ask"}, {"arguments", json::object()}}),
                             session, peer)
                     .value()["result"];
  EXPECT_EQ(r["content"][0]["text"], "Bo 0");
  ASSERT_EQ(peer.sent.size(), 3u);  // the log message, then the two requests
  EXPECT_EQ(peer.sent[1]["method"], "elicitation/create");
  EXPECT_EQ(peer.sent[2]["method"], "roots/list");
}

TEST_F(McpServer, PromptsAndResources) {
  const auto prompts = send(req(1, "prompts/list"))["result"]["prompts"];
  EXPECT_GE(prompts.size(), 2u);
  const auto sys = send(req(2, "prompts/get", {{"name", "regreader_system"}}));
  const std::string text = sys["result"]["messages"][0]["content"]["text"];
  EXPECT_NE(text.find("【处置措施】"), std::string::npos);
  EXPECT_NE(text.find("未找到相关规定"), std::string::npos);
  const auto page = send(req(3, "resources/read", {{"uri", "regreader://SAMPLE/page/3"}}));
  EXPECT_NE(page["result"]["contents"][0]["text"].get<std::string>().find("安全距离"),
            std::string::npos);
  const auto regs = send(req(4, "resources/read", {{"uri", "regreader://regulations"}}));
  EXPECT_NE(regs["result"]["contents"][0]["text"].get<std::string>().find("SAMPLE"),
            std::string::npos);
  EXPECT_EQ(send(req(5, "prompts/get", {{"name", "nope"}}))["error"]["code"], rpc::kInvalidParams);
  const auto c = send(req(6, "completion/complete",
                          {{"ref", {{"type", "ref/prompt"}, {"name", "ask_regulation"}}},
                           {"argument", {{"name", "reg_id"}, {"value", "SAM"}}}}));
  EXPECT_EQ(c["result"]["completion"]["values"], json::array({"SAMPLE"}));
}

// Long URIs and references are matched by RE2 in linear time and without recursion: input that
// overflowed the stack of the backtracking matcher used before (and killed the server) gets a
// plain answer.
TEST_F(McpServer, HugeUrisAndReferencesDoNotKillTheServer) {
  EXPECT_NE(send(req(1, "resources/read",
                     {{"uri", "regreader://SAMPLE/toc"}}))["result"]["contents"][0]["text"]
                .get<std::string>()
                .find("SAMPLE"),
            std::string::npos);
  const std::string id(200000, 'A');
  EXPECT_EQ(
      send(req(2, "resources/read", {{"uri", "regreader://" + id + "/toc"}}))["error"]["code"],
      rpc::kResourceNotFound);
  EXPECT_EQ(
      send(req(3, "resources/read", {{"uri", "regreader://" + id + "/page/1"}}))["error"]["code"],
      rpc::kResourceNotFound);
  EXPECT_EQ(
      send(req(4, "resources/read",
               {{"uri", "regreader://SAMPLE/page/" + std::string(200000, '1')}}))["error"]["code"],
      rpc::kResourceNotFound);
  std::string chapter = "第";
  for (int i = 0; i < 100000; ++i)
    chapter += "一";
  chapter += "章";
  const auto r = send(req(5, "tools/call",
                          {{"name", "resolve_reference"},
                           {"arguments", {{"reg_id", "SAMPLE"}, {"reference_text", chapter}}}}));
  ASSERT_TRUE(r.contains("result")) << r.dump().substr(0, 300);
  EXPECT_EQ(r["result"]["structuredContent"]["kind"], "chapter");
}

TEST(McpContext, ProgressOnlyWithATokenAndClientRequestsGoThroughThePeer) {
  ServerDefinition def;
  def.name = "t";
  def.tools.push_back(
      {{{"name", "slow"}, {"inputSchema", {{"type", "object"}}}},
       [](const json&, CallContext& ctx) {
         ctx.progress(1, 2, "half");
         const json answer = ctx.request("sampling/createMessage", {{"x", 1}});
         return json{{"content", json::array({{{"type", "text"}, {"text", answer.dump()}}})}};
       }});
  Server server(std::move(def));
  Session s;
  RecordingPeer peer;
  auto r = server.handle(req(1, "tools/call", {{"name", "slow"}}), s, peer).value();
  EXPECT_EQ(r["error"]["code"], rpc::kMissingCapability) << "the client did not declare sampling";
  EXPECT_TRUE(peer.sent.empty());
  s.set_client({{"sampling", json::object()}}, json::object());
  r = server.handle(req(1, "tools/call", {{"name", "slow"}}), s, peer).value();
  ASSERT_EQ(peer.sent.size(), 1u) << "no progress without a token";
  EXPECT_EQ(peer.sent[0]["method"], "sampling/createMessage");
  EXPECT_EQ(r["result"]["content"][0]["text"], "{\"ok\":true}");
  peer.sent.clear();
  r = server
          .handle(req(2, "tools/call", {{"name", "slow"}, {"_meta", {{"progressToken", "p"}}}}), s,
                  peer)
          .value();
  ASSERT_EQ(peer.sent.size(), 2u);
  EXPECT_EQ(peer.sent[0]["method"], "notifications/progress");
  EXPECT_EQ(peer.sent[0]["params"]["progressToken"], "p");
  EXPECT_EQ(peer.sent[0]["params"]["total"], 2);
  peer.next_reply = {{"error", {{"code", -1}, {"message", "user declined"}}}};
  r = server.handle(req(3, "tools/call", {{"name", "slow"}}), s, peer).value();
  EXPECT_EQ(r["error"]["message"], "user declined");
}

}  // namespace server_test
}  // namespace regreader::mcp

namespace regreader::mcp {
namespace server_test {

// Issue 16: every skill is a prompt -- the built-in ones and the data directory's -- with the
// arguments its front matter declares; a skill that does not load is left out, the rest stay.
TEST(McpSkillPrompts, PromptsListIncludesTheSkillsWithTheirArguments) {
  parse::TempDir dir;
  std::filesystem::create_directories(dir.path() / "skills" / "ticket-check");
  std::ofstream(dir.path() / "skills" / "ticket-check" / "SKILL.md")
      << "---\nname: ticket-check\ndescription: 检查工作票\nrequired_tools: [smart_search]\n"
         "arguments:\n  - name: ticket\n    description: 工作票内容\n    required: true\n---\n"
         "逐项核对工作票。\n";
  std::filesystem::create_directories(dir.path() / "skills" / "broken");
  std::ofstream(dir.path() / "skills" / "broken" / "SKILL.md") << "no front matter\n";
  Server server(regreader_definition(dir.path(), false));
  Session session;
  RecordingPeer peer;
  auto send = [&](const json& m) { return server.handle(m, session, peer).value_or(json()); };
  send(req(0, "initialize", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()}}));
  const auto list = send(req(1, "prompts/list"));
  std::map<std::string, json> by_name;
  for (const auto& p : list["result"]["prompts"])
    by_name[p["name"]] = p;
  for (const char* name : {"skill_table-lookup", "skill_note-tracing", "skill_reference-following",
                           "skill_chapter-comparison", "skill_simple-search", "skill_ticket-check"})
    EXPECT_TRUE(by_name.count(name)) << name << " in " << list.dump();
  EXPECT_FALSE(by_name.count("skill_broken"));
  EXPECT_EQ(by_name["skill_ticket-check"]["arguments"][0]["name"], "ticket");
  EXPECT_EQ(by_name["skill_table-lookup"]["arguments"][0]["name"], "question");

  const auto got =
      send(req(2, "prompts/get",
               {{"name", "skill_ticket-check"}, {"arguments", {{"ticket", "工作负责人：张三"}}}}));
  const std::string text = got["result"]["messages"][0]["content"]["text"];
  EXPECT_NE(text.find("逐项核对工作票"), std::string::npos) << text;
  EXPECT_NE(text.find("工作负责人：张三"), std::string::npos) << text;
  EXPECT_NE(text.find("smart_search"), std::string::npos) << text;
  const auto missing = send(req(3, "prompts/get", {{"name", "skill_ticket-check"}}));
  EXPECT_EQ(missing["error"]["code"], rpc::kInvalidParams);
}

}  // namespace server_test
}  // namespace regreader::mcp
