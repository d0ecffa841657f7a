// The conformance fixture server: our MCP library (ServerDefinition + Server, on http::Server
// through add_http_routes) with the tools, resources and prompts the official conformance suite
// (@modelcontextprotocol/conformance) calls by name, as the official SDKs' fixture servers do.
// Not part of the product: tests/mcp/run_conformance.sh runs the suite against it.
//
// Usage: regreader_conformance_fixture [PORT]   (0 or none: any free port; the port is printed
// on stdout as "PORT <n>" once listening)

#include <chrono>
#include <iostream>
#include <string>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/mcp/http_routes.hpp"
#include "regreader/mcp/server.hpp"

namespace regreader::mcp {
namespace {

// A 1x1 red PNG and a minimal WAV file, base64: the payloads the suite expects back.
constexpr const char* kPng =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJg"
    "gg==";
constexpr const char* kWav = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=";
// Pause between the progress and log notifications of one call, so a client sees them arrive.
constexpr auto kStepPause = std::chrono::milliseconds(50);

json text(const std::string& t) {
  return {{"type", "text"}, {"text", t}};
}
json result_of(json content) {
  return {{"content", std::move(content)}};
}
json text_result(const std::string& t) {
  return result_of(json::array({text(t)}));
}
json object_schema(json properties = json::object(), json required = json::array()) {
  json s = {{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) s["required"] = std::move(required);
  return s;
}
json string_arg(const json& args, const std::string& key) {
  return args.contains(key) && args[key].is_string() ? args[key] : json("");
}

Tool tool(const std::string& name, const std::string& description, json input_schema,
          std::function<json(const json&, CallContext&)> fn) {
  return {{{"name", name}, {"description", description}, {"inputSchema", std::move(input_schema)}},
          std::move(fn)};
}

// Asks the client for user input with `schema` and reports what came back.
json elicit(CallContext& ctx, const std::string& message, const json& schema,
            const std::string& prefix) {
  try {
    const json r =
        ctx.request("elicitation/create",
                    {{"mode", "form"}, {"message", message}, {"requestedSchema", schema}});
    return text_result(prefix + ": action=" + r.value("action", "") +
                       ", content=" + r.value("content", json::object()).dump());
  } catch (const Error& e) {
    return text_result(std::string("Elicitation not supported or error: ") + e.what());
  }
}

// Elicitation of one string field, as the 2026-07-28 input-required scenarios ask it.
InputRequest elicit_field(const std::string& key, const std::string& message,
                          const std::string& field, const std::string& type = "string") {
  return {key,
          "elicitation/create",
          {{"message", message},
           {"requestedSchema", object_schema({{field, {{"type", type}}}}, {field})}}};
}
InputRequest sample(const std::string& key, const std::string& prompt, int max_tokens) {
  return {key,
          "sampling/createMessage",
          {{"messages", json::array({{{"role", "user"}, {"content", text(prompt)}}})},
           {"maxTokens", max_tokens}}};
}
InputRequest list_roots(const std::string& key) {
  return {key, "roots/list", json::object()};
}
// A field of an elicitation result's content, or "unknown".
std::string answer_field(const json& result, const std::string& field) {
  const json content = result.value("content", json::object());
  return content.is_object() && content.contains(field) && content[field].is_string()
             ? content[field].get<std::string>()
             : "unknown";
}
std::string sampled_text(const json& result) {
  const json content = result.value("content", json::object());
  return content.is_object() ? content.value("text", "no response") : "no response";
}
size_t root_count(const json& result) {
  const json roots = result.value("roots", json::array());
  return roots.is_array() ? roots.size() : 0;
}

// The tools the 2026-07-28 scenarios call: requests to the client answered across rounds of
// InputRequiredResult (SEP-2322), and the diagnostics of the stateless scenario (SEP-2575).
void add_input_required_tools(std::vector<Tool>& t) {
  t.push_back(tool("test_input_required_result_elicitation", "Asks the user's name",
                   object_schema(), [](const json&, CallContext& ctx) {
                     const json r =
                         ctx.ask({elicit_field("user_name", "What is your name?", "name")})[0];
                     return text_result("Hello, " + answer_field(r, "name") + "!");
                   }));
  t.push_back(tool("test_input_required_result_sampling", "Asks the client's model a question",
                   object_schema(), [](const json&, CallContext& ctx) {
                     const json r = ctx.ask(
                         {sample("capital_question", "What is the capital of France?", 100)})[0];
                     return text_result("Sampling result: " + sampled_text(r));
                   }));
  t.push_back(tool("test_input_required_result_list_roots", "Asks the client's roots",
                   object_schema(), [](const json&, CallContext& ctx) {
                     const json r = ctx.ask({list_roots("client_roots")})[0];
                     return text_result("Found " + std::to_string(root_count(r)) + " root(s)");
                   }));
  const auto confirm = [](const json&, CallContext& ctx) {
    const json r = ctx.ask({elicit_field("confirm", "Please confirm", "ok", "boolean")})[0];
    const json content = r.value("content", json::object());
    const bool ok = content.is_object() && content.value("ok", json()) == json(true);
    return text_result(ok ? "state-ok: requestState validated" : "not confirmed");
  };
  t.push_back(tool("test_input_required_result_request_state", "Asks for a confirmation",
                   object_schema(), confirm));
  t.push_back(tool("test_input_required_result_tampered_state",
                   "Asks for a confirmation; rejects an altered requestState", object_schema(),
                   confirm));
  t.push_back(tool(
      "test_input_required_result_multiple_inputs",
      "Asks for a name, a sampled greeting and the roots at once", object_schema(),
      [](const json&, CallContext& ctx) {
        const auto r =
            ctx.ask({elicit_field("user_name", "What is your name?", "name"),
                     sample("greeting", "Generate a greeting", 50), list_roots("client_roots")});
        return text_result("Name: " + answer_field(r[0], "name") + "; Greeting: " +
                           sampled_text(r[1]) + "; Roots: " + std::to_string(root_count(r[2])));
      }));
  t.push_back(tool(
      "test_input_required_result_multi_round", "Asks a name, then a colour, in two rounds",
      object_schema(), [](const json&, CallContext& ctx) {
        const json name = ctx.ask({elicit_field("step1", "Step 1: What is your name?", "name")})[0];
        const json colour =
            ctx.ask({elicit_field("step2", "Step 2: What is your favorite color?", "color")})[0];
        return text_result("Multi-round complete for " + answer_field(name, "name") +
                           " who likes " + answer_field(colour, "color"));
      }));
  t.push_back(tool("test_input_required_result_capabilities",
                   "Asks only what the client declared it can answer", object_schema(),
                   [](const json&, CallContext& ctx) {
                     std::vector<InputRequest> asks;
                     if (ctx.client_capabilities.contains("elicitation"))
                       asks.push_back(elicit_field("user_name", "What is your name?", "name"));
                     if (ctx.client_capabilities.contains("sampling"))
                       asks.push_back(sample("greeting", "Generate a greeting", 50));
                     if (asks.empty()) return text_result("Nothing to ask this client");
                     ctx.ask(asks);
                     return text_result("Asked " + std::to_string(asks.size()) + " question(s)");
                   }));
  t.push_back(tool("test_missing_capability", "Needs sampling, whether declared or not",
                   object_schema(), [](const json&, CallContext& ctx) {
                     ctx.ask({sample("question", "Say hello", 10)});
                     return text_result("sampled");
                   }));
  t.push_back(tool("test_streaming_elicitation", "Asks the user's name while streaming",
                   object_schema(), [](const json&, CallContext& ctx) {
                     ctx.progress(0, 1, "asking");
                     const json r =
                         ctx.ask({elicit_field("user_name", "What is your name?", "name")})[0];
                     return text_result("Hello, " + answer_field(r, "name") + "!");
                   }));
  t.push_back(tool("test_logging_tool", "Logs at info level", object_schema(),
                   [](const json&, CallContext& ctx) {
                     ctx.log("info", "test_logging_tool ran");
                     return text_result("logged");
                   }));
}

std::vector<Tool> fixture_tools() {
  std::vector<Tool> t;
  t.push_back(tool("test_simple_text", "Tests simple text content response", object_schema(),
                   [](const json&, CallContext&) {
                     return text_result("This is a simple text response for testing.");
                   }));
  t.push_back(tool("test_image_content", "Tests image content response", object_schema(),
                   [](const json&, CallContext&) {
                     return result_of(json::array(
                         {{{"type", "image"}, {"data", kPng}, {"mimeType", "image/png"}}}));
                   }));
  t.push_back(tool("test_audio_content", "Tests audio content response", object_schema(),
                   [](const json&, CallContext&) {
                     return result_of(json::array(
                         {{{"type", "audio"}, {"data", kWav}, {"mimeType", "audio/wav"}}}));
                   }));
  t.push_back(tool("test_embedded_resource", "Tests embedded resource content response",
                   object_schema(), [](const json&, CallContext&) {
                     return result_of(
                         json::array({{{"type", "resource"},
                                       {"resource",
                                        {{"uri", "test://embedded-resource"},
                                         {"mimeType", "text/plain"},
                                         {"text", "This is an embedded resource content."}}}}}));
                   }));
  t.push_back(tool("test_multiple_content_types",
                   "Tests response with multiple content types (text, image, resource)",
                   object_schema(), [](const json&, CallContext&) {
                     return result_of(json::array(
                         {text("Multiple content types test:"),
                          {{"type", "image"}, {"data", kPng}, {"mimeType", "image/png"}},
                          {{"type", "resource"},
                           {"resource",
                            {{"uri", "test://mixed-content-resource"},
                             {"mimeType", "application/json"},
                             {"text", json({{"test", "data"}, {"value", 123}}).dump()}}}}}));
                   }));
  t.push_back(tool("test_tool_with_logging", "Tests tool that emits log messages during execution",
                   object_schema(), [](const json&, CallContext& ctx) {
                     ctx.log("info", "Tool execution started");
                     std::this_thread::sleep_for(kStepPause);
                     ctx.log("info", "Tool processing data");
                     std::this_thread::sleep_for(kStepPause);
                     ctx.log("info", "Tool execution completed");
                     return text_result("Tool with logging executed successfully");
                   }));
  t.push_back(tool("test_tool_with_progress", "Tests tool that reports progress notifications",
                   object_schema(), [](const json&, CallContext& ctx) {
                     for (int step : {0, 50, 100}) {
                       ctx.progress(step, 100,
                                    "Completed step " + std::to_string(step) + " of 100");
                       if (step < 100) std::this_thread::sleep_for(kStepPause);
                     }
                     return text_result("Progress reported");
                   }));
  t.push_back(tool("test_error_handling", "Tests error response handling", object_schema(),
                   [](const json&, CallContext&) -> json {
                     throw Error(ErrorCode::kInternal,
                                 "This tool intentionally returns an error for testing");
                   }));
  t.push_back(tool(
      "test_sampling", "Tests server-initiated sampling (LLM completion request)",
      object_schema({{"prompt", {{"type", "string"}, {"description", "The prompt to send"}}}},
                    {"prompt"}),
      [](const json& args, CallContext& ctx) {
        try {
          const json r = ctx.request(
              "sampling/createMessage",
              {{"messages",
                json::array({{{"role", "user"}, {"content", text(string_arg(args, "prompt"))}}})},
               {"maxTokens", 100}});
          const json content = r.value("content", json::object());
          const std::string reply =
              content.is_object() ? content.value("text", "No response") : "No response";
          return text_result("LLM response: " + reply);
        } catch (const Error& e) {
          return text_result(std::string("Sampling not supported or error: ") + e.what());
        }
      }));
  t.push_back(tool(
      "test_elicitation", "Tests server-initiated elicitation (user input request)",
      object_schema({{"message", {{"type", "string"}, {"description", "The message to show"}}}},
                    {"message"}),
      [](const json& args, CallContext& ctx) {
        return elicit(
            ctx, string_arg(args, "message"),
            object_schema({{"response", {{"type", "string"}, {"description", "User's response"}}}},
                          {"response"}),
            "User response");
      }));
  t.push_back(tool(
      "test_elicitation_sep1034_defaults", "Tests elicitation with default values per SEP-1034",
      object_schema(), [](const json&, CallContext& ctx) {
        const json props = {
            {"name", {{"type", "string"}, {"description", "User name"}, {"default", "John Doe"}}},
            {"age", {{"type", "integer"}, {"description", "User age"}, {"default", 30}}},
            {"score", {{"type", "number"}, {"description", "User score"}, {"default", 95.5}}},
            {"status",
             {{"type", "string"},
              {"description", "User status"},
              {"enum", {"active", "inactive", "pending"}},
              {"default", "active"}}},
            {"verified",
             {{"type", "boolean"}, {"description", "Verification status"}, {"default", true}}}};
        return elicit(ctx, "Please review and update the form fields with defaults",
                      object_schema(props), "Elicitation completed");
      }));
  t.push_back(
      tool("test_elicitation_sep1330_enums",
           "Tests elicitation with enum schema improvements per "
           "SEP-1330",
           object_schema(), [](const json&, CallContext& ctx) {
             const auto titled = [](const std::string& word) {
               return json::array({{{"const", "value1"}, {"title", "First " + word}},
                                   {{"const", "value2"}, {"title", "Second " + word}},
                                   {{"const", "value3"}, {"title", "Third " + word}}});
             };
             const json props = {
                 {"untitledSingle",
                  {{"type", "string"},
                   {"description", "Select one option"},
                   {"enum", {"option1", "option2", "option3"}}}},
                 {"titledSingle",
                  {{"type", "string"},
                   {"description", "Select one option with titles"},
                   {"oneOf", titled("Option")}}},
                 {"legacyEnum",
                  {{"type", "string"},
                   {"description", "Select one option (legacy)"},
                   {"enum", {"opt1", "opt2", "opt3"}},
                   {"enumNames", {"Option One", "Option Two", "Option Three"}}}},
                 {"untitledMulti",
                  {{"type", "array"},
                   {"description", "Select multiple options"},
                   {"minItems", 1},
                   {"maxItems", 3},
                   {"items", {{"type", "string"}, {"enum", {"option1", "option2", "option3"}}}}}},
                 {"titledMulti",
                  {{"type", "array"},
                   {"description", "Select multiple options with titles"},
                   {"minItems", 1},
                   {"maxItems", 3},
                   {"items", {{"anyOf", titled("Choice")}}}}}};
             return elicit(ctx, "Please select options from the enum fields", object_schema(props),
                           "Elicitation completed");
           }));
  t.push_back(tool("json_schema_2020_12_tool",
                   "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)",
                   json::parse(R"({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "$defs": {"address": {"$anchor": "addressDef", "type": "object",
                              "properties": {"street": {"type": "string"},
                                             "city": {"type": "string"}}}},
        "properties": {"name": {"type": "string"},
                       "address": {"$ref": "#/$defs/address"},
                       "contactMethod": {"type": "string", "enum": ["phone", "email"]},
                       "phone": {"type": "string"},
                       "email": {"type": "string"}},
        "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
        "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
        "then": {"required": ["phone"]},
        "else": {"required": ["email"]},
        "additionalProperties": false
      })"),
                   [](const json& args, CallContext&) {
                     return text_result("JSON Schema 2020-12 tool called with: " + args.dump());
                   }));
  t.push_back(tool(
      "test_header_param",
      "Echoes a region that HTTP clients also send in the Mcp-Param-Region header",
      object_schema({{"region", {{"type", "string"}, {"x-mcp-header", "Region"}}}}, {"region"}),
      [](const json& args, CallContext&) {
        return text_result("Region: " + string_arg(args, "region").get<std::string>());
      }));
  add_input_required_tools(t);
  return t;
}

