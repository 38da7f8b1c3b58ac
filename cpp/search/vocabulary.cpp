#include "search/vocabulary.h"

namespace memento::search {

void NoteEntries::clear() {
  fresh_chars.clear();
  fresh_lengths.clear();
  entries.clear();
  counts.clear();
}

uint32_t Vocabulary::char_id(uint32_t cp) {
  uint32_t* slot;
  if (cp < bmp_ids_.size()) {
    slot = &bmp_ids_[cp];
  } else {
    slot = &astral_ids_[cp];
  }
  if (*slot == 0) {
    alphabet_.push_back(cp);
    *slot = static_cast<uint32_t>(alphabet_.size());
  }
  return *slot;
}

// The same hash as the JS vocabulary's (FNV-1a's prime over ids, then a fold).
uint32_t Vocabulary::intern(const uint32_t* ids, uint32_t length, bool* is_new) {
  uint32_t hash = length;
  for (uint32_t i = 0; i < length; ++i) hash = (hash ^ ids[i]) * 0x01000193u;
  hash ^= hash >> 15;
  const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
  for (uint32_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const int32_t id = table_[slot];
    if (id < 0) break;
    if (word_hash_[id] == hash && word_length_[id] == length) {
      const uint32_t* word = pool_.data() + word_start_[id];
      uint32_t i = 0;
      while (i < length && word[i] == ids[i]) ++i;
      if (i == length) {
        *is_new = false;
        return static_cast<uint32_t>(id);
      }
    }
  }
  const uint32_t id = static_cast<uint32_t>(word_start_.size());
  word_start_.push_back(static_cast<uint32_t>(pool_.size()));
  word_length_.push_back(length);
  word_hash_.push_back(hash);
  stamp_.push_back(0);
  pool_.insert(pool_.end(), ids, ids + length);
  if (size_t{id + 1} * 2 > table_.size()) {
    rehash();
  } else {
    uint32_t slot = hash & mask;
    while (table_[slot] >= 0) slot = (slot + 1) & mask;
    table_[slot] = static_cast<int32_t>(id);
  }
  *is_new = true;
  return id;
}

void Vocabulary::rehash() {
  table_.assign(table_.size() * 2, -1);
  const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
  for (uint32_t id = 0; id < word_start_.size(); ++id) {
    uint32_t slot = word_hash_[id] & mask;
    while (table_[slot] >= 0) slot = (slot + 1) & mask;
    table_[slot] = static_cast<int32_t>(id);
  }
}

void Vocabulary::add_note(const uint32_t* folded, size_t length, bool per_note, NoteEntries& out) {
  const uint32_t note = ++note_stamp_;
  const size_t before = out.entries.size();
  for (size_t i = 0; i < length;) {
    if (folded[i] == 0) {
      ++i;
      continue;
    }
    scratch_.clear();
    for (; i < length && folded[i] != 0; ++i) scratch_.push_back(char_id(folded[i]));
    const uint32_t size = static_cast<uint32_t>(scratch_.size());
    bool is_new = false;
    const uint32_t word = intern(scratch_.data(), size, &is_new);
    if (stamp_[word] == note) continue;
    stamp_[word] = note;
    if (per_note || is_new) {
      out.fresh_chars.insert(out.fresh_chars.end(), scratch_.begin(), scratch_.end());
      out.fresh_lengths.push_back(size);
    }
    if (per_note) {
      out.entries.push_back(entry_count_++);
    } else {
      if (is_new) ++entry_count_;
      out.entries.push_back(word);
    }
  }
  out.counts.push_back(static_cast<uint32_t>(out.entries.size() - before));
}

}  // namespace memento::search
