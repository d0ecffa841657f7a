#include "regreader/index/library.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::index {

namespace fs = std::filesystem;

Library::Library(fs::path data_dir, Mode mode, const std::string& store_url)
    : data_dir_(std::move(data_dir)),
      engine_(open_engine(data_dir_, mode == Mode::kCreate, store_url)) {
  reload_aliases();
  // The words' cache is written wherever a store exists, also by readers: a library stored
  // before the cache existed would otherwise read every page again at each open. A missing
  // library stays without files.
  reload_synonyms(mode == Mode::kCreate || documents().exists());
}

void Library::reload_synonyms(bool write_cache) {
  derived_ = library_synonyms(documents(), data_dir_ / "vocabulary.tsv", write_cache, derived_now_);
  derived_now_.clear();
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
  documents().require(reg_id);  // an alias names a stored regulation
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

namespace {

// Copies `file` to `dst` through a temporary name, so a crash never leaves half a file under the
// final one. False (with `why`) when it cannot.
bool copy_whole(const fs::path& file, const fs::path& dst, std::string& why) {
  std::error_code ec;
  fs::create_directories(dst.parent_path(), ec);
  const fs::path tmp = dst.string() + ".tmp" + std::to_string(::getpid());
  fs::copy_file(file, tmp, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::rename(tmp, dst, ec);
  if (!ec) return true;
  fs::remove(tmp, ec);
  why = ec.message();
  return false;
}

}  // namespace

// A Word file's rendering, until its regulation is stored: a name per process and parse.
fs::path Library::rendering_temp_path() {
  return data_dir_ / "sources" /
         (".rendering-" + std::to_string(::getpid()) + "-" + std::to_string(++renderings_) +
          ".pdf.tmp");
}

std::shared_ptr<parse::BoundedParse> Library::start_parse(const fs::path& file,
                                                          const index::IngestOptions& o) {
  if (!documents().exists()) return nullptr;
  std::error_code ec;
  fs::create_directories(data_dir_ / "sources", ec);
  index::IngestOptions opts = o;
  opts.parse.keep_rendering = rendering_temp_path();
  return index::start_parse(documents(), file, opts);
}

// The kept source (content-addressed: one copy per content) and a Word file's rendering are put
// in place before the regulation's save commits, so no reader ever sees a stored regulation
// without them; when the save fails, what this ingest added and nothing else refers to goes.
index::IngestResult Library::ingest(const fs::path& file, const index::IngestOptions& o) {
  if (!documents().exists())
    throw Error(ErrorCode::kInternal, "ingest needs a library opened with Mode::kCreate");
  std::error_code ec;
  fs::create_directories(data_dir_ / "sources", ec);
  index::IngestOptions opts = o;
  // The parser writes a Word file's rendering under a temporary name (a started parse has its own).
  opts.parse.keep_rendering = o.started && o.started->path() == file
                                  ? o.started->options().keep_rendering
                                  : rendering_temp_path();
  std::vector<fs::path> added;
  std::vector<std::string> warnings;
  opts.before_save = [&](const model::RegulationInfo& info) {
    if (info.source_sha256.size() != 64) return;
    const fs::path src = source_path(data_dir_, info);
    std::string why;
    if (!fs::exists(src, ec)) {
      if (copy_whole(file, src, why))
        added.push_back(src);
      else
        warnings.push_back("the source file was not kept for the reading room: " + why);
    }
    const fs::path rendering = rendering_path(data_dir_, info);
    if (fs::exists(opts.parse.keep_rendering, ec) && !fs::exists(rendering, ec)) {
      fs::rename(opts.parse.keep_rendering, rendering, ec);
      if (!ec) added.push_back(rendering);
    }
    if (o.before_save) o.before_save(info);
  };
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code e;
      fs::remove(p, e);
    }
  } cleanup{opts.parse.keep_rendering};
  // A batch derives the regulation's words from the parsed document while it is stored.
  std::optional<std::vector<DerivedSynonym>> derived;
  if (o.batch)
    opts.beside_save = [&](const model::ParsedDocument& doc) {
      try {
        derived = derive_synonyms(doc);
      } catch (const Error&) {  // derived again at the end
      }
    };
  index::IngestResult r;
  try {
    r = index::ingest_file(documents(), file, opts);
  } catch (...) {
    drop_unreferenced(added);
    throw;
  }
  if (r.status == index::IngestStatus::kUnchanged) {
    restore_kept_source(file, r);
    return r;
  }
  r.warnings.insert(r.warnings.end(), warnings.begin(), warnings.end());
  // Deriving the vocabulary reads every regulation's cache entry and writes the cache again:
  // per file of a folder, that grew with the square of the folder. A batch keeps this
  // regulation's words, derived while it was stored, and merges them at its end.
  if (o.batch) {
    vocabulary_behind_ = true;
    if (derived) derived_now_[r.info.reg_id] = {r.info.indexed_at, std::move(*derived)};
  } else {
    reload_synonyms(true);
  }
  return r;
}

// Files this ingest added, when no stored regulation has their content (a failed save).
void Library::drop_unreferenced(const std::vector<fs::path>& added) {
  if (added.empty()) return;
  std::error_code ec;
  const auto all = documents().list();
  for (const auto& p : added) {
    const std::string sha = p.filename().string().substr(0, 64);
    if (std::none_of(all.begin(), all.end(),
                     [&](const model::RegulationInfo& r) { return r.source_sha256 == sha; }))
      fs::remove(p, ec);
  }
}

// An unchanged file ingested again puts back a kept source that went missing (deleted by hand,
// or lost to a crash of an older version); a Word file's lost rendering needs a new parse.
void Library::restore_kept_source(const fs::path& file, index::IngestResult& r) {
  if (r.info.source_sha256.size() != 64) return;
  if (!source_copy(r.info)) {
    std::string why;
    if (copy_whole(file, source_path(data_dir_, r.info), why))
      r.note += "; its kept copy for page images was missing and is restored";
    else
      r.warnings.push_back("the source file was not kept for the reading room: " + why);
  }
  if (r.info.paging == model::Paging::kRendered && !page_pdf(r.info))
    r.warnings.push_back("its page images are missing: ingest --force draws them again");
}

void Library::remove(const std::string& reg_id) {
  const auto info = documents().require(reg_id);
  documents().remove(reg_id);
  engine_.keyword().optimize();  // and its token counts, of the library without it
  reload_synonyms(true);
  // The kept source goes with its last regulation.
  for (const auto& other : documents().list())
    if (other.source_sha256 == info.source_sha256) return;
  std::error_code ec;
  if (auto p = source_copy(info)) fs::remove(*p, ec);
  if (info.source_sha256.size() == 64) fs::remove(rendering_path(data_dir_, info), ec);
}

std::optional<std::pair<std::string, int>> Library::finish_changes(const VectorProgress& progress) {
  if (vocabulary_behind_) {
    reload_synonyms(true);
    vocabulary_behind_ = false;
  }
  engine_.keyword().optimize();
  const auto config = EmbeddingConfig::from_env();
  auto embedder = engine_.vectors().embedder_for_build(config, false);
  if (!embedder) return std::nullopt;
  const int n = engine_.vectors().update(*embedder, progress);
  return std::make_pair(embedder->model_id(), n);
}

int Library::rename(const std::string& from, const std::string& to) {
  documents().require(from);
  documents().rename(from, to);
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
