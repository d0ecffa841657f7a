// `config show`: every setting's effective value and where it came from (flag, environment,
// config file with line, default), so a user can see why the program does what it does.
// `config example` prints a commented config file to start from.

#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/settings.hpp"

namespace regreader::cli {

namespace {

std::string shown_value(const SettingSpec& spec, const SettingValue& v) {
  if (v.value.empty()) return "(unset)";
  if (spec.secret) return "****" + (v.value.size() > 8 ? v.value.substr(v.value.size() - 4) : "");
  return v.value;
}

void run_show(bool json, Globals& g) {
  g.json = json;
  const Settings& s = settings();
  if (json) {
    nlohmann::json out = {{"config_source", s.config_source()},
                          {"config_file", s.config_file().string()},
                          {"settings", nlohmann::json::array()}};
    for (const auto& spec : setting_specs()) {
      const SettingValue& v = s.value(spec.key);
      out["settings"].push_back({{"key", spec.key},
                                 {"value", spec.secret && !v.value.empty() ? "****" : v.value},
                                 {"origin", origin_name(v.origin)},
                                 {"where", v.where},
                                 {"env", spec.env},
                                 {"flag", spec.flag},
                                 {"default", spec.default_value},
                                 {"help", spec.help}});
    }
    print_json(out);
    return;
  }
  std::cout << "Settings (flag > environment > config file > default); " << s.config_source()
            << "\n\n";
  for (const auto& spec : setting_specs()) {
    const SettingValue& v = s.value(spec.key);
    std::cout << spec.key << " = " << shown_value(spec, v) << "    [" << origin_name(v.origin)
              << (v.origin == SettingOrigin::kDefault ? "" : ": " + v.where) << "]\n"
              << "    " << spec.help << " (env " << spec.env
              << (spec.flag.empty() ? "" : ", flag " + std::string(spec.flag)) << ")\n";
  }
}

void run_example() {
  std::cout << "# regreader.toml: put it in the data directory, in ~/.config/regreader/, or pass\n"
               "# --config FILE. Flags and environment variables override it.\n";
  std::string section;
  for (const auto& spec : setting_specs()) {
    const std::string key(spec.key);
    const auto dot = key.find('.');
    const std::string sec = dot == std::string::npos ? "" : key.substr(0, dot);
    const std::string name = dot == std::string::npos ? key : key.substr(dot + 1);
    if (sec != section) {
      std::cout << "\n[" << sec << "]\n";
      section = sec;
    }
    std::cout << "# " << spec.help << " (env " << spec.env << ")\n"
              << "# " << name << " = \"" << spec.default_value << "\"\n";
  }
}

}  // namespace

void add_config_command(CLI::App& app, Globals& g) {
  auto* cmd = app.add_subcommand("config", "Show the effective settings and where each came from");
  cmd->require_subcommand(1);
  auto json = std::make_shared<bool>(false);
  auto* show = cmd->add_subcommand("show", "Every setting's value and origin");
  show->add_flag("--json", *json, "Machine-readable output (secrets masked)");
  show->callback([json, &g] { run_show(*json, g); });
  auto* example = cmd->add_subcommand("example", "Print a commented regreader.toml to start from");
  example->callback([] { run_example(); });
  cmd->footer(
      "One precedence rule for every setting: flag > environment variable > config file > "
      "default.\nThe config file (TOML) is --config FILE, else $REGREADER_CONFIG, else "
      "<data dir>/regreader.toml,\nelse $XDG_CONFIG_HOME/regreader/regreader.toml "
      "(~/.config/regreader/regreader.toml).\n\n"
      "Examples:\n"
      "  regreader config show\n"
      "  regreader config example > data/regreader.toml\n"
      "  REGREADER_LLM_MODEL=qwen-plus regreader config show --json");
}

}  // namespace regreader::cli
