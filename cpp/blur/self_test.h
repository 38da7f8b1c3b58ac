#pragma once

namespace memento::blur {

// Known answers, run by each worker right after instantiating the module: an
// engine that validates SIMD yet computes it wrongly fails here.
bool self_test();

}  // namespace memento::blur
