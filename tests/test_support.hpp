#pragma once
// Helpers shared by the tests: paths to fixtures and the corpus, a private data directory per
// test, and running the real binary.

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "regreader/parse/office/office_renderer.hpp"

namespace regreader::testing {

inline std::filesystem::path source_dir() {
  return REGREADER_SOURCE_DIR;
}
inline std::filesystem::path examples_dir() {
  return source_dir() / "examples";
}
inline std::filesystem::path fixtures_dir() {
  return source_dir() / "tests" / "fixtures";
}
inline std::filesystem::path sample_md() {
  return examples_dir() / "sample-regulation.md";
}
inline std::filesystem::path sample_pdf() {
  return examples_dir() / "sample-regulation.pdf";
}
inline std::filesystem::path sample_docx() {
  return examples_dir() / "sample-regulation.docx";
}

/// ../shared/corpus beside the checkout (or $REGREADER_CORPUS), when it exists.
inline std::optional<std::filesystem::path> corpus_dir() {
  if (const char* env = std::getenv("REGREADER_CORPUS");
      env && *env && std::filesystem::exists(env))
    return std::filesystem::path(env);
  auto p = source_dir().parent_path() / "shared" / "corpus";
  if (std::filesystem::exists(p)) return p;
  return std::nullopt;
}

struct RunResult {
  int code = -1;
  std::string out;
  std::string err;
};

/// Sets an environment variable for a scope (the processes a test starts see it), restoring it
/// after.
class ScopedEnv {
 public:
  ScopedEnv(std::string name, const std::string& value) : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) old_ = old;
    ::setenv(name_.c_str(), value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

/// Runs the regreader binary with `args` (already shell-quoted) and captures its output.
inline RunResult run_regreader(const std::string& args) {
  parse::TempDir tmp;
  const auto out_file = tmp.path() / "out", err_file = tmp.path() / "err";
  const std::string cmd = std::string("'") + REGREADER_BINARY + "' " + args + " >'" +
                          out_file.string() + "' 2>'" + err_file.string() + "' </dev/null";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  auto slurp = [](const std::filesystem::path& p) {
    std::string s;
    if (FILE* f = std::fopen(p.c_str(), "rb")) {
      std::array<char, 4096> buf{};
      size_t n = 0;
      while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0)
        s.append(buf.data(), n);
      std::fclose(f);
    }
    return s;
  };
  r.out = slurp(out_file);
  r.err = slurp(err_file);
  return r;
}

// A one-page PDF of `width` × `height` points around `content` (a content stream using
// Helvetica as /F1), with a correct
// cross-reference table so that MuPDF reads it without repairing.
inline std::string one_page_pdf(const std::string& content, int width = 400, int height = 300) {
  const std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " + std::to_string(width) + " " +
          std::to_string(height) +
          "] /Contents 4 0 R "
          "/Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
  std::ostringstream pdf;
  pdf << "%PDF-1.4\n";
  std::vector<std::streamoff> offsets;
  for (size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.tellp());
    pdf << i + 1 << " 0 obj\n" << objects[i] << "\nendobj\n";
  }
  const auto xref = pdf.tellp();
  pdf << "xref\n0 " << objects.size() + 1 << "\n0000000000 65535 f \n";
  for (auto off : offsets) {
    char line[32];
    std::snprintf(line, sizeof line, "%010lld 00000 n \n", static_cast<long long>(off));
    pdf << line;
  }
  pdf << "trailer\n<< /Size " << objects.size() + 1 << " /Root 1 0 R >>\nstartxref\n"
      << xref << "\n%%EOF\n";
  return pdf.str();
}

inline std::string quote(const std::filesystem::path& p) {
  return "'" + p.string() + "'";
}

}  // namespace regreader::testing
