// A query's answer: every term's keys summed per note, then the notes in the
// order of docs/specs/search.md (index.h).
#include <algorithm>
#include <cstddef>

#include "search/index.h"

namespace memento::search {

namespace {
constexpr uint32_t kDead = 0xffffffffu;  // a note some term does not match
}  // namespace

uint32_t Index::search(const uint32_t* chars, const uint32_t* lengths, uint32_t term_count, uint32_t* out_positions,
                       uint32_t* out_scores) {
  const uint32_t notes = note_count();
  if (term_count == 0) {
    for (uint32_t p = 0; p < notes; ++p) {
      out_positions[p] = p;
      out_scores[p] = 0;
    }
    return notes;
  }
  const uint32_t found = answer(chars, lengths, term_count, out_positions, out_scores);
  if (found > 0 || term_count < 2) return found;
  // Terms that match no word of any note are dropped when another term
  // matches some word: the answer is that of the query without them (every
  // term's scan is in the cache by now).
  kept_chars_.clear();
  kept_lengths_.clear();
  for (uint32_t t = 0; t < term_count; ++t) {
    const std::vector<uint8_t>& best = term_best(chars, lengths[t], t + 1 == term_count).best;
    if (std::any_of(best.begin(), best.end(), [](uint8_t key) { return key != kNoMatch; })) {
      kept_chars_.insert(kept_chars_.end(), chars, chars + lengths[t]);
      kept_lengths_.push_back(lengths[t]);
    }
    chars += lengths[t];
  }
  if (kept_lengths_.empty() || kept_lengths_.size() == term_count) return found;
  // The shorter query's last term neither reads nor replaces the typed last
  // term's near entries: the next keystroke rescans those (a full scan there
  // cost 0.3-0.5 ms a key in Node, typing "goverment xqzvwkjp").
  const uint64_t near_generation = previous_prefix_generation_;
  previous_prefix_.swap(held_prefix_);
  previous_near_.swap(held_near_);
  previous_prefix_.clear();
  const uint32_t kept = answer(kept_chars_.data(), kept_lengths_.data(), static_cast<uint32_t>(kept_lengths_.size()),
                               out_positions, out_scores);
  previous_prefix_.swap(held_prefix_);
  previous_near_.swap(held_near_);
  previous_prefix_generation_ = near_generation;
  return kept;
}

uint32_t Index::answer(const uint32_t* chars, const uint32_t* lengths, uint32_t term_count, uint32_t* out_positions,
                       uint32_t* out_scores) {
  if (term_count == 1) return answer_one(chars, lengths[0], out_positions, out_scores);
  // Per slot the score, then (after the last term) its order key: 2 * score,
  // plus 1 when the last term reaches its best distance only through a prefix.
  // The first term writes every slot (no clearing first): for a single term
  // the key is the term's own key.
  total_.resize(slot_entries_.size());
  agreements_.resize(slot_entries_.size());
  for (uint32_t t = 0; t < term_count; ++t) {
    const bool last = t + 1 == term_count;
    const CachedTerm& term = term_best(chars, lengths[t], last);
    const uint8_t* best = term.best.data();
    const uint8_t* agreement = term.agreement.data();
    // The last term's representatives, valid until the next term_best (order() reads them).
    if (last) last_representative_ = term.representative.data();
    if (t == 0) {
      for (size_t s = 0; s < total_.size(); ++s) {
        const uint32_t key = best[s];
        total_[s] = key == kNoMatch ? kDead : last ? key : key >> 1;
        agreements_[s] = agreement[s];
      }
      chars += lengths[t];
      continue;
    }
    for (size_t s = 0; s < total_.size(); ++s) {
      const uint32_t key = best[s];
      if (key == kNoMatch || total_[s] == kDead)
        total_[s] = kDead;
      else
        total_[s] = last ? 2 * (total_[s] + (key >> 1)) + (key & 1) : total_[s] + (key >> 1);
      agreements_[s] += agreement[s];
    }
    chars += lengths[t];
  }
  order(term_count, out_positions, out_scores);
  return static_cast<uint32_t>(list_.size());
}

// One term. A matched note's key, agreement and commonness are then its
// representative word's: the key depends on the word alone, and the
// representative agrees whenever a matched word at that key does. So the
// order of docs/specs/search.md is, with each word ranked by key, then (tier 1
// only) agreement, then commonness: tier 0 by key, turn and rank, tier 1 by
// turn and rank, then position; and a word's notes all share one key, so the
// turns count in position order. Two counting sorts, where order() needs four
// and a pass in key order: the slowest keystrokes are single terms whose
// answers hold 2,000-3,400 of 5,000 notes (cpp/search/NOTES.md).
uint32_t Index::answer_one(const uint32_t* chars, uint32_t length, uint32_t* out_positions, uint32_t* out_scores) {
  const CachedTerm& term = term_best(chars, length, true);
  const uint8_t* best = term.best.data();
  const uint8_t* agreement = term.agreement.data();
  const uint32_t* representative = term.representative.data();
  list_kept([best](uint32_t slot) { return best[slot] != kNoMatch; });
  grow_word_tables();
  turn_.resize(slot_entries_.size());
  common_.resize(slot_entries_.size());  // here: the slot's word, as its place
  place_words_.clear();
  place_groups_.clear();
  ++stamp_;
  uint32_t most_turns = 0, commonest = 0;
  for (uint32_t p : list_) {
    const uint32_t slot = order_[p];
    const uint32_t word = entry_word_[representative[slot]];
    if (word_stamp_[word] != stamp_) {
      word_stamp_[word] = stamp_;
      word_turns_[word] = 0;
      word_places_[word] = static_cast<uint32_t>(place_words_.size());
      place_words_.push_back(word);
      // Its key, and whether it disagrees (tier 0 ignores agreement).
      place_groups_.push_back(2 * best[slot] + (best[slot] > 1 ? 1u - agreement[slot] : 0u));
      commonest = std::max(commonest, word_notes_[word]);
    }
    common_[slot] = word_places_[word];
    turn_[slot] = word_turns_[word]++;
    most_turns = std::max(most_turns, turn_[slot]);
  }
  // Each word's rank: by key and agreement, then commonness (largest first); words equal in all three share one,
  // so that position decides between them. Two counting sorts of the words' places (few: the words represented).
  const uint32_t words = static_cast<uint32_t>(place_words_.size());
  by_rank_.resize(words);
  for (uint32_t i = 0; i < words; ++i) by_rank_[i] = i;
  sort_stably(
      by_rank_, [&](uint32_t place) { return commonest - word_notes_[place_words_[place]]; }, commonest + 1);
  sort_stably(
      by_rank_, [&](uint32_t place) { return place_groups_[place]; }, 2 * 256);
  place_ranks_.resize(words);
  uint32_t ranks = 0;
  for (uint32_t i = 0; i < words; ++i) {
    const uint32_t place = by_rank_[i], before = i > 0 ? by_rank_[i - 1] : place;
    if (i > 0 && (place_groups_[place] != place_groups_[before] ||
                  word_notes_[place_words_[place]] != word_notes_[place_words_[before]]))
      ++ranks;
    place_ranks_[place] = ranks;
  }
  counting_sort([this](uint32_t slot) { return place_ranks_[common_[slot]]; }, ranks + 1);
  const uint32_t turns = most_turns + 1;
  counting_sort([best, turns, this](uint32_t slot) { return (best[slot] <= 1 ? best[slot] : 2) * turns + turn_[slot]; },
                3 * turns);
  for (size_t i = 0; i < list_.size(); ++i) {
    out_positions[i] = list_[i];
    out_scores[i] = best[order_[list_[i]]] >> 1;
  }
  return static_cast<uint32_t>(list_.size());
}

// The order of docs/specs/search.md by counting sorts only (std::sort within
// each key cost several ms on a one-letter prefix matching most of 5,000
// notes): the matched notes by key (positions ascending), which gives each
// its turn; then, least significant first, by commonness, by the inner key
// (tier 0: the turn; beyond: the key and agreement) and by the outer key
// (tier 0: the key, 0 or 1; beyond: 2 + the turn).
void Index::order(uint32_t term_count, uint32_t* out_positions, uint32_t* out_scores) {
  list_kept([this](uint32_t slot) { return total_[slot] != kDead; });
  by_position_ = list_;
  counting_sort([this](uint32_t slot) { return total_[slot]; }, 4 * term_count + 2);
  // Turns: per tier, per representative word, in (key, position) order.
  turn_.resize(slot_entries_.size());
  common_.resize(slot_entries_.size());
  grow_word_tables();
  uint32_t most_turns = 0, commonest = 0;
  bool tier0 = true;
  ++stamp_;
  for (uint32_t p : list_) {
    const uint32_t slot = order_[p];
    if (tier0 && total_[slot] > 1) {
      tier0 = false;
      ++stamp_;
    }
    const uint32_t word = entry_word_[last_representative_[slot]];
    if (word_stamp_[word] != stamp_) {
      word_stamp_[word] = stamp_;
      word_turns_[word] = 0;
    }
    turn_[slot] = word_turns_[word]++;
    most_turns = std::max(most_turns, turn_[slot]);
    common_[slot] = word_notes_[word];
    commonest = std::max(commonest, common_[slot]);
  }
  // Back to position order, then the three stable passes.
  list_.swap(by_position_);
  counting_sort([this, commonest](uint32_t slot) { return commonest - common_[slot]; }, commonest + 1);
  const uint32_t terms = term_count;
  counting_sort(
      [this, terms](uint32_t slot) {
        return total_[slot] <= 1 ? turn_[slot] : total_[slot] * (terms + 1) + (terms - agreements_[slot]);
      },
      std::max(most_turns + 1, (4 * terms + 2) * (terms + 1)));
  counting_sort([this](uint32_t slot) { return total_[slot] <= 1 ? total_[slot] : 2 + turn_[slot]; }, most_turns + 3);
  for (size_t i = 0; i < list_.size(); ++i) {
    out_positions[i] = list_[i];
    out_scores[i] = total_[order_[list_[i]]] >> 1;
  }
}

// The per-word tables of the orders cover every word id.
void Index::grow_word_tables() {
  if (word_turns_.size() >= word_notes_.size()) return;
  word_turns_.resize(word_notes_.size(), 0);
  word_stamp_.resize(word_notes_.size(), 0);
  word_places_.resize(word_notes_.size(), 0);
}

// Without a branch per note: on the slowest keystrokes about half the notes
// match, in no pattern a branch predictor learns, and the mispredicted
// branches cost more than the rest of this loop (cpp/search/NOTES.md).
template <typename Kept>
void Index::list_kept(Kept kept) {
  const uint32_t notes = note_count();
  list_.resize(notes);
  uint32_t* out = list_.data();
  uint32_t count = 0;
  for (uint32_t p = 0; p < notes; ++p) {
    out[count] = p;
    count += kept(order_[p]) ? 1 : 0;
  }
  list_.resize(count);
}

template <typename Key>
void Index::sort_stably(std::vector<uint32_t>& items, Key key, uint32_t range) {
  starts_.assign(size_t{range} + 1, 0);
  keys_.resize(items.size());
  for (size_t i = 0; i < items.size(); ++i) ++starts_[(keys_[i] = key(items[i])) + 1];
  for (size_t i = 1; i < starts_.size(); ++i) starts_[i] += starts_[i - 1];
  sorted_.resize(items.size());
  for (size_t i = 0; i < items.size(); ++i) sorted_[starts_[keys_[i]]++] = items[i];
  items.swap(sorted_);
}

template <typename Key>
void Index::counting_sort(Key key, uint32_t range) {
  sort_stably(
      list_, [&](uint32_t position) { return key(order_[position]); }, range);
}

}  // namespace memento::search
