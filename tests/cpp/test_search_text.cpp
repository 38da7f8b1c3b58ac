// The wasm index's text path: the UTF-8 decoder against a reference encoder
// on every code point and on ill-formed input, the folds (ASCII, handed-in
// folds, notes that must fold in JS), and the vocabulary's ids in first-seen
// order, through TextIndex into the word index.
#include <catch2/catch.hpp>

#include <cstring>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "search/folds.h"
#include "search/text_index.h"
#include "search/utf8.h"
#include "search/vocabulary.h"

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

namespace {

// The vocabulary's contract, written plainly: words interned by their code
// points in a std::map, ids in first-seen order, each note's words once.
struct ReferenceVocabulary {
  std::map<std::vector<uint32_t>, uint32_t> words;
  std::map<uint32_t, uint32_t> char_ids;
  uint32_t entries = 0;

  void add_note(const std::vector<std::vector<uint32_t>>& note_words, bool per_note, NoteEntries& out) {
    std::set<std::vector<uint32_t>> seen;
    uint32_t count = 0;
    for (const std::vector<uint32_t>& word : note_words) {
      if (!seen.insert(word).second) continue;
      const auto [found, is_new] = words.emplace(word, static_cast<uint32_t>(words.size()));
      if (is_new || per_note) {
        for (uint32_t cp : word) {
          const auto id = char_ids.emplace(cp, static_cast<uint32_t>(char_ids.size() + 1)).first->second;
          out.fresh_chars.push_back(id);
        }
        out.fresh_lengths.push_back(static_cast<uint32_t>(word.size()));
        out.fresh_words.push_back(found->second);
      }
      out.entries.push_back(per_note ? entries++ : found->second);
      if (!per_note && is_new) ++entries;
      ++count;
    }
    out.counts.push_back(count);
  }
};

// The words of folded code points (0 between words).
std::vector<std::vector<uint32_t>> split_words(const std::vector<uint32_t>& folded) {
  std::vector<std::vector<uint32_t>> words;
  std::vector<uint32_t> word;
  for (uint32_t cp : folded) {
    if (cp != 0) {
      word.push_back(cp);
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

}  // namespace

TEST_CASE(
    "vocabulary: ASCII texts read from their bytes and folded texts give the same words, ids and entries as a plain "
    "map, for words of 1 to 8, 9 to 16 and more code points",
    "[search][text]") {
  // Non-ASCII code points and their folds: to ASCII, to one or two code points
  // of 128-255 (the short-word table's range), past 255, and a separator. A
  // fold past 255 whose low byte is an ASCII letter ('š' -> U+0161, low byte
  // 'a') would collide with "a" if the short-word test looked at bytes only.
  const std::vector<std::pair<uint32_t, std::vector<uint32_t>>> fold_table = {
      {0xe9, {'e'}},      {0xdf, {0xdf}}, {0xfb01, {'f', 'i'}}, {0x161, {0x161}},
      {0x4e2d, {0x4e2d}}, {0x2014, {0}},  {0xe6, {0xe6, 0xff}}};
  const char* ascii_pieces[] = {"a",
                                "A",
                                "b",
                                "ab",
                                "Ab",
                                "abcdefg",
                                "abcdefgh",
                                "ABCDEFGH",
                                "abcdefghi",
                                "abcdefghijklmnop",
                                "ABCDEFGHIJKLMNOP",
                                "abcdefghijklmno",
                                "abcdefghijklmnopq",
                                "x9",
                                "9",
                                "0",
                                "Zz",
                                "zz",
                                "hello",
                                "HELLO",
                                "hellO"};
  const char* separators[] = {" ", "  ", "-", ", ", "\n", "\x7f", "\x01", "@[`{"};
  std::mt19937 random(32);
  for (const bool per_note : {false, true}) {
    Folds folds;
    for (const auto& [cp, folded] : fold_table) folds.set(cp, folded.data(), static_cast<uint32_t>(folded.size()));
    Vocabulary from_bytes, from_folds;
    ReferenceVocabulary reference;
    NoteEntries out_bytes, out_folds, expected;
    for (int note = 0; note < 600; ++note) {
      // Two texts (a title and a body), each ASCII or not, built from pieces.
      std::string texts[2];
      for (std::string& text : texts) {
        const bool ascii = random() % 3 != 0;
        const int pieces = static_cast<int>(random() % 12);
        for (int p = 0; p < pieces; ++p) {
          if (random() % 2) text += separators[random() % std::size(separators)];
          if (!ascii && random() % 3 == 0) {
            const uint32_t cp = fold_table[random() % fold_table.size()].first;
            const std::vector<uint8_t> bytes = encode(cp);
            text.append(bytes.begin(), bytes.end());
          } else {
            text += ascii_pieces[random() % std::size(ascii_pieces)];
          }
        }
      }
      std::vector<std::vector<uint32_t>> words;
      from_bytes.begin_note(per_note, out_bytes);
      from_folds.begin_note(per_note, out_folds);
      for (const std::string& text : texts) {
        const auto* bytes = reinterpret_cast<const uint8_t*>(text.data());
        std::vector<uint32_t> folded;
        const size_t end = folds.fold(bytes, text.size(), folded, 0);
        REQUIRE(end != Folds::kNoFold);
        folded.resize(end + 1, 0);
        folded[end] = 0;
        for (auto& word : split_words(folded)) words.push_back(word);
        if (Folds::is_ascii(bytes, text.size())) {
          from_bytes.add_ascii(bytes, text.size());
        } else {
          from_bytes.add_folded(folded.data(), end);
        }
        from_folds.add_folded(folded.data(), end);
      }
      from_bytes.end_note();
      from_folds.end_note();
      reference.add_note(words, per_note, expected);
    }
    for (NoteEntries* out : {&out_bytes, &out_folds}) {
      REQUIRE(out->entries == expected.entries);
      REQUIRE(out->counts == expected.counts);
      REQUIRE(out->fresh_words == expected.fresh_words);
      REQUIRE(out->fresh_lengths == expected.fresh_lengths);
      REQUIRE(out->fresh_chars == expected.fresh_chars);
    }
    REQUIRE(from_bytes.alphabet_size() == reference.char_ids.size());
    for (const auto& [cp, id] : reference.char_ids) REQUIRE(from_bytes.code_point(id) == cp);
  }
}
