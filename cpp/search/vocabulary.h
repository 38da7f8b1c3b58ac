// Folded code points -> character ids, words and index entries: the wasm twin
// of common/search-text.js's Vocabulary.entriesOf, giving the same ids in the
// same order (character ids 1, 2, 3, ... and word ids 0, 1, 2, ... in
// first-seen order), so an index built here holds exactly what the JS one
// gives the kernel.
//
// Words are interned through open-addressing hash tables of code points (the
// hash is not the JS one's: only the ids it gives out must agree): short
// words by one 64-bit key (short_words.h), longer ones by their code points
// here. A stamp per word keeps each note's list distinct, as in JS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "search/short_words.h"

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
  // A note is added in pieces, its texts in order: begin_note, then the words
  // of each text (add_folded, add_ascii; a text's end ends a word), then
  // end_note. `per_note` gives each note its own entries (the benchmark's
  // per-note scan), else an entry is a word; the same for every note of a
  // vocabulary.
  void begin_note(bool per_note, NoteEntries& out);
  // The words of folded code points: the runs of non-zero code points of
  // folded[0 .. length); folded[length] must be 0 (it ends the last word, so
  // the scan tests each code point once).
  void add_folded(const uint32_t* folded, size_t length);
  // The words of an all-ASCII text (Folds::is_ascii): its runs of letters
  // and digits, lowered, read from the bytes with no fold in between.
  void add_ascii(const uint8_t* text, size_t length);
  void end_note();
  // One note from its folded code points: begin_note, add_folded, end_note.
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
  // A longer word's slot: its hash, id, place in pool_, length, and the
  // last note that listed it, together, so that a word met again costs one
  // table read and one pool read (kEmpty id: a free slot).
  struct Slot {
    uint32_t hash, id, start, length, stamp;
  };
  static constexpr uint32_t kEmpty = 0xffffffffu;

  // The slot of the word cps[0 .. length) (not a short word), new when never
  // met (*is_new, id word_count_), valid until the next call.
  Slot& intern(const uint32_t* cps, uint32_t length, bool* is_new);
  void rehash();
  // Lists word `word` (of code points cps[0 .. length), read only when
  // is_new) in the current note, once, whose stamp is *stamp. Inline: it
  // runs once a word. Branch-free for a word met before: it is written and
  // counted only when the note had not listed it (a third of a text's words
  // repeat one of its own, at no pattern the branch predictor could learn).
  void add_word(uint32_t word, uint32_t* stamp, bool is_new, const uint32_t* cps, uint32_t length) {
    const bool listed = *stamp == note_stamp_;
    *stamp = note_stamp_;
    if (is_new || per_note_) {
      if (!listed) add_entry(word, is_new, cps, length);
      return;
    }
    note_entries_[note_size_] = word;
    note_size_ += listed ? 0 : 1;
  }
  // Room in note_entries_ for the words of a text of `length` code points or bytes (at most one every two).
  void reserve_words(size_t length) {
    if (note_entries_.size() < note_size_ + length / 2 + 1) note_entries_.resize(2 * (note_size_ + length / 2 + 1));
  }
  // add_word for a new word or a per-note entry.
  void add_entry(uint32_t word, bool is_new, const uint32_t* cps, uint32_t length);
  // A word of code points cps[0 .. length) (of add_folded or a long ASCII word).
  void add_code_points(const uint32_t* cps, uint32_t length);
  // An ASCII word of add_ascii, word[0 .. size): a short one with its key, a
  // longer one (its text ending at `end`).
  void add_short_ascii(const uint8_t* word, uint32_t size, uint64_t key);
  void add_long_ascii(const uint8_t* word, uint32_t size, const uint8_t* end);

  static constexpr uint32_t kBmpEnd = 0x10000;
  std::vector<uint32_t> bmp_ids_ = std::vector<uint32_t>(128, 0);  // 0: no id yet; grown by new_char_id
  std::unordered_map<uint32_t, uint32_t> astral_ids_;
  std::vector<uint32_t> alphabet_;  // id - 1 -> code point
  std::vector<Slot> table_ = std::vector<Slot>(1 << 12, Slot{0, kEmpty, 0, 0, 0});
  ShortWords short_words_;
  MediumWords medium_words_;
  uint32_t word_count_ = 0;
  uint32_t long_count_ = 0;          // words in table_
  std::vector<uint32_t> pool_;       // the longer words' code points back to back
  std::vector<uint32_t> ids_;        // per note only: every word's character ids back to back
  std::vector<uint32_t> ids_start_;  // per note only: word id -> where its ids begin in ids_
  uint32_t entry_count_ = 0;
  uint32_t note_stamp_ = 0;
  // The note being added (begin_note .. end_note).
  NoteEntries* out_ = nullptr;
  bool per_note_ = false;
  std::vector<uint32_t> note_entries_;  // its entries, note_size_ of them (end_note copies them to out_)
  size_t note_size_ = 0;
  uint32_t word_[MediumWords::kMaxLength];  // an ASCII word's code points, for a new word's ids
  std::vector<uint32_t> long_word_;         // a long ASCII word's code points
};

}  // namespace memento::search
