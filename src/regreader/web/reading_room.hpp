#pragma once
// The reading room: a browser view of the library served beside MCP by `serve --transport http`,
// as named routes of the server (http/router.hpp): static assets compiled into the binary
// (web/assets/), and a JSON API over the same tools agents use.
//
// clang-format off
//   GET  /, /{asset}                                the app (index.html, app.js, style.css)
//   GET  /api/regulations                           the library: title, pages, format, fidelity
//   GET  /api/regulations/{id}                      one regulation
//   GET  /api/regulations/{id}/pages/{n}            the stored page: blocks, notes, OCR flag
//   GET  /api/regulations/{id}/pages/{n}/image.png  the page as printed (web/page_images.hpp)
//   POST /api/tool/{name}                           any read-only tool, arguments as the body
//   POST /api/ask                                   an answer streamed as server-sent events
// clang-format on

#include <filesystem>
#include <memory>

#include "regreader/http/router.hpp"
#include "regreader/index/library_pool.hpp"
#include "regreader/web/page_images.hpp"

namespace regreader::web {

struct ReadingRoomOptions {
  std::filesystem::path data_dir;
  bool advanced_tools = false;
  PageImageLimits images;  ///< page images: resolution, pixel cap, drawings at once, cache
  /// The server's libraries, shared with its MCP tools; null: a pool of its own for `data_dir`
  /// on the configured engine.
  std::shared_ptr<index::LibraryPool> libraries;
};

/// Registers the reading room's pages and /api/ routes on `router`, reading the library through
/// one pool of libraries per server (index/library_pool.hpp).
void add_reading_room(http::Router& router, const ReadingRoomOptions& options);

/// The compiled-in asset for a path ("/app.js"), with its content type; nullopt for others.
struct Asset {
  std::string_view body;
  const char* content_type;
};
std::optional<Asset> find_asset(std::string_view path);

}  // namespace regreader::web
