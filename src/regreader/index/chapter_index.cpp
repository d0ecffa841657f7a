#include "regreader/index/chapter_index.hpp"

#include <unistd.h>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <system_error>

#include "regreader/core/text.hpp"
#include "regreader/index/keyword/tokenizer.hpp"
#include "regreader/index/restated_chapters.hpp"

namespace regreader::index {

namespace {

// A title's tokens count this many times a clause's: the title names what the chapter is about.
constexpr float kTitleWeight = 3;
// BM25's usual constants: term frequency saturation and length normalisation.
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

// The file's first line; its format changes with it.
constexpr char kMagic[] = "regreader chapter index 2\n";

// Values written as they are in memory: the file is a cache for this machine, never shipped.
static_assert(sizeof(ChapterPosting) == sizeof(uint32_t) + sizeof(float));
class Writer {
 public:
  explicit Writer(std::ofstream& out) : out_(out) {}
  template <class T>
  void raw(const T& v) {
    out_.write(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void text(const std::string& s) {
    raw(static_cast<uint32_t>(s.size()));
    out_.write(s.data(), static_cast<std::streamsize>(s.size()));
  }
  void texts(const std::vector<std::string>& v) {
    raw(static_cast<uint32_t>(v.size()));
    for (const auto& s : v)
      text(s);
  }

 private:
  std::ofstream& out_;
};

// Reads what Writer wrote; ok() turns false at the first value the file does not hold whole.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == bytes_.size(); }
  template <class T>
  T raw() {
    T v{};
    if (take(sizeof v)) std::memcpy(&v, bytes_.data() + at_ - sizeof v, sizeof v);
    return v;
  }
  std::string text() {
    const auto n = raw<uint32_t>();
    return take(n) ? std::string(bytes_.substr(at_ - n, n)) : std::string();
  }
  std::vector<std::string> texts() {
    const auto n = raw<uint32_t>();
    std::vector<std::string> out;
    for (uint32_t i = 0; i < n && ok_; ++i)
      out.push_back(text());
    return out;
  }
  /// The next `n` bytes into `to`; false (and not ok) when the file is shorter.
  bool copy(void* to, size_t n) {
    if (take(n)) std::memcpy(to, bytes_.data() + at_ - n, n);
    return ok_;
  }

 private:
  bool take(size_t n) {
    ok_ = ok_ && n <= bytes_.size() - at_;
    if (ok_) at_ += n;
    return ok_;
  }
  std::string_view bytes_;
  size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace

// Every chapter's tokens counted: its title's (kTitleWeight each) and its blocks'.
ChapterIndex build_chapter_index(const store::DocumentStore& store) {
  ChapterIndex out;
  std::vector<float> counts;      // the chapter's count of each token, by its number
  std::vector<uint32_t> counted;  // the tokens the chapter has
  auto count = [&](std::string_view text, float weight) {
    for_each_token(text, TokenizeMode::kDocument, [&](const TokenView& t) {
      auto at = out.tokens.find(t.text);
      if (at == out.tokens.end()) {
        at = out.tokens.emplace(std::string(t.text), static_cast<uint32_t>(counts.size())).first;
        counts.push_back(0);
        out.postings.emplace_back();
      }
      if (counts[at->second] == 0) counted.push_back(at->second);
      counts[at->second] += weight;
    });
  };
  double total = 0;
  for (const auto& info : store.list()) {
    const auto first = static_cast<uint32_t>(out.chapters.size());
    const auto structure = store.structure(info.reg_id);
    std::unordered_map<std::string, const model::ContentBlock*> blocks;
    const auto pages = info.total_pages > 0 ? store.pages(info.reg_id, 1, info.total_pages)
                                            : std::vector<model::PageDocument>{};
    for (const auto& p : pages)
      for (const auto& b : p.content_blocks)
        blocks.emplace(b.block_id, &b);
    // A chapter an explanation of provisions restates is indexed once, as the standard's.
    const auto restated = restated_chapters(structure);
    for (size_t i = 0; i < structure.nodes().size(); ++i) {
      if (restated[i] >= 0) continue;
      const auto& n = structure.nodes()[i];
      IndexedChapter c{info.reg_id, structure.get_chapter_path(n.node_id), {}, 0};
      for (const auto& id : n.content_block_ids)
        if (const auto at = blocks.find(id); at != blocks.end()) {
          if (c.block_ids.empty()) count(text::clean_spaces(n.title), kTitleWeight);
          count(at->second->content_markdown, 1);
          c.block_ids.push_back(id);
        }
      if (c.block_ids.empty()) continue;
      const auto index = static_cast<uint32_t>(out.chapters.size());
      for (uint32_t t : counted) {
        out.postings[t].push_back({index, counts[t]});
        c.length += counts[t];
        counts[t] = 0;
      }
      counted.clear();
      total += c.length;
      out.chapters.push_back(std::move(c));
    }
    out.regulations[info.reg_id] = {first, static_cast<uint32_t>(out.chapters.size())};
  }
  const double average = out.chapters.empty() ? 1 : std::max(1.0, total / out.chapters.size());
  // The counts become BM25's weights once every chapter's length is known.
  for (auto& postings : out.postings) {
    postings.shrink_to_fit();  // grown by doubling: up to half of it unused
    for (ChapterPosting& p : postings) {
      const double norm = kK1 * (1 - kB + kB * out.chapters[p.chapter].length / average);
      p.weight = static_cast<float>(p.weight * (kK1 + 1) / (p.weight + norm));
    }
  }
  return out;
}

bool write_chapter_index(const ChapterIndex& index, const std::string& version,
                         const std::filesystem::path& file) {
  const auto temp = file.string() + "." + std::to_string(::getpid()) + ".tmp";
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    Writer w(out);
    out.write(kMagic, sizeof kMagic - 1);
    w.text(version);
    w.raw(static_cast<uint32_t>(index.chapters.size()));
    for (const auto& c : index.chapters) {
      w.text(c.reg_id);
      w.texts(c.path);
      w.texts(c.block_ids);
      w.raw(c.length);
    }
    w.raw(static_cast<uint32_t>(index.regulations.size()));
    for (const auto& [reg, span] : index.regulations) {
      w.text(reg);
      w.raw(span.first);
      w.raw(span.second);
    }
    std::vector<const std::string*> by_number(index.postings.size());
    for (const auto& [token, number] : index.tokens)
      by_number[number] = &token;
    w.raw(static_cast<uint32_t>(by_number.size()));
    for (size_t i = 0; i < by_number.size(); ++i) {
      w.text(*by_number[i]);
      w.raw(static_cast<uint32_t>(index.postings[i].size()));
      out.write(reinterpret_cast<const char*>(index.postings[i].data()),
                static_cast<std::streamsize>(index.postings[i].size() * sizeof(ChapterPosting)));
    }
    if (!out.flush()) {
      std::filesystem::remove(temp, ec);
      return false;
    }
  }
  std::filesystem::rename(temp, file, ec);
  if (ec) std::filesystem::remove(temp, ec);
  return !ec;
}

std::optional<ChapterIndex> read_chapter_index(const std::filesystem::path& file,
                                               const std::string& version) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string bytes;
  in.seekg(0, std::ios::end);
  bytes.resize(static_cast<size_t>(std::max<std::streamoff>(0, in.tellg())));
  in.seekg(0);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) return std::nullopt;
  const std::string_view magic(kMagic, sizeof kMagic - 1);
  if (std::string_view(bytes).substr(0, magic.size()) != magic) return std::nullopt;
  Reader r(std::string_view(bytes).substr(magic.size()));
  if (r.text() != version || !r.ok()) return std::nullopt;
  ChapterIndex out;
  const auto chapters = r.raw<uint32_t>();
  for (uint32_t i = 0; i < chapters && r.ok(); ++i) {
    IndexedChapter c;
    c.reg_id = r.text();
    c.path = r.texts();
    c.block_ids = r.texts();
    c.length = r.raw<float>();
    out.chapters.push_back(std::move(c));
  }
  const auto regulations = r.raw<uint32_t>();
  for (uint32_t i = 0; i < regulations && r.ok(); ++i) {
    std::string reg = r.text();
    const auto first = r.raw<uint32_t>();
    const auto last = r.raw<uint32_t>();
    if (first > last || last > out.chapters.size()) return std::nullopt;
    out.regulations[std::move(reg)] = {first, last};
  }
  const auto tokens = r.raw<uint32_t>();
  for (uint32_t i = 0; i < tokens && r.ok(); ++i) {
    std::string token = r.text();
    const auto n = r.raw<uint32_t>();
    std::vector<ChapterPosting> postings(n);
    if (!r.copy(postings.data(), n * sizeof(ChapterPosting))) break;
    for (const auto& p : postings)
      if (p.chapter >= out.chapters.size()) return std::nullopt;
    if (!out.tokens.emplace(std::move(token), i).second) return std::nullopt;
    out.postings.push_back(std::move(postings));
  }
  if (!r.ok() || !r.at_end() || out.chapters.size() != chapters || out.postings.size() != tokens)
    return std::nullopt;
  return out;
}

}  // namespace regreader::index
