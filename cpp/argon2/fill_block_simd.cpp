// SIMD G: two G mixings side by side in one v128 (i64x2), the layout of the
// reference SSE code, written with wasm_simd128.h names (SIMDe natively).
//
// A/B switches (see NOTES.md; each is one -D away):
//   MEMENTO_ARGON2_ROTATE_SHUFFLE=1  rotate by 32/24/16 with shuffles instead of shifts
//   MEMENTO_ARGON2_MUL_MASKED=1      lo32*lo32 as i64x2.mul of masked words instead of
//                                    u64x2.extmul_low_u32x4 of shuffled words
#include "argon2/fill_block.h"
#include "common/simd.h"

#ifndef MEMENTO_ARGON2_ROTATE_SHUFFLE
#define MEMENTO_ARGON2_ROTATE_SHUFFLE 0
#endif
#ifndef MEMENTO_ARGON2_MUL_MASKED
#define MEMENTO_ARGON2_MUL_MASKED 0
#endif

namespace memento::argon2 {
namespace {

// Scalar twin: rotr64 in fill_block_scalar.cpp.
template <int kBits>
inline v128_t rotr64_by_shifts(v128_t x) {
  // Two shifts and an OR: V8 lowers a general byte shuffle to about ten x64
  // instructions when it cannot match a pattern, shifts are one each.
  return wasm_v128_or(wasm_u64x2_shr(x, kBits), wasm_i64x2_shl(x, 64 - kBits));
}

template <int kBits>
inline v128_t rotr64_by_shuffle(v128_t x) {
  if constexpr (kBits == 32) {
    return wasm_i32x4_shuffle(x, x, 1, 0, 3, 2);
  } else if constexpr (kBits == 24) {
    return wasm_i8x16_shuffle(x, x, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
  } else if constexpr (kBits == 16) {
    return wasm_i8x16_shuffle(x, x, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
  } else {
    return rotr64_by_shifts<kBits>(x);
  }
}

template <int kBits>
inline v128_t rotr64(v128_t x) {
#if MEMENTO_ARGON2_ROTATE_SHUFFLE
  return rotr64_by_shuffle<kBits>(x);
#else
  return rotr64_by_shifts<kBits>(x);
#endif
}

// lo32(a) * lo32(b) as full 64-bit products, in both lanes.
inline v128_t mul_lo32(v128_t a, v128_t b) {
#if MEMENTO_ARGON2_MUL_MASKED
  // V8 has no native 64x64 SIMD multiply on x64 and expands i64x2.mul to three
  // pmuludq plus shifts; kept as the alternative because ARM64 may differ.
  const v128_t low32 = wasm_i64x2_splat(0xffffffffLL);
  return wasm_i64x2_mul(wasm_v128_and(a, low32), wasm_v128_and(b, low32));
#else
  // extmul_low takes u32 lanes 0 and 1, so first gather the low halves of both
  // 64-bit words there (lanes 0 and 2); this maps to one pmuludq on x64.
  return wasm_u64x2_extmul_low_u32x4(wasm_i32x4_shuffle(a, a, 0, 2, 0, 2),
                                     wasm_i32x4_shuffle(b, b, 0, 2, 0, 2));
#endif
}

// Scalar twin: blamka() in fill_block_scalar.cpp.
inline v128_t blamka(v128_t a, v128_t b) {
  const v128_t product = mul_lo32(a, b);
  return wasm_i64x2_add(wasm_i64x2_add(a, b), wasm_i64x2_add(product, product));
}

// Scalar twin: g_mix(). Each lane of a, b, c, d is one of two independent G calls.
inline void g_mix_two_lanes(v128_t& a, v128_t& b, v128_t& c, v128_t& d) {
  a = blamka(a, b);
  d = rotr64<32>(wasm_v128_xor(d, a));
  c = blamka(c, d);
  b = rotr64<24>(wasm_v128_xor(b, c));
  a = blamka(a, b);
  d = rotr64<16>(wasm_v128_xor(d, a));
  c = blamka(c, d);
  b = rotr64<63>(wasm_v128_xor(b, c));
}

// P on 16 words held as 8 registers: a0 = (w0, w1), a1 = (w2, w3), b0 = (w4, w5) ...
// The column step mixes (w0,w4,w8,w12) and (w1,w5,w9,w13) in a0/b0/c0/d0, the
// diagonal step needs (w0,w5,w10,w15) and (w1,w6,w11,w12): rotate b, c, d by
// one, two and three words across their register pairs, then rotate back.
inline void blamka_round(v128_t& a0, v128_t& a1, v128_t& b0, v128_t& b1, v128_t& c0, v128_t& c1,
                         v128_t& d0, v128_t& d1) {
  g_mix_two_lanes(a0, b0, c0, d0);
  g_mix_two_lanes(a1, b1, c1, d1);

  v128_t t0 = wasm_i64x2_shuffle(b0, b1, 1, 2);  // (w5, w6)
  v128_t t1 = wasm_i64x2_shuffle(b1, b0, 1, 2);  // (w7, w4)
  b0 = t0;
  b1 = t1;
  t0 = wasm_i64x2_shuffle(d1, d0, 1, 2);  // (w15, w12)
  t1 = wasm_i64x2_shuffle(d0, d1, 1, 2);  // (w13, w14)
  d0 = t0;
  d1 = t1;
  // c rotates by two words: just swap the registers.
  g_mix_two_lanes(a0, b0, c1, d0);
  g_mix_two_lanes(a1, b1, c0, d1);

  t0 = wasm_i64x2_shuffle(b1, b0, 1, 2);  // (w4, w5)
  t1 = wasm_i64x2_shuffle(b0, b1, 1, 2);  // (w6, w7)
  b0 = t0;
  b1 = t1;
  t0 = wasm_i64x2_shuffle(d0, d1, 1, 2);  // (w12, w13)
  t1 = wasm_i64x2_shuffle(d1, d0, 1, 2);  // (w14, w15)
  d0 = t0;
  d1 = t1;
}

}  // namespace

void fill_block(const Block& prev, const Block& ref, Block& next, bool with_xor) {
  v128_t r[64];
  v128_t keep[64];
  for (unsigned k = 0; k < 64; ++k) {
    r[k] = wasm_v128_xor(wasm_v128_load(&prev.v[2 * k]), wasm_v128_load(&ref.v[2 * k]));
    keep[k] = with_xor ? wasm_v128_xor(r[k], wasm_v128_load(&next.v[2 * k])) : r[k];
  }
  // Row i is registers 8i..8i+7; column i is registers i, i+8, ..., i+56.
  for (unsigned i = 0; i < 8; ++i) {
    v128_t* x = &r[8 * i];
    blamka_round(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
  }
  for (unsigned i = 0; i < 8; ++i) {
    v128_t* x = &r[i];
    blamka_round(x[0], x[8], x[16], x[24], x[32], x[40], x[48], x[56]);
  }
  for (unsigned k = 0; k < 64; ++k) wasm_v128_store(&next.v[2 * k], wasm_v128_xor(keep[k], r[k]));
}

}  // namespace memento::argon2
