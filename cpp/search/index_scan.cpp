// One term against the index: the entries within its typo budget, found by
// the Myers kernel over length groups, by the character-set filter, or among
// the previous keystroke's near entries, and each matching entry's notes
// given the term's key (index.h).
#include <algorithm>

#include "search/dp.h"
#include "search/index.h"
#include "search/myers.h"
#include "search/myers_step.h"
#include "search/thresholds.h"

namespace memento::search {

namespace {
constexpr size_t kCachedTerms = 8;
}  // namespace

void Index::set_peq(const uint32_t* term, uint32_t m, bool on) {
  for (uint32_t i = 0; i < m; ++i) {
    // Id 0 and ids past the alphabet occur in no word: they match nothing.
    if (term[i] == 0 || term[i] >= peq_.size()) continue;
    if (on)
      peq_[term[i]] |= uint64_t{1} << i;
    else
      peq_[term[i]] = 0;
  }
}

// Within k: the entry's notes take its key, 2 * distance, plus 1 for a prefix
// term whose whole word is not at that distance (the ranking's whole-word
// rule: the smallest key is the best distance, and 0 added when some word
// reaches it whole). A last term beyond its prefix budget still matches the
// finished word within whole_k, at key 2 * its whole distance. Each note also
// keeps whether some word at its best distance begins with term[0] (the
// agreement rule). Within kRecordBudget (a prefix scan): remembered for the
// next keystroke. `last` is D[m][steps] over the entry's first `steps` ids as
// the kernel read them (padded with id 0 past a shorter word). The entry is
// only collected here: its notes take the key in give_keys(), after the scan.
void Index::consider(const Scan& scan, uint32_t entry, uint32_t distance, uint32_t last, uint32_t steps) {
  if (recording_ && distance <= kRecordBudget) recorded_near_.push_back(entry);
  uint32_t key;
  if (!scan.prefix) {
    if (distance > scan.k) return;
    key = 2 * distance;
  } else {
    // The whole word is never nearer than its closest prefix.
    if (distance > scan.k && distance > scan.whole_k) return;
    const uint32_t whole = whole_distance(scan, entry, distance, last, steps);
    if (distance <= scan.k)
      key = 2 * distance + (whole != distance);
    else if (whole <= scan.whole_k)
      key = 2 * whole;
    else
      return;
  }
  const uint32_t length = entry_length_[entry];
  const uint8_t agrees = groups_[length].chars[size_t{entry_offset_[entry]} * length] == scan.term[0];
  matched_.push_back(Matched{entry, key, agrees});
}

// The matched entries' notes take their keys (consider()). The common words'
// entries go first, best first (key, agreeing, then the representative
// order), so that each of their notes is decided by the first of them that
// holds it: one test a posting, where the comparison with the note's
// representative so far read three tables a posting. The other entries
// follow under the full rule, which gives the same keys in any order.
void Index::give_keys(bool prefix) {
  const auto common = std::partition(matched_.begin(), matched_.end(), [this](const Matched& match) {
    return postings_[match.entry].size() >= kCommonPostings;
  });
  // A heap sort: the common entries are tens, and std::sort's code was 7 KB of the wasm.
  const auto before = [this](const Matched& a, const Matched& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.agrees != b.agrees) return a.agrees > b.agrees;
    return represents_before(a.entry, b.entry);
  };
  std::make_heap(matched_.begin(), common, before);
  std::sort_heap(matched_.begin(), common, before);
  for (auto match = matched_.begin(); match != common; ++match) {
    for (uint32_t slot : postings_[match->entry]) {
      if (best_[slot] != kNoMatch) continue;
      best_[slot] = static_cast<uint8_t>(match->key);
      agreement_[slot] = match->agrees;
      if (prefix) representative_[slot] = match->entry;
    }
  }
  for (auto match = common; match != matched_.end(); ++match) give_key(prefix, *match);
  matched_.clear();
}

void Index::give_key(bool prefix, const Matched& match) {
  const uint32_t entry = match.entry, key = match.key;
  const uint8_t agrees = match.agrees;
  for (uint32_t slot : postings_[entry]) {
    if (key < best_[slot]) {
      best_[slot] = static_cast<uint8_t>(key);
      agreement_[slot] = agrees;
      if (prefix) representative_[slot] = entry;
    } else if (key == best_[slot]) {
      if (prefix && (agrees > agreement_[slot] ||
                     (agrees == agreement_[slot] && represents_before(entry, representative_[slot])))) {
        representative_[slot] = entry;
      }
      agreement_[slot] |= agrees;
    }
  }
}

