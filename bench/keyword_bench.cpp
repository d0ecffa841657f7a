// Keyword search latency and index build throughput at 10^4 and 10^5 blocks (the corpus's Markdown
// regulations repeated under new ids), with the peer — Python's sqlite3 FTS5 (unicode61) over the
// same block texts — timed in the same run by bench/keyword_peer.py.
//
//   build/release/bench/regreader_keyword_bench ../shared/corpus bench/dev-questions.jsonl

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "regreader/index/evaluation.hpp"
#include "regreader/index/keyword_index.hpp"
#include "regreader/parse/office_renderer.hpp"
#include "regreader/parse/parse_document.hpp"

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

long peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

}  // namespace

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
    parse::TempDir dir;
    store::PageStore store(dir.path(), true);
    index::ensure_keyword_index(store);
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
    const double build = std::chrono::duration<double>(Clock::now() - t0).count();
    std::vector<double> ms;
    for (int round = 0; round < 3; ++round)
      for (const auto& q : questions) {
        index::SearchFilter f;
        f.limit = 10;
        const auto a = Clock::now();
        index::keyword_search(store, q.query, f);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
      }
    std::printf(
        "%zu blocks: ingest+index %.1f s (%.0f blocks/s); keyword p50 %.2f ms, p99 %.2f ms; peak "
        "RSS %ld MB\n",
        blocks, build, static_cast<double>(blocks) / build, percentile(ms, 0.5),
        percentile(ms, 0.99), peak_rss_mb());
    std::fflush(stdout);
  }
  return 0;
}
