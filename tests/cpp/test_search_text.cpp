// The wasm index's text path: the UTF-8 decoder against a reference encoder
// on every code point and on ill-formed input, the folds (ASCII, handed-in
// folds, notes that must fold in JS), and the vocabulary's ids in first-seen
// order, through TextIndex into the word index.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "search/folds.h"
#include "search/text_index.h"
#include "search/utf8.h"

using namespace memento::search;

namespace {

std::vector<uint8_t> encode(uint32_t cp) {
  if (cp < 0x80) return {static_cast<uint8_t>(cp)};
  if (cp < 0x800) return {static_cast<uint8_t>(0xc0 | cp >> 6), static_cast<uint8_t>(0x80 | (cp & 0x3f))};
  if (cp < 0x10000) {
    return {static_cast<uint8_t>(0xe0 | cp >> 12), static_cast<uint8_t>(0x80 | (cp >> 6 & 0x3f)),
            static_cast<uint8_t>(0x80 | (cp & 0x3f))};
  }
  return {static_cast<uint8_t>(0xf0 | cp >> 18), static_cast<uint8_t>(0x80 | (cp >> 12 & 0x3f)),
          static_cast<uint8_t>(0x80 | (cp >> 6 & 0x3f)), static_cast<uint8_t>(0x80 | (cp & 0x3f))};
}

uint32_t decode_one(const std::vector<uint8_t>& bytes, size_t* size) {
  return decode_utf8(bytes.data(), bytes.size(), size);
}

std::vector<uint32_t> fold_all(const Folds& folds, const std::string& text) {
  std::vector<uint32_t> out;
  const size_t end = folds.fold(reinterpret_cast<const uint8_t*>(text.data()), text.size(), out, 0);
  if (end == Folds::kNoFold) return {};
  out.resize(end);
  return out;
}

}  // namespace

TEST_CASE("the UTF-8 decoder reads every code point's encoding, whole", "[search][text]") {
  for (uint32_t cp = 0x80; cp < 0x110000; ++cp) {
    if (cp >= 0xd800 && cp < 0xe000) continue;
    const std::vector<uint8_t> bytes = encode(cp);
    size_t size = 0;
    REQUIRE(decode_one(bytes, &size) == cp);
    REQUIRE(size == bytes.size());
    // Cut short, it is ill-formed and takes one byte.
    size = 0;
    REQUIRE(decode_utf8(bytes.data(), bytes.size() - 1, &size) == kInvalidUtf8);
    REQUIRE(size == 1);
  }
}

TEST_CASE("the UTF-8 decoder refuses overlong forms, surrogates, code points past U+10FFFF and stray bytes",
          "[search][text]") {
  const std::vector<std::vector<uint8_t>> ill_formed = {{0xc0, 0xaf},
                                                        {0xc1, 0xbf},
                                                        {0xe0, 0x80, 0x80},
                                                        {0xe0, 0x9f, 0xbf},
                                                        {0xed, 0xa0, 0x80},
                                                        {0xed, 0xbf, 0xbf},
                                                        {0xf0, 0x8f, 0xbf, 0xbf},
                                                        {0xf4, 0x90, 0x80, 0x80},
                                                        {0xf5, 0x80, 0x80, 0x80},
                                                        {0xff},
                                                        {0x80},
                                                        {0xbf},
                                                        {0xe2, 0x82, 0x41},
                                                        {0xc3, 0x41}};
  for (const std::vector<uint8_t>& bytes : ill_formed) {
    size_t size = 0;
    REQUIRE(decode_one(bytes, &size) == kInvalidUtf8);
    REQUIRE(size == 1);
  }
  // A truncated sequence before ASCII: the ASCII letter still counts.
  Folds folds;
  REQUIRE(fold_all(folds,
                   "a\xe2\x82"
                   "b") == std::vector<uint32_t>{'a', 0, 0, 'b'});
}

