// `reindex`: rebuild the vectors of the semantic leg (after changing the embedding model), and the
// vector update that follows an ingest.

#include <chrono>
#include <iostream>
#include <memory>

#include "regreader/cli/commands.hpp"
#include "regreader/cli/output.hpp"
#include "regreader/cli/progress.hpp"
#include "regreader/core/error.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/search.hpp"
#include "regreader/index/vector/vector_store.hpp"

namespace regreader::cli {

namespace {

struct ReindexArgs {
  std::string reg_id;
  bool all = false;
  bool json = false;
};

void run_reindex(const ReindexArgs& a, Globals& g) {
  g.json = a.json;
  if (a.all == !a.reg_id.empty())
    throw Error(ErrorCode::kInvalidArgument, "name one regulation or pass --all");
  const auto config = index::EmbeddingConfig::from_env();
  if (config.kind == index::EmbedderKind::kNone)
    throw Error(ErrorCode::kInvalidArgument,
                "no embedding model is configured: set REGREADER_EMBEDDING_MODEL=builtin-lsa, or "
                "REGREADER_EMBEDDING_URL and REGREADER_EMBEDDING_MODEL (see `regreader search "
                "--help`)");
  auto lib = g.library();
  if (lib.empty() || lib.documents().list().empty())
    throw Error(ErrorCode::kNotFound, "the store is empty; ingest the regulations first");
  if (!a.reg_id.empty()) lib.documents().require(a.reg_id);
  auto& engine = lib.engine();
  engine.keyword().optimize();
  const auto t0 = std::chrono::steady_clock::now();
  auto embedder = engine.vectors().embedder_for_build(config, a.all);
  Progress progress(!g.quiet);
  const int n = engine.vectors().reindex(
      *embedder, a.all ? "" : a.reg_id,
      [&](int done, int total) { progress.update(done, total, "embedding blocks"); });
  progress.clear();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto state = engine.vectors().state();
  if (a.json) {
    print_json({{"reindexed", a.all ? "all" : a.reg_id},
                {"blocks", n},
                {"model_id", embedder->model_id()},
                {"dimension", embedder->dimension()},
                {"vectors", state ? state->vectors : 0},
                {"seconds", seconds}});
    return;
  }
  std::cout << "Embedded " << n << " blocks" << (a.all ? "" : " of " + a.reg_id) << " with "
            << embedder->model_id() << " (dimension " << embedder->dimension() << ") in "
            << static_cast<int>(seconds * 10) / 10.0 << " s; " << (state ? state->vectors : 0)
            << " vectors stored.\n";
}

}  // namespace

void finish_library_changes(index::Library& lib, Globals& g, nlohmann::json& report) {
  try {
    Progress progress(!g.quiet);
    const auto embedded = lib.finish_changes(
        [&](int done, int total) { progress.update(done, total, "embedding blocks"); });
    progress.clear();
    if (embedded) report = {{"model_id", embedded->first}, {"embedded", embedded->second}};
  } catch (const Error& e) {  // the regulations are stored; only the semantic leg lags
    report = {{"error", {{"code", error_code_name(e.code())}, {"message", e.what()}}}};
    std::cerr << "warning: vectors not updated (" << e.what()
              << "); keyword search works, run `regreader reindex --all` later\n";
  }
}

void add_reindex_command(CLI::App& app, Globals& g) {
  auto a = std::make_shared<ReindexArgs>();
  auto* r = app.add_subcommand(
      "reindex", "Rebuild the vectors of hybrid/vector search with the configured embedding model");
  r->add_option("reg_id", a->reg_id, "Only this regulation (same model as the stored vectors)");
  r->add_flag("--all", a->all,
              "Every regulation; needed after changing the model (refits builtin-lsa)");
  r->add_flag("--json", a->json, "JSON summary");
  r->footer(
      "The model comes from REGREADER_EMBEDDING_MODEL / REGREADER_EMBEDDING_URL (see `regreader\n"
      "search --help`). Vectors of another model are never mixed with the stored ones: after\n"
      "changing the model, search says so until `reindex --all` has run.\n\n"
      "Examples:\n"
      "  REGREADER_EMBEDDING_MODEL=builtin-lsa regreader reindex --all\n"
      "  REGREADER_EMBEDDING_URL=http://localhost:8000 REGREADER_EMBEDDING_MODEL=bge-m3 \\\n"
      "    regreader reindex --all\n"
      "  regreader reindex GB26860-2011 --json");
  r->callback([a, &g] { run_reindex(*a, g); });
}

}  // namespace regreader::cli