// Whether entry a's word comes before entry b's as a representative (both
// agreeing alike): in more notes, then first in code point order.
bool Index::represents_before(uint32_t a, uint32_t b) const {
  const uint32_t na = word_notes_[entry_word_[a]], nb = word_notes_[entry_word_[b]];
  if (na != nb) return na > nb;
  const uint32_t la = entry_length_[a], lb = entry_length_[b];
  const uint32_t* wa = groups_[la].chars.data() + size_t{entry_offset_[a]} * la;
  const uint32_t* wb = groups_[lb].chars.data() + size_t{entry_offset_[b]} * lb;
  const auto code_point = [this](uint32_t id) { return id < code_points_.size() && id != 0 ? code_points_[id] : id; };
  for (uint32_t i = 0; i < std::min(la, lb); ++i) {
    const uint32_t x = code_point(wa[i]), y = code_point(wb[i]);
    if (x != y) return x < y;
  }
  return la < lb;
}

// OSA(term, word) when it can be within max(distance, whole_k), where
// `distance` is the entry's prefix distance; else some larger value.
uint32_t Index::whole_distance(const Scan& scan, uint32_t entry, uint32_t distance, uint32_t last, uint32_t steps) {
  constexpr uint32_t kFar = 0xffffu;
  const uint32_t length = entry_length_[entry];
  // Read whole: `last` is the whole word's distance.
  if (length == steps) return last;
  // Cut after steps >= m + k ids (k the scan's budget, at least distance and whole_k): more than k away whole.
  if (length > steps) return kFar;
  // Padded (a gathered word): OSA >= |length - m|.
  const uint32_t bound = std::max(distance, scan.whole_k);
  if (length + bound < scan.m || length > scan.m + bound) return kFar;
  const uint32_t* word = groups_[length].chars.data() + size_t{entry_offset_[entry]} * length;
  // Gathered scans run only for m <= kMaxPatternLength, with the term's Peq still set.
  return full_distance_one(peq_.data(), scan.m, word, length);
}

// Every length that can be within k: |L - m| <= k for a complete term; for a
// prefix any L >= m - k, reading only the first m + k ids (D[m][j] >= j - m).
// A remembering scan widens k to kRecordBudget so that what it remembers is exact.
void Index::scan_groups(const Scan& scan, uint32_t scan_k) {
  if (groups_.empty()) return;
  const uint32_t* term = scan.term;
  const uint32_t m = scan.m;
  const bool prefix = scan.prefix;
  const uint32_t k = recording_ ? kRecordBudget : scan_k;
  const uint32_t lo = m > k ? m - k : 1;
  const uint32_t hi = std::min<uint32_t>(static_cast<uint32_t>(groups_.size()) - 1, prefix ? UINT32_MAX : m + k);
  // Short prefixes: only words whose first m + k ids hold at least m - k of the
  // term's characters can be within k (an alignment within k matches m - k
  // term positions to distinct word positions among the first m + k): see
  // scan_filtered.
  if (filtering_ && prefix && m > k && m + k <= kSigChars) {
    scan_filtered(scan, k);
    return;
  }
  if (m <= kMaxPatternLength) set_peq(term, m, true);
  const Pattern pattern{peq_.data(), m};
  for (uint32_t length = lo; length <= hi; ++length) {
    const Group& group = groups_[length];
    const size_t count = group.ids.size();
    if (count == 0) continue;
    const uint32_t steps = prefix ? std::min(length, m + k) : length;
    distances_.resize(count);
    lasts_.resize(count);
    if (m <= kMaxPatternLength) {
      if (prefix)
        prefix_distances(pattern, group.chars.data(), length, steps, count, distances_.data(), lasts_.data());
      else
        full_distances(pattern, group.chars.data(), length, count, distances_.data());
    } else {
      for (size_t i = 0; i < count; ++i) {
        distances_[i] = dp_distance(term, m, group.chars.data() + i * length, steps, prefix, dp_row_, &lasts_[i]);
      }
    }
    for (size_t i = 0; i < count; ++i) {
      if (distances_[i] <= k) consider(scan, group.ids[i], distances_[i], prefix ? lasts_[i] : distances_[i], steps);
    }
  }
  if (m <= kMaxPatternLength) set_peq(term, m, false);
}

