#include "regreader/index/library.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "regreader/core/error.hpp"
#include "regreader/index/search.hpp"
#include "regreader/parse/bounded_parse.hpp"
#include "regreader/parse/office/office_renderer.hpp"
#include "regreader/parse/pdf/pdf_document.hpp"
#include "test_support.hpp"

namespace regreader::index {
namespace library_test {

namespace fs = std::filesystem;
using testing::sample_md;

TEST(Library, ReadingAMissingLibraryCreatesNothing) {
  parse::TempDir dir;
  const Library lib(dir.path() / "none", Library::Mode::kRead);
  EXPECT_TRUE(lib.empty());
  EXPECT_TRUE(lib.documents().list().empty());
  EXPECT_FALSE(fs::exists(dir.path() / "none"));
  EXPECT_FALSE(lib.aliases().empty()) << "the built-in aliases are there";
}

TEST(Library, IngestedRegulationsAreSearchableWithoutPreparingAnIndex) {
  parse::TempDir dir;
  {
    Library lib(dir.path(), Library::Mode::kCreate);
    index::IngestOptions o;
    o.reg_id = "S";
    EXPECT_EQ(lib.ingest(sample_md(), o).status, index::IngestStatus::kNew);
  }
  const Library lib(dir.path(), Library::Mode::kRead);
  SearchFilter f;
  const auto hits = lib.engine().keyword().search("倒闸操作", f);
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].reg_id, "S");
}

// What the reading room draws: the source PDF, or a Word file's LibreOffice rendering kept at
// ingest under its content's name; the blocks located on it; both gone with the regulation.
TEST(Library, PagesAsPrintedAreKeptForPdfAndWordFilesAndGoWithTheirRegulation) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  index::IngestOptions o;
  o.reg_id = "PDF";
  lib.ingest(testing::sample_pdf(), o);
  const auto pdf = lib.page_pdf(lib.documents().require("PDF"));
  ASSERT_TRUE(pdf);
  EXPECT_EQ(pdf->extension(), ".pdf");
  EXPECT_TRUE(lib.documents().page("PDF", 3).content_blocks.front().rect);
  o.reg_id = "MD";
  lib.ingest(sample_md(), o);
  EXPECT_FALSE(lib.page_pdf(lib.documents().require("MD"))) << "Markdown has no printed pages";
  if (!parse::find_soffice()) GTEST_SKIP() << "LibreOffice is not installed";
  o.reg_id = "DOCX";
  lib.ingest(testing::sample_docx(), o);
  const auto info = lib.documents().require("DOCX");
  const auto rendering = lib.page_pdf(info);
  ASSERT_TRUE(rendering);
  EXPECT_EQ(rendering->filename().string(), info.source_sha256 + ".rendered.pdf");
  EXPECT_EQ(parse::PdfDocument(*rendering).page_count(), info.total_pages);
  int located = 0, blocks = 0;
  for (const auto& p : lib.documents().pages("DOCX", 1, info.total_pages))
    for (const auto& b : p.content_blocks) {
      ++blocks;
      located += b.rect ? 1 : 0;
    }
  EXPECT_GT(located, blocks * 8 / 10) << located << " of " << blocks;
  for (const auto& e : fs::directory_iterator(dir.path() / "sources"))
    EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << e.path();
  lib.remove("DOCX");
  EXPECT_FALSE(fs::exists(*rendering));
}

TEST(Library, AliasesRenameAndDeleteChangeTheLibraryAndAreSeenAtOnce) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  index::IngestOptions o;
  o.reg_id = "S";
  lib.ingest(sample_md(), o);
  EXPECT_THROW(lib.add_alias("变电安规", "NOPE"), Error);
  EXPECT_THROW(lib.add_alias("a\tb", "S"), Error);
  lib.add_alias("变电安规", "S");
  ASSERT_EQ(lib.user_aliases().size(), 1u);
  const auto in_all = std::count(lib.aliases().begin(), lib.aliases().end(),
                                 std::pair<std::string, std::string>{"变电安规", "S"});
  EXPECT_EQ(in_all, 1) << "the loaded table follows the file";

  EXPECT_EQ(lib.rename("S", "S2"), 1);
  EXPECT_EQ(lib.user_aliases()[0].second, "S2");
  EXPECT_FALSE(lib.documents().find("S"));
  EXPECT_THROW(lib.rename("S", "S3"), Error);

  lib.remove_alias("变电安规");
  EXPECT_TRUE(lib.user_aliases().empty());
  EXPECT_THROW(lib.remove_alias("变电安规"), Error);
  lib.remove("S2");
  EXPECT_TRUE(lib.documents().list().empty());
  EXPECT_THROW(lib.remove("S2"), Error);
}

