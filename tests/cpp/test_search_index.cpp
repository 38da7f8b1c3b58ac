// The word index against a brute-force scan of every note's words with the OSA
// table and the specification's order (version 5: tiers, turns of each
// representative word, key, agreement, commonness, position; terms matching no word dropped),
// through inserts, updates, removals and keystroke-by-keystroke typing (which
// takes the incremental path).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "search/index.h"
#include "search/thresholds.h"
#include "search_reference.h"

using namespace memento::search;
using search_test::osa;
using search_test::prefix_osa;
using search_test::Word;

namespace {

struct Result {
  std::vector<uint32_t> positions, scores;
  bool operator==(const Result&) const = default;
};

// docs/specs/search.md, version 5 (every term counting): a complete term within k; the last term as
// a prefix within kp, else as a finished word within k; ordered by tier
// (score 0 first), then in tier 0 by key and turn, beyond it by turn, key and
// agreement; then commonness of the representative word, then position. Ids
// stand for their code points here (no code points are set).
Result every_term(const std::vector<std::vector<Word>>& notes, const std::vector<Word>& terms) {
  struct Hit {
    uint32_t score, key, agreement, position, turn;
    Word representative;
  };
  constexpr uint32_t kNone = UINT32_MAX;
  Result r;
  // No terms: every note, score 0, in corpus order.
  if (terms.empty()) {
    for (uint32_t p = 0; p < notes.size(); ++p) {
      r.positions.push_back(p);
      r.scores.push_back(0);
    }
    return r;
  }
  std::vector<std::vector<Word>> distinct(notes.size());
  std::map<Word, uint32_t> holders;
  for (size_t p = 0; p < notes.size(); ++p) {
    distinct[p] = notes[p];
    std::sort(distinct[p].begin(), distinct[p].end());
    distinct[p].erase(std::unique(distinct[p].begin(), distinct[p].end()), distinct[p].end());
    for (const Word& w : distinct[p]) ++holders[w];
  }
  std::vector<Hit> hits;
  for (uint32_t p = 0; p < notes.size(); ++p) {
    const std::vector<Word>& words = distinct[p];
    uint32_t score = 0, agreement = 0, last_key = 0;
    Word representative;
    bool all = true;
    for (size_t t = 0; t < terms.size() && all; ++t) {
      const bool last = t + 1 == terms.size();
      const uint32_t m = static_cast<uint32_t>(terms[t].size());
      // 2 x the match distance, + 1 for the last term when the word is not that near whole.
      const auto key = [&](const Word& w) {
        const uint32_t d = osa(terms[t], w);
        if (last) {
          const uint32_t pd = prefix_osa(terms[t], w);
          if (pd <= prefix_budget(m)) return 2 * pd + (d != pd);
        }
        return d <= term_budget(m) ? 2 * d : kNone;
      };
      uint32_t best = kNone;
      for (const Word& w : words) best = std::min(best, key(w));
      if (best == kNone) {
        all = false;
        break;
      }
      score += best >> 1;
      const auto agrees = [&](const Word& w) { return !terms[t].empty() && w[0] == terms[t][0]; };
      bool any = false;
      for (const Word& w : words) any = any || (key(w) == best && agrees(w));
      agreement += any;
      if (last) {
        last_key = best;
        // Agreeing, then in most notes, then first in code point order (`words` is sorted).
        bool found = false;
        for (const Word& w : words) {
          if (key(w) != best) continue;
          if (!found || agrees(w) > agrees(representative) ||
              (agrees(w) == agrees(representative) && holders[w] > holders[representative])) {
            representative = w;
            found = true;
          }
        }
      }
    }
    if (all) hits.push_back({score, 2 * score + (last_key & 1), agreement, p, 0, representative});
  }
  // Turns: per tier and representative, in (key, position) order.
  std::vector<Hit*> by_key;
  for (Hit& h : hits) by_key.push_back(&h);
  std::stable_sort(by_key.begin(), by_key.end(), [](const Hit* a, const Hit* b) { return a->key < b->key; });
  std::map<std::pair<bool, Word>, uint32_t> turns;
  for (Hit* h : by_key) h->turn = turns[{h->score == 0, h->representative}]++;
  std::sort(hits.begin(), hits.end(), [&](const Hit& a, const Hit& b) {
    const bool tier_a = a.score > 0, tier_b = b.score > 0;
    if (tier_a != tier_b) return tier_b;
    if (!tier_a) {
      if (a.key != b.key) return a.key < b.key;
      if (a.turn != b.turn) return a.turn < b.turn;
    } else {
      if (a.turn != b.turn) return a.turn < b.turn;
      if (a.key != b.key) return a.key < b.key;
      if (a.agreement != b.agreement) return a.agreement > b.agreement;
    }
    if (holders[a.representative] != holders[b.representative])
      return holders[a.representative] > holders[b.representative];
    return a.position < b.position;
  });
  for (const Hit& h : hits) {
    r.positions.push_back(h.position);
    r.scores.push_back(h.score);
  }
  return r;
}

// Whether the term (the query's last when `last`) matches some word of some note.
bool matches_some(const std::vector<std::vector<Word>>& notes, const Word& term, bool last) {
  const uint32_t m = static_cast<uint32_t>(term.size());
  for (const std::vector<Word>& words : notes) {
    for (const Word& w : words) {
      if ((last && prefix_osa(term, w) <= prefix_budget(m)) || osa(term, w) <= term_budget(m)) return true;
    }
  }
  return false;
}

// Version 5: when some terms match no word of any note and another term
// matches some word, the answer is that of the query without them.
Result brute_force(const std::vector<std::vector<Word>>& notes, const std::vector<Word>& terms) {
  std::vector<Word> kept;
  for (size_t t = 0; t < terms.size(); ++t) {
    if (matches_some(notes, terms[t], t + 1 == terms.size())) kept.push_back(terms[t]);
  }
  return every_term(notes, terms.size() > 1 && !kept.empty() ? kept : terms);
}

// Keeps an Index and a plain copy of the corpus in step.
struct Fixture {
  Index index;
  std::map<Word, uint32_t> ids;
  std::vector<std::vector<Word>> notes;

