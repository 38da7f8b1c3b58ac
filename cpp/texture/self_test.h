#pragma once

namespace memento::texture {

// Known answers (FNV-1a of the five maps, from worker/texture-spec.js) for a
// small stone wall and vault face rendered in two bands, run by each worker
// right after instantiating: an engine that validates SIMD yet computes it
// wrongly fails here.
bool self_test();

}  // namespace memento::texture
