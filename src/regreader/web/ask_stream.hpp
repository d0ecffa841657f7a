#pragma once
// The reading room's ask panel: one question answered by the react agent over this server's own
// tools (called in-process, not over MCP), streamed as server-sent events --
//   event: tool   {"tool": "smart_search"}         a tool call as it starts
//   event: text   {"text": "…"}                    the answer as the model writes it
//   event: done   {"claims": [...], "ok": bool}    every claim with the checker's verdict
//   event: error  {"message": "…"}
// Without an LLM configured the request fails with the message that says what to set.

#include <memory>
#include <string>

#include "regreader/http/message.hpp"
#include "regreader/index/library_pool.hpp"

namespace regreader::web {

/// `pool`: the server's libraries; the run holds one of them until it ends.
http::Reply ask_stream(std::shared_ptr<index::LibraryPool> pool, bool advanced_tools,
                       const std::string& body);

}  // namespace regreader::web