// A prefix scan with m + k <= kSigChars: the character-set test over the
// bitsets (64 entries a step), then the survivors gathered as Peq bytes (each
// cut or padded to m + k ids, as in rescan_previous) and one call of the 8-bit
// kernel over them.
void Index::scan_filtered(const Scan& scan, uint32_t k) {
  const uint32_t* term = scan.term;
  const uint32_t m = scan.m;
  const uint32_t width = m + k, need = m - k;
  // Term position i can only match word positions up to i + k (a match at
  // (i, j) costs at least |i - j| edits before it): its character is looked
  // for among the word's first min(i + k + 1, m + k) ids, or more (the
  // shortest set kept is of 3 ids), which still never drops a match.
  const uint64_t* sets[kSigChars];
  for (uint32_t i = 0; i < m; ++i) {
    const uint32_t s = std::max(i + k + 1, kSigChars - kSigs + 1) - (kSigChars - kSigs + 1);
    // Id 0 and ids past the alphabet occur in no word: no set.
    sets[i] = term[i] == 0 || term[i] >= peq_.size() ? nullptr : begins_[(term[i] & (kBuckets - 1)) * kSigs + s].data();
  }
  // A remembering scan wider than this keystroke's budgets (a four-letter
  // term: prefix 1 and finished word 2, remembered within 2) scans now only
  // what this keystroke can match: within the prefix budget (so many term
  // positions found), or a word short enough to be within the finished-word
  // budget whole. The other survivors go to the next keystroke unscanned: the
  // near entries it rescans need only hold every entry within 2
  // (cpp/search/NOTES.md).
  const bool defers = recording_ && scan.k < k && scan.whole_k <= k;
  const uint32_t now_need = defers ? m - scan.k : need;
  const uint32_t longest_whole = m + scan.whole_k;
  const size_t entries = entry_length_.size();
  if (filtered_.size() < entries) filtered_.resize(entries);
  uint32_t* ids = filtered_.data();
  size_t n = 0;
  // 64 entries at a time: at_least[j] = the entries with j or more of the
  // term positions tested so far found.
  const size_t blocks = begins_[0].size();
  for (size_t b = 0; b < blocks; ++b) {
    uint64_t at_least[kSigChars + 1] = {~uint64_t{0}};
    for (uint32_t t = 0; t < m; ++t) {
      const uint64_t x = sets[t] ? sets[t][b] : 0;
      for (uint32_t j = now_need; j > 0; --j) at_least[j] |= at_least[j - 1] & x;
    }
    for (uint64_t mask = at_least[need]; mask != 0; mask &= mask - 1) {
      const uint32_t bit = static_cast<uint32_t>(__builtin_ctzll(mask));
      const uint32_t id = static_cast<uint32_t>(b * 64 + bit);
      if (!defers || (at_least[now_need] >> bit & 1) || entry_length_[id] <= longest_whole)
        ids[n++] = id;
      else
        recorded_near_.push_back(id);
    }
  }
  if (n == 0) return;
  set_peq(term, m, true);
  prefix_distances_of(ids, n, m, width);
  for (size_t i = 0; i < n; ++i) {
    if (distances_[i] <= k) consider(scan, ids[i], distances_[i], lasts_[i], width);
  }
  set_peq(term, m, false);
}

// Gathering each id's Peq byte costs what gathering the id did, and the kernel
// then runs 16 words a vector with no table lookups (cpp/search/NOTES.md).
void Index::prefix_distances_of(const uint32_t* entries, size_t n, uint32_t m, uint32_t width) {
  const size_t blocks = (n + kEqBlock - 1) / kEqBlock;
  eq_rows_.assign(blocks * kEqBlock * width, 0);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t length = entry_length_[entries[i]];
    const uint32_t steps = std::min(length, width);
    const uint32_t* word = groups_[length].chars.data() + size_t{entry_offset_[entries[i]]} * length;
    uint8_t* column = eq_rows_.data() + (i / kEqBlock) * kEqBlock * width + i % kEqBlock;
    for (uint32_t j = 0; j < steps; ++j) column[j * kEqBlock] = static_cast<uint8_t>(peq_[word[j]]);
  }
  distances_.resize(n);
  lasts_.resize(n);
  prefix_distances_from_eqs(eq_rows_.data(), m, width, n, distances_.data(), lasts_.data());
}

