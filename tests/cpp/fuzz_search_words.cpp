// libFuzzer: the vocabulary's ASCII path (words found eight bytes at a time,
// short words keyed by their loaded bytes) against its folded path (the same
// texts folded to code points first) on arbitrary ASCII texts: the same
// entries, counts, new words and character ids. Each text lies in an
// allocation of its exact size, so that AddressSanitizer sees any read past
// its end. Bytes: a flag (per-note entries), then the texts' bytes, 0xff
// ending a text (title and body alternate); bytes under 0xc0 map to a few
// letters, digits and separators, so that words of every length and repeats
// are common, and the others to any ASCII byte.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "search/folds.h"
#include "search/vocabulary.h"

using namespace memento::search;

namespace {

uint8_t ascii_of(uint8_t byte) {
  static constexpr char kCommon[] = "abAB0 -z";
  return byte < 0xc0 ? static_cast<uint8_t>(kCommon[byte % 8]) : static_cast<uint8_t>(byte & 0x7f);
}

void add_text(Vocabulary& from_bytes, Vocabulary& from_folds, const std::vector<uint8_t>& bytes) {
  const std::vector<uint8_t> text(bytes.begin(), bytes.end());  // exactly its size
  std::vector<uint32_t> folded(text.size() + 1, 0);
  for (size_t i = 0; i < text.size(); ++i) folded[i] = Folds::fold_ascii(text[i]);
  from_bytes.add_ascii(text.data(), text.size());
  from_folds.add_folded(folded.data(), text.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const bool per_note = data[0] & 1;
  Vocabulary from_bytes, from_folds;
  NoteEntries out_bytes, out_folds;
  std::vector<uint8_t> text;
  bool in_body = false;
  from_bytes.begin_note(per_note, out_bytes);
  from_folds.begin_note(per_note, out_folds);
  for (size_t i = 1; i <= size; ++i) {
    if (i < size && data[i] != 0xff) {
      text.push_back(ascii_of(data[i]));
      continue;
    }
    add_text(from_bytes, from_folds, text);
    text.clear();
    if (in_body || i == size) {
      from_bytes.end_note();
      from_folds.end_note();
      if (i < size) {
        from_bytes.begin_note(per_note, out_bytes);
        from_folds.begin_note(per_note, out_folds);
      }
    }
    in_body = !in_body;
  }
  if (out_bytes.entries != out_folds.entries || out_bytes.counts != out_folds.counts ||
      out_bytes.fresh_words != out_folds.fresh_words || out_bytes.fresh_lengths != out_folds.fresh_lengths ||
      out_bytes.fresh_chars != out_folds.fresh_chars || from_bytes.alphabet_size() != from_folds.alphabet_size()) {
    std::abort();
  }
  for (uint32_t id = 1; id <= from_bytes.alphabet_size(); ++id) {
    if (from_bytes.code_point(id) != from_folds.code_point(id)) std::abort();
  }
  return 0;
}
