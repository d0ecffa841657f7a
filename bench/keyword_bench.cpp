// Search latency and index build throughput at 10^4 and 10^5 blocks (the corpus's Markdown
// regulations repeated under new ids). Keyword: with the peer — Python's sqlite3 FTS5 (unicode61)
// over the same block texts — timed in the same run by bench/keyword_peer.py. Vector and hybrid:
// the built-in LSA fitted on the blocks, vectors stored, the index opened (exact at 10^4, HNSW at
// 10^5); query latency excludes the query embedding (timed apart), so it is the index's own cost;
// exact search over the same vectors is the peer of the HNSW graph.
//
//   build/release/bench/regreader_keyword_bench ../shared/corpus bench/dev-questions.jsonl
//
// Also timed: the guided search `search` runs (names, question words, definitions, copies), with
// and without folding copies. REGREADER_BENCH_KEYWORD_ONLY=1 skips the vectors;
// REGREADER_BENCH_SLOWEST=1 prints the slowest guided queries; REGREADER_BENCH_PG_ONLY=1 skips the
// embedded store.
// REGREADER_BENCH_PG_URL=postgresql://… also fills that (empty) PostgreSQL database with the same
// blocks and times its keyword leg and guided search at 10^4 and 10^5 blocks (bench/pg_parity.sh
// starts a server and passes it).

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <thread>

#include "regreader/core/settings.hpp"
#include "regreader/index/chapter_index.hpp"
#include "regreader/index/chapter_text.hpp"
#include "regreader/index/embed/embedder_factory.hpp"
#include "regreader/index/evaluation.hpp"
#include "regreader/index/guided_search.hpp"
#include "regreader/index/keyword/keyword_index.hpp"
#include "regreader/index/keyword/pg_keyword_copy.hpp"
#include "regreader/index/keyword/pg_keyword_index.hpp"
#include "regreader/index/pg_engine.hpp"
#include "regreader/index/search.hpp"
#include "regreader/index/sqlite_engine.hpp"
#include "regreader/index/vector/pg_vector_store.hpp"
#include "regreader/index/vector/vector_store.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"
#include "regreader/store/database.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace fs = std::filesystem;
using namespace regreader;
using Clock = std::chrono::steady_clock;

namespace {

std::vector<model::ParsedDocument> load_corpus(const fs::path& corpus) {
  std::vector<model::ParsedDocument> docs;
  for (const auto& e : fs::recursive_directory_iterator(corpus)) {
    if (e.path().extension() != ".md") continue;
    try {
      auto d = parse::parse_document(e.path(), "D" + std::to_string(docs.size()), {});
      d.info.indexed_at = "bench";
      docs.push_back(std::move(d));
    } catch (const std::exception&) {
    }
  }
  return docs;
}

size_t blocks_of(const model::ParsedDocument& d) {
  size_t n = 0;
  for (const auto& p : d.pages)
    n += p.content_blocks.size();
  return n;
}

// A copy of a document under another id (every id is derived from it).
model::ParsedDocument renamed(model::ParsedDocument d, const std::string& id) {
  const std::string old = d.info.reg_id;
  auto fix = [&](std::string& s) {
    if (s.rfind(old + ":", 0) == 0) s = id + s.substr(old.size());
  };
  d.info.reg_id = id;
  for (auto& p : d.pages) {
    p.reg_id = id;
    for (auto& b : p.content_blocks)
      fix(b.block_id);
    for (auto& a : p.annotations)
      for (auto& r : a.related_blocks)
        fix(r);
  }
  std::vector<model::ChapterNode> nodes = d.structure.nodes();
  for (auto& n : nodes) {
    fix(n.node_id);
    fix(n.parent_id);
    for (auto& c : n.children_ids)
      fix(c);
    for (auto& b : n.content_block_ids)
      fix(b);
  }
  d.structure = model::DocumentStructure(id, nodes);
  for (auto& t : d.tables)
    for (auto& s : t.segments)
      fix(s.block_id);
  for (auto& l : d.links) {
    fix(l.block_id);
    fix(l.target_id);
  }
  return d;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

long current_rss_mb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6)) / 1024;
  return 0;
}

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// Times every question 3 times in each mode, the modes one after the other for each question (so
// drift in a shared machine's load hits them alike) in a rotating order (so none always finds the
// query's pages cached by another); milliseconds per query, per mode.
// `run(i, mode)` searches question i in that mode.
std::vector<std::vector<double>> time_modes(
    size_t questions, const std::vector<index::SearchMode>& modes,
    const std::function<void(size_t, index::SearchMode)>& run) {
  std::vector<std::vector<double>> ms(modes.size());
  for (int round = 0; round < 3; ++round)
    for (size_t i = 0; i < questions; ++i)
      for (size_t j = 0; j < modes.size(); ++j) {
        const size_t m = (j + i + static_cast<size_t>(round)) % modes.size();
        const auto a = Clock::now();
        run(i, modes[m]);
        ms[m].push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
      }
  return ms;
}

