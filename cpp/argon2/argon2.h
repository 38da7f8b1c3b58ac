// Argon2id version 1.3 (RFC 9106) over caller-provided memory.
//
// Two ways in:
//   argon2id_hash(...)          one call, allocates one block of m KiB, erases and frees it;
//   setup / init / fill_segment / finalize
//                               the same steps one segment at a time, on memory the caller
//                               owns (a shared wasm memory), so lanes can run in parallel
//                               workers: within one (pass, slice) every lane's segment is
//                               independent; all lanes must finish a slice before any
//                               starts the next.
#pragma once
#include <cstddef>
#include <cstdint>

#include "argon2/fill_block.h"
#include "argon2/status.h"

namespace memento::argon2 {

inline constexpr std::uint32_t kVersion = 0x13;
inline constexpr std::uint32_t kSyncPoints = 4;  // slices per pass
inline constexpr std::uint32_t kMinLanes = 1;
inline constexpr std::uint32_t kMaxLanes = 16;
// 2 GiB: half of wasm32's 4 GiB address space, so the module's own heap, the
// inputs and the engine's copy-out still fit; it is also libsodium's 32-bit limit.
inline constexpr std::uint32_t kMaxMemoryKiB = 1u << 21;
inline constexpr std::size_t kMinTagBytes = 16;
inline constexpr std::size_t kMaxTagBytes = 1024;
inline constexpr std::size_t kMinSaltBytes = 8;
inline constexpr std::size_t kMaxInputBytes = 0xffffffffu;  // lengths enter H0 as u32

struct Params {
  std::uint32_t t;         // passes, >= 1
  std::uint32_t m;         // KiB, 8p .. kMaxMemoryKiB
  std::uint32_t p;         // lanes, 1 .. 16
  std::size_t tag_length;  // bytes, 16 .. 1024
};

// Byte strings that go into H0. A pointer may be null when its length is 0.
struct Inputs {
  const std::uint8_t* password;
  std::size_t password_length;
  const std::uint8_t* salt;
  std::size_t salt_length;
  const std::uint8_t* secret;
  std::size_t secret_length;
  const std::uint8_t* ad;
  std::size_t ad_length;
};

// The first failing check, in the order t, p, m, tag length.
Status validate(const Params& params);
// The above, then salt, password, secret, ad lengths and null pointers.
Status validate(const Params& params, const Inputs& inputs);

// Bytes of memory the segmented API needs for these parameters (m rounded
// down to a multiple of 4p KiB, as the RFC does). Parameters must be valid.
std::size_t memory_bytes(const Params& params);
// The alignment to give that memory: a page, so that every 1 KiB block lies in
// one page and in exactly 16 cache lines (malloc gave 16 bytes: a quarter of
// the blocks then spanned two pages and every block 17 lines; A/B in NOTES.md).
// memory_bytes() is always a multiple of it.
inline constexpr std::size_t kMemoryAlignment = 4096;

struct Context {
  Block* memory;  // lanes * lane_length blocks, lane after lane
  std::uint32_t passes;
  std::uint32_t lanes;
  std::uint32_t m_kib;  // as given: H0 hashes the requested m, not the rounded one
  std::uint32_t memory_blocks;
  std::uint32_t lane_length;
  std::uint32_t segment_length;
  std::size_t tag_length;
};

// Validates params and points ctx at memory (memory_bytes(params) bytes, at least 8-byte
// aligned; kMemoryAlignment is faster).
Status setup(Context& ctx, const Params& params, void* memory);
// H0 and the first two blocks of every lane. Erases H0; the inputs are not kept.
Status init(Context& ctx, const Inputs& inputs);
// Fills one segment: lane `lane` of slice `slice` in pass `pass`.
Status fill_segment(const Context& ctx, std::uint32_t pass, std::uint32_t slice, std::uint32_t lane);
// XOR of every lane's last block, hashed to the tag; then erases the memory.
// tag_length must equal the one given to setup.
Status finalize(Context& ctx, std::uint8_t* tag, std::size_t tag_length);
// The same tag, erasing only every lane's last block: the parallel path erases
// the rest lane by lane (erase_lane_but_last), in every thread at once.
Status finalize_from_last_blocks(Context& ctx, std::uint8_t* tag, std::size_t tag_length);
// Erases lane `lane` but its last block.
Status erase_lane_but_last(const Context& ctx, std::uint32_t lane);

// Everything above in order, on one allocated block of memory.
Status argon2id_hash(std::uint8_t* tag, std::size_t tag_length, const Inputs& inputs, std::uint32_t t, std::uint32_t m,
                     std::uint32_t p);

// H' (RFC 9106 section 3.3): BLAKE2b stretched to any out_length >= 1.
void blake2b_long(std::uint8_t* out, std::size_t out_length, const std::uint8_t* in, std::size_t in_length);

}  // namespace memento::argon2
