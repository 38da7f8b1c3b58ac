#include "search/vocabulary.h"

#include <cstring>

namespace memento::search {

void NoteEntries::clear() {
  fresh_chars.clear();
  fresh_lengths.clear();
  fresh_words.clear();
  entries.clear();
  counts.clear();
}

// A BMP code point's first id, or any astral code point's id.
uint32_t Vocabulary::new_char_id(uint32_t cp) {
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

namespace {

// Compared two code points (8 bytes) at a time: in wasm, a 64-bit load and
// compare cost what a 32-bit one does, and most words compared are equal
// (a word met again), so every one of their code points is read.
bool same_code_points(const uint32_t* a, const uint32_t* b, uint32_t length) {
  uint32_t i = 0;
  for (; i + 2 <= length; i += 2) {
    uint64_t x, y;
    std::memcpy(&x, a + i, 8);
    std::memcpy(&y, b + i, 8);
    if (x != y) return false;
  }
  return i == length || a[i] == b[i];
}

}  // namespace

// FNV-1a's prime over the code points, then murmur3's finaliser: the slot is taken
// from the low bits, which the multiplications alone leave poorly mixed.
Vocabulary::Slot& Vocabulary::intern(const uint32_t* cps, uint32_t length, uint32_t hash, bool* is_new) {
  hash ^= length;
  hash ^= hash >> 16;
  hash *= 0x85ebca6bu;
  hash ^= hash >> 13;
  const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
  uint32_t slot = hash & mask;
  for (; table_[slot].id != kEmpty; slot = (slot + 1) & mask) {
    const Slot& entry = table_[slot];
    if (entry.hash != hash || entry.length != length) continue;
    if (same_code_points(pool_.data() + entry.start, cps, length)) {
      *is_new = false;
      return table_[slot];
    }
  }
  *is_new = true;
  const uint32_t id = word_count_++;
  table_[slot] = Slot{hash, id, static_cast<uint32_t>(pool_.size()), length, 0};
  pool_.insert(pool_.end(), cps, cps + length);
  if (size_t{word_count_} * 2 <= table_.size()) return table_[slot];
  rehash();
  const uint32_t bigger = static_cast<uint32_t>(table_.size()) - 1;
  for (slot = hash & bigger; table_[slot].id != id; slot = (slot + 1) & bigger) {
  }
  return table_[slot];
}

void Vocabulary::rehash() {
  std::vector<Slot> old(table_.size() * 2, Slot{0, kEmpty, 0, 0, 0});
  old.swap(table_);
  const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
  for (const Slot& entry : old) {
    if (entry.id == kEmpty) continue;
    uint32_t slot = entry.hash & mask;
    while (table_[slot].id != kEmpty) slot = (slot + 1) & mask;
    table_[slot] = entry;
  }
}

// Words are interned by their code points: a word met before needs no
// character ids at all, and a new word takes its ids as it comes, so the
// ids are still given in first-seen order (a code point never seen is in a
// word never seen).
void Vocabulary::add_note(const uint32_t* folded, size_t length, bool per_note, NoteEntries& out) {
  const uint32_t note = ++note_stamp_;
  const size_t before = out.entries.size();
  for (size_t i = 0; i < length;) {
    if (folded[i] == 0) {
      ++i;
      continue;
    }
    const uint32_t* word_cps = folded + i;
    uint32_t hash = 0x811c9dc5u;
    // The 0 at folded[length] ends the last word: one test per code point.
    for (; folded[i] != 0; ++i) hash = (hash ^ folded[i]) * 0x01000193u;
    const uint32_t size = static_cast<uint32_t>(folded + i - word_cps);
    bool is_new = false;
    Slot& slot = intern(word_cps, size, hash, &is_new);
    if (slot.stamp == note) continue;
    slot.stamp = note;
    const uint32_t word = slot.id;
    if (is_new) {
      for (uint32_t j = 0; j < size; ++j) ids_.push_back(char_id(word_cps[j]));
    }
    if (per_note || is_new) {
      const uint32_t* ids = ids_.data() + slot.start;
      out.fresh_chars.insert(out.fresh_chars.end(), ids, ids + size);
      out.fresh_lengths.push_back(size);
      out.fresh_words.push_back(word);
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
