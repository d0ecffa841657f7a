#include "regreader/web/reading_room.hpp"

#include <algorithm>
#include <functional>

#include "regreader/core/error.hpp"
#include "regreader/core/settings.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/library_pool.hpp"
#include "regreader/index/regulation_ids.hpp"
#include "regreader/parse/pdf/block_rects.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"
#include "regreader/tools/registry.hpp"
#include "regreader/web/ask_stream.hpp"
#include "regreader/web/page_images.hpp"

namespace regreader::web {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using http::Reply;
using http::Request;

int page_number(const std::string& s) {
  const auto n = text::to_int(s);
  if (!n || *n < 1) throw Error(ErrorCode::kInvalidArgument, "page must be a number from 1");
  return static_cast<int>(*n);
}

json regulation_json(const index::Library& lib, const model::RegulationInfo& r,
                     const std::map<std::string, int>& ocr) {
  json j = r;
  const auto it = ocr.find(r.reg_id);
  j["ocr_pages"] = it == ocr.end() ? 0 : it->second;
  j["has_page_images"] = lib.page_pdf(r).has_value();
  return j;
}

// A page with each block's rectangle on the printed page ("rect": [x0, y0, x1, y1] in points,
// y down) and the page's size, as stored at ingest. Regulations stored before rectangles were
// (schema < 4) have none: their blocks are located now from the kept PDF, when the page's text
// is that PDF's own (an OCR page's words are not in the PDF). A block not found has no rect.
json page_json(const index::Library& lib, const std::string& id, int page) {
  const auto info = lib.documents().require(id);
  auto p = lib.documents().page(id, page);
  const auto has_rect = [](const model::ContentBlock& b) { return b.rect.has_value(); };
  if (std::none_of(p.content_blocks.begin(), p.content_blocks.end(), has_rect) &&
      p.text_source == "text_layer")
    if (const auto src = lib.page_pdf(info)) {
      const parse::PdfDocument pdf(*src);
      if (page <= pdf.page_count())
        parse::attach_page_rects(p, parse::glyphs_of(pdf.read_page(page - 1)));
    }
  json j = p;
  j["paging"] = model::paging_name(info.paging);
  j["blocks_located"] = std::count_if(p.content_blocks.begin(), p.content_blocks.end(), has_rect);
  return j;
}

Reply call_tool(const ReadingRoomOptions& o, const index::Library& lib, const std::string& name,
                const std::string& body) {
  const auto table = tools::tool_table(o.advanced_tools);
  const auto* spec = tools::find_tool(table, name);
  if (!spec) throw Error(ErrorCode::kNotFound, "no tool '" + name + "'");
  const json args = body.empty() ? json::object() : http::parse_json_body(body);
  if (!args.is_object())
    throw Error(ErrorCode::kInvalidArgument,
                "the body must be a JSON object of the tool's arguments");
  const tools::ToolContext ctx{lib.engine(), lib.data_dir(), &lib.synonyms(), {}, &lib.aliases()};
  return http::json_reply(tools::call_tool(*spec, ctx, args).structured);
}

// A regulation in a route may be named as a reader names it (an alias, a standard number):
// the reply carries the stored id.
std::string stored_id(const index::Library& lib, const std::string& name) {
  return index::resolve_regulation(lib.documents(), lib.aliases(), name).reg_ids.front();
}

Reply asset(const Request& req) {
  const auto a = find_asset(req.path == "/" ? "/" : "/" + req.param("asset"));
  if (!a) throw Error(ErrorCode::kNotFound, "no such page: " + req.path);
  Reply r;
  r.content_type = a->content_type;
  r.body = std::string(a->body);
  return r;
}

}  // namespace

void add_reading_room(http::Router& router, const ReadingRoomOptions& options) {
  auto pool = options.libraries
                  ? options.libraries
                  : std::make_shared<index::LibraryPool>(options.data_dir, settings().get("store"));
  // A route over one library of the pool, leased for the request.
  using Read = std::function<Reply(const index::Library&, const Request&)>;
  auto reading = [pool](Read f) {
    return [pool, f](const Request& req) {
      const auto lease = pool->lease();
      return f(*lease, req);
    };
  };
  const ReadingRoomOptions o = options;
  router.add({"GET", "/", "app", asset});
  router.add({"GET", "/{asset}", "asset", asset});
  router.add({"GET", "/api/regulations", "regulations",
              reading([](const index::Library& lib, const Request&) {
                json out = json::array();
                const auto ocr = lib.documents().ocr_page_counts();
                for (const auto& r : lib.documents().list())
                  out.push_back(regulation_json(lib, r, ocr));
                return http::json_reply(out);
              })});
  router.add({"GET", "/api/regulations/{id}", "regulation",
              reading([](const index::Library& lib, const Request& req) {
                return http::json_reply(
                    regulation_json(lib, lib.documents().require(stored_id(lib, req.param("id"))),
                                    lib.documents().ocr_page_counts()));
              })});
  router.add({"GET", "/api/regulations/{id}/pages/{n}", "page",
              reading([](const index::Library& lib, const Request& req) {
                return http::json_reply(
                    page_json(lib, stored_id(lib, req.param("id")), page_number(req.param("n"))));
              })});
  auto images = std::make_shared<PageImages>(o.images);
  router.add({"GET", "/api/regulations/{id}/pages/{n}/image.png", "page image",
              reading([images](const index::Library& lib, const Request& req) {
                return images->get(lib, stored_id(lib, req.param("id")),
                                   page_number(req.param("n")));
              })});
  router.add({"POST", "/api/tool/{name}", "tool",
              reading([o](const index::Library& lib, const Request& req) {
                return call_tool(o, lib, req.param("name"), req.body);
              })});
  router.add({"POST", "/api/ask", "ask", [pool, o](const Request& req) {
                return ask_stream(pool, o.advanced_tools, req.body);
              }});
}

}  // namespace regreader::web
