// `serve`: the MCP server over stdio, Streamable HTTP or the legacy HTTP+SSE transport.

#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/http/server.hpp"
#include "regreader/index/library_pool.hpp"
#include "regreader/mcp/http_routes.hpp"
#include "regreader/mcp/regreader_server.hpp"
#include "regreader/mcp/stdio_transport.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/web/reading_room.hpp"

namespace regreader::cli {

namespace {

struct ServeArgs {
  std::string transport = "stdio";
  std::string host = "127.0.0.1";
  int port = 8765;
  std::vector<std::string> allowed_origins;
  bool no_web = false;
};

void run_serve(const ServeArgs& a, Globals& g) {
  // One pool of libraries for the server: its MCP tools and its reading room read through it.
  const auto libraries =
      std::make_shared<index::LibraryPool>(g.data_dir(), settings().get("store"));
  {
    // The pool's first library, opened before any request: it builds a missing keyword index,
    // so tool calls only read.
    const auto lease = libraries->lease(false);
    const index::Library& lib = *lease;
    // One line on stderr (stdout is the protocol's): what this server serves and why.
    const size_t count = lib.empty() ? 0 : lib.documents().list().size();
    const std::string dir = std::filesystem::absolute(g.data_dir()).string();
    const std::string where = lib.documents().location();
    const std::string from =
        where == dir ? dir : where + " (models and kept sources in " + dir + ")";
    std::string line = "regreader: serving " + std::to_string(count) + " regulation(s) from " +
                       from + "; " + settings().config_source() + "\n";
    if (count == 0)
      line += "regreader: the data directory " + std::filesystem::absolute(g.data_dir()).string() +
              " holds no regulations: `regreader --data-dir DIR ingest FILE` adds some, or pass "
              "--data-dir\n";
    if (!g.quiet || count == 0) std::cerr << line << std::flush;
  }
  mcp::Server server(mcp::regreader_definition(libraries, tools::advanced_tools_enabled()));
  if (a.transport == "stdio") {
    std::ios::sync_with_stdio(false);
    mcp::serve_stdio(server, std::cin, std::cout);
    return;
  }
  http::ServerOptions o;
  o.host = a.host;
  o.port = a.port;
  o.allowed_origins = a.allowed_origins;
  o.token = settings().get("mcp.token");
  const bool legacy_sse = a.transport == "sse";
  o.on_listening = [&a, legacy_sse](int port) {
    // One write, so a reader of stderr sees the whole line at once.
    const std::string base = "http://" + a.host + ":" + std::to_string(port);
    const std::string line = "regreader: MCP server listening on " + base + "/mcp" +
                             (legacy_sse ? " (legacy SSE: /sse)" : "") +
                             (!a.no_web ? "; reading room at " + base + "/" : "") + "\n";
    std::cerr << line << std::flush;
  };
  http::Server http(o);
  mcp::add_http_routes(http, server, {.legacy_sse = legacy_sse});
  if (!a.no_web)
    web::add_reading_room(http.router(), {.data_dir = g.data_dir(),
                                          .advanced_tools = tools::advanced_tools_enabled(),
                                          .images = {},
                                          .libraries = libraries});
  http.run();
}

}  // namespace

void add_serve_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<ServeArgs>();
  auto* s = app.add_subcommand("serve", "Run the MCP server (stdio, Streamable HTTP, legacy SSE)");
  s->add_option("--transport", a->transport, "stdio (default), http, or sse (http + legacy SSE)")
      ->check(CLI::IsMember({"stdio", "http", "sse"}));
  s->add_option("--host", a->host, "Address to bind for http/sse (default 127.0.0.1)");
  s->add_option("--port", a->port, "Port for http/sse (default 8765; 0 picks a free one)")
      ->check(CLI::Range(0, 65535));
  s->add_option("--allow-origin", a->allowed_origins,
                "A browser page allowed to post to /mcp and /api besides the server's own "
                "(repeatable), e.g. http://localhost:6274 for a browser MCP client");
  s->add_flag("--no-web", a->no_web,
              "http/sse: serve only MCP, not the reading room at / and its /api/");
  s->footer(
      "Examples:\n"
      "  regreader serve                                   # stdio, for Claude Desktop/Code\n"
      "  regreader serve --transport http --port 8765      # http://127.0.0.1:8765/mcp\n"
      "  regreader serve --transport sse                   # also GET /sse + POST /messages\n"
      "  regreader serve --transport http                  # open http://127.0.0.1:8765/ in a "
      "browser\n"
      "  claude mcp add regreader -- regreader --data-dir /path/to/data serve\n\n"
      "HTTP binds 127.0.0.1 by default and checks Host and Origin against DNS rebinding; only the\n"
      "server's own pages and --allow-origin pages may post (Origin: null never). To bind\n"
      "another address, set REGREADER_MCP_TOKEN: clients must then send "
      "`Authorization: Bearer <token>`.\n"
      "Logs go to stderr; in stdio mode stdout carries only JSON-RPC.\n"
      "REGREADER_ENABLE_ADVANCED_TOOLS=true adds find_similar_content and compare_sections.");
  s->callback([a, &g] { run_serve(*a, g); });
}

}  // namespace regreader::cli
