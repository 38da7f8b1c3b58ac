// The short words of a vocabulary: words of up to 8 (ShortWords) or 16
// (MediumWords) code points, each below 256 (most words of most text),
// interned by a key of one or two 64-bit words holding their code points as
// bytes. A word met again then costs a multiply and, mostly, one table read
// and a compare, where a longer word hashes and compares its code points
// (vocabulary.h). Which table holds a word depends only on its code points
// and their number, so every word still has exactly one id. Two tables, not
// one with 16-byte keys: the short words are most of a text's words, and
// their table's slots stay 16 bytes (fewer cache misses).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace memento::search {

inline constexpr uint32_t kPackedMaxCodePoint = 255;

template <uint32_t kKeyWords>
class PackedWords {
 public:
  static constexpr uint32_t kMaxLength = 8 * kKeyWords;
  // Code point i of a word is byte i % 8 of key word i / 8, so that an ASCII
  // word's key is its bytes as little-endian loads (Vocabulary::add_ascii).
  struct Key {
    uint64_t word[kKeyWords];
    bool operator==(const Key& other) const {
      for (uint32_t i = 0; i < kKeyWords; ++i) {
        if (word[i] != other.word[i]) return false;
      }
      return true;
    }
  };
  // A word's slot: its key, its id and the last note that listed it (a key
  // whose first word is 0: a free slot; a word's first code point is not 0).
  struct Slot {
    Key key;
    uint32_t id, stamp;
  };

  // The key of code points cps[0 .. length), length <= kMaxLength, each in 1 .. kPackedMaxCodePoint.
  static Key key_of(const uint32_t* cps, uint32_t length) {
    Key key{};
    for (uint32_t i = 0; i < length; ++i) key.word[i / 8] |= uint64_t{cps[i]} << (8 * (i % 8));
    return key;
  }

  // The slot of the word with this key; a word never met takes id `next_id`
  // (*is_new). Valid until the next call. Inline, forced (clang left it a
  // call in wasm): it runs once a word.
  [[gnu::always_inline]] Slot& intern(const Key& key, uint32_t next_id, bool* is_new) {
    const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
    for (uint32_t slot = home(key, mask);; slot = (slot + 1) & mask) {
      Slot& entry = table_[slot];
      if (entry.key == key) {
        *is_new = false;
        return entry;
      }
      if (entry.key.word[0] == 0) break;
    }
    *is_new = true;
    return insert(key, next_id);
  }

 private:
  // Fibonacci hashing: the multiply's high half mixes every byte of the key.
  static uint32_t home(const Key& key, uint32_t mask) {
    uint64_t mixed = key.word[0];
    for (uint32_t i = 1; i < kKeyWords; ++i) mixed = (mixed ^ key.word[i]) * 0xff51afd7ed558ccdu;
    return static_cast<uint32_t>((mixed * 0x9e3779b97f4a7c15u) >> 32) & mask;
  }

  Slot& insert(const Key& key, uint32_t id) {
    if ((std::size_t{count_} + 1) * 2 > table_.size()) rehash();
    const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
    uint32_t slot = home(key, mask);
    while (table_[slot].key.word[0] != 0) slot = (slot + 1) & mask;
    ++count_;
    table_[slot] = Slot{key, id, 0};
    return table_[slot];
  }

  void rehash() {
    std::vector<Slot> old(table_.size() * 2, Slot{});
    old.swap(table_);
    const uint32_t mask = static_cast<uint32_t>(table_.size()) - 1;
    for (const Slot& entry : old) {
      if (entry.key.word[0] == 0) continue;
      uint32_t slot = home(entry.key, mask);
      while (table_[slot].key.word[0] != 0) slot = (slot + 1) & mask;
      table_[slot] = entry;
    }
  }

  std::vector<Slot> table_ = std::vector<Slot>(1 << 12, Slot{});
  uint32_t count_ = 0;
};

using ShortWords = PackedWords<1>;
using MediumWords = PackedWords<2>;

}  // namespace memento::search
