#include "search/self_test.h"

#include <cstdint>
#include <vector>

#include "search/index.h"
#include "search/myers.h"

namespace memento::search {

namespace {

// Words as ids over the alphabet a=1 .. z=26.
std::vector<uint32_t> ids(const char* word) {
  std::vector<uint32_t> out;
  for (; *word; ++word) out.push_back(static_cast<uint32_t>(*word - 'a' + 1));
  return out;
}

}  // namespace

bool self_test() {
  // Kernel: five words of length 6 (one i64x2 pair, one scalar lane, then the
  // remainder), the first three a transposition away from a prefix of
  // "sitting" (2 each, where Levenshtein gives 3).
  const char* words[] = {"isttin", "sititn", "sittni", "kitten", "kettle"};
  std::vector<uint32_t> chars;
  for (const char* w : words) {
    const std::vector<uint32_t> w_ids = ids(w);
    chars.insert(chars.end(), w_ids.begin(), w_ids.end());
  }
  std::vector<uint64_t> peq(27, 0);
  const std::vector<uint32_t> term = ids("sitting");
  for (uint32_t i = 0; i < term.size(); ++i) peq[term[i]] |= uint64_t{1} << i;
  uint32_t full[5], prefix[5], last[5];
  full_distances(Pattern{peq.data(), 7}, chars.data(), 6, 5, full);
  prefix_distances(Pattern{peq.data(), 7}, chars.data(), 6, 6, 5, prefix, last);
  const uint32_t want[5] = {2, 2, 2, 3, 5};
  for (int i = 0; i < 5; ++i) {
    if (full[i] != want[i] || prefix[i] != want[i] || last[i] != want[i]) return false;
  }

  // Index: "kitten sat" / "the mitten" / "sat reports" / "report", query "sat kit"
  // (kit as a prefix), then "reprot": one transposition from "report", and the
  // note with the whole word first.
  Index index;
  std::vector<uint32_t> all;
  for (const char* w : {"kitten", "sat", "the", "mitten", "reports", "report"}) {
    const std::vector<uint32_t> w_ids = ids(w);
    all.insert(all.end(), w_ids.begin(), w_ids.end());
  }
  const uint32_t lengths[] = {6, 3, 3, 6, 7, 6};
  index.add_entries(all.data(), lengths, 6);
  index.insert_notes(0, 4);
  const uint32_t note_entries[] = {0, 1, 2, 3, 1, 4, 5};
  const uint32_t note_counts[] = {2, 2, 2, 1};
  if (!index.set_notes(0, 4, note_entries, note_counts)) return false;
  std::vector<uint32_t> query = ids("sat");
  const std::vector<uint32_t> kit = ids("kit");
  query.insert(query.end(), kit.begin(), kit.end());
  const uint32_t term_lengths[] = {3, 3};
  uint32_t positions[4], scores[4];
  if (index.search(query.data(), term_lengths, 2, positions, scores) != 1 || positions[0] != 0 || scores[0] != 0) {
    return false;
  }
  const std::vector<uint32_t> reprot = ids("reprot");
  const uint32_t reprot_length = 6;
  return index.search(reprot.data(), &reprot_length, 1, positions, scores) == 2 && positions[0] == 3 &&
         positions[1] == 2 && scores[0] == 1 && scores[1] == 1;
}

}  // namespace memento::search