// Every command, the tools, the servers and the agents open the library; none opens the store,
// prepares the keyword index or asks which engine it has (index/engine.hpp).
TEST(Library, NothingAboveTheIndexKnowsTheEngine) {
  std::vector<std::string> offenders;
  for (const char* layer : {"cli", "tools", "mcp", "agent", "web"}) {
    const fs::path dir = fs::path(REGREADER_SOURCE_DIR) / "src" / "regreader" / layer;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      if (!e.is_regular_file()) continue;
      std::ifstream in(e.path());
      std::stringstream ss;
      ss << in.rdbuf();
      const std::string t = ss.str();
      for (const char* needle :
           {"PageStore", "PgStore", "page_store.hpp", "pg_store.hpp", "ensure_keyword_index(",
            "sqlite3", "database()", "dynamic_cast<const store::", "\"postgresql\"", "\"sqlite\""})
        if (t.find(needle) != std::string::npos)
          offenders.push_back(e.path().string() + ": " + needle);
    }
  }
  EXPECT_TRUE(offenders.empty()) << (offenders.empty() ? "" : offenders.front());
}

}  // namespace library_test
}  // namespace regreader::index

namespace regreader::index {
namespace library_test {

namespace fs = std::filesystem;

// Issue 41: the kept source was copied after the commit, so a kill in between (or a reader during
// a re-ingest) saw a PDF regulation without page images, and a plain re-ingest of the unchanged
// file did not put it back.
TEST(LibraryKeptSources, TheSourceIsInPlaceBeforeTheRegulationIsVisible) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  IngestOptions o;
  o.reg_id = "PDF";
  bool checked = false;
  o.before_save = [&](const model::RegulationInfo& info) {
    EXPECT_FALSE(lib.documents().find("PDF")) << "not committed yet";
    EXPECT_TRUE(lib.source_copy(info)) << "but its source is already kept";
    checked = true;
  };
  lib.ingest(testing::sample_pdf(), o);
  EXPECT_TRUE(checked);
  EXPECT_TRUE(lib.page_pdf(lib.documents().require("PDF")));
}

// IngestOptions::beside_save runs while the document is saved, on the document as stored.
TEST(IngestBesideSave, SeesTheDocumentAsStoredAndCannotStopTheSave) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  IngestOptions o;
  o.reg_id = "PDF";
  model::ParsedDocument seen;
  o.beside_save = [&](const model::ParsedDocument& doc) { seen = doc; };
  lib.ingest(testing::sample_pdf(), o);
  const auto stored = lib.documents().load("PDF");
  EXPECT_EQ(seen.info.reg_id, "PDF");
  EXPECT_EQ(seen.pages, stored.pages);
  EXPECT_EQ(seen.structure, stored.structure);

  parse::TempDir other;
  Library second(other.path(), Library::Mode::kCreate);
  o.beside_save = [](const model::ParsedDocument&) {
    throw Error(ErrorCode::kInternal, "the vocabulary could not be derived (simulated)");
  };
  const auto r = second.ingest(testing::sample_pdf(), o);
  EXPECT_TRUE(second.documents().find("PDF")) << "stored all the same";
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
    return w.find("could not be derived") != std::string::npos;
  })) << "and said";
}

