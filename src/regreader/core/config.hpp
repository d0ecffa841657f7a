#pragma once
// Where RegReader keeps its data: --data-dir, else the data_dir setting (REGREADER_DATA_DIR,
// the config file), else ./data.

#include <filesystem>
#include <string>

namespace regreader {

/// Resolves the data directory from a flag value (may be empty) and the installed settings.
std::filesystem::path resolve_data_dir(const std::string& flag_value);

/// Path of the SQLite database inside a data directory.
std::filesystem::path database_path(const std::filesystem::path& data_dir);

}  // namespace regreader
