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
    // Title and body are words apart (the text's "\n" between them). An
    // ASCII one is read from its bytes; any other is folded first, both
    // before any word is added, so a note left to JS adds nothing here.
    bool ascii[2];
    size_t begin[2], end[2];
    size_t size = 0;
    for (int s = 0; s < 2; ++s) {
      const uint8_t* part = bytes + text.offset[s];
      ascii[s] = Folds::is_ascii(part, text.length[s]);
      if (ascii[s]) continue;
      begin[s] = size;
      size = folds.fold(part, text.length[s], folded_, size);
      if (size == Folds::kNoFold) break;
      end[s] = size;
      if (folded_.size() <= size) folded_.resize(size + 64);
      folded_[size++] = Folds::kSeparator;  // add_folded's end mark
    }
    if (size == Folds::kNoFold) break;
    vocabulary.begin_note(per_note, batch_);
    for (int s = 0; s < 2; ++s) {
      if (ascii[s]) {
        vocabulary.add_ascii(bytes + text.offset[s], text.length[s]);
      } else {
        vocabulary.add_folded(folded_.data() + begin[s], end[s] - begin[s]);
      }
    }
    vocabulary.end_note();
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
