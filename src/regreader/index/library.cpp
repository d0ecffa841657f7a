#include "regreader/index/library.hpp"

#include <unistd.h>

#include <cctype>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"
#include "regreader/index/keyword_index.hpp"
#include "regreader/index/pg_keyword_index.hpp"
#include "regreader/store/pg/pg_store.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

namespace {

// The tokenizer is registered before the first connection opens (once per process).
std::unique_ptr<store::PageStore> open_store(const fs::path& dir, Library::Mode mode) {
  enable_keyword_index();
  return std::make_unique<store::PageStore>(dir, mode == Library::Mode::kCreate);
}

[[noreturn]] void throw_no_search_indexes() {
  throw Error(ErrorCode::kInvalidArgument,
              "search, the MCP tools and checks need the keyword and vector indexes, which the "
              "PostgreSQL store does not have yet: ingest, list, toc, read-pages, delete and "
              "rename work on it; use the embedded store (no --store) for the rest");
}

}  // namespace

Library::Library(fs::path data_dir, Mode mode, const std::string& store_url)
    : data_dir_(std::move(data_dir)) {
  if (store_url.empty()) {
    store_ = open_store(data_dir_, mode);
    if (store_->database()) ensure_keyword_index(*store_);
    documents_ = store_.get();
  } else if (text::starts_with(store_url, "postgresql://") ||
             text::starts_with(store_url, "postgres://")) {
    auto pg = std::make_unique<store::pg::PgStore>(store_url);
    prepare_pg_keyword_index(*pg);  // terms written with every save; old blocks filled once
    pg->set_local_dir(data_dir_);   // where this replica keeps the fitted built-in model
    remote_ = std::move(pg);
    documents_ = remote_.get();
  } else {
    throw Error(ErrorCode::kInvalidArgument,
                "unknown store '" + store_url +
                    "': give a postgresql:// URL, or nothing for the embedded SQLite store");
  }
  reload_aliases();
  // The words' cache is written wherever a store exists, also by readers: a library stored
  // before the cache existed would otherwise read every page again at each open (the reading
  // room opens one per request). A missing library stays without files.
  reload_synonyms(mode == Mode::kCreate || !store_ || store_->database() != nullptr);
}

void Library::reload_synonyms(bool write_cache) {
  derived_ = library_synonyms(*documents_, data_dir_ / "vocabulary.tsv", write_cache);
  synonyms_ = builtin_synonyms();
  const auto derived = as_table(derived_);
  synonyms_.insert(synonyms_.end(), derived.begin(), derived.end());
  read_tab_pairs(data_dir_ / "synonyms.tsv", "word<TAB>replacement", synonyms_);
}

SynonymTable Library::user_synonyms() const {
  SynonymTable t;
  read_tab_pairs(data_dir_ / "synonyms.tsv", "word<TAB>replacement", t);
  return t;
}

Library::~Library() = default;

store::PageStore& Library::store() {
  if (!store_) throw_no_search_indexes();
  return *store_;
}

const store::PageStore& Library::store() const {
  if (!store_) throw_no_search_indexes();
  return *store_;
}
Library::Library(Library&&) noexcept = default;
Library& Library::operator=(Library&&) noexcept = default;

void Library::reload_aliases() {
  aliases_ = load_aliases(alias_file());
}

AliasTable Library::user_aliases() const {
  AliasTable t;
  read_tab_pairs(alias_file(), "alias<TAB>title words or regulation id", t);
  return t;
}

// Rewrites the file through a temporary one, so a crash never leaves half a file.
void Library::write_user_aliases(const AliasTable& t) {
  fs::create_directories(data_dir_);
  const fs::path file = alias_file(), tmp = file.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << "# alias<TAB>regulation id or title words (regreader alias add|remove)\n";
    for (const auto& [a, b] : t)
      out << a << "\t" << b << "\n";
    if (!out) throw Error(ErrorCode::kIo, "cannot write " + tmp.string());
  }
  std::error_code ec;
  fs::rename(tmp, file, ec);
  if (ec) throw Error(ErrorCode::kIo, "cannot replace " + file.string() + ": " + ec.message());
  reload_aliases();
}

