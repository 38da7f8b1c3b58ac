// The Myers kernel with Hyyrö's transposition term against the OSA table of
// the specification: every term and word up to 6 code points over three
// letters, every batch size around the lane boundaries (pairs in i64x2, the
// third in a scalar register, the remainder), terms of 1..64 code points,
// words longer than 64, transposition-heavy near misses.
#include <catch2/catch.hpp>

#include <random>

#include "search/dp.h"
#include "search/myers.h"
#include "search_reference.h"

using namespace memento::search;
using search_test::osa;
using search_test::prefix_osa;
using search_test::Word;

namespace {

constexpr uint32_t kAlphabet = 40;

struct Peq {
  std::vector<uint64_t> table = std::vector<uint64_t>(kAlphabet, 0);
  explicit Peq(const Word& term) {
    for (size_t i = 0; i < term.size(); ++i) table[term[i]] |= uint64_t{1} << i;
  }
  Pattern pattern(const Word& term) const { return Pattern{table.data(), static_cast<uint32_t>(term.size())}; }
};

Word random_word(std::mt19937& rng, size_t length, uint32_t letters) {
  Word w(length);
  for (auto& c : w) c = 1 + rng() % letters;
  return w;
}

// A word near `base`: a few random edits, half of them transpositions of
// adjacent code points (at the start, the end or anywhere), so small
// distances and transpositions are common.
Word mutate(std::mt19937& rng, Word w, uint32_t letters) {
  const int edits = static_cast<int>(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    const size_t at = w.empty() ? 0 : rng() % (w.size() + 1);
    switch (rng() % 6) {
      case 0:
        w.insert(w.begin() + static_cast<std::ptrdiff_t>(at), 1 + rng() % letters);
        break;
      case 1:
        if (at < w.size()) w.erase(w.begin() + static_cast<std::ptrdiff_t>(at));
        break;
      case 2:
        if (at < w.size()) w[at] = 1 + rng() % letters;
        break;
      case 3:
        if (w.size() >= 2) std::swap(w[0], w[1]);
        break;
      case 4:
        if (w.size() >= 2) std::swap(w[w.size() - 2], w[w.size() - 1]);
        break;
      default:
        if (at + 1 < w.size()) std::swap(w[at], w[at + 1]);
        break;
    }
  }
  return w;
}

// The words' first `steps` ids as Peq bytes in the blocks of prefix_distances_from_eqs (0 past a shorter word).
std::vector<uint8_t> eq_rows(const Peq& peq, const std::vector<Word>& words, uint32_t steps) {
  std::vector<uint8_t> rows((words.size() + kEqBlock - 1) / kEqBlock * kEqBlock * steps, 0);
  for (size_t i = 0; i < words.size(); ++i) {
    for (uint32_t j = 0; j < steps && j < words[i].size(); ++j) {
      rows[(i / kEqBlock) * kEqBlock * steps + j * kEqBlock + i % kEqBlock] =
          static_cast<uint8_t>(peq.table[words[i][j]]);
    }
  }
  return rows;
}

// The 8-bit kernel over words of any lengths, each cut or padded to `steps` ids, against the OSA table.
void check_from_eqs(const Word& term, const std::vector<Word>& words, uint32_t steps) {
  const Peq peq(term);
  const std::vector<uint8_t> rows = eq_rows(peq, words, steps);
  std::vector<uint32_t> prefix(words.size()), last(words.size());
  prefix_distances_from_eqs(rows.data(), static_cast<uint32_t>(term.size()), steps, words.size(), prefix.data(),
                            last.data());
  for (size_t i = 0; i < words.size(); ++i) {
    INFO("term length " << term.size() << ", word " << i << " of " << words.size() << ", steps " << steps);
    const Word cut(words[i].begin(), words[i].begin() + std::min<size_t>(steps, words[i].size()));
    // Padding (id 0, in no term) never lowers the prefix distance; the last column is the padded word's.
    Word padded = cut;
    padded.resize(steps, 0);
    REQUIRE(prefix[i] == prefix_osa(term, cut));
    REQUIRE(last[i] == osa(term, padded));
  }
}

// Runs both kernels over `count` words of one length and checks each against DP.
void check_batch(const Word& term, const std::vector<Word>& words, uint32_t length, uint32_t steps) {
  Peq peq(term);
  if (term.size() <= kMaxByteTerm && steps <= kMaxByteSteps) check_from_eqs(term, words, steps);
  std::vector<uint32_t> chars;
  for (const Word& w : words) chars.insert(chars.end(), w.begin(), w.end());
  std::vector<uint32_t> full(words.size()), prefix(words.size()), last(words.size());
  full_distances(peq.pattern(term), chars.data(), length, words.size(), full.data());
  prefix_distances(peq.pattern(term), chars.data(), length, steps, words.size(), prefix.data(), last.data());
  for (size_t i = 0; i < words.size(); ++i) {
    INFO("term length " << term.size() << ", word " << i << " of " << words.size() << ", length " << length);
    REQUIRE(full[i] == osa(term, words[i]));
    const Word cut(words[i].begin(), words[i].begin() + steps);
    REQUIRE(prefix[i] == prefix_osa(term, cut));
    REQUIRE(last[i] == osa(term, cut));
  }
}

// Every word of `length` code points over `letters` letters (1..letters).
std::vector<Word> all_words(uint32_t length, uint32_t letters) {
  std::vector<Word> out;
  Word w(length, 1);
  for (;;) {
    out.push_back(w);
    size_t i = 0;
    while (i < length && w[i] == letters) w[i++] = 1;
    if (i == length) return out;
    ++w[i];
  }
}

}  // namespace

