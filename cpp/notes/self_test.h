// Known-answer test run by the worker right after instantiating the module:
// some engines report wasm SIMD yet compute it wrongly, and then the worker
// falls back to the scalar build (or libsodium).
#pragma once

namespace memento::notes {

// Every primitive on this build (SIMD paths included): 300 bytes take the
// four-block ChaCha20 path; the expected tags come from libsodium.
bool self_test();

}  // namespace memento::notes