  uint32_t entry(const Word& w) {
    auto found = ids.find(w);
    if (found != ids.end()) return found->second;
    const uint32_t length = static_cast<uint32_t>(w.size());
    const uint32_t id = index.add_entries(w.data(), &length, 1);
    ids.emplace(w, id);
    return id;
  }

  void set(uint32_t position, const std::vector<Word>& words) {
    std::vector<uint32_t> entries;
    for (const Word& w : words) {
      const uint32_t id = entry(w);
      if (std::find(entries.begin(), entries.end(), id) == entries.end()) entries.push_back(id);
    }
    const uint32_t count = static_cast<uint32_t>(entries.size());
    REQUIRE(index.set_notes(position, 1, entries.data(), &count));
    notes[position] = words;
  }

  void insert(uint32_t position, const std::vector<Word>& words) {
    index.insert_notes(position, 1);
    notes.insert(notes.begin() + position, std::vector<Word>{});
    set(position, words);
  }

  void remove(uint32_t position) {
    index.remove_notes(position, 1);
    notes.erase(notes.begin() + position);
  }

  Result search(const std::vector<Word>& terms) {
    std::vector<uint32_t> chars, lengths;
    for (const Word& t : terms) {
      chars.insert(chars.end(), t.begin(), t.end());
      lengths.push_back(static_cast<uint32_t>(t.size()));
    }
    Result r;
    r.positions.resize(index.note_count());
    r.scores.resize(index.note_count());
    const uint32_t n = index.search(chars.data(), lengths.data(), static_cast<uint32_t>(terms.size()),
                                    r.positions.data(), r.scores.data());
    r.positions.resize(n);
    r.scores.resize(n);
    return r;
  }
};

Word random_word(std::mt19937& rng, size_t length, uint32_t letters) {
  Word w(length);
  for (auto& c : w) c = 1 + rng() % letters;
  return w;
}

// Up to two typos: an insertion, a substitution, or (half the time) a
// transposition of adjacent code points, often at the start or the end.
Word typo(std::mt19937& rng, Word w, uint32_t letters) {
  for (int e = static_cast<int>(rng() % 3); e > 0; --e) {
    const size_t at = rng() % (w.size() + 1);
    const uint32_t kind = rng() % 6;
    if (kind >= 3 && w.size() >= 2) {
      const size_t i = kind == 3 ? 0 : kind == 4 ? w.size() - 2 : std::min(at, w.size() - 2);
      std::swap(w[i], w[i + 1]);
    } else if (kind % 2 == 0 || w.empty()) {
      w.insert(w.begin() + static_cast<std::ptrdiff_t>(at), 1 + rng() % letters);
    } else if (at < w.size()) {
      w[at] = 1 + rng() % letters;
    }
  }
  return w;
}

std::vector<Word> random_note(std::mt19937& rng, const std::vector<Word>& vocabulary) {
  std::vector<Word> words(rng() % 8);
  for (auto& w : words) w = vocabulary[rng() % vocabulary.size()];
  return words;
}

std::vector<Word> vocabulary(std::mt19937& rng, uint32_t letters) {
  std::vector<Word> v;
  for (int i = 0; i < 40; ++i) v.push_back(random_word(rng, 1 + rng() % (i < 4 ? 80 : 12), letters));
  return v;
}

// A random corpus: a vocabulary of 40 words over 3 + rng() % letter_choices
// letters, and `note_count` notes drawn from it.
struct RandomCorpus {
  uint32_t letters;
  std::vector<Word> vocab;
  Fixture fixture;

