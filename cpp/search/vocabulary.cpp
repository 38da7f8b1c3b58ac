#include "search/vocabulary.h"

#include <bit>
#include <cstring>

#include "search/folds.h"

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
  if (cp < kBmpEnd) {
    // The table grows to the code points met (power-of-two sizes): an
    // English corpus needs 512 bytes of it, not 256 KiB of fresh heap.
    if (cp >= bmp_ids_.size()) bmp_ids_.resize(std::bit_ceil(cp + 1), 0);
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

// FNV-1a over the code points, then murmur3's finaliser: the slot is taken
// from the low bits, which the multiplications alone leave poorly mixed.
Vocabulary::Slot& Vocabulary::intern(const uint32_t* cps, uint32_t length, bool* is_new) {
  uint32_t hash = 0x811c9dc5u;
  for (uint32_t i = 0; i < length; ++i) hash = (hash ^ cps[i]) * 0x01000193u;
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
  const uint32_t id = word_count_;
  table_[slot] = Slot{hash, id, static_cast<uint32_t>(pool_.size()), length, 0};
  pool_.insert(pool_.end(), cps, cps + length);
  if (size_t{++long_count_} * 2 <= table_.size()) return table_[slot];
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
void Vocabulary::add_entry(uint32_t word, bool is_new, const uint32_t* cps, uint32_t length) {
  NoteEntries& out = *out_;
  if (is_new) ++word_count_;
  if (!per_note_) {
    // A word is an entry once, when new: its ids go straight to the batch
    // (kept per word, they were the index's groups again, 0.6-1 MiB of heap
    // for the bench's 5,000 notes).
    for (uint32_t j = 0; j < length; ++j) out.fresh_chars.push_back(char_id(cps[j]));
  } else {
    // Per note, a word met before is an entry again, with the ids it had.
    if (is_new) {
      ids_start_.push_back(static_cast<uint32_t>(ids_.size()));
      for (uint32_t j = 0; j < length; ++j) ids_.push_back(char_id(cps[j]));
    }
    const uint32_t* ids = ids_.data() + ids_start_[word];
    out.fresh_chars.insert(out.fresh_chars.end(), ids, ids + length);
  }
  out.fresh_lengths.push_back(length);
  out.fresh_words.push_back(word);
  note_entries_[note_size_++] = per_note_ ? entry_count_ : word;
  ++entry_count_;
}

void Vocabulary::add_code_points(const uint32_t* cps, uint32_t length) {
  bool is_new = false;
  if (length <= MediumWords::kMaxLength) {
    uint32_t any = 0;
    for (uint32_t j = 0; j < length; ++j) any |= cps[j];
    if (any <= kPackedMaxCodePoint) {
      if (length <= ShortWords::kMaxLength) {
        ShortWords::Slot& slot = short_words_.intern(ShortWords::key_of(cps, length), word_count_, &is_new);
        add_word(slot.id, &slot.stamp, is_new, cps, length);
      } else {
        MediumWords::Slot& slot = medium_words_.intern(MediumWords::key_of(cps, length), word_count_, &is_new);
        add_word(slot.id, &slot.stamp, is_new, cps, length);
      }
      return;
    }
  }
  Slot& slot = intern(cps, length, &is_new);
  add_word(slot.id, &slot.stamp, is_new, cps, length);
}

void Vocabulary::begin_note(bool per_note, NoteEntries& out) {
  ++note_stamp_;
  out_ = &out;
  per_note_ = per_note;
  note_size_ = 0;
}

void Vocabulary::end_note() {
  out_->entries.insert(out_->entries.end(), note_entries_.data(), note_entries_.data() + note_size_);
  out_->counts.push_back(static_cast<uint32_t>(note_size_));
}

void Vocabulary::add_folded(const uint32_t* folded, size_t length) {
  reserve_words(length);
  for (size_t i = 0; i < length;) {
    if (folded[i] == 0) {
      ++i;
      continue;
    }
    const uint32_t* word = folded + i;
    // The 0 at folded[length] ends the last word: one test per code point.
    while (folded[i] != 0) ++i;
    add_code_points(word, static_cast<uint32_t>(folded + i - word));
  }
}

namespace {

constexpr uint64_t kOnes = 0x0101010101010101u;
constexpr uint64_t kHighBits = 0x8080808080808080u;

// Bit 7 of each byte of `eight` (ASCII bytes only) that is a letter or a
// digit, eight bytes at once: a range test is two adds, whose bit 7 says
// "at least lo" and "over hi" (no carry crosses a byte below 0x80), and
// letters are tested lowered (bit 5 set: '@' and '[' then fall outside a-z).
uint64_t word_bytes(uint64_t eight) {
  const uint64_t lower = eight | 0x20 * kOnes;
  const uint64_t letter = (lower + (0x80 - 'a') * kOnes) & ~(lower + (0x7f - 'z') * kOnes);
  const uint64_t digit = (eight + (0x80 - '0') * kOnes) & ~(eight + (0x7f - '9') * kOnes);
  return (letter | digit) & kHighBits;
}

uint32_t first_byte(uint64_t bits) { return static_cast<uint32_t>(std::countr_zero(bits)) >> 3; }

}  // namespace

void Vocabulary::add_short_ascii(const uint8_t* word, uint32_t size, uint64_t key) {
  bool is_new = false;
  ShortWords::Slot& slot = short_words_.intern(ShortWords::Key{{key}}, word_count_, &is_new);
  if (is_new) {
    for (uint32_t j = 0; j < size; ++j) word_[j] = Folds::fold_ascii(word[j]);
  }
  add_word(slot.id, &slot.stamp, is_new, word_, size);
}

void Vocabulary::add_long_ascii(const uint8_t* word, uint32_t size, const uint8_t* end) {
  if (size > MediumWords::kMaxLength) {
    long_word_.resize(size);
    for (uint32_t j = 0; j < size; ++j) long_word_[j] = Folds::fold_ascii(word[j]);
    add_code_points(long_word_.data(), size);
    return;
  }
  // 9 .. 16 letters or digits: two loads, lowered and masked as in add_ascii.
  MediumWords::Key key{};
  if (end - word >= 16) {
    std::memcpy(key.word, word, 16);
    key.word[0] |= 0x2020202020202020u;
    key.word[1] |= 0x2020202020202020u;
    if (size < 16) key.word[1] &= (uint64_t{1} << (8 * (size - 8))) - 1;
  } else {
    for (uint32_t j = 0; j < size; ++j) key.word[j / 8] |= uint64_t{Folds::fold_ascii(word[j])} << (8 * (j % 8));
  }
  bool is_new = false;
  MediumWords::Slot& slot = medium_words_.intern(key, word_count_, &is_new);
  if (is_new) {
    for (uint32_t j = 0; j < size; ++j) word_[j] = Folds::fold_ascii(word[j]);
  }
  add_word(slot.id, &slot.stamp, is_new, word_, size);
}

// Eight bytes at a time: where a word starts and ends comes from a mask of
// its letters and digits (no loop per byte, whose exit at each word's end the
// branch predictor misses), and a short word's key is the same eight bytes,
// lowered by setting bit 5 of each (A-Z become a-z; a-z and 0-9 have it), the
// bytes past the word masked off. The last few bytes, byte by byte.
void Vocabulary::add_ascii(const uint8_t* text, size_t length) {
  reserve_words(length);
  const uint8_t* at = text;
  const uint8_t* const end = text + length;
  while (end - at >= 8) {
    uint64_t eight;
    std::memcpy(&eight, at, 8);
    const uint64_t words = word_bytes(eight);
    if (words == 0) {
      at += 8;
      continue;
    }
    if ((words & 0x80) == 0) {  // separators first: go to the word
      at += first_byte(words);
      continue;
    }
    const uint64_t ends = ~words & kHighBits;
    if (ends != 0) {
      const uint32_t size = first_byte(ends);
      const uint64_t below = (uint64_t{1} << (8 * size)) - 1;
      add_short_ascii(at, size, (eight | 0x20 * kOnes) & below);
      // The next word, when it starts in these eight bytes, from the same mask.
      const uint64_t next = words & ~below;
      at += next != 0 ? first_byte(next) : 8;
      continue;
    }
    // Eight letters or digits or more.
    const uint64_t first = eight;
    const uint8_t* word_end = at + 8;
    for (;;) {
      if (end - word_end < 8) {
        while (word_end < end && Folds::fold_ascii(*word_end) != Folds::kSeparator) ++word_end;
        break;
      }
      std::memcpy(&eight, word_end, 8);
      const uint64_t more_ends = ~word_bytes(eight) & kHighBits;
      if (more_ends != 0) {
        word_end += first_byte(more_ends);
        break;
      }
      word_end += 8;
    }
    const uint32_t size = static_cast<uint32_t>(word_end - at);
    if (size == ShortWords::kMaxLength) {
      add_short_ascii(at, size, first | 0x20 * kOnes);
    } else {
      add_long_ascii(at, size, end);
    }
    at = word_end;
  }
  while (at < end) {
    if (Folds::fold_ascii(*at) == Folds::kSeparator) {
      ++at;
      continue;
    }
    const uint8_t* word = at;
    while (at < end && Folds::fold_ascii(*at) != Folds::kSeparator) ++at;
    const uint32_t size = static_cast<uint32_t>(at - word);
    if (size > ShortWords::kMaxLength) {
      add_long_ascii(word, size, end);
      continue;
    }
    uint64_t key = 0;
    for (uint32_t j = 0; j < size; ++j) key |= uint64_t{Folds::fold_ascii(word[j])} << (8 * j);
    add_short_ascii(word, size, key);
  }
}

void Vocabulary::add_note(const uint32_t* folded, size_t length, bool per_note, NoteEntries& out) {
  begin_note(per_note, out);
  add_folded(folded, length);
  end_note();
}

}  // namespace memento::search
