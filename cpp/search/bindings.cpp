// The only file that knows about embind: low-level names over heap addresses,
// wrapped into the idiomatic API by worker/search-ops.js. Indexes live in a
// handle table so JS holds plain integers, never embind objects to .delete().
#include <emscripten/bind.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "search/index.h"
#include "search/myers.h"
#include "search/self_test.h"

using memento::search::Index;

namespace {

std::vector<std::unique_ptr<Index>> indexes;

template <typename T>
T* at(uintptr_t address) {
  return reinterpret_cast<T*>(address);
}

Index* find(uint32_t handle) {
  return handle >= 1 && handle <= indexes.size() ? indexes[handle - 1].get() : nullptr;
}

uint32_t index_create() {
  for (size_t i = 0; i < indexes.size(); ++i) {
    if (!indexes[i]) {
      indexes[i] = std::make_unique<Index>();
      return static_cast<uint32_t>(i + 1);
    }
  }
  indexes.push_back(std::make_unique<Index>());
  return static_cast<uint32_t>(indexes.size());
}

void index_destroy(uint32_t handle) {
  if (find(handle)) indexes[handle - 1].reset();
}

int32_t index_add_entries(uint32_t handle, uintptr_t chars, uintptr_t lengths, uint32_t count) {
  Index* index = find(handle);
  return index ? static_cast<int32_t>(index->add_entries(at<uint32_t>(chars), at<uint32_t>(lengths), count)) : -1;
}

bool index_insert_notes(uint32_t handle, uint32_t position, uint32_t count) {
  Index* index = find(handle);
  if (!index || position > index->note_count()) return false;
  index->insert_notes(position, count);
  return true;
}

bool index_remove_notes(uint32_t handle, uint32_t position, uint32_t count) {
  Index* index = find(handle);
  if (!index || position > index->note_count() || count > index->note_count() - position) return false;
  index->remove_notes(position, count);
  return true;
}

bool index_set_notes(uint32_t handle, uint32_t position, uint32_t count, uintptr_t entries, uintptr_t entry_counts) {
  Index* index = find(handle);
  return index && index->set_notes(position, count, at<uint32_t>(entries), at<uint32_t>(entry_counts));
}

int32_t index_note_count(uint32_t handle) {
  Index* index = find(handle);
  return index ? static_cast<int32_t>(index->note_count()) : -1;
}

int32_t index_search(uint32_t handle, uintptr_t chars, uintptr_t lengths, uint32_t term_count, uintptr_t positions,
                     uintptr_t scores) {
  Index* index = find(handle);
  if (!index) return -1;
  return static_cast<int32_t>(index->search(at<uint32_t>(chars), at<uint32_t>(lengths), term_count,
                                            at<uint32_t>(positions), at<uint32_t>(scores)));
}

std::string kernel_variant() { return memento::search::kernel_variant(); }

}  // namespace

EMSCRIPTEN_BINDINGS(search) {
  emscripten::function("index_create", &index_create);
  emscripten::function("index_destroy", &index_destroy);
  emscripten::function("index_add_entries", &index_add_entries);
  emscripten::function("index_insert_notes", &index_insert_notes);
  emscripten::function("index_remove_notes", &index_remove_notes);
  emscripten::function("index_set_notes", &index_set_notes);
  emscripten::function("index_note_count", &index_note_count);
  emscripten::function("index_search", &index_search);
  emscripten::function("self_test", &memento::search::self_test);
  emscripten::function("kernel_variant", &kernel_variant);
}