TEST_CASE("the transposition kernel equals the OSA table on every term and word up to 6 code points over 3 letters",
          "[search][kernel]") {
  // 1,093 terms x 1,093 words (lengths 0..6 words, 1..6 terms), each word
  // length in one batch through every lane of both builds, full and prefix.
  for (uint32_t m = 1; m <= 6; ++m) {
    for (const Word& term : all_words(m, 3)) {
      for (uint32_t length = 1; length <= 6; ++length) check_batch(term, all_words(length, 3), length, length);
    }
  }
}

TEST_CASE("the 8-bit kernel equals the OSA table on terms of 1..8 code points, words of mixed lengths, padded",
          "[search][kernel]") {
  std::mt19937 rng(20261207);
  for (int round = 0; round < 3000; ++round) {
    const uint32_t m = 1 + rng() % kMaxByteTerm, letters = 2 + rng() % 6;
    const Word term = random_word(rng, m, letters);
    // Batches around the 16-word blocks, words near the term (transpositions common) and random ones.
    std::vector<Word> words(rng() % 40);
    for (Word& w : words) w = rng() % 2 ? mutate(rng, term, letters) : random_word(rng, 1 + rng() % 12, letters);
    check_from_eqs(term, words, m + static_cast<uint32_t>(rng() % 3));
  }
}

TEST_CASE("hand-checked transpositions: start, end, repeated letters, and no substring edited twice",
          "[search][kernel]") {
  const auto w = search_test::letters;
  const struct {
    const char *term, *word;
    uint32_t full, prefix;
  } cases[] = {
      {"reprot", "report", 1, 1},
      {"report", "reprot", 1, 1},
      {"erport", "report", 1, 1},
      {"reporrt", "report", 1, 1},
      {"aab", "aba", 1, 1},
      {"aba", "aab", 1, 1},
      {"ab", "ba", 1, 1},
      {"ca", "abc", 3, 1},
      {"abc", "ca", 3, 2},
      {"upgarde", "upgrade", 1, 1},
      {"quartely", "quarterly", 1, 1},
      {"reprot", "reports", 2, 1},
      {"abcd", "badc", 2, 2},
      {"abcd", "bcda", 2, 1},
  };
  for (const auto& c : cases) {
    INFO(c.term << " vs " << c.word);
    const Word term = w(c.term), word = w(c.word);
    REQUIRE(osa(term, word) == c.full);  // the reference itself: OSA, not unrestricted Damerau ("ca"/"abc" is 3)
    REQUIRE(prefix_osa(term, word) == c.prefix);
    check_batch(term, {word, word, word, word}, static_cast<uint32_t>(word.size()), static_cast<uint32_t>(word.size()));
  }
}

TEST_CASE("Myers distance equals the OSA table for every batch size 0..10 (lane boundaries)", "[search][kernel]") {
  std::mt19937 rng(1);
  for (uint32_t count = 0; count <= 10; ++count) {
    for (int round = 0; round < 30; ++round) {
      const Word term = random_word(rng, 1 + rng() % 12, 6);
      const uint32_t length = 1 + rng() % 14;
      std::vector<Word> words;
      for (uint32_t i = 0; i < count; ++i) words.push_back(random_word(rng, length, 6));
      check_batch(term, words, length, length);
    }
  }
}

