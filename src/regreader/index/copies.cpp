#include "regreader/index/copies.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <tuple>
#include <unordered_map>

#include "regreader/core/keyed_cache.hpp"
#include "regreader/core/text.hpp"

namespace regreader::index {

namespace {

std::vector<uint64_t> pair_set(const std::string& text) {
  const auto cps = text::content_codepoints(text);
  std::vector<uint64_t> out;
  for (size_t i = 1; i < cps.size(); ++i)
    out.push_back((static_cast<uint64_t>(cps[i - 1]) << 32) | cps[i]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

double jaccard(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  if (a.empty() || b.empty()) return 0;
  size_t both = 0;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i] == b[j])
      ++both, ++i, ++j;
    else if (a[i] < b[j])
      ++i;
    else
      ++j;
  }
  return static_cast<double>(both) / static_cast<double>(a.size() + b.size() - both);
}

struct SignatureCache {
  std::mutex mutex;
  std::map<std::string, std::vector<uint64_t>> by_key;  // data dir, reg id, sha, ingest time
};

SignatureCache& signature_cache() {
  static SignatureCache c;
  return c;
}

// Which store a cached signature belongs to: where its documents live (reg id, file hash and
// ingest time tell its regulations apart).
std::string store_key(const store::DocumentStore& store) {
  return store.location();
}

std::vector<uint64_t> regulation_signature(const store::DocumentStore& store,
                                           const model::RegulationInfo& r) {
  const std::string key =
      store_key(store) + "\n" + r.reg_id + "\n" + r.source_sha256 + "\n" + r.indexed_at;
  SignatureCache& c = signature_cache();
  {
    std::lock_guard lock(c.mutex);
    if (auto it = c.by_key.find(key); it != c.by_key.end()) return it->second;
  }
  auto sig = store.kept_signature(r.reg_id);
  if (sig.empty()) {
    std::string all;
    for (const auto& content : store.block_contents(r.reg_id))
      all += content + "\n";
    sig = text_signature(all);
  }
  std::lock_guard lock(c.mutex);
  if (c.by_key.size() > 4096) c.by_key.clear();  // a bound for servers that ingest forever
  c.by_key[key] = sig;
  return sig;
}

// Every regulation's record by id, read once per store version: a fold looked each regulation
// of its hits up (a row each) at every call, and a search folds two to four times (4% of a guided
// search at 10^5 blocks in perf).
using Records = std::unordered_map<std::string, model::RegulationInfo>;

std::shared_ptr<const Records> records_by_id(const store::DocumentStore& store) {
  static KeyedCache<Records> cache;
  return cache.get(store.version(), [&] {
    Records out;
    for (auto& info : store.list())
      out.emplace(info.reg_id, std::move(info));
    return out;
  });
}

}  // namespace

std::vector<std::string> copy_families(const store::DocumentStore& store,
                                       const std::vector<std::string>& reg_ids) {
  std::vector<std::string> family(reg_ids);
  if (reg_ids.size() < 2) return family;
  const auto records = records_by_id(store);
  std::vector<model::RegulationInfo> infos;
  for (const auto& id : reg_ids) {
    const auto at = records->find(id);
    infos.push_back(at != records->end() ? at->second : model::RegulationInfo{});
  }
  // The same file is a copy whatever its text; only the first regulation of each file needs a
  // signature (reading its text once per process and ingest).
  std::vector<size_t> first_of_file(reg_ids.size());
  for (size_t i = 0; i < reg_ids.size(); ++i) {
    first_of_file[i] = i;
    for (size_t j = 0; j < i; ++j)
      if (!infos[i].source_sha256.empty() && infos[i].source_sha256 == infos[j].source_sha256) {
        first_of_file[i] = first_of_file[j];
        break;
      }
  }
  std::vector<std::vector<uint64_t>> sigs(reg_ids.size());
  auto signature = [&](size_t i) -> const std::vector<uint64_t>& {
    if (sigs[i].empty() && !infos[i].reg_id.empty())
      sigs[i] = regulation_signature(store, infos[i]);
    return sigs[i];
  };
  for (size_t i = 1; i < reg_ids.size(); ++i) {
    if (first_of_file[i] != i) {
      family[i] = family[first_of_file[i]];
      continue;
    }
    for (size_t j = 0; j < i; ++j)
      if (first_of_file[j] == j &&
          signature_similarity(signature(i), signature(j)) >= kCopyFamilySimilarity) {
        family[i] = family[j];
        break;
      }
  }
  return family;
}

