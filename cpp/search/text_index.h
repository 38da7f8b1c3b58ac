// An index built from the notes' UTF-8 bytes: the folds (folds.h), the
// vocabulary (vocabulary.h) and the word index (index.h) of one SearchIndex.
// A batch of texts becomes words and entries here in one call, with no
// string made per note or per word; the JS worker only folds each new
// non-ASCII code point once, and the rare note with a capital sigma.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/folds.h"
#include "search/index.h"
#include "search/status.h"
#include "search/vocabulary.h"

namespace memento::search {

// Where a note's text lies in a byte buffer: its title and its body (the text
// is title + "\n" + body; the "\n" only ends a word), each an offset and a
// length. A text in one piece has an empty second span.
struct TextSpans {
  uint32_t offset[2];
  uint32_t length[2];
};

class TextIndex {
 public:
  Index index;
  Folds folds;
  Vocabulary vocabulary;

  // Checks that every span of texts[0 .. count) lies within bytes[0 .. size).
  static Status check_spans(const TextSpans* texts, uint32_t count, size_t size);
  // Appends to `unknown` the non-ASCII code points of texts[0 .. count) that need a fold from JS.
  void find_unknown(const uint8_t* bytes, const TextSpans* texts, uint32_t count, std::vector<uint32_t>& unknown);
  // Sets the words of notes position .. position + count - 1 from their texts
  // (the span already checked by the caller), in order, and returns how many
  // it set: fewer than count when note position + result needs its words
  // from JS (set_folded), after which the caller goes on with the next one.
  uint32_t set_texts(uint32_t position, uint32_t count, const uint8_t* bytes, const TextSpans* texts, bool per_note);
  // Sets the words of note `position` from its folded code points (0 between words).
  void set_folded(uint32_t position, const uint32_t* folded, size_t length, bool per_note);

 private:
  void commit(uint32_t position, uint32_t count);

  std::vector<uint32_t> folded_;
  NoteEntries batch_;
};

}  // namespace memento::search
