// The only file that knows embind, in the project's convention (every module's
// bindings.cpp): plain functions over heap addresses (uintptr_t) and unsigned
// lengths and counts, each returning an int status (0 ok, else a Status of
// status.h); results other than words in a caller's buffer (a handle, a
// count) go through out-pointers, the last parameters. worker/search-ops.js
// wraps them into the idiomatic API with worker/wasm-heap.js and
// worker/wasm-status.js. Indexes live in a handle table so JS holds plain
// integers, never embind objects to .delete().
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/bindings.h"
#include "search/index.h"
#include "search/myers.h"
#include "search/self_test.h"
#include "search/status.h"
#include "search/text_index.h"

using memento::search::Index;
using memento::search::Status;
using memento::search::TextIndex;
using memento::search::TextSpans;

namespace {

std::vector<std::unique_ptr<TextIndex>> indexes;
// The code points index_find_unknown found, until index_take_unknown copies them out.
std::vector<std::uint32_t> unknown_code_points;

template <typename T>
T* at(std::uintptr_t address) {
  return reinterpret_cast<T*>(address);
}

int code(Status status) { return static_cast<int>(status); }

// For a call whose answer is one number: writes it to *out and answers ok.
int answer(std::uintptr_t out, std::uint32_t value) {
  *at<std::uint32_t>(out) = value;
  return code(Status::ok);
}

TextIndex* find_text(unsigned handle) {
  return handle >= 1 && handle <= indexes.size() ? indexes[handle - 1].get() : nullptr;
}

Index* find(unsigned handle) {
  TextIndex* text_index = find_text(handle);
  return text_index ? &text_index->index : nullptr;
}

// ok, or which of position and position + count lies past the index's end.
Status check_span(const Index& index, unsigned position, unsigned count) {
  if (position > index.note_count()) return Status::position_out_of_range;
  if (count > index.note_count() - position) return Status::count_out_of_range;
  return Status::ok;
}

// Writes the new index's handle (1, 2, ...; a destroyed one's is reused) to *out_handle.
int index_create(std::uintptr_t out_handle) {
  unsigned handle = 0;
  for (std::size_t i = 0; i < indexes.size() && handle == 0; ++i) {
    if (!indexes[i]) {
      indexes[i] = std::make_unique<TextIndex>();
      handle = static_cast<unsigned>(i + 1);
    }
  }
  if (handle == 0) {
    indexes.push_back(std::make_unique<TextIndex>());
    handle = static_cast<unsigned>(indexes.size());
  }
  return answer(out_handle, handle);
}
MEMENTO_EXPORT(index_create)

// Releases an index (an unknown handle is ignored). It cannot fail, so it
// returns nothing.
void index_destroy(unsigned handle) {
  if (find(handle)) indexes[handle - 1].reset();
}
MEMENTO_EXPORT(index_destroy)

// Appends `count` entries; they take the next ids in order (the JS vocabulary
// numbers them the same way), so there is no result to return.
int index_add_entries(unsigned handle, std::uintptr_t chars, std::uintptr_t lengths, unsigned count) {
  Index* index = find(handle);
  if (!index) return code(Status::unknown_index);
  index->add_entries(at<std::uint32_t>(chars), at<std::uint32_t>(lengths), count);
  return code(Status::ok);
}
MEMENTO_EXPORT(index_add_entries)

int index_insert_notes(unsigned handle, unsigned position, unsigned count) {
  Index* index = find(handle);
  if (!index) return code(Status::unknown_index);
  if (position > index->note_count()) return code(Status::position_out_of_range);
  index->insert_notes(position, count);
  return code(Status::ok);
}
MEMENTO_EXPORT(index_insert_notes)

int index_remove_notes(unsigned handle, unsigned position, unsigned count) {
  Index* index = find(handle);
  if (!index) return code(Status::unknown_index);
  const Status span = check_span(*index, position, count);
  if (span != Status::ok) return code(span);
  index->remove_notes(position, count);
  return code(Status::ok);
}
MEMENTO_EXPORT(index_remove_notes)

int index_set_notes(unsigned handle, unsigned position, unsigned count, std::uintptr_t entries,
                    std::uintptr_t entry_counts) {
  Index* index = find(handle);
  if (!index) return code(Status::unknown_index);
  const Status span = check_span(*index, position, count);
  if (span != Status::ok) return code(span);
  // The span is right, so a refusal can only be an entry id the index lacks.
  if (!index->set_notes(position, count, at<std::uint32_t>(entries), at<std::uint32_t>(entry_counts))) {
    return code(Status::unknown_entry);
  }
  return code(Status::ok);
}
MEMENTO_EXPORT(index_set_notes)

// The texts' non-ASCII code points that have no fold yet, each reported once:
// writes their number to *out_count; index_take_unknown copies them out. The
// texts are `count` TextSpans (title and body offset and length pairs, as
// uint32) over bytes[0 .. size).
int index_find_unknown(unsigned handle, std::uintptr_t bytes, unsigned size, std::uintptr_t texts, unsigned count,
                       std::uintptr_t out_count) {
  TextIndex* index = find_text(handle);
  if (!index) return code(Status::unknown_index);
  const TextSpans* spans = at<const TextSpans>(texts);
  const Status checked = TextIndex::check_spans(spans, count, size);
  if (checked != Status::ok) return code(checked);
  unknown_code_points.clear();
  index->find_unknown(at<const std::uint8_t>(bytes), spans, count, unknown_code_points);
  return answer(out_count, static_cast<std::uint32_t>(unknown_code_points.size()));
}
MEMENTO_EXPORT(index_find_unknown)

// Copies the code points the last index_find_unknown found (`count` of them) to `out`.
int index_take_unknown(std::uintptr_t out, unsigned count) {
  if (count != unknown_code_points.size()) return code(Status::count_out_of_range);
  std::copy(unknown_code_points.begin(), unknown_code_points.end(), at<std::uint32_t>(out));
  unknown_code_points.clear();
  return code(Status::ok);
}
MEMENTO_EXPORT(index_take_unknown)

// The folds of `count` code points: lengths[i] folded code points each, back
// to back in `folded` (0 for one that is no letter or digit), or lengths[i] =
// 0xffffffff for a code point that folds by context (its notes fold in JS).
int index_set_folds(unsigned handle, std::uintptr_t code_points, std::uintptr_t lengths, std::uintptr_t folded,
                    unsigned count) {
  TextIndex* index = find_text(handle);
  if (!index) return code(Status::unknown_index);
  const std::uint32_t* cps = at<const std::uint32_t>(code_points);
  const std::uint32_t* length = at<const std::uint32_t>(lengths);
  const std::uint32_t* out = at<const std::uint32_t>(folded);
  for (unsigned i = 0; i < count; ++i) {
    if (length[i] == 0xffffffffu) {
      index->folds.set_contextual(cps[i]);
    } else {
      index->folds.set(cps[i], out, length[i]);
      out += length[i];
    }
  }
  return code(Status::ok);
}
MEMENTO_EXPORT(index_set_folds)

// Sets the words of notes position .. position + count - 1 from their texts
// (as index_find_unknown's), in order; writes how many it set to *out_done:
// fewer than count when the next note folds in JS (index_set_folded).
int index_set_texts(unsigned handle, unsigned position, unsigned count, std::uintptr_t bytes, unsigned size,
                    std::uintptr_t texts, bool per_note, std::uintptr_t out_done) {
  TextIndex* index = find_text(handle);
  if (!index) return code(Status::unknown_index);
  const Status span = check_span(index->index, position, count);
  if (span != Status::ok) return code(span);
  const TextSpans* spans = at<const TextSpans>(texts);
  const Status checked = TextIndex::check_spans(spans, count, size);
  if (checked != Status::ok) return code(checked);
  return answer(out_done, index->set_texts(position, count, at<const std::uint8_t>(bytes), spans, per_note));
}
MEMENTO_EXPORT(index_set_texts)

// Sets the words of note `position` from its folded code points (`length`
// of them, 0 between words), as JS folded them.
int index_set_folded(unsigned handle, unsigned position, std::uintptr_t folded, unsigned length, bool per_note) {
  TextIndex* index = find_text(handle);
  if (!index) return code(Status::unknown_index);
  const Status span = check_span(index->index, position, 1);
  if (span != Status::ok) return code(span);
  index->set_folded(position, at<const std::uint32_t>(folded), length, per_note);
  return code(Status::ok);
}
MEMENTO_EXPORT(index_set_folded)

// Writes the number of character ids the index gave out to *out_size.
int index_alphabet_size(unsigned handle, std::uintptr_t out_size) {
  const TextIndex* index = find_text(handle);
  return index ? answer(out_size, index->vocabulary.alphabet_size()) : code(Status::unknown_index);
}
MEMENTO_EXPORT(index_alphabet_size)

// Writes the code points of character ids from + 1 .. from + count to `out`
// (the JS side maps a query's code points to these ids).
int index_alphabet(unsigned handle, unsigned from, unsigned count, std::uintptr_t out) {
  TextIndex* index = find_text(handle);
  if (!index) return code(Status::unknown_index);
  if (from > index->vocabulary.alphabet_size()) return code(Status::position_out_of_range);
  if (count > index->vocabulary.alphabet_size() - from) return code(Status::count_out_of_range);
  std::uint32_t* cps = at<std::uint32_t>(out);
  for (unsigned i = 0; i < count; ++i) cps[i] = index->vocabulary.code_point(from + 1 + i);
  return code(Status::ok);
}
MEMENTO_EXPORT(index_alphabet)

// Writes the number of notes to *out_count.
int index_note_count(unsigned handle, std::uintptr_t out_count) {
  const Index* index = find(handle);
  return index ? answer(out_count, index->note_count()) : code(Status::unknown_index);
}
MEMENTO_EXPORT(index_note_count)

// Writes the matching positions and scores (arrays of note-count capacity)
// and their number to *out_found.
int index_search(unsigned handle, std::uintptr_t chars, std::uintptr_t lengths, unsigned term_count,
                 std::uintptr_t positions, std::uintptr_t scores, std::uintptr_t out_found) {
  Index* index = find(handle);
  if (!index) return code(Status::unknown_index);
  return answer(out_found, index->search(at<std::uint32_t>(chars), at<std::uint32_t>(lengths), term_count,
                                         at<std::uint32_t>(positions), at<std::uint32_t>(scores)));
}
MEMENTO_EXPORT(index_search)

}  // namespace

MEMENTO_EXPORT_STATUS_AND_SELF_TEST(memento::search)
MEMENTO_EXPORT_KERNEL_VARIANT(memento::search)
