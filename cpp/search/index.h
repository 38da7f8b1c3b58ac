// The word index: every distinct word once, grouped by length, with the notes
// that contain it. A term is compared only with the words whose length can be
// within its budget, and a matching word brings its whole note list at once.
//
// Characters are dense ids that the JS side assigns per index (code point ->
// 1, 2, 3, ... in first-seen order; 0 never occurs in a word and stands for a
// query character the corpus lacks), so the kernel's Peq table is a flat array
// of alphabet size whose few term entries are set and cleared per term.
//
// Notes are slots in an order array, so inserting or removing a note touches
// only that note's words, never a rebuild. The per-note scan of the benchmark
// is this same class fed one entry per (note, word) instead of per word.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace memento::search {

class Index {
 public:
  // Appends `count` entries (word i has lengths[i] ids from `chars`, and is
  // word words[i]: per-note entries share words; without `words` each entry
  // is a word of its own id); returns the first entry's id.
  uint32_t add_entries(const uint32_t* chars, const uint32_t* lengths, uint32_t count, const uint32_t* words = nullptr);
  // Character id -> code point, for the order's code point rule (an id with
  // none set stands for itself). code_point_count() is one past the last set.
  void set_code_point(uint32_t id, uint32_t code_point);
  uint32_t code_point_count() const { return static_cast<uint32_t>(code_points_.size()); }
  // Empty notes at `position` .. position + count - 1 (later notes move up).
  void insert_notes(uint32_t position, uint32_t count);
  void remove_notes(uint32_t position, uint32_t count);
  // Replaces the words of notes position .. position + count - 1; note i lists entry_counts[i] entry ids.
  bool set_notes(uint32_t position, uint32_t count, const uint32_t* entries, const uint32_t* entry_counts);
  uint32_t note_count() const { return static_cast<uint32_t>(order_.size()); }
  uint32_t entry_count() const { return static_cast<uint32_t>(entry_length_.size()); }

  // Terms are lengths[t] ids each, back to back; the last one is matched as a
  // prefix or as a finished word; terms matching no word of any note are
  // dropped when another term matches some word. Writes matching note
  // positions and scores to out arrays of note_count() capacity; returns how
  // many, in the order of docs/specs/search.md (version 5): tiers, turns,
  // keys, agreement, commonness, position.
  uint32_t search(const uint32_t* chars, const uint32_t* lengths, uint32_t term_count, uint32_t* out_positions,
                  uint32_t* out_scores);

 private:
  struct Group {                  // all entries of one length L
    std::vector<uint32_t> chars;  // L ids per entry, back to back
    std::vector<uint32_t> ids;    // entry ids, same order
  };
  struct CachedTerm {
    std::vector<uint32_t> chars;
    bool prefix = false;
    uint64_t generation = 0;
    std::vector<uint8_t> best;             // per slot: the key of consider()
    std::vector<uint8_t> agreement;        // per slot: 1 when a word at the best key begins with term[0]
    std::vector<uint32_t> representative;  // per slot (the last term): the representative entry
    uint64_t used = 0;                     // cache_clock_ when last read or written
  };
  struct Scan {  // the term being scanned, for consider()
    const uint32_t* term;
    uint32_t m;
    bool prefix;
    uint32_t k;        // its budget (the prefix budget for the last term)
    uint32_t whole_k;  // the last term's finished-word budget (the complete-term budget)
  };

  static constexpr uint8_t kNoMatch = 255;
  // Character sets of word beginnings, as bitsets over entries: the set
  // (c, s) holds the entries with a character of bucket c (id & 63) among
  // their first s + 3 ids, s < kSigs (first 3, 4, 5, 6 ids).
  static constexpr uint32_t kSigChars = 6;
  static constexpr uint32_t kSigs = 4;
  static constexpr uint32_t kBuckets = 64;
  // Past this many entries (32 bytes each in the sets) the sets are dropped
  // and every scan reads all groups: a vocabulary is far smaller; the
  // benchmark's per-note scan (an entry per note and word) is not.
  static constexpr uint32_t kMaxFilteredEntries = 1u << 18;

