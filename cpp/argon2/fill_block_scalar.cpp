// Scalar G: the shipping fallback for engines without wasm SIMD. The
// permutation itself is in g_scalar.h, shared with fill_block_simd.cpp.
#include "argon2/fill_block.h"
#include "argon2/g_scalar.h"

namespace memento::argon2 {

void fill_block(const Block& prev, const Block& ref, Block& next, bool with_xor) {
  touch_cache_lines(ref);
  Block r;
  Block keep;  // X ^ Y (and the old block in later passes), XORed back at the end
  for (unsigned i = 0; i < kBlockWords; ++i) {
    r.v[i] = prev.v[i] ^ ref.v[i];
    keep.v[i] = with_xor ? r.v[i] ^ next.v[i] : r.v[i];
  }
  // Register k holds words 2k and 2k+1. Row i is registers 8i..8i+7;
  // column i is registers i, i+8, ..., i+56.
  for (unsigned i = 0; i < 8; ++i) scalar::permute<2>(&r.v[16 * i]);
  for (unsigned i = 0; i < 8; ++i) scalar::permute<16>(&r.v[2 * i]);
  for (unsigned i = 0; i < kBlockWords; ++i) next.v[i] = keep.v[i] ^ r.v[i];
}

}  // namespace memento::argon2
