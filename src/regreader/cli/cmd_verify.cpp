// `verify`: check an answer's claims against the pages they cite (the verify_answer tool on the
// local store), for answers written by any model or person. Exit 1 when a claim fails.

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/core/error.hpp"
#include "regreader/tools/claim_check.hpp"
#include "regreader/tools/store_page_source.hpp"

namespace regreader::cli {

namespace {

struct VerifyArgs {
  std::string answer;
  std::string file;
  std::vector<std::string> read;
  bool json = false;
};

std::string read_answer(const VerifyArgs& a) {
  if (!a.answer.empty() && !a.file.empty())
    throw Error(ErrorCode::kInvalidArgument, "give the answer or --file, not both");
  if (a.file.empty() && a.answer != "-") return a.answer;
  if (a.file.empty() || a.file == "-")
    return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  std::ifstream in(a.file, std::ios::binary);
  if (!in) throw Error(ErrorCode::kNotFound, "cannot read " + a.file);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void run_verify(const VerifyArgs& a, Globals& g) {
  g.json = a.json;
  const std::string answer = read_answer(a);
  if (answer.find_first_not_of(" \t\r\n") == std::string::npos)
    throw Error(ErrorCode::kInvalidArgument, "the answer is empty");
  const auto lib = g.library();
  tools::StorePageSource source(lib.documents(), lib.aliases());
  tools::CheckOptions o;
  if (!a.read.empty()) o.read_regulations = a.read;
  const auto report = tools::check_answer_claims(answer, source, o);
  if (a.json) {
    print_json(report);
  } else {
    for (const auto& c : report.claims) {
      std::cout << "[" << tools::verdict_name(c.verdict) << "] " << c.claim.text << "\n";
      if (!c.detail.empty()) std::cout << "    " << c.detail << "\n";
    }
    std::cout << report.claims.size() << " claim(s), "
              << (report.ok() ? "all verified" : "some do NOT hold") << "\n";
  }
  if (!report.ok()) g.exit_code = kExitFailed;
}

}  // namespace

void add_verify_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<VerifyArgs>();
  auto* v = app.add_subcommand(
      "verify", "Check an answer's citations: each claim against the page, table or note it cites");
  v->add_option("answer", a->answer, "The answer text (\"-\": read it from stdin)");
  v->add_option("--file", a->file, "Read the answer from a file");
  v->add_option("--read", a->read,
                "Regulation ids the answer may cite (others are not_read_in_run)");
  v->add_flag("--json", a->json, "The verdicts as JSON (the verify_answer tool's result)");
  v->footer(
      "Verdicts: verified, figure_not_on_page (value, unit or table row), object_not_on_page\n"
      "(表N/注N/clause/附录X), page_missing, regulation_unknown, not_read_in_run, uncited_figure.\n"
      "Exit code 1 when any claim fails.\n"
      "Examples:\n"
      "  regreader verify \"10kV 设备的安全距离为 0.70 m（SAMPLE-2026 P3 表1）\"\n"
      "  regreader verify --file answer.md --json");
  v->callback([a, &g] { run_verify(*a, g); });
}

}  // namespace regreader::cli