  // The term's keys per slot, from the cache or scanned into it; valid until the next call.
  const CachedTerm& term_best(const uint32_t* term, uint32_t m, bool prefix);
  void scan_groups(const Scan& scan, uint32_t k);
  void scan_filtered(const Scan& scan, uint32_t k);
  void rescan_previous(const Scan& scan);
  // The entries' first `width` ids as Peq bytes (the term's Peq set, at most kMaxByteTerm code points), in the
  // blocks of prefix_distances_from_eqs(); then their distances into distances_ and lasts_.
  void prefix_distances_of(const uint32_t* entries, size_t n, uint32_t m, uint32_t width);
  struct Matched {  // an entry within the term's budget: its key, and whether its word begins with term[0]
    uint32_t entry;
    uint32_t key;
    uint8_t agrees;
  };
  // An entry in at least this many notes goes first in give_keys().
  static constexpr size_t kCommonPostings = 64;
  void consider(const Scan& scan, uint32_t entry, uint32_t distance, uint32_t last, uint32_t steps);
  void give_keys(bool prefix);
  void give_key(bool prefix, const Matched& match);
  uint32_t whole_distance(const Scan& scan, uint32_t entry, uint32_t distance, uint32_t last, uint32_t steps);
  void set_peq(const uint32_t* term, uint32_t m, bool on);
  bool represents_before(uint32_t a, uint32_t b) const;
  // search() when every term counts.
  uint32_t answer(const uint32_t* chars, const uint32_t* lengths, uint32_t term_count, uint32_t* out_positions,
                  uint32_t* out_scores);
  void order(uint32_t term_count, uint32_t* out_positions, uint32_t* out_scores);
  // answer() for a query of one term (its own order, two counting sorts instead of four).
  uint32_t answer_one(const uint32_t* chars, uint32_t length, uint32_t* out_positions, uint32_t* out_scores);
  void grow_word_tables();
  // list_ = the positions whose slot is kept(slot), in position order.
  template <typename Kept>
  void list_kept(Kept kept);
  // Stably sorts `items` by key(item) in 0 .. range - 1 (a counting sort).
  template <typename Key>
  void sort_stably(std::vector<uint32_t>& items, Key key, uint32_t range);
  // Stably sorts list_ (positions) by key(slot) in 0 .. range - 1.
  template <typename Key>
  void counting_sort(Key key, uint32_t range);
  void changed() { ++generation_; }

  std::vector<Group> groups_;  // by length
  std::vector<uint32_t> entry_length_;
  std::vector<uint32_t> entry_offset_;           // index into groups_[length].ids
  std::vector<uint32_t> entry_word_;             // entry -> word id
  std::vector<uint32_t> word_notes_;             // word id -> how many notes hold it (the order's commonness)
  std::vector<uint32_t> code_points_ = {0};      // character id -> code point
  std::vector<std::vector<uint32_t>> postings_;  // entry -> slots
  // Per slot, the entries its note lists: read only to take a note's words out
  // again (an edit or a removal). A build into empty notes does not write them
  // (1.2 MB for the bench's 5,000 paragraphs, all of it fresh memory after
  // idle); the first edit of a note with words makes them all from the posting
  // lists (make_slot_entries), and from then on every change keeps them.
  std::vector<std::vector<uint32_t>> slot_entries_;
  std::vector<uint32_t> slot_word_counts_;  // per slot: how many entries its note lists (kept always)
  bool slot_entries_kept_ = false;
  void make_slot_entries();
  std::vector<uint32_t> order_;  // position -> slot
  std::vector<uint32_t> free_slots_;
  std::vector<uint64_t> peq_;  // alphabet-size, zero outside a term's scan
  uint64_t generation_ = 1;

  // Incremental typing: the entries within kRecordBudget (the largest budget)
  // of the previous last term. A prefix distance never falls as the term
  // grows, so every later keystroke's matches are among these, whatever its
  // budget: even the keystrokes where the budget steps up rescan only them.
  static constexpr uint32_t kRecordBudget = 2;
  std::vector<uint32_t> previous_prefix_;
  uint64_t previous_prefix_generation_ = 0;
  std::vector<uint32_t> previous_near_;
  std::vector<uint32_t> recorded_near_;
  std::vector<uint32_t> held_prefix_, held_near_;  // the above, set aside while a query answers without some terms
  bool recording_ = false;

  std::vector<CachedTerm> cache_;
  uint64_t cache_clock_ = 0;  // counts cache reads and writes, for CachedTerm::used

  std::vector<uint32_t> distances_, lasts_, gathered_, filtered_;
  std::vector<uint8_t> eq_rows_;
  std::vector<Matched> matched_;  // consider() to give_keys()
  std::vector<std::vector<uint64_t>> begins_ = std::vector<std::vector<uint64_t>>(kBuckets * kSigs);
  bool filtering_ = true;  // false once past kMaxFilteredEntries
  std::vector<uint32_t> dp_row_;
  std::vector<uint8_t> best_, agreement_;  // the term being scanned (then swapped into its cache entry)
  std::vector<uint32_t> representative_;
  const uint32_t* last_representative_ = nullptr;  // the last term's, in its cache entry (answer() to order())
  std::vector<uint32_t> total_, agreements_, turn_, common_, starts_, keys_, list_, sorted_, by_position_;
  std::vector<uint32_t> word_turns_, word_stamp_;
  // answer_one(): each word represented gets a place (word_places_); per place its word, its key and agreement,
  // and its rank; by_rank_ lists the places in rank order.
  std::vector<uint32_t> word_places_, place_words_, place_groups_, place_ranks_, by_rank_;
  std::vector<uint32_t> kept_chars_, kept_lengths_;  // a query's terms that match some word
  uint32_t stamp_ = 0;
};

}  // namespace memento::search