TEST_CASE(
    "folds: ASCII lowers itself, other code points take the fold handed in, and unknown or contextual ones stop the "
    "text",
    "[search][text]") {
  Folds folds;
  REQUIRE(fold_all(folds, "Ab-9 z") == std::vector<uint32_t>{'a', 'b', 0, '9', 0, 'z'});
  const std::string text = "Caf\xc3\xa9 \xef\xac\x81le";  // "Café ﬁle"
  std::vector<uint32_t> unknown;
  folds.find_unknown(reinterpret_cast<const uint8_t*>(text.data()), text.size(), unknown);
  REQUIRE(unknown == std::vector<uint32_t>{0xe9, 0xfb01});
  unknown.clear();
  folds.find_unknown(reinterpret_cast<const uint8_t*>(text.data()), text.size(), unknown);
  REQUIRE(unknown.empty());  // reported once, pending until set
  REQUIRE(fold_all(folds, text).empty());
  const uint32_t e[] = {'e'}, fi[] = {'f', 'i'};
  folds.set(0xe9, e, 1);
  folds.set(0xfb01, fi, 2);
  REQUIRE(fold_all(folds, text) == std::vector<uint32_t>{'c', 'a', 'f', 'e', 0, 'f', 'i', 'l', 'e'});
  folds.set_contextual(0x3a3);
  REQUIRE(fold_all(folds, "x \xce\xa3").empty());
  // Long ASCII runs around one unknown code point (the eight-byte skip).
  const std::string long_text = std::string(37, 'a') + "\xe6\x9d\xb1" + std::string(41, 'b');
  folds.find_unknown(reinterpret_cast<const uint8_t*>(long_text.data()), long_text.size(), unknown);
  REQUIRE(unknown == std::vector<uint32_t>{0x6771});
}

TEST_CASE("text index: character ids in first-seen order, title and body never joined, a contextual note left to JS",
          "[search][text]") {
  TextIndex text_index;
  // Notes: "B a b" | "c" + "x" | "a" + "c" | "zz" (title + body spans).
  const std::string bytes = "B a bcxaczz";
  const TextSpans spans[] = {{{0, 0}, {5, 0}}, {{5, 6}, {1, 1}}, {{7, 8}, {1, 1}}, {{9, 0}, {2, 0}}};
  REQUIRE(TextIndex::check_spans(spans, 4, bytes.size()) == Status::ok);
  REQUIRE(TextIndex::check_spans(spans, 4, 10) == Status::text_out_of_range);
  text_index.index.insert_notes(0, 4);
  REQUIRE(text_index.set_texts(0, 4, reinterpret_cast<const uint8_t*>(bytes.data()), spans, false) == 4);
  const uint32_t expected[] = {'b', 'a', 'c', 'x', 'z'};
  REQUIRE(text_index.vocabulary.alphabet_size() == 5);
  for (uint32_t id = 1; id <= 5; ++id) REQUIRE(text_index.vocabulary.code_point(id) == expected[id - 1]);
  REQUIRE(text_index.index.entry_count() == 5);  // b, a, c, x, zz
  std::vector<uint32_t> positions(4), scores(4);
  const uint32_t c[] = {3}, one[] = {1};
  REQUIRE(text_index.index.search(c, one, 1, positions.data(), scores.data()) == 2);
  REQUIRE(positions[0] == 1);
  REQUIRE(positions[1] == 2);
  const uint32_t ac[] = {2, 3}, two[] = {2};
  REQUIRE(text_index.index.search(ac, two, 1, positions.data(), scores.data()) ==
          0);  // "a" and "c" of note 2 are two words

  // A note with a code point that folds by context stops set_texts there; set_folded takes it.
  const std::string greek = "ok \xce\xa3";
  const TextSpans greek_spans[] = {{{0, 0}, {2, 0}}, {{0, 0}, {static_cast<uint32_t>(greek.size()), 0}}};
  text_index.folds.set_contextual(0x3a3);
  text_index.index.insert_notes(4, 2);
  REQUIRE(text_index.set_texts(4, 2, reinterpret_cast<const uint8_t*>(greek.data()), greek_spans, false) == 1);
  const uint32_t folded[] = {'o', 'k', 0, 0x3c2};
  text_index.set_folded(5, folded, 4, false);
  REQUIRE(text_index.vocabulary.alphabet_size() == 8);  // then o, k, the final sigma
  REQUIRE(text_index.vocabulary.code_point(8) == 0x3c2);
  const uint32_t ok[] = {6, 7};
  REQUIRE(text_index.index.search(ok, two, 1, positions.data(), scores.data()) == 2);
  REQUIRE(positions[0] == 4);
  REQUIRE(positions[1] == 5);
}