void Library::add_alias(const std::string& name_in, const std::string& reg_id) {
  const std::string name = text::trim(name_in);
  if (name.empty() || name.find('\t') != std::string::npos || name.find('\n') != std::string::npos)
    throw Error(ErrorCode::kInvalidArgument, "an alias is one line of text without tabs");
  documents_->require(reg_id);  // an alias names a stored regulation
  auto t = user_aliases();
  std::erase_if(t, [&](const auto& p) { return p.first == name; });
  t.emplace_back(name, reg_id);
  write_user_aliases(t);
}

void Library::remove_alias(const std::string& name) {
  auto t = user_aliases();
  const size_t before = t.size();
  std::erase_if(t, [&](const auto& p) { return p.first == name; });
  if (t.size() == before)
    throw Error(ErrorCode::kNotFound, "no alias '" + name + "' in " + alias_file().string());
  write_user_aliases(t);
}

namespace {

fs::path source_path(const fs::path& data_dir, const model::RegulationInfo& r) {
  std::string ext = fs::path(r.source_file).extension().string();
  for (auto& c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return data_dir / "sources" / (r.source_sha256 + ext);
}

fs::path rendering_path(const fs::path& data_dir, const model::RegulationInfo& r) {
  return data_dir / "sources" / (r.source_sha256 + ".rendered.pdf");
}

}  // namespace

std::optional<fs::path> Library::page_pdf(const model::RegulationInfo& r) const {
  if (auto src = source_copy(r); src && src->extension() == ".pdf") return src;
  if (r.source_sha256.size() != 64) return std::nullopt;
  const fs::path p = rendering_path(data_dir_, r);
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  return p;
}

std::optional<fs::path> Library::source_copy(const model::RegulationInfo& r) const {
  if (r.source_sha256.size() != 64) return std::nullopt;
  const fs::path p = source_path(data_dir_, r);
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return std::nullopt;
  return p;
}

store::IngestResult Library::ingest(const fs::path& file, const store::IngestOptions& o) {
  if (store_ && !store_->database())
    throw Error(ErrorCode::kInternal, "ingest needs a library opened with Mode::kCreate");
  // A Word file's rendering is written by the parser under a temporary name and kept under its
  // content's name once the ingest succeeded (never half a file, never one for a failed ingest).
  std::error_code ec;
  fs::create_directories(data_dir_ / "sources", ec);
  store::IngestOptions opts = o;
  opts.parse.keep_rendering =
      data_dir_ / "sources" / (".rendering-" + std::to_string(::getpid()) + ".pdf.tmp");
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code e;
      fs::remove(p, e);
    }
  } cleanup{opts.parse.keep_rendering};
  auto r = store::ingest_file(*documents_, file, opts);
  if (r.status != store::IngestStatus::kUnchanged && r.info.source_sha256.size() == 64 &&
      fs::exists(opts.parse.keep_rendering, ec))
    fs::rename(opts.parse.keep_rendering, rendering_path(data_dir_, r.info), ec);
  // Content-addressed: the same file stored twice is one copy. Written through a temporary name
  // so a crash never leaves half a file under the final one.
  if (r.status != store::IngestStatus::kUnchanged && r.info.source_sha256.size() == 64) {
    const fs::path dst = source_path(data_dir_, r.info);
    if (!fs::exists(dst, ec)) {
      fs::create_directories(dst.parent_path(), ec);
      const fs::path tmp = dst.string() + ".tmp";
      fs::copy_file(file, tmp, fs::copy_options::overwrite_existing, ec);
      if (!ec) fs::rename(tmp, dst, ec);
      if (ec)
        r.warnings.push_back("the source file was not kept for the reading room: " + ec.message());
    }
  }
  if (r.status != store::IngestStatus::kUnchanged) reload_synonyms(true);
  return r;
}

void Library::remove(const std::string& reg_id) {
  const auto info = documents_->require(reg_id);
  documents_->remove(reg_id);
  reload_synonyms(true);
  // The kept source goes with its last regulation.
  for (const auto& other : documents_->list())
    if (other.source_sha256 == info.source_sha256) return;
  std::error_code ec;
  if (auto p = source_copy(info)) fs::remove(*p, ec);
  if (info.source_sha256.size() == 64) fs::remove(rendering_path(data_dir_, info), ec);
}

int Library::rename(const std::string& from, const std::string& to) {
  documents_->require(from);
  documents_->rename(from, to);
  reload_synonyms(true);
  auto t = user_aliases();
  int moved = 0;
  for (auto& [name, target] : t)
    if (target == from) {
      target = to;
      ++moved;
    }
  if (moved > 0) write_user_aliases(t);
  return moved;
}

}  // namespace regreader::index
