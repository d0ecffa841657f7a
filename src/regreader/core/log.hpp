#pragma once
// Logging goes to stderr only: stdout belongs to command output (and to the protocol in MCP stdio).

namespace regreader {

/// verbosity: -1 quiet (errors only), 0 warnings, 1 info, 2 debug.
void init_logging(int verbosity);

}  // namespace regreader
