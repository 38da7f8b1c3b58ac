// Folded code points -> character ids, words and index entries: the wasm twin
// of common/search-text.js's Vocabulary.entriesOf, giving the same ids in the
// same order (character ids 1, 2, 3, ... and word ids 0, 1, 2, ... in
// first-seen order), so an index built here holds exactly what the JS one
// gives the kernel.
//
// Words are interned through an open-addressing hash table of id sequences
// (its hash is not the JS one's: only the ids it gives out must agree), and
// a stamp per word keeps each note's list distinct, as in JS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace memento::search {

// What a batch of notes adds to an index: the new entries (their ids back to
// back, and each one's length) and every note's entry ids.
struct NoteEntries {
  std::vector<uint32_t> fresh_chars, fresh_lengths, fresh_words;  // fresh_words: each new entry's word id
  std::vector<uint32_t> entries, counts;
  void clear();
};

class Vocabulary {
 public:
  // Adds one note: its words are the runs of non-zero code points of
  // folded[0 .. length), and folded[length] must be 0 (it ends the last
  // word, so the scan tests each code point once). `per_note` gives each note its own entries (the
  // benchmark's per-note scan), else an entry is a word.
  void add_note(const uint32_t* folded, size_t length, bool per_note, NoteEntries& out);
  uint32_t alphabet_size() const { return static_cast<uint32_t>(alphabet_.size()); }
  // The code point of character id `id` (1 .. alphabet_size()).
  uint32_t code_point(uint32_t id) const { return alphabet_[id - 1]; }

 private:
  uint32_t char_id(uint32_t cp) {
    const uint32_t id = cp < bmp_ids_.size() ? bmp_ids_[cp] : 0;
    return id != 0 ? id : new_char_id(cp);
  }
  uint32_t new_char_id(uint32_t cp);
  // A word's slot: its hash, id, place in pool_ and ids_, length, and the
  // last note that listed it, together, so that a word met again costs one
  // table read and one pool read (kEmpty id: a free slot).
  struct Slot {
    uint32_t hash, id, start, length, stamp;
  };
  static constexpr uint32_t kEmpty = 0xffffffffu;

  // The slot of the word cps[0 .. length), new when never met (*is_new),
  // valid until the next call; `hash` is add_note's FNV over the code points.
  Slot& intern(const uint32_t* cps, uint32_t length, uint32_t hash, bool* is_new);
  void rehash();

  std::vector<uint32_t> bmp_ids_ = std::vector<uint32_t>(65536, 0);  // 0: no id yet
  std::unordered_map<uint32_t, uint32_t> astral_ids_;
  std::vector<uint32_t> alphabet_;  // id - 1 -> code point
  std::vector<Slot> table_ = std::vector<Slot>(1 << 12, Slot{0, kEmpty, 0, 0, 0});
  uint32_t word_count_ = 0;
  std::vector<uint32_t> pool_;  // every word's code points back to back
  std::vector<uint32_t> ids_;   // and their character ids (same offsets)
  uint32_t entry_count_ = 0;
  uint32_t note_stamp_ = 0;
};

}  // namespace memento::search
