#include "search/text_index.h"

namespace memento::search {

Status TextIndex::check_spans(const TextSpans* texts, uint32_t count, size_t size) {
  for (uint32_t i = 0; i < count; ++i) {
    for (int s = 0; s < 2; ++s) {
      if (texts[i].offset[s] > size || texts[i].length[s] > size - texts[i].offset[s]) return Status::text_out_of_range;
    }
  }
  return Status::ok;
}

void TextIndex::find_unknown(const uint8_t* bytes, const TextSpans* texts, uint32_t count,
                             std::vector<uint32_t>& unknown) {
  for (uint32_t i = 0; i < count; ++i) {
    for (int s = 0; s < 2; ++s) folds.find_unknown(bytes + texts[i].offset[s], texts[i].length[s], unknown);
  }
}

uint32_t TextIndex::set_texts(uint32_t position, uint32_t count, const uint8_t* bytes, const TextSpans* texts,
                              bool per_note) {
  batch_.clear();
  uint32_t done = 0;
  for (; done < count; ++done) {
    const TextSpans& text = texts[done];
    // Title, a separator (the "\n"), body.
    size_t size = folds.fold(bytes + text.offset[0], text.length[0], folded_, 0);
    if (size == Folds::kNoFold) break;
    if (folded_.size() <= size) folded_.resize(size + 64);
    folded_[size++] = Folds::kSeparator;
    size = folds.fold(bytes + text.offset[1], text.length[1], folded_, size);
    if (size == Folds::kNoFold) break;
    if (folded_.size() <= size) folded_.resize(size + 64);
    folded_[size] = Folds::kSeparator;  // add_note's end mark
    vocabulary.add_note(folded_.data(), size, per_note, batch_);
  }
  commit(position, done);
  return done;
}

void TextIndex::set_folded(uint32_t position, const uint32_t* folded, size_t length, bool per_note) {
  batch_.clear();
  // Copied for add_note's end mark (a rare note: one with a capital sigma).
  folded_.assign(folded, folded + length);
  folded_.push_back(Folds::kSeparator);
  vocabulary.add_note(folded_.data(), length, per_note, batch_);
  commit(position, 1);
}

void TextIndex::commit(uint32_t position, uint32_t count) {
  for (uint32_t id = index.code_point_count(); id <= vocabulary.alphabet_size(); ++id) {
    index.set_code_point(id, vocabulary.code_point(id));
  }
  if (!batch_.fresh_lengths.empty()) {
    index.add_entries(batch_.fresh_chars.data(), batch_.fresh_lengths.data(),
                      static_cast<uint32_t>(batch_.fresh_lengths.size()), batch_.fresh_words.data());
  }
  if (count > 0) index.set_notes(position, count, batch_.entries.data(), batch_.counts.data());
}

}  // namespace memento::search
