// regreader: the command-line front of RegReader. Everything here is argument handling and
// printing; the work is done by the core library.

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/config.hpp"
#include "regreader/core/error.hpp"
#include "regreader/core/log.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/keyword/keyword_index.hpp"

namespace regreader::cli {

std::filesystem::path Globals::data_dir() const {
  return resolve_data_dir(data_dir_flag);
}

index::Library Globals::library(index::Library::Mode mode) const {
  return index::Library(data_dir(), mode, settings().get("store"));
}

namespace {

constexpr const char* kFooter =
    "Data lives in one SQLite file under the data directory: --data-dir, else "
    "$REGREADER_DATA_DIR,\n"
    "else ./data.\n\n"
    "A first session:\n"
    "  regreader ingest examples/sample-regulation.pdf --reg-id SAMPLE-2026   # parse and store\n"
    "  regreader list                                    # what is stored\n"
    "  regreader toc SAMPLE-2026                         # its table of contents with pages\n"
    "  regreader search 倒闸操作 -r SAMPLE-2026            # keyword search with page citations\n"
    "  regreader read-pages -r SAMPLE-2026 -s 3 -e 4     # read pages, with chapter paths\n"
    "  regreader table 表1 -r SAMPLE-2026                # a table merged across pages\n"
    "  regreader serve                                   # the MCP server for Claude and agents\n"
    "  regreader ask \"倒闸操作票保存多久？\"                # an LLM agent (REGREADER_LLM_*)\n"
    "  regreader verify \"…0.70 m（SAMPLE-2026 P3 表1）\"   # check an answer's citations\n\n"
    "Exit codes: 0 ok, 1 some work failed, 2 bad arguments, 3 not found (regulation, page, file),\n"
    "4 unreadable input (type, corrupt, encrypted, empty), 5 storage error, 70 internal error.\n"
    "Run `regreader COMMAND --help` for a command's options and examples.";

// The parse limits the settings give, read once for every command.
parse::ParseLimits parse_limits_from_settings(const Settings& s) {
  parse::ParseLimits l;
  l.max_file_mb = static_cast<size_t>(s.number("parse.max_file_mb", double(l.max_file_mb), 0));
  l.memory_mb = static_cast<size_t>(s.number("parse.memory_mb", double(l.memory_mb), 0));
  l.timeout_seconds = static_cast<int>(s.number("parse.timeout", l.timeout_seconds, 0));
  l.max_pages = static_cast<int>(s.number("parse.max_pages", l.max_pages, 0));
  l.max_paragraphs =
      static_cast<size_t>(s.number("parse.max_paragraphs", double(l.max_paragraphs), 0));
  return l;
}

int run(int argc, char** argv) {
  CLI::App app{
      "RegReader: read Chinese power-grid regulations page by page, with chapters and citations"};
  app.set_version_flag("--version", "regreader 0.1.0");
  app.require_subcommand(1);
  app.footer(kFooter);
  Globals g;
  app.add_option("--data-dir", g.data_dir_flag,
                 "Data directory (default: $REGREADER_DATA_DIR, the config file, or ./data)");
  app.add_option("--store", g.store_flag,
                 "Storage engine: a postgresql:// URL (default: $REGREADER_STORE, the config "
                 "file, or the embedded SQLite store in the data directory)");
  app.add_option("--config", g.config_file,
                 "TOML config file (default: <data dir>/regreader.toml, else "
                 "~/.config/regreader/regreader.toml; `regreader config show`)");
  app.add_flag("-v,--verbose", g.verbose, "More log output on stderr (-vv for debug)");
  app.add_flag("-q,--quiet", g.quiet, "Only errors on stderr; no progress bar");
  add_ingest_command(app, g);
  add_read_commands(app, g);
  add_table_commands(app, g);
  add_search_commands(app, g);
  add_eval_command(app, g);
  add_reindex_command(app, g);
  add_manage_commands(app, g);
  add_check_command(app, g);
  add_tool_command(app, g);
  add_serve_command(app, g);
  add_agent_commands(app, g);
  add_verify_command(app, g);
  add_alias_command(app, g);
  add_synonyms_command(app, g);
  add_config_command(app, g);
  add_skills_command(app, g);
  add_docs_commands(app, g);
  app.parse_complete_callback([&g] {
    init_logging(g.quiet ? -1 : g.verbose);
    // One precedence rule for every setting: flag > environment > config file > default.
    install_settings(Settings::resolve({{"data_dir", g.data_dir_flag}, {"store", g.store_flag}}, {},
                                       g.config_file));
    g.parse_limits = parse_limits_from_settings(settings());
  });
  index::enable_keyword_index();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every other CLI11 error is a usage error.
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  } catch (const Error& e) {
    report_error(e, g.json);
    return exit_code_for(e.code());
  } catch (const std::exception& e) {
    report_error(Error(ErrorCode::kInternal, e.what()), g.json);
    return kExitInternal;
  }
  return g.exit_code;
}

}  // namespace
}  // namespace regreader::cli

int main(int argc, char** argv) {
  return regreader::cli::run(argc, argv);
}
