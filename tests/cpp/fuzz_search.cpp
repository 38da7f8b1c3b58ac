// libFuzzer: the Myers kernel with its transposition term (both variants'
// batch shapes) against the OSA DP fallback on arbitrary terms and word
// batches: full, prefix and last-column distances, and the 8-bit kernel's
// where it applies. Bytes: m, length, steps, then ids (over 8 letters, so
// that transposed pairs are common).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "search/dp.h"
#include "search/myers.h"

using namespace memento::search;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  const uint32_t m = 1 + data[0] % kMaxPatternLength;
  const uint32_t length = 1 + data[1] % 100;
  const uint32_t steps = 1 + data[2] % length;
  data += 3;
  size -= 3;
  if (size < m) return 0;
  constexpr uint32_t kAlphabet = 8;  // few letters, so that near matches are common
  std::vector<uint32_t> term(m);
  for (uint32_t i = 0; i < m; ++i) term[i] = data[i] % kAlphabet;
  data += m;
  size -= m;
  const size_t count = size / length;
  std::vector<uint32_t> words(count * length);
  for (size_t i = 0; i < words.size(); ++i) words[i] = data[i] % kAlphabet;

  std::vector<uint64_t> peq(kAlphabet, 0);
  for (uint32_t i = 0; i < m; ++i) peq[term[i]] |= uint64_t{1} << i;
  std::vector<uint32_t> full(count), prefix(count), last(count), row;
  full_distances(Pattern{peq.data(), m}, words.data(), length, count, full.data());
  prefix_distances(Pattern{peq.data(), m}, words.data(), length, steps, count, prefix.data(), last.data());
  // The 8-bit kernel on the same words as Peq bytes, where it applies: the same prefix and last distances.
  if (m <= kMaxByteTerm && steps <= kMaxByteSteps) {
    std::vector<uint8_t> rows((count + kEqBlock - 1) / kEqBlock * kEqBlock * steps, 0);
    for (size_t i = 0; i < count; ++i) {
      for (uint32_t j = 0; j < steps; ++j) {
        rows[(i / kEqBlock) * kEqBlock * steps + j * kEqBlock + i % kEqBlock] =
            static_cast<uint8_t>(peq[words[i * length + j]]);
      }
    }
    std::vector<uint32_t> prefix8(count), last8(count);
    prefix_distances_from_eqs(rows.data(), m, steps, count, prefix8.data(), last8.data());
    if (prefix8 != prefix || last8 != last) abort();
  }
  for (size_t i = 0; i < count; ++i) {
    const uint32_t* word = words.data() + i * length;
    uint32_t cut = 0;
    if (full[i] != dp_distance(term.data(), m, word, length, false, row)) abort();
    if (prefix[i] != dp_distance(term.data(), m, word, steps, true, row, &cut)) abort();
    if (last[i] != cut) abort();
  }
  return 0;
}