TEST_CASE("Myers distance equals the OSA table for terms of 1..64 code points, including exactly 63 and 64",
          "[search][kernel]") {
  std::mt19937 rng(2);
  for (uint32_t m = 1; m <= 64; ++m) {
    const Word term = random_word(rng, m, 5);
    for (int round = 0; round < 4; ++round) {
      Word near = mutate(rng, term, 5);
      if (near.empty()) near.push_back(1);
      const uint32_t length = static_cast<uint32_t>(near.size());
      std::vector<Word> words{near};
      for (int i = 0; i < 6; ++i) words.push_back(random_word(rng, length, 5));
      check_batch(term, words, length, length);
    }
  }
}

TEST_CASE("Myers distance is exact for words longer than 64 code points", "[search][kernel]") {
  std::mt19937 rng(3);
  for (uint32_t length : {65u, 70u, 100u, 130u}) {
    for (uint32_t m : {1u, 7u, 40u, 64u}) {
      const Word term = random_word(rng, m, 4);
      std::vector<Word> words;
      for (int i = 0; i < 7; ++i) words.push_back(random_word(rng, length, 4));
      check_batch(term, words, length, length);
      check_batch(term, words, length, std::min(length, m + 2));
    }
  }
}

TEST_CASE("prefix distance reads only the first `steps` code points and counts the empty prefix", "[search][kernel]") {
  const Word term{1, 2, 3, 4};
  // "abcd" against "xyzw...": the empty prefix (distance 4) is the best.
  check_batch(term, {Word{9, 9, 9, 9, 9, 9}}, 6, 6);
  // A perfect prefix followed by noise.
  check_batch(term, {Word{1, 2, 3, 4, 9, 9, 9, 9}, Word{1, 2, 3, 9, 9, 9, 9, 9}, Word{2, 3, 4, 9, 9, 9, 9, 9}}, 8, 6);
  std::vector<uint64_t> peq(kAlphabet, 0);
  for (size_t i = 0; i < term.size(); ++i) peq[term[i]] |= uint64_t{1} << i;
  const Word word{1, 2, 3, 4, 9, 9};
  uint32_t out = 99;
  uint32_t last = 99;
  prefix_distances(Pattern{peq.data(), 4}, word.data(), 6, 6, 1, &out, &last);
  CHECK(out == 0);
  CHECK(last == 2);
  full_distances(Pattern{peq.data(), 4}, word.data(), 6, 1, &out);
  CHECK(out == 2);
}

TEST_CASE("a term of 64 identical code points against runs of the same code point", "[search][kernel]") {
  const Word term(64, 7);
  for (uint32_t length : {1u, 62u, 63u, 64u, 65u, 66u, 128u}) {
    check_batch(term, {Word(length, 7), Word(length, 8), Word(length, 7), Word(length, 7)}, length, length);
  }
}

TEST_CASE("random near-miss words, half the edits transpositions: Myers equals the OSA table (5,000 batches)",
          "[search][kernel]") {
  std::mt19937 rng(4);
  for (int round = 0; round < 5000; ++round) {
    const uint32_t letters = 2 + rng() % 20;
    const Word term = random_word(rng, 1 + rng() % 20, letters);
    const Word base = mutate(rng, term, letters);
    const uint32_t length = std::max<uint32_t>(1, static_cast<uint32_t>(base.size()));
    std::vector<Word> words;
    const uint32_t count = rng() % 8;
    for (uint32_t i = 0; i < count; ++i) {
      Word w = mutate(rng, term, letters);
      w.resize(length, 1 + rng() % letters);
      words.push_back(w);
    }
    check_batch(term, words, length, std::min<uint32_t>(length, static_cast<uint32_t>(term.size()) + rng() % 3));
  }
}

TEST_CASE("the DP fallback for terms over 64 code points equals the OSA table", "[search][dp]") {
  std::mt19937 rng(5);
  std::vector<uint32_t> row;
  for (int round = 0; round < 400; ++round) {
    const Word term = random_word(rng, round < 200 ? 60 + rng() % 20 : 1 + rng() % 8, 3);
    Word word = mutate(rng, term, 3);
    const uint32_t m = static_cast<uint32_t>(term.size()), n = static_cast<uint32_t>(word.size());
    uint32_t last = 99;
    CHECK(dp_distance(term.data(), m, word.data(), n, false, row) == osa(term, word));
    CHECK(dp_distance(term.data(), m, word.data(), n, true, row, &last) == prefix_osa(term, word));
    CHECK(last == osa(term, word));
  }
}
