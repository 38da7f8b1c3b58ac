// SIMD G (-msimd128 build), written with wasm_simd128.h names (SIMDe natively).
// The block XORs and copies are always v128. The permutation P runs, by default,
// in scalar i64 code (g_scalar.h: wasm's native i64.mul and i64.rotr): in
// Chromium 156 and Firefox ESR 153 that beats both SIMD variants below (two G
// mixings side by side in one i64x2, the layout of the reference SSE code; or
// half SIMD, half scalar), which only Node's older V8 preferred. NOTES.md has
// the A/B numbers of every variant in each engine.
//
// A/B switches (each is one -D away; the defaults are the measured winners;
// every value is compiled and tested by a native build, tests/cpp/argon2.cmake):
//   MEMENTO_ARGON2_PASS_STYLE  how P is computed
//       3: (default) all scalar (SIMD only for the 1 KiB XORs and copies)
//       4: rows/columns two at a time, one SIMD and one scalar, interleaved
//       0: all SIMD
//   MEMENTO_ARGON2_ROTATE_STYLE  rotations in SIMD code
//       2: (default) by 32 with one i32x4 shuffle, by 24/16 with two shifts and an OR
//       0: two shifts and an OR for every amount
//       1: by 32/24/16 with shuffles (i32x4 / i8x16)
//     (by 63 is always shr 63 OR x + x)
//   MEMENTO_ARGON2_MUL_STYLE  lo32(a) * lo32(b) in SIMD code
//       0: (default) u64x2.extmul_low_u32x4 of both operands gathered with i32x4.shuffle(0,2,0,2)
//       1: paired: the two G pairs of a step side by side, one i32x4.shuffle(x0,x1,0,2,4,6)
//          per operand for both multiplies, then extmul_low and extmul_high
//       2: i64x2.mul of words masked to 32 bits
#include <utility>

#include "argon2/fill_block.h"
#include "argon2/g_scalar.h"
#include "common/simd.h"

#ifndef MEMENTO_ARGON2_PASS_STYLE
#define MEMENTO_ARGON2_PASS_STYLE 3
#endif
#ifndef MEMENTO_ARGON2_ROTATE_STYLE
#define MEMENTO_ARGON2_ROTATE_STYLE 2
#endif
#ifndef MEMENTO_ARGON2_MUL_STYLE
#define MEMENTO_ARGON2_MUL_STYLE 0
#endif