  RandomCorpus(std::mt19937& rng, uint32_t letter_choices, int note_count)
      : letters(3 + rng() % letter_choices), vocab(vocabulary(rng, letters)) {
    for (int n = 0; n < note_count; ++n) fixture.insert(static_cast<uint32_t>(n), random_note(rng, vocab));
  }
};

}  // namespace

TEST_CASE("the index equals a brute-force scan on random corpora and queries", "[search][index]") {
  std::mt19937 rng(11);
  for (int corpus = 0; corpus < 60; ++corpus) {
    RandomCorpus c(rng, 10, 12);
    Fixture& f = c.fixture;
    for (int q = 0; q < 40; ++q) {
      std::vector<Word> terms(rng() % 4);
      for (auto& t : terms) {
        t = rng() % 4 == 0 ? random_word(rng, 1 + rng() % 70, c.letters)
                           : typo(rng, c.vocab[rng() % c.vocab.size()], c.letters);
        if (t.empty()) t.push_back(1);
        if (rng() % 3 == 0) t.resize(1 + rng() % t.size());
      }
      INFO("corpus " << corpus << " query " << q);
      REQUIRE(f.search(terms) == brute_force(f.notes, terms));
    }
  }
}

TEST_CASE("corpora whose words are in hundreds of notes (the common words' first pass) equal the brute-force scan",
          "[search][index]") {
  // Index::kCommonPostings is 64: with 700 notes of up to 7 words over 40, most words are in more notes than that,
  // and the notes holding two of them decide between them by key, agreement and commonness.
  std::mt19937 rng(14);
  for (int corpus = 0; corpus < 6; ++corpus) {
    RandomCorpus c(rng, 4, 700);
    Fixture& f = c.fixture;
    for (int q = 0; q < 40; ++q) {
      Word term = typo(rng, c.vocab[rng() % c.vocab.size()], c.letters);
      if (term.empty()) term.push_back(1);
      if (rng() % 2 == 0) term.resize(1 + rng() % term.size());
      INFO("corpus " << corpus << " query " << q);
      REQUIRE(f.search({term}) == brute_force(f.notes, {term}));
      const Word first = c.vocab[rng() % c.vocab.size()];
      REQUIRE(f.search({first, term}) == brute_force(f.notes, {first, term}));
    }
  }
}

TEST_CASE("a note holding two common words at one key is represented by the one that begins with the term's letter",
          "[search][index]") {
  // "cart": "dart" (100 notes) and "cars" (80 notes) are both 1 away, key 2; notes 70..99 hold both, and there
  // "cars" agrees with the term's first letter, so it represents them although "dart" is in more notes.
  const auto w = search_test::letters;
  Fixture f;
  for (uint32_t n = 0; n < 150; ++n) {
    std::vector<Word> words{w("zz")};
    if (n < 100) words.push_back(w("dart"));
    if (n >= 70) words.push_back(w("cars"));
    f.insert(n, words);
  }
  REQUIRE(f.search({w("cart")}) == brute_force(f.notes, {w("cart")}));
  REQUIRE(f.search({w("zz"), w("cart")}) == brute_force(f.notes, {w("zz"), w("cart")}));
}

TEST_CASE("typing a word one code point at a time gives the brute-force result on every keystroke", "[search][index]") {
  std::mt19937 rng(12);
  for (int corpus = 0; corpus < 40; ++corpus) {
    RandomCorpus c(rng, 6, 15);
    Fixture& f = c.fixture;
    Word target = typo(rng, c.vocab[rng() % c.vocab.size()], c.letters);
    if (rng() % 5 == 0) target = random_word(rng, 70, c.letters);
    const Word first = c.vocab[rng() % c.vocab.size()];
    for (size_t typed = 1; typed <= target.size(); ++typed) {
      const Word prefix(target.begin(), target.begin() + static_cast<std::ptrdiff_t>(typed));
      INFO("corpus " << corpus << ", typed " << typed);
      REQUIRE(f.search({prefix}) == brute_force(f.notes, {prefix}));
      REQUIRE(f.search({first, prefix}) == brute_force(f.notes, {first, prefix}));
    }
  }
}

