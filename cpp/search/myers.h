// Myers' bit-vector edit distance (1999) with Hyyrö's transposition term
// (myers_step.h): the optimal string alignment distance of docs/specs/search.md,
// the per-word kernel of the search index. The term is the pattern (one bit per code point, 1..64 of them); the
// words are the text, any length. Words come in batches of one length, stored
// back to back, so every word in a batch runs the same number of steps and the
// inner loop has no data-dependent branch.
#pragma once

#include <cstddef>
#include <cstdint>

namespace memento::search {

constexpr uint32_t kMaxPatternLength = 64;

// Peq[c]: bit i set when term[i] == c, for every character id c a word may
// hold (the caller's table is indexed by the word's character ids directly).
struct Pattern {
  const uint64_t* peq;
  uint32_t length;  // m, 1..64
};

// out[i] = OSA(term, word i) for `count` words of `length` ids each.
void full_distances(Pattern term, const uint32_t* words, uint32_t length, size_t count, uint32_t* out);

// out[i] = min over j = 0..steps of OSA(term, word_i[0..j)): the distance of
// the term to the word's closest prefix; last[i] = OSA(term, word_i[0..steps)),
// the whole word's distance when steps = length (the ranking's whole-word rule
// needs it). Words have stride `length`; only their first `steps` (<= length)
// ids are read, which suffices when steps >= m + k for a threshold k (a longer
// prefix costs more than k).
void prefix_distances(Pattern term, const uint32_t* words, uint32_t length, uint32_t steps, size_t count, uint32_t* out,
                      uint32_t* last);

// Terms of at most kMaxByteTerm code points, in 8-bit lanes: each word comes
// as its Peq bytes (the caller reads Peq as it gathers the words), 16 words a
// block. Block b holds `steps` rows of 16 bytes at eqs + (b * steps + j) * 16:
// row j is, for each of the block's words, Peq of its id j (0 past a shorter
// word, as for a padding id). out[i] and last[i] are prefix_distances()'s for
// word i; the storage covers whole blocks, `count` words are read out. The
// score lives in a signed byte: at most kMaxByteSteps steps.
constexpr uint32_t kMaxByteTerm = 8;
constexpr uint32_t kMaxByteSteps = 64;
constexpr size_t kEqBlock = 16;
void prefix_distances_from_eqs(const uint8_t* eqs, uint32_t m, uint32_t steps, size_t count, uint32_t* out,
                               uint32_t* last);

// Which build this is, for the self-test report: "simd" or "scalar".
const char* kernel_variant();

}  // namespace memento::search
