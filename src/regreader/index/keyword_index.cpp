#include "regreader/index/keyword_index.hpp"

#include <nlohmann/json.hpp>

#include "regreader/core/error.hpp"
#include "regreader/index/tokenizer.hpp"
#include "regreader/store/database.hpp"

namespace regreader::index {

namespace {

// The index is external-content FTS5 over blocks(rowid, content_markdown); the triggers keep it in
// step inside the store's own transactions (cascading deletes fire them too).
constexpr const char* kIndexSchema = R"SQL(
CREATE VIRTUAL TABLE block_fts USING fts5(content_markdown, content='blocks', content_rowid='rowid',
                                          tokenize='regreader_cjk');
CREATE TRIGGER IF NOT EXISTS block_fts_insert AFTER INSERT ON blocks BEGIN
  INSERT INTO block_fts(rowid, content_markdown) VALUES (new.rowid, new.content_markdown);
END;
CREATE TRIGGER IF NOT EXISTS block_fts_delete AFTER DELETE ON blocks BEGIN
  INSERT INTO block_fts(block_fts, rowid, content_markdown) VALUES ('delete', old.rowid, old.content_markdown);
END;
INSERT INTO block_fts(block_fts) VALUES ('rebuild');
)SQL";

// Snippets: this many tokens around the matches.
constexpr int kSnippetTokens = 24;
// The loose pass ORs at most this many of the query's rarest tokens ...
constexpr size_t kMaxLooseTokens = 8;
// ... and none found in more than this share of all blocks.
constexpr double kMaxLooseShare = 0.05;
// ... unless it occurs in this few blocks at most (small stores keep every token).
constexpr int64_t kMinCommonDocs = 50;
// Rows fetched per requested hit before the chapter filter, which runs in C++.
constexpr int kOverfetch = 8;

std::string quote_phrase(const std::vector<Token>& tokens) {
  std::string out = "\"";
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (i) out += " ";
    for (char c : tokens[i].text) {
      if (c == '"')
        out += "\"\"";
      else
        out.push_back(c);
    }
  }
  return out + "\"";
}

}  // namespace

void ensure_keyword_index(store::PageStore& store) {
  store::Database* db = store.database();
  if (!db) return;
  auto exists = db->prepare("SELECT count(*) FROM sqlite_master WHERE name = 'block_fts'");
  exists.step();
  if (exists.integer(0) > 0) return;
  store::Transaction tx(*db);
  db->exec(kIndexSchema);
  tx.commit();
}

std::string build_match_expression(const std::string& query, const SynonymTable& synonyms) {
  std::string expr;
  std::string term;
  auto flush = [&] {
    std::vector<std::string> phrases;
    for (const auto& variant : expand_term(term, synonyms)) {
      auto tokens = tokenize(variant, TokenizeMode::kQuery);
      if (!tokens.empty()) phrases.push_back(quote_phrase(tokens));
    }
    term.clear();
    if (phrases.empty()) return;
    std::string alternatives = phrases.front();
    for (size_t i = 1; i < phrases.size(); ++i)
      alternatives += " OR " + phrases[i];
    if (phrases.size() > 1) alternatives = "(" + alternatives + ")";
    expr += (expr.empty() ? "" : " AND ") + alternatives;
  };
  for (char c : query) {
    if (c == ' ' || c == '\t' || c == '\n')
      flush();
    else
      term.push_back(c);
  }
  flush();
  return expr;
}