TEST(LibraryKeptSources, AFailedSaveLeavesNoSourceBehind) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  IngestOptions o;
  o.reg_id = "PDF";
  o.before_save = [](const model::RegulationInfo&) {
    throw Error(ErrorCode::kIo, "the disk is full (simulated)");
  };
  EXPECT_THROW(lib.ingest(testing::sample_pdf(), o), Error);
  EXPECT_FALSE(lib.documents().find("PDF"));
  size_t kept = 0;
  for (const auto& e : fs::directory_iterator(dir.path() / "sources"))
    kept += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(kept, 0u) << "nothing stored refers to the copy";
}

TEST(LibraryKeptSources, AnUnchangedFileIngestedAgainRestoresAMissingSource) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  IngestOptions o;
  o.reg_id = "PDF";
  lib.ingest(testing::sample_pdf(), o);
  const auto kept = lib.source_copy(lib.documents().require("PDF"));
  ASSERT_TRUE(kept);
  fs::remove(*kept);
  const auto again = lib.ingest(testing::sample_pdf(), o);
  EXPECT_EQ(again.status, IngestStatus::kUnchanged);
  EXPECT_TRUE(fs::exists(*kept)) << again.note;
  EXPECT_NE(again.note.find("restored"), std::string::npos) << again.note;
}

// A folder run parses the next file while it stores the one before (IngestOptions::started).
TEST(LibraryStartedParse, AParseStartedEarlierIsTheOneStored) {
  parse::TempDir dir, other;
  Library lib(dir.path(), Library::Mode::kCreate);
  index::IngestOptions o;
  o.reg_id = "S";
  auto started = lib.start_parse(testing::sample_pdf(), o);
  ASSERT_TRUE(started);
  o.started = started;
  const auto r = lib.ingest(testing::sample_pdf(), o);
  EXPECT_EQ(r.status, index::IngestStatus::kNew);
  EXPECT_THROW(started->take({}), ParseError) << "its document went to the ingest";
  Library plain(other.path(), Library::Mode::kCreate);
  index::IngestOptions p;
  p.reg_id = "S";
  const auto expected = plain.ingest(testing::sample_pdf(), p);
  EXPECT_EQ(r.blocks, expected.blocks);
  EXPECT_EQ(r.chapters, expected.chapters);
  EXPECT_EQ(r.tables, expected.tables);
  EXPECT_EQ(lib.documents().load("S").pages.size(), plain.documents().load("S").pages.size());
}

// A parse started ahead waits, parsed, while the run stores the files before it: that wait is
// not the parse's time, and its limit does not stop it.
TEST(LibraryStartedParse, AParseDoneInTimeIsTakenHoweverLateItIsRead) {
  parse::ParseOptions o;
  o.limits.timeout_seconds = 1;
  parse::BoundedParse started(testing::sample_pdf(), "PDF", o);
  std::this_thread::sleep_for(std::chrono::milliseconds(1600));
  const auto doc = started.take({});
  EXPECT_EQ(doc.info.reg_id, "PDF");
  EXPECT_GT(doc.pages.size(), 1u);
}

TEST(LibraryStartedParse, NoneStartsForContentStoredAndADroppedOneLeavesNothing) {
  parse::TempDir dir;
  Library lib(dir.path(), Library::Mode::kCreate);
  index::IngestOptions o;
  o.reg_id = "S";
  lib.ingest(sample_md(), o);
  EXPECT_FALSE(lib.start_parse(sample_md(), o)) << "unchanged: nothing to parse";
  auto dropped = lib.start_parse(testing::sample_pdf(), o);
  ASSERT_TRUE(dropped);
  const fs::path rendering = dropped->options().keep_rendering;
  EXPECT_EQ(rendering.parent_path(), dir.path() / "sources");
  dropped.reset();
  EXPECT_FALSE(fs::exists(rendering));
  // A started parse of another file is not taken for this one.
  parse::TempDir second;
  Library fresh(second.path(), Library::Mode::kCreate);
  index::IngestOptions q;
  q.reg_id = "P";
  q.started = fresh.start_parse(sample_md(), q);
  ASSERT_TRUE(q.started);
  EXPECT_EQ(fresh.ingest(testing::sample_pdf(), q).info.format, "pdf");
}

}  // namespace library_test
}  // namespace regreader::index