TEST_CASE("inserting, changing and removing notes keeps the index equal to a brute-force scan", "[search][index]") {
  std::mt19937 rng(13);
  const auto vocab = vocabulary(rng, 5);
  Fixture f;
  for (int step = 0; step < 400; ++step) {
    const uint32_t size = static_cast<uint32_t>(f.notes.size());
    const int action = static_cast<int>(rng() % 3);
    if (action == 0 || size == 0)
      f.insert(rng() % (size + 1), random_note(rng, vocab));
    else if (action == 1)
      f.set(rng() % size, random_note(rng, vocab));
    else
      f.remove(rng() % size);
    const std::vector<Word> terms{typo(rng, vocab[rng() % vocab.size()], 5)};
    if (terms[0].empty()) continue;
    // The same query twice: the second answer comes from the term cache.
    INFO("step " << step);
    REQUIRE(f.search(terms) == brute_force(f.notes, terms));
    REQUIRE(f.search(terms) == brute_force(f.notes, terms));
  }
}

TEST_CASE("an empty query matches every note with score 0, in corpus order", "[search][index]") {
  Fixture f;
  f.insert(0, {Word{1, 2}});
  f.insert(1, {});
  f.insert(2, {Word{3}});
  const Result r = f.search({});
  CHECK(r.positions == std::vector<uint32_t>{0, 1, 2});
  CHECK(r.scores == std::vector<uint32_t>{0, 0, 0});
}

TEST_CASE("query characters the corpus lacks (id 0 or past the alphabet) match nothing", "[search][index]") {
  Fixture f;
  f.insert(0, {Word{1, 2, 3, 4}});
  CHECK(f.search({Word{1, 2, 3, 0}}).positions == std::vector<uint32_t>{0});             // one substitution, kp = 1
  CHECK(f.search({Word{1, 2, 999, 999}}).positions == std::vector<uint32_t>{0});         // two: over kp, within k whole
  CHECK(f.search({Word{1, 999, 999, 999}}).positions.empty());                           // three, over both
  CHECK(f.search({Word{1, 2, 3, 999}, Word{1}}).positions == std::vector<uint32_t>{0});  // k = 1, then a prefix
  // "12?" (k = 1) is 2 from "1234", the only word: it matches nothing and is dropped, "1" answers.
  CHECK(f.search({Word{1, 2, 999}, Word{1}}).positions == std::vector<uint32_t>{0});
  CHECK(f.search({Word{1, 2, 999}, Word{999}}).positions.empty());  // neither term matches a word
}

TEST_CASE("a term that matches no word of any note is dropped when another term matches some word", "[search][index]") {
  const auto w = search_test::letters;
  Fixture f;
  f.insert(0, {w("receive"), w("letter")});
  f.insert(1, {w("garden"), w("rose")});
  f.insert(2, {w("gardens"), w("wall")});
  // "xqzvw" is 3 or more edits from every word: the query is answered as "garden" alone (its last term, a prefix).
  const Result garden = f.search({w("xqzvw"), w("garden")});
  CHECK(garden.positions == std::vector<uint32_t>{1, 2});
  CHECK(garden.scores == std::vector<uint32_t>{0, 0});
  CHECK(garden == brute_force(f.notes, {w("xqzvw"), w("garden")}));
  // The dropped term last: "garden" becomes the last term, so "gardens" matches as a prefix too.
  CHECK(f.search({w("garden"), w("xqzvw")}).positions == std::vector<uint32_t>{1, 2});
  // Every term matches some word but no note holds both: nothing, as before.
  CHECK(f.search({w("recieve"), w("garden")}).positions.empty());
  // "recieve" (1 transposition) kept, two nonsense terms dropped.
  CHECK(f.search({w("qxzvw"), w("recieve"), w("zzqxj")}).positions == std::vector<uint32_t>{0});
  // Every term matches nothing: nothing.
  CHECK(f.search({w("xqzvw"), w("zzqxj")}).positions.empty());
}

TEST_CASE("a transposed term ranks the note with the whole word before the notes with longer words",
          "[search][index]") {
  const auto w = search_test::letters;
  Fixture f;
  f.insert(0, {w("reports"), w("weekly")});
  f.insert(1, {w("reporting")});
  f.insert(2, {w("the"), w("report")});
  f.insert(3, {w("upgraded")});
  f.insert(4, {w("upgrade")});
  const Result reprot = f.search({w("reprot")});
  // After the whole word, the two prefixes (each its note's representative, turn 0, in one note each): by position.
  CHECK(reprot.positions == std::vector<uint32_t>{2, 0, 1});
  CHECK(reprot.scores == std::vector<uint32_t>{1, 1, 1});
  CHECK(f.search({w("upgarde")}).positions == std::vector<uint32_t>{4, 3});
  CHECK(f.search({w("report")}).positions == std::vector<uint32_t>{2, 0, 1});
  // A finished last word: "teh" (kp 0, k 1) reaches "the" whole at 1.
  CHECK(f.search({w("teh")}).positions == std::vector<uint32_t>{2});
  CHECK(f.search({w("teh")}).scores == std::vector<uint32_t>{1});
  CHECK(f.search({w("reprot")}) == brute_force(f.notes, {w("reprot")}));
}