namespace memento::argon2 {
namespace {

#if defined(__clang__)
#define MEMENTO_ARGON2_UNROLL_8 _Pragma("clang loop unroll_count(8)")
#else
#define MEMENTO_ARGON2_UNROLL_8
#endif

static_assert(MEMENTO_ARGON2_PASS_STYLE == 0 || MEMENTO_ARGON2_PASS_STYLE == 3 || MEMENTO_ARGON2_PASS_STYLE == 4,
              "MEMENTO_ARGON2_PASS_STYLE: 0, 3 or 4");
static_assert(MEMENTO_ARGON2_ROTATE_STYLE >= 0 && MEMENTO_ARGON2_ROTATE_STYLE <= 2,
              "MEMENTO_ARGON2_ROTATE_STYLE: 0, 1 or 2");
static_assert(MEMENTO_ARGON2_MUL_STYLE >= 0 && MEMENTO_ARGON2_MUL_STYLE <= 2, "MEMENTO_ARGON2_MUL_STYLE: 0, 1 or 2");

// Scalar twin: scalar::rotr64.
template <int kBits>
inline v128_t rotr64(v128_t x) {
  constexpr int kStyle = MEMENTO_ARGON2_ROTATE_STYLE;
  if constexpr (kBits == 32 && kStyle != 0) {
    return wasm_i32x4_shuffle(x, x, 1, 0, 3, 2);
  } else if constexpr (kBits == 24 && kStyle == 1) {
    return wasm_i8x16_shuffle(x, x, 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
  } else if constexpr (kBits == 16 && kStyle == 1) {
    return wasm_i8x16_shuffle(x, x, 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
  } else if constexpr (kBits == 63) {
    return wasm_v128_or(wasm_u64x2_shr(x, 63), wasm_i64x2_add(x, x));
  } else {
    return wasm_v128_or(wasm_u64x2_shr(x, kBits), wasm_i64x2_shl(x, 64 - kBits));
  }
}

// a + b + 2 * product: scalar twin scalar::blamka.
inline v128_t blamka_sum(v128_t a, v128_t b, v128_t product) {
  return wasm_i64x2_add(wasm_i64x2_add(a, b), wasm_i64x2_add(product, product));
}

// lo32(a) * lo32(b) as full 64-bit products, in both lanes.
inline v128_t mul_lo32(v128_t a, v128_t b) {
#if MEMENTO_ARGON2_MUL_STYLE == 2
  // V8 has no native 64x64 SIMD multiply on x64 and expands i64x2.mul to three
  // pmuludq plus shifts and adds.
  const v128_t low32 = wasm_i64x2_splat(0xffffffffLL);
  return wasm_i64x2_mul(wasm_v128_and(a, low32), wasm_v128_and(b, low32));
#else
  // extmul_low takes u32 lanes 0 and 1, so first gather the low halves of both
  // 64-bit words there (lanes 0 and 2).
  return wasm_u64x2_extmul_low_u32x4(wasm_i32x4_shuffle(a, a, 0, 2, 0, 2), wasm_i32x4_shuffle(b, b, 0, 2, 0, 2));
#endif
}

inline v128_t blamka(v128_t a, v128_t b) { return blamka_sum(a, b, mul_lo32(a, b)); }

// Two blamka at once: a0 = blamka(a0, b0), a1 = blamka(a1, b1), with one
// gathering shuffle per operand pair instead of one per operand.
inline void blamka_paired(v128_t& a0, v128_t b0, v128_t& a1, v128_t b1) {
  const v128_t la = wasm_i32x4_shuffle(a0, a1, 0, 2, 4, 6);
  const v128_t lb = wasm_i32x4_shuffle(b0, b1, 0, 2, 4, 6);
  a0 = blamka_sum(a0, b0, wasm_u64x2_extmul_low_u32x4(la, lb));
  a1 = blamka_sum(a1, b1, wasm_u64x2_extmul_high_u32x4(la, lb));
}

// Scalar twin: scalar::g_mix. Each lane of a, b, c, d is one of two independent G calls.
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

#if MEMENTO_ARGON2_MUL_STYLE == 1
// Half of G on both pairs: a += b (BlaMka); d = (d ^ a) >>> first; c += d; b = (b ^ c) >>> second.
template <int first, int second>
inline void half_g_paired(v128_t& a0, v128_t& b0, v128_t& c0, v128_t& d0, v128_t& a1, v128_t& b1, v128_t& c1,
                          v128_t& d1) {
  blamka_paired(a0, b0, a1, b1);
  d0 = rotr64<first>(wasm_v128_xor(d0, a0));
  d1 = rotr64<first>(wasm_v128_xor(d1, a1));
  blamka_paired(c0, d0, c1, d1);
  b0 = rotr64<second>(wasm_v128_xor(b0, c0));
  b1 = rotr64<second>(wasm_v128_xor(b1, c1));
}
#endif

// Four G mixings: (a0, b0, c0, d0) and (a1, b1, c1, d1), two lanes each.
inline void g_mix_four(v128_t& a0, v128_t& b0, v128_t& c0, v128_t& d0, v128_t& a1, v128_t& b1, v128_t& c1, v128_t& d1) {
#if MEMENTO_ARGON2_MUL_STYLE == 1
  half_g_paired<32, 24>(a0, b0, c0, d0, a1, b1, c1, d1);
  half_g_paired<16, 63>(a0, b0, c0, d0, a1, b1, c1, d1);
#else
  g_mix_two_lanes(a0, b0, c0, d0);
  g_mix_two_lanes(a1, b1, c1, d1);
#endif
}

// The four words of a register pair turned by one word: left (x0 x1 x2 x3 ->
// x1 x2 x3 x0) or right (-> x3 x0 x1 x2).
inline void turn_left(v128_t& lo, v128_t& hi) {
  const v128_t t = wasm_i64x2_shuffle(lo, hi, 1, 2);
  hi = wasm_i64x2_shuffle(hi, lo, 1, 2);
  lo = t;
}

// Left then the two registers swapped: (x1 x2 x3 x0) -> (x3 x0 x1 x2).
inline void turn_right(v128_t& lo, v128_t& hi) {
  turn_left(lo, hi);
  std::swap(lo, hi);
}

// P on 16 words held as 8 registers: a0 = (w0, w1), a1 = (w2, w3), b0 = (w4, w5) ...
// The column step mixes (w0,w4,w8,w12) and (w1,w5,w9,w13) in a0/b0/c0/d0, the
// diagonal step needs (w0,w5,w10,w15) and (w1,w6,w11,w12): rotate b, c, d by
// one, two and three words across their register pairs, then rotate back.
// After it, b holds (w5, w6), (w7, w4) and d (w15, w12), (w13, w14).
inline void diagonalize(v128_t& b0, v128_t& b1, v128_t& d0, v128_t& d1) {
  turn_left(b0, b1);
  turn_right(d0, d1);
}

inline void undiagonalize(v128_t& b0, v128_t& b1, v128_t& d0, v128_t& d1) {
  turn_right(b0, b1);
  turn_left(d0, d1);
}

inline void blamka_round(v128_t& a0, v128_t& a1, v128_t& b0, v128_t& b1, v128_t& c0, v128_t& c1, v128_t& d0,
                         v128_t& d1) {
  g_mix_four(a0, b0, c0, d0, a1, b1, c1, d1);
  diagonalize(b0, b1, d0, d1);
  // c rotates by two words: just swap the registers.
  g_mix_four(a0, b0, c1, d0, a1, b1, c0, d1);
  undiagonalize(b0, b1, d0, d1);
}

// Two P side by side, one on 8 SIMD registers and one on 16 scalar i64 locals,
// interleaved so that the vector and the integer units work together.
[[gnu::always_inline]] inline void mix_simd_and_scalar(v128_t (&x)[8], std::uint64_t (&w)[16]) {
  g_mix_four(x[0], x[2], x[4], x[6], x[1], x[3], x[5], x[7]);
  scalar::column_step(w);
  diagonalize(x[2], x[3], x[6], x[7]);
  g_mix_four(x[0], x[2], x[5], x[6], x[1], x[3], x[4], x[7]);
  scalar::diagonal_step(w);
  undiagonalize(x[2], x[3], x[6], x[7]);
}

// Rows or columns (kStride 2 or 16 words between registers) `simd_base` and
// `scalar_base` of the work block, in place.
template <unsigned kStride>
inline void permute_simd_and_scalar(std::uint64_t* simd_base, std::uint64_t* scalar_base) {
  v128_t x[8];
  std::uint64_t w[16];
  for (unsigned j = 0; j < 8; ++j) x[j] = wasm_v128_load(simd_base + j * kStride);
  for (unsigned j = 0; j < 16; ++j) w[j] = scalar_base[(j / 2) * kStride + (j % 2)];
  mix_simd_and_scalar(x, w);
  for (unsigned j = 0; j < 8; ++j) wasm_v128_store(simd_base + j * kStride, x[j]);
  for (unsigned j = 0; j < 16; ++j) scalar_base[(j / 2) * kStride + (j % 2)] = w[j];
}

// One P in SIMD over the 8 registers kStride words apart (2: a row, 16: a column):
// loaded into locals, mixed, stored back.
template <unsigned kStride>
inline void permute_simd(std::uint64_t* base) {
  v128_t x[8];
  for (unsigned j = 0; j < 8; ++j) x[j] = wasm_v128_load(base + j * kStride);
  blamka_round(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
  for (unsigned j = 0; j < 8; ++j) wasm_v128_store(base + j * kStride, x[j]);
}

}  // namespace

void fill_block(const Block& prev, const Block& ref, Block& next, bool with_xor) {
  touch_cache_lines(ref);
  Block r;
  Block keep;  // X ^ Y (and the old block in later passes), XORed back at the end
  // Two loops rather than one with a select inside: a few percent in V8.
  if (with_xor) {
    MEMENTO_ARGON2_UNROLL_8
    for (unsigned k = 0; k < kBlockWords; k += 2) {
      const v128_t x = wasm_v128_xor(wasm_v128_load(&prev.v[k]), wasm_v128_load(&ref.v[k]));
      wasm_v128_store(&r.v[k], x);
      wasm_v128_store(&keep.v[k], wasm_v128_xor(x, wasm_v128_load(&next.v[k])));
    }
  } else {
    MEMENTO_ARGON2_UNROLL_8
    for (unsigned k = 0; k < kBlockWords; k += 2) {
      const v128_t x = wasm_v128_xor(wasm_v128_load(&prev.v[k]), wasm_v128_load(&ref.v[k]));
      wasm_v128_store(&r.v[k], x);
      wasm_v128_store(&keep.v[k], x);
    }
  }
  // Register k holds words 2k and 2k+1. Row i is registers 8i..8i+7;
  // column i is registers i, i+8, ..., i+56.
  if constexpr (MEMENTO_ARGON2_PASS_STYLE == 4) {
    for (unsigned i = 0; i < 8; i += 2) permute_simd_and_scalar<2>(&r.v[16 * i], &r.v[16 * i + 16]);
    for (unsigned i = 0; i < 8; i += 2) permute_simd_and_scalar<16>(&r.v[2 * i], &r.v[2 * i + 2]);
  } else if constexpr (MEMENTO_ARGON2_PASS_STYLE == 3) {
    for (unsigned i = 0; i < 8; ++i) scalar::permute<2>(&r.v[16 * i]);
    for (unsigned i = 0; i < 8; ++i) scalar::permute<16>(&r.v[2 * i]);
  } else {
    for (unsigned i = 0; i < 8; ++i) permute_simd<2>(&r.v[16 * i]);
    for (unsigned i = 0; i < 8; ++i) permute_simd<16>(&r.v[2 * i]);
  }
  MEMENTO_ARGON2_UNROLL_8
  for (unsigned k = 0; k < kBlockWords; k += 2) {
    wasm_v128_store(&next.v[k], wasm_v128_xor(wasm_v128_load(&keep.v[k]), wasm_v128_load(&r.v[k])));
  }
}

}  // namespace memento::argon2
