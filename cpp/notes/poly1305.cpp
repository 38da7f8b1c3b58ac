#include "notes/poly1305.h"

#include "common/secure_erase.h"
#include "notes/bytes.h"

namespace memento::notes {

void poly1305_blocks_one_lane(std::uint32_t h[5], const std::uint32_t r[5], const std::uint8_t* m, std::size_t nblocks,
                              std::uint32_t hibit) {
  // The accumulator in locals for the whole loop: through the pointer, every
  // store to h could alias the message bytes and force reloads.
  std::uint32_t acc[5] = {h[0], h[1], h[2], h[3], h[4]};
  const std::uint32_t key[5] = {r[0], r[1], r[2], r[3], r[4]};
  for (; nblocks > 0; nblocks--, m += 16) poly1305_absorb(acc, key, m, hibit);
  for (int i = 0; i < 5; i++) h[i] = acc[i];
}

void poly1305_init(Poly1305& st, const std::uint8_t key[32]) {
  // r is clamped: the top four bits of bytes 3, 7, 11, 15 and the low two of 4, 8, 12 cleared.
  st.r[0] = load32_le(key) & 0x3ffffff;
  st.r[1] = (load32_le(key + 3) >> 2) & 0x3ffff03;
  st.r[2] = (load32_le(key + 6) >> 4) & 0x3ffc0ff;
  st.r[3] = (load32_le(key + 9) >> 6) & 0x3f03fff;
  st.r[4] = (load32_le(key + 12) >> 8) & 0x00fffff;
  for (int i = 0; i < 5; i++) st.h[i] = 0;
  for (int i = 0; i < 4; i++) st.pad[i] = load32_le(key + 16 + 4 * i);
  st.buflen = 0;
}

void poly1305_update(Poly1305& st, const std::uint8_t* m, std::size_t len) {
  if (st.buflen > 0) {
    std::size_t take = 16 - st.buflen < len ? 16 - st.buflen : len;
    for (std::size_t i = 0; i < take; i++) st.buf[st.buflen + i] = m[i];
    st.buflen += take;
    m += take;
    len -= take;
    if (st.buflen < 16) return;
    poly1305_blocks_one_lane(st.h, st.r, st.buf, 1, 1u << 24);
    st.buflen = 0;
  }
  if (len >= 16) {
    poly1305_blocks(st.h, st.r, m, len / 16);
    m += len & ~std::size_t{15};
    len &= 15;
  }
  for (std::size_t i = 0; i < len; i++) st.buf[i] = m[i];
  st.buflen = len;
}

void poly1305_final(Poly1305& st, std::uint8_t tag[16]) {
  std::uint32_t* h = st.h;
  if (st.buflen > 0) {
    st.buf[st.buflen] = 1;
    for (std::size_t i = st.buflen + 1; i < 16; i++) st.buf[i] = 0;
    poly1305_blocks_one_lane(h, st.r, st.buf, 1, 0);
  }
  // Three carry passes leave every limb below 2^26, so h < 2^130 exactly.
  // A lone pass is not enough: when h1 >= 2^26 and h2..h4 are all ones, its
  // carry ripples out of the top and can lift h0 to 2^26 (the test "the last
  // multiply leaves h1 = 2^26" reaches that state and fails with one pass).
  // Two suffice (after a ripple h1..h4 are small), the third costs nothing.
  for (int pass = 0; pass < 3; pass++) carry_limbs(h);
  // g = h + 5 - 2^130; keep it when it did not go negative (h >= p), in constant time.
  std::uint32_t g[5], c;
  g[0] = h[0] + 5;
  c = g[0] >> 26;
  g[0] &= kLimbMask;
  g[1] = h[1] + c;
  c = g[1] >> 26;
  g[1] &= kLimbMask;
  g[2] = h[2] + c;
  c = g[2] >> 26;
  g[2] &= kLimbMask;
  g[3] = h[3] + c;
  c = g[3] >> 26;
  g[3] &= kLimbMask;
  g[4] = h[4] + c - (1u << 26);
  const std::uint32_t keep_g = (g[4] >> 31) - 1;  // all ones when g[4] did not borrow
  for (int i = 0; i < 5; i++) h[i] = (h[i] & ~keep_g) | (g[i] & keep_g);
  h[4] &= kLimbMask;
  const std::uint32_t w0 = h[0] | (h[1] << 26);
  const std::uint32_t w1 = (h[1] >> 6) | (h[2] << 20);
  const std::uint32_t w2 = (h[2] >> 12) | (h[3] << 14);
  const std::uint32_t w3 = (h[3] >> 18) | (h[4] << 8);
  std::uint64_t f;
  f = std::uint64_t{w0} + st.pad[0];
  store32_le(tag, static_cast<std::uint32_t>(f));
  f = std::uint64_t{w1} + st.pad[1] + (f >> 32);
  store32_le(tag + 4, static_cast<std::uint32_t>(f));
  f = std::uint64_t{w2} + st.pad[2] + (f >> 32);
  store32_le(tag + 8, static_cast<std::uint32_t>(f));
  f = std::uint64_t{w3} + st.pad[3] + (f >> 32);
  store32_le(tag + 12, static_cast<std::uint32_t>(f));
  secure_erase(g, sizeof g);
  secure_erase(&st, sizeof st);
}

void poly1305(std::uint8_t tag[16], const std::uint8_t* m, std::size_t len, const std::uint8_t key[32]) {
  Poly1305 st;
  poly1305_init(st, key);
  poly1305_update(st, m, len);
  poly1305_final(st, tag);
}

}  // namespace memento::notes
