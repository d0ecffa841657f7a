#pragma once
// LibreOffice as a renderer: Word files carry no reliable page breaks, so the pages users see come
// from `soffice --headless --convert-to pdf`. Set REGREADER_NO_OFFICE=1 to never use it, or
// REGREADER_SOFFICE=/path/to/soffice to pick the binary.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"
#include "regreader/parse/raw_document.hpp"

namespace regreader::parse {

/// A private temporary directory, removed with everything in it on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// Removes the temporary directories (`regreader-<pid>-…` under `dir`, the system temporary
/// directory by default) of RegReader processes that are no longer running: a killed ingest
/// leaves its LibreOffice conversion behind. Returns how many were removed.
int clean_stale_temp_dirs(
    const std::filesystem::path& dir = std::filesystem::temp_directory_path());

/// The soffice binary, when LibreOffice is installed and not disabled.
std::optional<std::filesystem::path> find_soffice();

/// Runs `soffice --headless --convert-to FORMAT` on `input` into `outdir`; returns the output
/// file. Throws ParseError(kConversion) with LibreOffice's message on failure or timeout.
std::filesystem::path convert_with_soffice(const std::filesystem::path& input,
                                           const std::string& format,
                                           const std::filesystem::path& outdir);

/// Renders an office document to PDF and reads its pages' text lines.
/// With `keep_pdf`, the rendering itself is also written there.
std::vector<PdfPage> render_pdf_pages(const std::filesystem::path& input,
                                      const std::filesystem::path& keep_pdf = {});

/// Gives every block the page on which its text appears in the rendering, by matching the blocks'
/// text in order against the rendered pages' text. Sets page_count and paging = rendered.
void assign_rendered_pages(RawDocument& raw, const std::vector<PdfPage>& pages);

}  // namespace regreader::parse
