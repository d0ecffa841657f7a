#pragma once
// Each file cmd_*.cpp registers its subcommands on the CLI11 app. A command's callback does the
// work and sets `exit_code`; errors are thrown as regreader::Error and reported by main().

#include <CLI/CLI.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "regreader/index/library.hpp"
#include "regreader/parse/parse_options.hpp"
#include "regreader/store/document_store.hpp"

namespace regreader::cli {

struct Globals {
  std::string data_dir_flag;
  std::string store_flag;             ///< --store (empty: the setting, else the embedded store)
  std::filesystem::path config_file;  ///< --config (empty: the default places)
  int verbose = 0;
  bool quiet = false;
  bool json = false;  ///< set by the running command, so errors are reported as JSON too
  int exit_code = 0;
  /// Bounds on parsing one file, from the parse.* settings, read once at start (main.cpp).
  parse::ParseLimits parse_limits;

  std::filesystem::path data_dir() const;
  /// The library under data_dir(): its store with the keyword index ready, aliases, synonyms.
  /// Every command opens it here and nowhere else.
  index::Library library(index::Library::Mode mode = index::Library::Mode::kRead) const;
};

void add_ingest_command(CLI::App& app, Globals& g);
void add_read_commands(CLI::App& app, Globals& g);
void add_manage_commands(CLI::App& app, Globals& g);
void add_check_command(CLI::App& app, Globals& g);
void add_table_commands(CLI::App& app, Globals& g);
void add_search_commands(CLI::App& app, Globals& g);
/// `debug layout` under the `debug` command (added by add_search_commands).
void add_debug_layout_command(CLI::App& debug, Globals& g);
void add_eval_command(CLI::App& app, Globals& g);
void add_tool_command(CLI::App& app, Globals& g);
void add_serve_command(CLI::App& app, Globals& g);
void add_agent_commands(CLI::App& app, Globals& g);
void add_reindex_command(CLI::App& app, Globals& g);
void add_verify_command(CLI::App& app, Globals& g);
void add_alias_command(CLI::App& app, Globals& g);
void add_synonyms_command(CLI::App& app, Globals& g);
void add_config_command(CLI::App& app, Globals& g);
void add_docs_commands(CLI::App& app, Globals& g);
void add_skills_command(CLI::App& app, Globals& g);

/// The stored id a reader's name for one regulation stands for (an id, an alias such as 安规, a
/// standard number, a title: index/regulation_ids.hpp); says "regulation: 安规 -> GB26860" on
/// stderr when the name was not the id. `quiet`: say nothing.
std::string stored_id(const index::Library& lib, const std::string& name, bool quiet);
/// Every stored id the names stand for (search's -r), said the same way.
std::vector<std::string> stored_ids(const index::Library& lib,
                                    const std::vector<std::string>& names, bool quiet);

/// After an ingest or rename: Library::finish_changes (the keyword index compacted, the new
/// blocks embedded with the configured model, if any) with progress on stderr. A failure is a
/// warning in `report`, not an error: the regulations are stored.
void finish_library_changes(index::Library& lib, Globals& g, nlohmann::json& report);

}  // namespace regreader::cli
