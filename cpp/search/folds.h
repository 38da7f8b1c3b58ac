// UTF-8 text -> folded code points: what common/search-text.js's
// normalizeText() and word split make of a text, computed from its bytes.
//
// Folding is per code point: NFKD decomposes each code point on its own, the
// reordering it adds moves only characters of non-zero combining class, which
// are all marks (\p{M}, removed next: checked over every code point), and
// toLowerCase() maps each code point alone except the Greek capital sigma
// (Final_Sigma looks at the letters around it). So the fold of a text is the
// folds of its code points back to back, and a sigma makes a note
// "contextual": its words are then found in JS. ASCII folds here; every
// other code point's fold is computed once by JS, by the very functions of
// the JS path (normalize, the mark class, toLowerCase, the word class), and
// handed in: the engine's own Unicode tables decide, on every path alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace memento::search {

class Folds {
 public:
  // In folded output: a code point that is no letter or digit (a word ends).
  static constexpr uint32_t kSeparator = 0;

  // The fold of an ASCII byte (< 0x80): A-Z lowered, letters and digits
  // themselves, kSeparator for everything else.
  static uint32_t fold_ascii(uint8_t byte);  // inline, below
  // Whether text[0 .. length) is all ASCII (its words then need no fold:
  // Vocabulary::add_ascii reads them from the bytes).
  static bool is_ascii(const uint8_t* text, size_t length);

  // Appends to `unknown` every non-ASCII code point of `text` whose fold was
  // never set nor reported before (each once: it is then pending until set).
  void find_unknown(const uint8_t* text, size_t length, std::vector<uint32_t>& unknown);
  // The fold of `cp`: folded[0 .. length), kSeparator for output code points
  // that are no letter or digit.
  void set(uint32_t cp, const uint32_t* folded, uint32_t length);
  // `cp` folds differently by context (a capital sigma): notes holding it fold in JS.
  void set_contextual(uint32_t cp);
  // Writes the folded code points of `text` to out[at ..] (out grows as
  // needed) and returns where they end; kNoFold (out partly written) when a
  // code point has no context-free fold: fold that text in JS.
  static constexpr size_t kNoFold = SIZE_MAX;
  size_t fold(const uint8_t* text, size_t length, std::vector<uint32_t>& out, size_t at) const;

 private:
  // A code point's state: kUnknown, kPending, kContextual, or kFirstFold +
  // (offset << kLengthBits | length) into outputs_.
  static constexpr uint32_t kUnknown = 0, kPending = 1, kContextual = 2, kFirstFold = 3;
  static constexpr uint32_t kLengthBits = 5;

  uint32_t state(uint32_t cp) const;
  void set_state(uint32_t cp, uint32_t state);

  std::vector<uint32_t> bmp_ = std::vector<uint32_t>(65536, kUnknown);
  std::unordered_map<uint32_t, uint32_t> astral_;
  std::vector<uint32_t> outputs_;
};

// ASCII folds to itself in NFKD and has no marks: A-Z lower to a-z, letters
// and digits are word characters, everything else ends a word.
struct AsciiFolds {
  uint8_t to[128];
  constexpr AsciiFolds() : to() {
    for (uint32_t c = 0; c < 128; ++c) {
      const bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = c >= '0' && c <= '9';
      to[c] = static_cast<uint8_t>(upper ? c + ('a' - 'A') : lower || digit ? c : Folds::kSeparator);
    }
  }
};
inline constexpr AsciiFolds kAsciiFolds;

inline uint32_t Folds::fold_ascii(uint8_t byte) { return kAsciiFolds.to[byte]; }

}  // namespace memento::search
