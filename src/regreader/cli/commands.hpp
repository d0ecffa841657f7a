#pragma once
// Each file cmd_*.cpp registers its subcommands on the CLI11 app. A command's callback does the
// work and sets `exit_code`; errors are thrown as regreader::Error and reported by main().

#include <CLI/CLI.hpp>
#include <filesystem>
#include <string>

namespace regreader::cli {

struct Globals {
  std::string data_dir_flag;
  int verbose = 0;
  bool quiet = false;
  bool json = false;  ///< set by the running command, so errors are reported as JSON too
  int exit_code = 0;

  std::filesystem::path data_dir() const;
};

void add_ingest_command(CLI::App& app, Globals& g);
void add_read_commands(CLI::App& app, Globals& g);
void add_manage_commands(CLI::App& app, Globals& g);
void add_table_commands(CLI::App& app, Globals& g);
void add_search_commands(CLI::App& app, Globals& g);
void add_eval_command(CLI::App& app, Globals& g);
void add_tool_command(CLI::App& app, Globals& g);
void add_serve_command(CLI::App& app, Globals& g);
void add_agent_commands(CLI::App& app, Globals& g);

}  // namespace regreader::cli
