#include "regreader/core/log.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace regreader {

void init_logging(int verbosity) {
  auto logger = spdlog::stderr_color_mt("regreader");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%^%l%$: %v");
  spdlog::level::level_enum level = spdlog::level::warn;
  if (verbosity < 0) level = spdlog::level::err;
  if (verbosity == 1) level = spdlog::level::info;
  if (verbosity >= 2) level = spdlog::level::debug;
  spdlog::set_level(level);
}

}  // namespace regreader