namespace {

// Appends the hits of one MATCH expression that are not in `hits` yet, up to filter.limit.
void run_query(store::Database& db, const std::string& match, const SearchFilter& filter,
               std::vector<SearchHit>& hits) {
  std::string sql =
      "SELECT b.reg_id, b.page_num, b.block_id, b.block_type, b.chapter_path, "
      "snippet(block_fts, 0, '【', '】', '…', " +
      std::to_string(kSnippetTokens) +
      "), bm25(block_fts) FROM block_fts JOIN blocks b ON b.rowid = block_fts.rowid "
      "WHERE block_fts MATCH ?1";
  int next = 2;
  append_in_list(sql, next, "b.reg_id", filter.reg_ids.size());
  append_in_list(sql, next, "b.block_type", filter.block_types.size());
  const bool chapter_filters = !filter.chapter_scope.empty() || !filter.section_number.empty();
  sql += " ORDER BY bm25(block_fts), b.block_id LIMIT ?" + std::to_string(next);
  auto s = db.prepare(sql);
  int k = 1;
  s.bind(k++, match);
  for (const auto& r : filter.reg_ids)
    s.bind(k++, r);
  for (auto t : filter.block_types)
    s.bind(k++, model::block_type_name(t));
  const int wanted = filter.limit + static_cast<int>(hits.size());
  s.bind(k, chapter_filters ? wanted * kOverfetch : wanted);
  while (s.step() && static_cast<int>(hits.size()) < filter.limit) {
    const std::string id = s.text(2);
    if (std::any_of(hits.begin(), hits.end(), [&](const SearchHit& x) { return x.block_id == id; }))
      continue;
    SearchHit h;
    h.chapter_path = nlohmann::json::parse(s.text(4)).get<std::vector<std::string>>();
    if (!matches_chapter_filters(h.chapter_path, filter)) continue;
    h.reg_id = s.text(0);
    h.page_num = static_cast<int>(s.integer(1));
    h.block_id = id;
    h.block_type = model::parse_block_type(s.text(3));
    h.snippet = s.text(5);
    h.score = -s.real(6);  // FTS5's bm25() is lower for better matches
    finish_hit(h);
    hits.push_back(std::move(h));
  }
}

}  // namespace

namespace {

// The loose pass ORs the query's rarest tokens only: a bigram found in a large share of all blocks
// (的规, 应当) says little and makes the OR query slow. Document frequencies come from FTS5's own
// vocabulary (fts5vocab); the block count is approximated by the largest rowid.
std::string rare_tokens_expression(store::Database& db, const std::string& query) {
  db.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.block_vocab USING fts5vocab(main, block_fts, "
      "'row')");
  auto total = db.prepare("SELECT max(rowid) FROM blocks");
  total.step();
  const double blocks = static_cast<double>(std::max<int64_t>(1, total.integer(0)));
  auto df = db.prepare("SELECT doc FROM temp.block_vocab WHERE term = ?1");
  std::vector<std::pair<int64_t, Token>> ranked;
  for (const auto& t : tokenize(query, TokenizeMode::kQuery)) {
    if (std::any_of(ranked.begin(), ranked.end(),
                    [&](const auto& r) { return r.second.text == t.text; }))
      continue;
    df.bind(1, t.text);
    const int64_t docs = df.step() ? df.integer(0) : 0;
    df.reset();
    const bool too_common =
        docs > kMinCommonDocs && static_cast<double>(docs) > kMaxLooseShare * blocks;
    if (docs == 0 || too_common) continue;
    ranked.emplace_back(docs, t);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  if (ranked.size() > kMaxLooseTokens) ranked.resize(kMaxLooseTokens);
  std::string expr;
  for (const auto& r : ranked)
    expr += (expr.empty() ? "" : " OR ") + quote_phrase({r.second});
  return expr;
}

}  // namespace

std::vector<SearchHit> keyword_search(const store::PageStore& store, const std::string& query,
                                      const SearchFilter& filter) {
  std::vector<SearchHit> hits;
  store::Database* db = store.database();
  const std::string strict =
      build_match_expression(query, filter.synonyms ? *filter.synonyms : builtin_synonyms());
  if (!db || strict.empty() || filter.limit <= 0) return hits;
  for (const auto& r : filter.reg_ids)
    store.require(r);
  run_query(*db, strict, filter, hits);
  if (static_cast<int>(hits.size()) < filter.limit) {
    const std::string loose = rare_tokens_expression(*db, query);
    if (!loose.empty() && loose != strict) run_query(*db, loose, filter, hits);
  }
  return hits;
}

}  // namespace regreader::index
