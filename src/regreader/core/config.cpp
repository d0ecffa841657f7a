#include "regreader/core/config.hpp"

#include "regreader/core/settings.hpp"

namespace regreader {

std::filesystem::path resolve_data_dir(const std::string& flag_value) {
  if (!flag_value.empty()) return flag_value;
  const std::string& v = settings().get("data_dir");
  return v.empty() ? std::filesystem::path("data") : std::filesystem::path(v);
}

std::filesystem::path database_path(const std::filesystem::path& data_dir) {
  return data_dir / "regreader.db";
}

}  // namespace regreader