// The previous keystroke's near entries, each cut or padded to m + 2 ids (as
// Peq bytes for a term of at most kMaxByteTerm code points). Id 0 pads: it
// matches no term character, and a never-matching tail cannot
// lower a prefix distance (each pad costs what skipping it would).
void Index::rescan_previous(const Scan& scan) {
  const uint32_t* term = scan.term;
  const uint32_t m = scan.m;
  const uint32_t steps = m + kRecordBudget;
  const size_t count = previous_near_.size();
  if (m > kMaxPatternLength) {
    for (uint32_t entry : previous_near_) {
      const uint32_t length = entry_length_[entry];
      const uint32_t* word = groups_[length].chars.data() + size_t{entry_offset_[entry]} * length;
      uint32_t last = 0;
      const uint32_t distance = dp_distance(term, m, word, std::min(length, steps), true, dp_row_, &last);
      consider(scan, entry, distance, last, std::min(length, steps));
    }
    return;
  }
  if (m <= kMaxByteTerm && steps <= kMaxByteSteps) {
    set_peq(term, m, true);
    prefix_distances_of(previous_near_.data(), count, m, steps);
    for (size_t i = 0; i < count; ++i) consider(scan, previous_near_[i], distances_[i], lasts_[i], steps);
    set_peq(term, m, false);
    return;
  }
  gathered_.assign(count * steps, 0);
  for (size_t i = 0; i < count; ++i) {
    const uint32_t entry = previous_near_[i];
    const uint32_t length = entry_length_[entry];
    const uint32_t* word = groups_[length].chars.data() + size_t{entry_offset_[entry]} * length;
    std::copy(word, word + std::min(length, steps), gathered_.begin() + i * steps);
  }
  distances_.resize(count);
  lasts_.resize(count);
  set_peq(term, m, true);
  prefix_distances(Pattern{peq_.data(), m}, gathered_.data(), steps, steps, count, distances_.data(), lasts_.data());
  for (size_t i = 0; i < count; ++i) consider(scan, previous_near_[i], distances_[i], lasts_[i], steps);
  set_peq(term, m, false);
}

const Index::CachedTerm& Index::term_best(const uint32_t* term, uint32_t m, bool prefix) {
  const size_t slots = slot_entries_.size();
  for (CachedTerm& cached : cache_) {
    if (cached.generation == generation_ && cached.prefix == prefix && cached.chars.size() == m &&
        std::equal(cached.chars.begin(), cached.chars.end(), term)) {
      cached.used = ++cache_clock_;
      return cached;
    }
  }
  best_.assign(slots, kNoMatch);
  agreement_.assign(slots, 0);
  representative_.assign(prefix ? slots : 0, 0);
  if (m == 0) {
    // The empty prefix is within 0 of every word, and no word is empty: key 2 * 0 + 1.
    if (prefix) {
      for (size_t s = 0; s < slots; ++s) best_[s] = slot_word_counts_[s] == 0 ? kNoMatch : 1;
    }
  } else {
    const uint32_t k = prefix ? prefix_budget(m) : term_budget(m);
    // The last term also matches a finished word within the complete-term budget.
    const Scan scan{term, m, prefix, k, prefix ? term_budget(m) : 0};
    // Gathering costs more per entry than scanning a group in place: below
    // half of all entries, rescanning the previous near entries pays. Short
    // prefixes (budget 0) match exactly and remember nothing: within 2 of
    // them is most of the vocabulary.
    const bool grows_previous = prefix && k > 0 && previous_prefix_generation_ == generation_ &&
                                !previous_prefix_.empty() && previous_prefix_.size() <= m &&
                                std::equal(previous_prefix_.begin(), previous_prefix_.end(), term) &&
                                previous_near_.size() * 2 < entry_length_.size();
    recording_ = prefix && k > 0;
    recorded_near_.clear();
    if (grows_previous)
      rescan_previous(scan);
    else
      scan_groups(scan, std::max(k, scan.whole_k));
    give_keys(prefix);
    recording_ = false;
    if (prefix && k == 0) {
      previous_prefix_.clear();
    } else if (prefix) {
      previous_prefix_.assign(term, term + m);
      previous_prefix_generation_ = generation_;
      previous_near_.swap(recorded_near_);
    }
  }
  // The least recently used entry makes room: a complete term read on every
  // keystroke stays while the last term's prefixes come and go.
  // Reserved once, so that the entries (and the references term_best hands out) never move.
  cache_.reserve(kCachedTerms);
  if (cache_.size() < kCachedTerms) cache_.emplace_back();
  CachedTerm& slot = *std::min_element(cache_.begin(), cache_.end(),
                                       [](const CachedTerm& a, const CachedTerm& b) { return a.used < b.used; });
  slot.used = ++cache_clock_;
  slot.chars.assign(term, term + m);
  slot.prefix = prefix;
  slot.generation = generation_;
  // Swapped in, not copied: the scan's buffers take the dropped entry's, refilled by the next scan.
  slot.best.swap(best_);
  slot.agreement.swap(agreement_);
  slot.representative.swap(representative_);
  return slot;
}

}  // namespace memento::search