// The most RSS the process held while `f` ran, sampled every 5 ms, above what it held before.
template <typename F>
long peak_rss_growth_mb(F&& f) {
  const long before = current_rss_mb();
  std::atomic<bool> done{false};
  std::atomic<long> peak{before};
  std::thread sampler([&] {
    while (!done) {
      peak = std::max(peak.load(), current_rss_mb());
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  });
  f();
  done = true;
  sampler.join();
  return std::max(peak.load(), current_rss_mb()) - before;
}

// Fits the built-in LSA, embeds and stores every block, opens the index; then times the modes.
void bench_vectors(store::PageStore& store, const std::vector<index::EvalQuestion>& questions,
                   size_t blocks) {
  const long rss0 = current_rss_mb();
  auto t0 = Clock::now();
  std::unique_ptr<index::Embedder> embedder;
  const long fit_peak = peak_rss_growth_mb([&] { embedder = index::fit_builtin_embedder(store); });
  const double fit = seconds_since(t0);
  t0 = Clock::now();
  index::update_vectors(store, *embedder);  // embeds, stores, builds and saves the graph
  const double build = seconds_since(t0);
  t0 = Clock::now();
  const auto vi = index::open_vector_index(store, *embedder);
  const double open = seconds_since(t0);
  const auto engine = index::embedded_engine(store);
  const auto leg = index::sqlite_vector_leg(store, nullptr, vi);
  std::vector<std::vector<float>> qv;
  t0 = Clock::now();
  for (const auto& q : questions)
    qv.push_back(embedder->embed({q.query}, index::EmbedKind::kQuery)[0]);
  const double embed_ms = 1000 * seconds_since(t0) / static_cast<double>(questions.size());
  std::printf(
      "%zu blocks: LSA fit %.1f s (RSS peak +%ld MB while fitting); embed+store+index %.1f s "
      "(%.0f blocks/s, %s); open %.2f s; RSS +%ld MB for the model and index\n",
      blocks, fit, fit_peak, build, static_cast<double>(blocks) / build,
      vi->uses_hnsw() ? "HNSW" : "exact", open, current_rss_mb() - rss0);
  std::printf("  query embedding (LSA) %.3f ms per query, not included below\n", embed_ms);
  const std::vector<index::SearchMode> modes = {
      index::SearchMode::kKeyword, index::SearchMode::kVector, index::SearchMode::kHybrid};
  index::SearchFilter f;
  f.limit = 10;
  const auto ms = time_modes(questions.size(), modes, [&](size_t i, index::SearchMode mode) {
    index::search_with_vector(engine.keyword(), *leg, questions[i].query, qv[i], f, mode);
  });
  for (size_t m = 0; m < modes.size(); ++m)
    std::printf("  %-7s p50 %.2f ms, p99 %.2f ms\n",
                std::string(search_mode_name(modes[m])).c_str(), percentile(ms[m], 0.5),
                percentile(ms[m], 0.99));
  if (vi->uses_hnsw()) {  // the peer: exact search (Eigen matrix-vector) over the same vectors
    std::vector<int64_t> labels;
    std::vector<float> data;
    auto rows = store.database()->prepare("SELECT id, vector FROM block_vectors ORDER BY id");
    while (rows.step()) {
      labels.push_back(rows.integer(0));
      const std::string blob = rows.blob(1);
      const auto* f = reinterpret_cast<const float*>(blob.data());
      data.insert(data.end(), f, f + blob.size() / sizeof(float));
    }
    const index::VectorIndex exact(vi->dimension(), std::move(labels), std::move(data),
                                   index::VectorIndex::Kind::kExact);
    // The graph's beam swept (the index is the one search uses; nothing else runs meanwhile).
    auto& graph = const_cast<index::VectorIndex&>(*vi);
    std::vector<std::vector<index::VectorIndex::Match>> truth;
    std::vector<double> ms;
    for (int round = 0; round < 3; ++round)
      for (const auto& v : qv) {
        const auto a = Clock::now();
        auto e = exact.search(v.data(), 10);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
        if (round == 0) truth.push_back(std::move(e));
      }
    std::printf(
        "  exact search over the same vectors (the graph's peer) p50 %.2f ms, p99 %.2f ms\n",
        percentile(ms, 0.5), percentile(ms, 0.99));
    const size_t beam = index::VectorIndex::default_search_beam();
    for (const size_t ef : std::set<size_t>{64, 160, 256, beam, 384}) {
      graph.set_search_beam(ef);
      std::vector<double> hs;
      size_t same_top1 = 0;
      for (int round = 0; round < 3; ++round)
        for (size_t i = 0; i < qv.size(); ++i) {
          const auto a = Clock::now();
          const auto h = vi->search(qv[i].data(), 10);
          hs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
          // Copies of the corpus give equal vectors, so compare the best score, not the label.
          const auto& e = truth[i];
          same_top1 += !e.empty() && !h.empty() && std::abs(e[0].score - h[0].score) < 1e-5f;
        }
      std::printf(
          "  graph, beam %3zu%s: p50 %.3f ms, p99 %.3f ms; best match as near as the exact one "
          "for %.1f%% of queries\n",
          ef, ef == beam ? " (default)" : "", percentile(hs, 0.5), percentile(hs, 0.99),
          100.0 * static_cast<double>(same_top1) / static_cast<double>(hs.size()));
    }
    graph.set_search_beam(beam);
  }
}

long peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

// How long `f` takes, in milliseconds.
template <typename F>
double elapsed_ms(F&& f) {
  const auto a = Clock::now();
  f();
  return std::chrono::duration<double, std::milli>(Clock::now() - a).count();
}

// The vector and hybrid legs on PostgreSQL, as bench_vectors() on the embedded store: the LSA
// fitted on the database's blocks, every vector stored in the database, the replica's index
// loaded by the first search; the query embedding is not timed.
void bench_postgres_vectors(store::pg::PgStore& pg,
                            const std::vector<index::EvalQuestion>& questions, size_t blocks) {
  const ScopedSettings lsa(settings_with({{"embedding.model", "builtin-lsa"}}));
  parse::TempDir local;
  pg.set_local_dir(local.path());
  auto t0 = Clock::now();
  auto embedder = index::pg_embedder_for_build(pg, index::EmbeddingConfig::from_env(), true);
  const double fit = seconds_since(t0);
  t0 = Clock::now();
  index::pg_reindex_vectors(pg, *embedder, "");
  const double build = seconds_since(t0);
  std::vector<std::vector<float>> qv;
  for (const auto& q : questions)
    qv.push_back(embedder->embed({q.query}, index::EmbedKind::kQuery)[0]);
  index::SearchFilter f;
  f.limit = 10;
  t0 = Clock::now();
  const auto engine = index::postgres_engine(pg);
  std::string why;
  const auto leg = engine.vectors().leg(why);  // the replica loads its index
  if (!leg) throw std::runtime_error("no vector leg: " + why);
  const double load = seconds_since(t0);
  const std::vector<index::SearchMode> modes = {index::SearchMode::kVector,
                                                index::SearchMode::kHybrid};
  const auto ms = time_modes(questions.size(), modes, [&](size_t i, index::SearchMode mode) {
    index::search_with_vector(engine.keyword(), *leg, questions[i].query, qv[i], f, mode);
  });
  // A replica started again over the same local directory: another connection string (so another
  // replica of this process), the graph the first one saved; then one with an empty directory,
  // which fetches the graph published in the database.
  auto replica = [&](const std::string& name, const fs::path& dir, std::string& how) {
    const std::string& url = pg.conninfo();
    const std::string app = "application_name=" + name;
    store::pg::PgStore other(url + (url.find("://") == std::string::npos
                                        ? " " + app
                                        : (url.find('?') == std::string::npos ? "?" : "&") + app));
    other.set_local_dir(dir);
    const auto t = Clock::now();
    const auto e = index::postgres_engine(other);
    if (!e.vectors().leg(why)) throw std::runtime_error("no vector leg: " + why);
    const double s = seconds_since(t);
    const auto st = index::pg_leg_stats(other);
    how = st.database_graphs > 0 ? "the database's graph"
          : st.graph_loads > 0   ? "its saved graph"
                                 : "built again";
    return s;
  };
  std::string how2, how3;
  const double reload = replica("rr-replica2", local.path(), how2);
  // New replicas' directories hold only the fitted model, which every replica is given.
  auto new_dir = [&](parse::TempDir& d) {
    fs::create_directories(index::builtin_model_path(d.path()).parent_path());
    fs::copy_file(index::builtin_model_path(local.path()), index::builtin_model_path(d.path()));
  };
  // A new replica five times (each with its own empty directory): fastest, median, slowest.
  std::vector<double> fresh;
  for (int run = 0; run < 5; ++run) {
    parse::TempDir empty;
    new_dir(empty);
    fresh.push_back(replica("rr-replica3-" + std::to_string(run), empty.path(), how3));
  }
  std::sort(fresh.begin(), fresh.end());
  parse::TempDir empty2;
  // The same without a graph in the database: what every new replica paid before.
  pg.write([](store::pg::PgConnection& c) { c.exec("DELETE FROM vector_graph"); });
  new_dir(empty2);
  std::string how4;
  const double built = replica("rr-replica4", empty2.path(), how4);
  std::printf(
      "  PostgreSQL %zu blocks: LSA fit %.1f s; embed+store+graph %.1f s (%.0f blocks/s); replica "
      "index load %.2f s (first), %.2f s at a restart (%s), %.2f / %.2f / %.2f s for a new replica "
      "(%s; fastest / median / slowest of 5), %.2f s "
      "for a new replica with no graph in the database (%s); vector p50 %.2f ms, p99 %.2f ms; "
      "hybrid p50 %.2f ms, p99 %.2f ms\n",
      blocks, fit, build, static_cast<double>(blocks) / build, load, reload, how2.c_str(),
      fresh.front(), fresh[2], fresh.back(), how3.c_str(), built, how4.c_str(),
      percentile(ms[0], 0.5), percentile(ms[0], 0.99), percentile(ms[1], 0.5),
      percentile(ms[1], 0.99));
  std::fflush(stdout);
}

// The PostgreSQL engine over the same blocks: saved through PgStore (terms written in the save's
// transaction), then the keyword leg and guided search timed at each size on the way up.
void bench_postgres(const std::string& url, const std::vector<model::ParsedDocument>& docs,
                    const std::vector<index::EvalQuestion>& questions) {
  store::pg::PgStore pg(url);
  index::prepare_pg_keyword_index(pg);
  parse::TempDir local;  // this replica's directory, where it keeps its keyword copy
  pg.set_local_dir(local.path());
  const auto engine = index::postgres_engine(pg);
  size_t blocks = 0;
  int copies = 0;
  double saving = 0;
  for (size_t target : {size_t{10000}, size_t{100000}}) {
    const auto t0 = Clock::now();
    while (blocks < target)
      for (const auto& d : docs) {
        pg.save(renamed(d, "P" + std::to_string(copies++)));
        blocks += blocks_of(d);
        if (blocks >= target) break;
      }
    pg.analyze();  // as `regreader ingest` does after its files (KeywordIndex::optimize)
    saving += std::chrono::duration<double>(Clock::now() - t0).count();
    // The replica's keyword copy (pg_keyword_copy.hpp) brought up to what was stored, waited for
    // (a query meanwhile reads the database); then the same for a replica with an empty
    // directory.
    const double catch_up =
        elapsed_ms([&] { index::PgKeywordCopy(pg).catch_up(nullptr, true); }) / 1000;
    double fresh = 0;
    {
      store::pg::PgStore other(url);
      parse::TempDir other_dir;
      other.set_local_dir(other_dir.path());
      fresh = elapsed_ms([&] { index::PgKeywordCopy(other).catch_up(nullptr, true); }) / 1000;
    }
    std::vector<double> ms, db_ms, guided_ms;
    for (int round = 0; round < 3; ++round)
      for (const auto& q : questions) {
        index::SearchFilter f;
        f.limit = 10;
        ms.push_back(elapsed_ms([&] { engine.keyword().search(q.query, f); }));
        db_ms.push_back(elapsed_ms([&] { index::pg_keyword_search(pg, q.query, f); }));
        guided_ms.push_back(elapsed_ms(
            [&] { index::guided_search(engine, q.query, f, index::SearchMode::kKeyword); }));
      }
    std::printf(
        "PostgreSQL %zu blocks: save+terms %.1f s (%.0f blocks/s); keyword copy caught up in %.1f "
        "s (a new replica's: %.1f s); keyword p50 %.2f ms, p99 %.2f ms (the database itself: p50 "
        "%.2f ms, p99 %.2f ms); "
        "guided keyword search p50 %.2f ms, p99 %.2f ms\n",
        blocks, saving, static_cast<double>(blocks) / saving, catch_up, fresh, percentile(ms, 0.5),
        percentile(ms, 0.99), percentile(db_ms, 0.5), percentile(db_ms, 0.99),
        percentile(guided_ms, 0.5), percentile(guided_ms, 0.99));
    std::fflush(stdout);
    if (!std::getenv("REGREADER_BENCH_KEYWORD_ONLY")) bench_postgres_vectors(pg, questions, blocks);
  }
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: regreader_keyword_bench CORPUS_DIR QUESTIONS.jsonl [OUT_DIR]\n";
    return 2;
  }
  index::enable_keyword_index();
  const auto docs = load_corpus(argv[1]);
  const auto questions = index::read_eval_file(argv[2]);
  const fs::path out_dir = argc > 3 ? fs::path(argv[3]) : fs::temp_directory_path();
  size_t per_round = 0;
  for (const auto& d : docs)
    per_round += blocks_of(d);
  std::printf("corpus: %zu Markdown regulations, %zu blocks per copy; %zu queries\n", docs.size(),
              per_round, questions.size());
  for (size_t target : {size_t{10000}, size_t{100000}}) {
    if (std::getenv("REGREADER_BENCH_PG_ONLY")) break;
    parse::TempDir dir;
    store::PageStore store(dir.path(), true);
    index::ensure_keyword_index(store);
    const auto engine = index::embedded_engine(store);
    size_t blocks = 0;
    int copies = 0;
    std::ofstream texts(out_dir / ("blocks-" + std::to_string(target) + ".txt"));
    const auto t0 = Clock::now();
    while (blocks < target) {
      for (const auto& d : docs) {
        store.save(renamed(d, "C" + std::to_string(copies++)));
        blocks += blocks_of(d);
        for (const auto& p : d.pages)
          for (const auto& b : p.content_blocks) {
            std::string line = b.content_markdown;
            std::replace(line.begin(), line.end(), '\n', ' ');
            texts << line << "\n";
          }
        if (blocks >= target) break;
      }
    }
    index::optimize_keyword_index(store);  // as `regreader ingest` does after its files
    const double build = std::chrono::duration<double>(Clock::now() - t0).count();
    // The first search that falls back after a change builds the chapters' text index.
    const double chapter_index_ms =
        elapsed_ms([&] { index::chapters_by_text(store, "接地线", {}, 1); });
    // ... and writes it for the next process, which reads it back.
    const double chapter_read_ms = elapsed_ms(
        [&] { index::read_chapter_index(store.cache_dir() / "chapters.index", store.version()); });
    std::vector<double> ms, guided_ms, unfolded_ms;
    index::GuidedOptions unfolded;
    unfolded.collapse = false;
    for (int round = 0; round < 3; ++round)
      for (const auto& q : questions) {
        index::SearchFilter f;
        f.limit = 10;
        ms.push_back(elapsed_ms([&] { index::keyword_search(store, q.query, f); }));
        // What `search` runs: names, question words, definitions, copies.
        guided_ms.push_back(elapsed_ms(
            [&] { index::guided_search(engine, q.query, f, index::SearchMode::kKeyword); }));
        unfolded_ms.push_back(elapsed_ms([&] {
          index::guided_search(engine, q.query, f, index::SearchMode::kKeyword, unfolded);
        }));
      }
    std::printf(
        "%zu blocks: ingest+index %.1f s (%.0f blocks/s); keyword p50 %.2f ms, p99 %.2f ms; peak "
        "RSS %ld MB\n",
        blocks, build, static_cast<double>(blocks) / build, percentile(ms, 0.5),
        percentile(ms, 0.99), peak_rss_mb());
    // Every regulation here is a copy of a corpus file (the worst case for folding copies).
    // The first round reads what the process caches (names, titles, copy signatures).
    const std::vector<double> first_round(guided_ms.begin(),
                                          guided_ms.begin() + static_cast<long>(questions.size()));
    std::printf(
        "  guided keyword search (as `search` runs it) p50 %.2f ms, p99 %.2f ms (first round "
        "%.2f / %.2f); without folding copies p50 %.2f ms, p99 %.2f ms; chapters' text index "
        "built in %.0f ms, read back in %.0f ms\n",
        percentile(guided_ms, 0.5), percentile(guided_ms, 0.99), percentile(first_round, 0.5),
        percentile(first_round, 0.99), percentile(unfolded_ms, 0.5), percentile(unfolded_ms, 0.99),
        chapter_index_ms, chapter_read_ms);
    if (std::getenv("REGREADER_BENCH_SLOWEST")) {
      std::vector<size_t> order(guided_ms.size());
      for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
      std::sort(order.begin(), order.end(),
                [&](size_t a, size_t b) { return guided_ms[a] > guided_ms[b]; });
      for (size_t i = 0; i < 8 && i < order.size(); ++i)
        std::printf("    slowest: %.1f ms  %s\n", guided_ms[order[i]],
                    questions[order[i] % questions.size()].query.c_str());
    }
    std::fflush(stdout);
    if (!std::getenv("REGREADER_BENCH_KEYWORD_ONLY")) bench_vectors(store, questions, blocks);
    std::printf("  peak RSS %ld MB\n", peak_rss_mb());
    std::fflush(stdout);
  }
  if (const char* url = std::getenv("REGREADER_BENCH_PG_URL")) bench_postgres(url, docs, questions);
  return 0;
}
