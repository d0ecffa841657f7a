#include "regreader/core/config.hpp"

#include <cstdlib>

namespace regreader {

std::filesystem::path resolve_data_dir(const std::string& flag_value) {
  if (!flag_value.empty()) return flag_value;
  if (const char* env = std::getenv("REGREADER_DATA_DIR"); env && *env) return env;
  return "data";
}

std::filesystem::path database_path(const std::filesystem::path& data_dir) {
  return data_dir / "regreader.db";
}

}  // namespace regreader
