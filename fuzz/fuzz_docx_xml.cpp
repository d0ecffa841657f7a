// libFuzzer target: the DOCX XML readers. The input becomes word/document.xml of a real zip
// (written with libzip), read by read_docx_content: paragraphs, runs, numbering, tables, fields.

#include <zip.h>

#include <cstdint>
#include <string>

#include "regreader/core/error.hpp"
#include "regreader/parse/docx_parser.hpp"
#include "regreader/parse/office_renderer.hpp"

using namespace regreader;

namespace {

void add(zip_t* z, const char* name, const std::string& content) {
  auto* copy = static_cast<char*>(malloc(content.size() ? content.size() : 1));
  memcpy(copy, content.data(), content.size());
  zip_source_t* src = zip_source_buffer(z, copy, content.size(), /*freep=*/1);
  zip_file_add(z, name, src, ZIP_FL_OVERWRITE);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static parse::TempDir dir;
  const std::string path = (dir.path() / "f.docx").string();
  int err = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (!z) return 0;
  add(z, "[Content_Types].xml",
      "<?xml version=\"1.0\"?><Types "
      "xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>");
  add(z, "word/document.xml", std::string(reinterpret_cast<const char*>(data), size));
  if (zip_close(z) != 0) {
    zip_discard(z);
    return 0;
  }
  try {
    parse::read_docx_content(path);
  } catch (const Error&) {
  }
  return 0;
}