Resource text_resource(const std::string& name, const std::string& title,
                       const std::string& description, const std::string& content) {
  const std::string uri = "test://" + name;
  return {{{"uri", uri},
           {"name", name},
           {"title", title},
           {"description", description},
           {"mimeType", "text/plain"}},
          [uri, content] {
            return json::array({{{"uri", uri}, {"mimeType", "text/plain"}, {"text", content}}});
          }};
}

std::vector<Resource> fixture_resources() {
  return {
      text_resource("static-text", "Static Text Resource", "A static text resource for testing",
                    "This is the content of the static text resource."),
      {{{"uri", "test://static-binary"},
        {"name", "static-binary"},
        {"title", "Static Binary Resource"},
        {"description", "A static binary resource (image) for testing"},
        {"mimeType", "image/png"}},
       [] {
         return json::array(
             {{{"uri", "test://static-binary"}, {"mimeType", "image/png"}, {"blob", kPng}}});
       }},
      text_resource("watched-resource", "Watched Resource", "A resource clients may subscribe to",
                    "Watched resource content"),
  };
}

std::vector<ResourceTemplate> fixture_templates() {
  static const std::string kPrefix = "test://template/";
  static const std::string kSuffix = "/data";
  return {{{{"uriTemplate", "test://template/{id}/data"},
            {"name", "template"},
            {"title", "Resource Template"},
            {"description", "A resource template with parameter substitution"},
            {"mimeType", "application/json"}},
           [](const std::string& uri) -> std::optional<json> {
             if (uri.size() <= kPrefix.size() + kSuffix.size() || uri.rfind(kPrefix, 0) != 0 ||
                 uri.compare(uri.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
               return std::nullopt;
             const std::string id =
                 uri.substr(kPrefix.size(), uri.size() - kPrefix.size() - kSuffix.size());
             if (id.find('/') != std::string::npos) return std::nullopt;
             const json body = {{"id", id}, {"templateTest", true}, {"data", "Data for ID: " + id}};
             return json::array(
                 {{{"uri", uri}, {"mimeType", "application/json"}, {"text", body.dump()}}});
           }}};
}

json user_message(json content) {
  return {{"role", "user"}, {"content", std::move(content)}};
}

std::vector<Prompt> fixture_prompts() {
  const auto arg = [](const std::string& name, const std::string& description) {
    return json{{"name", name}, {"description", description}, {"required", true}};
  };
  return {
      {{{"name", "test_simple_prompt"},
        {"title", "Simple Test Prompt"},
        {"description", "A simple prompt without arguments"}},
       [](const json&, CallContext&) {
         return json{{"messages",
                      json::array({user_message(text("This is a simple prompt for testing."))})}};
       }},
      {{{"name", "test_prompt_with_arguments"},
        {"title", "Prompt With Arguments"},
        {"description", "A prompt with required arguments"},
        {"arguments",
         json::array({arg("arg1", "First test argument"), arg("arg2", "Second test argument")})}},
       [](const json& args, CallContext&) {
         const std::string a1 = string_arg(args, "arg1"), a2 = string_arg(args, "arg2");
         return json{{"messages", json::array({user_message(text("Prompt with arguments: arg1='" +
                                                                 a1 + "', arg2='" + a2 + "'"))})}};
       }},
      {{{"name", "test_prompt_with_embedded_resource"},
        {"title", "Prompt With Embedded Resource"},
        {"description", "A prompt that includes an embedded resource"},
        {"arguments", json::array({arg("resourceUri", "URI of the resource to embed")})}},
       [](const json& args, CallContext&) {
         return json{
             {"messages",
              json::array({user_message({{"type", "resource"},
                                         {"resource",
                                          {{"uri", string_arg(args, "resourceUri")},
                                           {"mimeType", "text/plain"},
                                           {"text", "Embedded resource content for testing."}}}}),
                           user_message(text("Please process the embedded resource above."))})}};
       }},
      {{{"name", "test_prompt_with_image"},
        {"title", "Prompt With Image"},
        {"description", "A prompt that includes image content"}},
       [](const json&, CallContext&) {
         return json{
             {"messages",
              json::array(
                  {user_message({{"type", "image"}, {"data", kPng}, {"mimeType", "image/png"}}),
                   user_message(text("Please analyze the image above."))})}};
       }},
      {{{"name", "test_input_required_result_prompt"},
        {"title", "Prompt With Input Required"},
        {"description", "A prompt that asks the user for context first"}},
       [](const json&, CallContext& ctx) {
         const json r = ctx.ask(
             {elicit_field("user_context", "What context should the prompt use?", "context")})[0];
         return json{{"messages", json::array({user_message(text("Prompt with context: " +
                                                                 answer_field(r, "context")))})}};
       }},
  };
}

ServerDefinition fixture_definition() {
  ServerDefinition def;
  def.name = "regreader-conformance-fixture";
  def.title = "RegReader MCP conformance fixture";
  def.version = "1.0.0";
  def.tools = fixture_tools();
  def.resources = fixture_resources();
  def.templates = fixture_templates();
  def.prompts = fixture_prompts();
  def.complete = [](const json&) {
    return json{{"completion", {{"values", json::array()}, {"total", 0}, {"hasMore", false}}}};
  };
  return def;
}

}  // namespace
}  // namespace regreader::mcp

int main(int argc, char** argv) {
  using namespace regreader;
  try {
    mcp::Server server(mcp::fixture_definition());
    http::ServerOptions o;
    o.port = argc > 1 ? std::stoi(argv[1]) : 0;
    o.on_listening = [](int port) { std::cout << "PORT " << port << std::endl; };
    http::Server http(o);
    mcp::add_http_routes(http, server, {});
    http.run();
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "regreader_conformance_fixture: " << e.what() << "\n";
    return 1;
  }
}