std::vector<SearchHit> collapse_copies(const store::DocumentStore& store,
                                       std::vector<SearchHit> ranked, bool fold, int per_reg,
                                       int limit) {
  std::vector<std::string> regs;
  for (const auto& h : ranked)
    if (std::find(regs.begin(), regs.end(), h.reg_id) == regs.end()) regs.push_back(h.reg_id);
  const auto families = fold ? copy_families(store, regs) : regs;
  std::unordered_map<std::string, std::string> family_of;
  std::unordered_map<std::string, int> members;
  for (size_t i = 0; i < regs.size(); ++i) {
    family_of[regs[i]] = families[i];
    ++members[families[i]];
  }
  // A block's pairs, made once per text: the copies of a clause have one text.
  std::unordered_map<std::string, std::vector<uint64_t>> pairs_by_text;
  std::unordered_map<std::string, const std::vector<uint64_t>*> pairs;  // by block id
  auto pairs_of = [&](const SearchHit& h) -> const std::vector<uint64_t>& {
    auto it = pairs.find(h.block_id);
    if (it == pairs.end()) {
      std::string text = store.block_content(h.block_id).value_or("");
      auto known = pairs_by_text.find(text);
      if (known == pairs_by_text.end()) {
        auto set = pair_set(text);
        known = pairs_by_text.emplace(std::move(text), std::move(set)).first;
      }
      it = pairs.emplace(h.block_id, &known->second).first;
    }
    return *it->second;
  };
  std::vector<SearchHit> out;
  std::unordered_map<std::string, int> kept_per_family;
  for (auto& h : ranked) {
    const std::string& fam = family_of[h.reg_id];
    SearchHit* leader = nullptr;
    if (members[fam] > 1)
      for (auto& l : out) {
        if (family_of[l.reg_id] != fam || l.reg_id == h.reg_id) continue;
        const bool has_copy_from_reg =
            std::any_of(l.copies.begin(), l.copies.end(),
                        [&](const HitCopy& c) { return c.reg_id == h.reg_id; });
        if (has_copy_from_reg) continue;
        // The same text (as the keyword leg read it) is similar when it has a pair at all: the
        // copy's text is not read again.
        const bool same_text = l.content_hash != 0 && l.content_hash == h.content_hash;
        if (same_text ? !pairs_of(l).empty()
                      : jaccard(pairs_of(l), pairs_of(h)) >= kCopyBlockSimilarity) {
          leader = &l;
          break;
        }
      }
    if (leader) {
      leader->copies.push_back({h.reg_id, h.page_num, h.block_id, h.source});
      continue;
    }
    if (static_cast<int>(out.size()) >= limit) continue;  // still read: copies of kept hits
    if (per_reg > 0 && kept_per_family[fam] >= per_reg) continue;
    ++kept_per_family[fam];
    out.push_back(std::move(h));
  }
  return out;
}

std::vector<SearchHit> cite_repeats_once(std::vector<SearchHit> hits) {
  std::set<std::tuple<std::string, int, uint64_t>> cited;
  std::set<std::string> listed;  // blocks named as copies of a hit already kept
  std::vector<SearchHit> out;
  for (auto& h : hits) {
    if (listed.count(h.block_id)) continue;
    if (h.content_hash != 0 && !cited.emplace(h.reg_id, h.page_num, h.content_hash).second)
      continue;
    for (const auto& c : h.copies)
      listed.insert(c.block_id);
    out.push_back(std::move(h));
  }
  return out;
}

}  // namespace regreader::index
