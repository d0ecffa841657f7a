// libFuzzer target: the DOCX XML readers. The input becomes word/document.xml of a real zip
// (written with libzip), read by read_docx_content: paragraphs, runs, numbering, tables, fields.

#include <zip.h>

#include <cstdint>
#include <string>

#include "regreader/core/error.hpp"
#include "regreader/parse/office/docx_parser.hpp"
#include "regreader/parse/office/office_renderer.hpp"

using namespace regreader;

namespace {

// The buffer must outlive zip_close, which reads it: callers keep `content` alive until then.
void add(zip_t* z, const char* name, const std::string& content) {
  zip_source_t* src = zip_source_buffer(z, content.data(), content.size(), /*freep=*/0);
  if (src && zip_file_add(z, name, src, ZIP_FL_OVERWRITE) < 0) zip_source_free(src);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static parse::TempDir dir;
  const std::string path = (dir.path() / "f.docx").string();
  int err = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (!z) return 0;
  static const std::string types =
      "<?xml version=\"1.0\"?><Types "
      "xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>";
  const std::string document(reinterpret_cast<const char*>(data), size);
  add(z, "[Content_Types].xml", types);
  add(z, "word/document.xml", document);
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
