// Known-answer test run by the worker right after instantiating the module:
// some engines report wasm SIMD yet compute it wrongly, and then the worker
// falls back to the scalar build (or libsodium).
#pragma once

namespace memento::argon2 {

// RFC 9106 section 5.3 (Argon2id, t=3, m=32 KiB, p=4 lanes, secret and ad),
// which exercises both addressing modes, every lane and H' beyond 64 bytes.
bool self_test();

}  // namespace memento::argon2
