// The index's contents: entries (words grouped by length), the code points
// of character ids, and the notes with their words, edited in place
// (index.h). Scanning a term is index_scan.cpp; ranking the notes, index_rank.cpp.
#include <algorithm>

#include "search/index.h"

namespace memento::search {

uint32_t Index::add_entries(const uint32_t* chars, const uint32_t* lengths, uint32_t count, const uint32_t* words) {
  const uint32_t first = entry_count();
  uint32_t max_id = 0;
  if (filtering_ && size_t{first} + count > kMaxFilteredEntries) {
    filtering_ = false;
    std::vector<std::vector<uint64_t>>().swap(begins_);
  }
  // Each set grows once per call, not once per 64 entries: 256 sets resized
  // every 64th entry were 4% of a build's instructions.
  const size_t blocks = (size_t{first} + count + 63) / 64;
  if (filtering_ && begins_[0].size() < blocks) {
    for (std::vector<uint64_t>& set : begins_) set.resize(blocks, 0);
  }
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t length = lengths[i];
    if (groups_.size() <= length) groups_.resize(length + 1);
    Group& group = groups_[length];
    entry_length_.push_back(length);
    entry_offset_.push_back(static_cast<uint32_t>(group.ids.size()));
    const uint32_t word = words ? words[i] : first + i;
    entry_word_.push_back(word);
    if (word_notes_.size() <= word) word_notes_.resize(word + 1, 0);
    group.ids.push_back(first + i);
    group.chars.insert(group.chars.end(), chars, chars + length);
    const uint32_t entry = first + i;
    for (uint32_t j = 0; filtering_ && j < std::min(length, kSigChars); ++j) {
      for (uint32_t s = j < kSigChars - kSigs ? 0 : j - (kSigChars - kSigs); s < kSigs; ++s) {
        begins_[(chars[j] & (kBuckets - 1)) * kSigs + s][entry / 64] |= uint64_t{1} << (entry % 64);
      }
    }
    for (uint32_t j = 0; j < length; ++j) max_id = std::max(max_id, chars[j]);
    chars += length;
  }
  postings_.resize(entry_count());
  if (peq_.size() <= max_id) peq_.resize(max_id + 1, 0);
  changed();
  return first;
}

void Index::set_code_point(uint32_t id, uint32_t code_point) {
  if (code_points_.size() <= id) code_points_.resize(id + 1, 0);
  code_points_[id] = code_point;
  changed();
}

void Index::insert_notes(uint32_t position, uint32_t count) {
  position = std::min(position, note_count());
  std::vector<uint32_t> slots(count);
  for (uint32_t& slot : slots) {
    if (!free_slots_.empty()) {
      slot = free_slots_.back();
      free_slots_.pop_back();
    } else {
      slot = static_cast<uint32_t>(slot_entries_.size());
      slot_entries_.emplace_back();
      slot_word_counts_.push_back(0);
    }
  }
  order_.insert(order_.begin() + position, slots.begin(), slots.end());
  changed();
}

void Index::remove_notes(uint32_t position, uint32_t count) {
  if (position >= note_count()) return;
  count = std::min(count, note_count() - position);
  const uint32_t none = 0;
  for (uint32_t i = 0; i < count; ++i) set_notes(position + i, 1, nullptr, &none);
  free_slots_.insert(free_slots_.end(), order_.begin() + position, order_.begin() + position + count);
  order_.erase(order_.begin() + position, order_.begin() + position + count);
  changed();
}

bool Index::set_notes(uint32_t position, uint32_t count, const uint32_t* entries, const uint32_t* entry_counts) {
  if (position > note_count() || count > note_count() - position) return false;
  size_t total = 0;
  for (uint32_t i = 0; i < count; ++i) total += entry_counts[i];
  for (size_t e = 0; e < total; ++e) {
    if (entries[e] >= entry_count()) return false;
  }
  // A batch (a whole corpus, say) grows each posting list at most once, not
  // by doubling as it goes. Strings are set a 1 MiB chunk at a time (8
  // batches for the bench's corpus, each with fewer entries than 4 x the
  // vocabulary, the old threshold): the lists then grew by push_back, most of
  // them several times a batch, and in wasm each growth is a malloc, a copy
  // (big ones through JS) and a free. At least doubling keeps the copies
  // amortised over the batches, as push_back's growth does.
  if (total > size_t{entry_count()}) {
    std::vector<uint32_t> adds(entry_count(), 0);
    for (size_t e = 0; e < total; ++e) ++adds[entries[e]];
    for (uint32_t entry = 0; entry < entry_count(); ++entry) {
      std::vector<uint32_t>& list = postings_[entry];
      const size_t needed = list.size() + adds[entry];
      if (needed > list.capacity()) list.reserve(std::max(needed, 2 * list.capacity()));
    }
  }
  if (!slot_entries_kept_) {
    for (uint32_t i = 0; i < count; ++i) {
      if (slot_word_counts_[order_[position + i]] > 0) {
        make_slot_entries();
        break;
      }
    }
  }
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t slot = order_[position + i];
    for (uint32_t entry : slot_entries_[slot]) {
      std::vector<uint32_t>& list = postings_[entry];
      auto found = std::find(list.begin(), list.end(), slot);
      if (found != list.end()) {
        *found = list.back();
        list.pop_back();
      }
      --word_notes_[entry_word_[entry]];
    }
    if (slot_entries_kept_) slot_entries_[slot].assign(entries, entries + entry_counts[i]);
    slot_word_counts_[slot] = entry_counts[i];
    for (uint32_t e = 0; e < entry_counts[i]; ++e) {
      postings_[entries[e]].push_back(slot);
      ++word_notes_[entry_word_[entries[e]]];
    }
    entries += entry_counts[i];
  }
  changed();
  return true;
}

// Every slot's entries, from the posting lists (each pair is in both; the
// order within a slot's list does not matter: it is only searched and
// emptied).
void Index::make_slot_entries() {
  for (uint32_t slot = 0; slot < slot_entries_.size(); ++slot) {
    slot_entries_[slot].clear();
    slot_entries_[slot].reserve(slot_word_counts_[slot]);
  }
  for (uint32_t entry = 0; entry < postings_.size(); ++entry) {
    for (uint32_t slot : postings_[entry]) slot_entries_[slot].push_back(entry);
  }
  slot_entries_kept_ = true;
}

}  // namespace memento::search
