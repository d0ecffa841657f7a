#pragma once
// Every option RegReader reads from outside the command line's own arguments, in one table:
// name (the config-file key), flag, environment variable, default and help. `main` resolves
// them once with one precedence rule -- flag > environment > config file > default -- and
// installs the result; the library asks `settings()` and never reads the environment itself.
//
// The config file is TOML (read with toml++ from Debian's libtomlplusplus-dev): the one given by
// --config (or REGREADER_CONFIG), else <data dir>/regreader.toml, else
// $XDG_CONFIG_HOME/regreader/regreader.toml (~/.config/... when XDG_CONFIG_HOME is unset).
// Keys are dotted names (`llm.model`), written as tables in the file:
//
//   data_dir = "/var/lib/regreader"
//   [llm]
//   model = "qwen-plus"
//   base_url = "https://dashscope.aliyuncs.com/compatible-mode"

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace regreader {

struct SettingSpec {
  std::string_view key;            // config-file key, dotted: "embedding.model"
  std::string_view env;            // environment variable
  std::string_view flag;           // command-line flag that sets it, or ""
  std::string_view default_value;  // "" = unset (the code that uses it decides)
  std::string_view help;
  bool secret = false;  // shown masked by `config show`
};

/// The table of every setting, in the order `config show` prints them.
std::span<const SettingSpec> setting_specs();

enum class SettingOrigin { kDefault, kConfigFile, kEnvironment, kFlag };
std::string_view origin_name(SettingOrigin o);

struct SettingValue {
  std::string value;
  SettingOrigin origin = SettingOrigin::kDefault;
  std::string where;  // "--data-dir", "REGREADER_DATA_DIR", "/etc/x.toml:3", "default"
};

/// Reads one environment variable; the only place RegReader calls getenv. Used for the table's
/// variables and for the few system ones a program must see (PATH, TERM, XDG_CONFIG_HOME).
std::optional<std::string> environment_variable(std::string_view name);

class Settings {
 public:
  using Lookup = std::function<std::optional<std::string>(std::string_view)>;

  /// Defaults only.
  Settings();

  /// Resolves every setting: `flags` maps keys to values given on the command line; `env` looks
  /// up environment variables (the process's when empty); `config_file` is the file --config
  /// named (empty: search the default places). Throws kInvalidArgument for a config file that
  /// is missing (when named), malformed, or has a key the table does not know -- with file and
  /// line.
  static Settings resolve(const std::map<std::string, std::string>& flags, const Lookup& env = {},
                          const std::filesystem::path& config_file = {});

  /// The value, "" when unset. Throws kInternal for a key not in the table (a programming error).
  const std::string& get(std::string_view key) const;
  const SettingValue& value(std::string_view key) const;
  /// The value by its environment variable's name (for code written against the variables).
  std::optional<std::string> by_env(std::string_view env_name) const;

  /// A number >= `min`, or `fallback` when unset; anything else is kInvalidArgument naming the
  /// setting and where its value came from.
  double number(std::string_view key, double fallback, double min = 0) const;
  /// true for true/1/yes/on (any case); false when unset or false/0/no/off; else an error.
  bool enabled(std::string_view key) const;

  /// The config file that was read ("" when none).
  const std::filesystem::path& config_file() const { return config_file_; }
  /// "config file /x/regreader.toml" or "no config file (looked in: …)".
  std::string config_source() const;

  /// Sets one value as if given by a flag (tests, and commands whose flags resolve late).
  void set(std::string_view key, std::string value, SettingOrigin origin, std::string where);

 private:
  std::map<std::string, SettingValue, std::less<>> values_;
  std::filesystem::path config_file_;
  std::vector<std::filesystem::path> searched_;
};

/// The settings the program runs with: installed by main (or a test); before that, the
/// defaults and the process environment.
const Settings& settings();
void install_settings(Settings s);

/// Installs settings for a scope and puts the previous ones back (tests).
class ScopedSettings {
 public:
  explicit ScopedSettings(Settings s);
  ScopedSettings(const ScopedSettings&) = delete;
  ScopedSettings& operator=(const ScopedSettings&) = delete;
  ~ScopedSettings();

 private:
  Settings previous_;
};

/// Settings from the defaults and the given values by key, marked as flags (tests).
Settings settings_with(const std::map<std::string, std::string>& values);

}  // namespace regreader
