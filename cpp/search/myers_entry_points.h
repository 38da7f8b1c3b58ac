// The entry points of myers.h over a build's BuildPair (myers_by_three.h says
// what a Pair has): the last include of myers_scalar.cpp and myers_simd.cpp,
// each of which defines its own BuildPair first, so the two builds share their
// definitions as they share their loops.
#pragma once

#include "search/myers.h"
#include "search/myers_by_three.h"

namespace memento::search {

void full_distances(Pattern term, const uint32_t* words, uint32_t length, size_t count, uint32_t* out) {
  full_distances_by_three<BuildPair>(term, words, length, count, out);
}

void prefix_distances(Pattern term, const uint32_t* words, uint32_t length, uint32_t steps, size_t count, uint32_t* out,
                      uint32_t* last) {
  prefix_distances_by_three<BuildPair>(term, words, length, steps, count, out, last);
}

}  // namespace memento::search
