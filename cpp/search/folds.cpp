#include "search/folds.h"

#include <cstring>

#include "search/utf8.h"

namespace memento::search {

bool Folds::is_ascii(const uint8_t* text, size_t length) {
  uint64_t any = 0;
  size_t i = 0;
  for (; i + 8 <= length; i += 8) {
    uint64_t eight;
    std::memcpy(&eight, text + i, 8);
    any |= eight;
  }
  for (; i < length; ++i) any |= text[i];
  return (any & 0x8080808080808080u) == 0;
}

uint32_t Folds::state(uint32_t cp) const {
  if (cp < bmp_.size()) return bmp_[cp];
  const auto found = astral_.find(cp);
  return found == astral_.end() ? kUnknown : found->second;
}

void Folds::set_state(uint32_t cp, uint32_t state) {
  if (cp < bmp_.size())
    bmp_[cp] = state;
  else
    astral_[cp] = state;
}

void Folds::find_unknown(const uint8_t* text, size_t length, std::vector<uint32_t>& unknown) {
  for (size_t i = 0; i < length;) {
    // Eight ASCII bytes at a time: most text is ASCII, and only the rest can be unknown.
    if (i + 8 <= length) {
      uint64_t eight;
      std::memcpy(&eight, text + i, 8);
      if ((eight & 0x8080808080808080u) == 0) {
        i += 8;
        continue;
      }
    }
    if (text[i] < 0x80) {
      ++i;
      continue;
    }
    size_t size = 0;
    const uint32_t cp = decode_utf8(text + i, length - i, &size);
    i += size;
    if (cp != kInvalidUtf8 && state(cp) == kUnknown) {
      set_state(cp, kPending);
      unknown.push_back(cp);
    }
  }
}

void Folds::set(uint32_t cp, const uint32_t* folded, uint32_t length) {
  const uint64_t offset = outputs_.size();
  // Never met (NFKD expands a code point to 18 at most): such a fold is left to JS.
  if (length >> kLengthBits != 0 || (offset + length) >> (32 - kLengthBits - 1) != 0) {
    set_contextual(cp);
    return;
  }
  outputs_.insert(outputs_.end(), folded, folded + length);
  set_state(cp, kFirstFold + (static_cast<uint32_t>(offset) << kLengthBits | length));
}

void Folds::set_contextual(uint32_t cp) { set_state(cp, kContextual); }

// Room: out always holds at + (the bytes left) slots, so an ASCII byte or an
// ill-formed one (one slot each) never checks; a longer fold makes room first.
size_t Folds::fold(const uint8_t* text, size_t length, std::vector<uint32_t>& out, size_t at) const {
  if (out.size() < at + length) out.resize(at + length + 64);
  uint32_t* to = out.data();
  for (size_t i = 0; i < length;) {
    // Eight ASCII bytes at a time (most text is ASCII): one test and one
    // loop step for the eight, the fold itself still a table read a byte.
    if (i + 8 <= length) {
      uint64_t eight;
      std::memcpy(&eight, text + i, 8);
      if ((eight & 0x8080808080808080u) == 0) {
        for (int k = 0; k < 8; ++k) to[at + k] = kAsciiFolds.to[text[i + k]];
        at += 8;
        i += 8;
        continue;
      }
    }
    const uint8_t byte = text[i];
    if (byte < 0x80) {
      to[at++] = kAsciiFolds.to[byte];
      ++i;
      continue;
    }
    size_t size = 0;
    const uint32_t cp = decode_utf8(text + i, length - i, &size);
    i += size;
    if (cp == kInvalidUtf8) {
      to[at++] = kSeparator;
      continue;
    }
    const uint32_t s = state(cp);
    if (s < kFirstFold) return kNoFold;
    const uint32_t packed = s - kFirstFold;
    const uint32_t count = packed & ((1u << kLengthBits) - 1);
    if (out.size() < at + count + (length - i)) {
      out.resize(at + count + (length - i) + 64);
      to = out.data();
    }
    const uint32_t* folded = outputs_.data() + (packed >> kLengthBits);
    for (uint32_t j = 0; j < count; ++j) to[at++] = folded[j];
  }
  return at;
}

}  // namespace memento::search
