// Argon2id 1.3 (RFC 9106): parameters, H0, the first blocks, the final tag,
// and the one-call driver. Filling segments lives in segment.cpp.
#include "argon2/argon2.h"

#include <cstdlib>
#include <cstring>

#include "argon2/blake2b.h"
#include "common/secure_erase.h"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "blocks are read and written as little-endian words in place");

namespace memento::argon2 {
namespace {

constexpr std::uint32_t kTypeArgon2id = 2;
constexpr std::size_t kH0Bytes = 64;

void store32_le(std::uint8_t* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

void update_u32(blake2b::State& s, std::uint32_t v) {
  std::uint8_t le[4];
  store32_le(le, v);
  blake2b::update(s, le, sizeof le);
}

void update_with_length(blake2b::State& s, const std::uint8_t* data, std::size_t length) {
  update_u32(s, static_cast<std::uint32_t>(length));
  blake2b::update(s, data, length);
}

// RFC 9106 section 3.2 step 1.
void compute_h0(std::uint8_t h0[kH0Bytes], const Context& ctx, const Inputs& in) {
  blake2b::State s;
  blake2b::init(s, kH0Bytes);
  update_u32(s, ctx.lanes);
  update_u32(s, static_cast<std::uint32_t>(ctx.tag_length));
  update_u32(s, ctx.m_kib);
  update_u32(s, ctx.passes);
  update_u32(s, kVersion);
  update_u32(s, kTypeArgon2id);
  update_with_length(s, in.password, in.password_length);
  update_with_length(s, in.salt, in.salt_length);
  update_with_length(s, in.secret, in.secret_length);
  update_with_length(s, in.ad, in.ad_length);
  blake2b::final(s, h0);
}

bool null_with_length(const std::uint8_t* p, std::size_t length) { return p == nullptr && length != 0; }

}  // namespace

void blake2b_long(std::uint8_t* out, std::size_t out_length, const std::uint8_t* in, std::size_t in_length) {
  std::uint8_t length_le[4];
  store32_le(length_le, static_cast<std::uint32_t>(out_length));
  blake2b::State s;
  if (out_length <= blake2b::kMaxOutBytes) {
    blake2b::init(s, out_length);
    blake2b::update(s, length_le, sizeof length_le);
    blake2b::update(s, in, in_length);
    blake2b::final(s, out);
    return;
  }
  // V1 = H(T || in); V(i+1) = H(Vi); emit the first half of each Vi, and the
  // whole of a last hash sized to what remains.
  std::uint8_t v[blake2b::kMaxOutBytes];
  blake2b::init(s, sizeof v);
  blake2b::update(s, length_le, sizeof length_le);
  blake2b::update(s, in, in_length);
  blake2b::final(s, v);
  std::memcpy(out, v, 32);
  out += 32;
  std::size_t remaining = out_length - 32;
  while (remaining > blake2b::kMaxOutBytes) {
    blake2b::hash(v, sizeof v, v, sizeof v);
    std::memcpy(out, v, 32);
    out += 32;
    remaining -= 32;
  }
  blake2b::hash(out, remaining, v, sizeof v);
  secure_erase(v, sizeof v);
}

Status validate(const Params& params) {
  if (params.t < 1) return Status::t_too_small;
  if (params.p < kMinLanes || params.p > kMaxLanes) return Status::p_out_of_range;
  if (params.m < 2 * kSyncPoints * params.p) return Status::m_too_small;
  if (params.m > kMaxMemoryKiB) return Status::m_too_large;
  if (params.tag_length < kMinTagBytes || params.tag_length > kMaxTagBytes) {
    return Status::tag_length_out_of_range;
  }
  return Status::ok;
}

Status validate(const Params& params, const Inputs& in) {
  const Status status = validate(params);
  if (status != Status::ok) return status;
  if (in.salt_length < kMinSaltBytes) return Status::salt_too_short;
  if (in.salt_length > kMaxInputBytes) return Status::salt_too_long;
  if (in.password_length > kMaxInputBytes) return Status::password_too_long;
  if (in.secret_length > kMaxInputBytes) return Status::secret_too_long;
  if (in.ad_length > kMaxInputBytes) return Status::ad_too_long;
  if (null_with_length(in.password, in.password_length) || null_with_length(in.salt, in.salt_length) ||
      null_with_length(in.secret, in.secret_length) || null_with_length(in.ad, in.ad_length)) {
    return Status::null_pointer;
  }
  return Status::ok;
}

std::size_t memory_bytes(const Params& params) {
  const std::uint32_t segment_length = params.m / (kSyncPoints * params.p);
  return static_cast<std::size_t>(segment_length) * kSyncPoints * params.p * sizeof(Block);
}

Status setup(Context& ctx, const Params& params, void* memory) {
  const Status status = validate(params);
  if (status != Status::ok) return status;
  if (memory == nullptr) return Status::null_pointer;
  ctx.memory = static_cast<Block*>(memory);
  ctx.passes = params.t;
  ctx.lanes = params.p;
  ctx.m_kib = params.m;
  ctx.segment_length = params.m / (kSyncPoints * params.p);
  ctx.lane_length = ctx.segment_length * kSyncPoints;
  ctx.memory_blocks = ctx.lane_length * params.p;
  ctx.tag_length = params.tag_length;
  return Status::ok;
}

Status init(Context& ctx, const Inputs& in) {
  const Params params{ctx.passes, ctx.m_kib, ctx.lanes, ctx.tag_length};
  const Status status = validate(params, in);
  if (status != Status::ok) return status;
  // seed = H0 || LE32(block index 0 or 1) || LE32(lane)
  std::uint8_t seed[kH0Bytes + 8];
  compute_h0(seed, ctx, in);
  for (std::uint32_t lane = 0; lane < ctx.lanes; ++lane) {
    for (std::uint32_t index = 0; index < 2; ++index) {
      store32_le(seed + kH0Bytes, index);
      store32_le(seed + kH0Bytes + 4, lane);
      Block& block = ctx.memory[static_cast<std::size_t>(lane) * ctx.lane_length + index];
      blake2b_long(reinterpret_cast<std::uint8_t*>(block.v), sizeof(Block), seed, sizeof seed);
    }
  }
  secure_erase(seed, sizeof seed);
  return Status::ok;
}

namespace {

Block& last_block(const Context& ctx, std::uint32_t lane) {
  return ctx.memory[static_cast<std::size_t>(lane) * ctx.lane_length + ctx.lane_length - 1];
}

// The tag from the XOR of every lane's last block (the memory is left as it is).
Status tag_from_last_blocks(const Context& ctx, std::uint8_t* tag, std::size_t tag_length) {
  if (tag_length != ctx.tag_length) return Status::tag_length_out_of_range;
  if (tag == nullptr) return Status::null_pointer;
  Block last = last_block(ctx, 0);
  for (std::uint32_t lane = 1; lane < ctx.lanes; ++lane) {
    const Block& b = last_block(ctx, lane);
    for (unsigned i = 0; i < kBlockWords; ++i) last.v[i] ^= b.v[i];
  }
  blake2b_long(tag, tag_length, reinterpret_cast<const std::uint8_t*>(last.v), sizeof last);
  secure_erase(&last, sizeof last);
  return Status::ok;
}

}  // namespace

Status finalize(Context& ctx, std::uint8_t* tag, std::size_t tag_length) {
  const Status status = tag_from_last_blocks(ctx, tag, tag_length);
  if (status != Status::ok) return status;
  secure_erase(ctx.memory, static_cast<std::size_t>(ctx.memory_blocks) * sizeof(Block));
  return Status::ok;
}

Status finalize_from_last_blocks(Context& ctx, std::uint8_t* tag, std::size_t tag_length) {
  const Status status = tag_from_last_blocks(ctx, tag, tag_length);
  if (status != Status::ok) return status;
  for (std::uint32_t lane = 0; lane < ctx.lanes; ++lane) secure_erase(&last_block(ctx, lane), sizeof(Block));
  return Status::ok;
}

Status erase_lane_but_last(const Context& ctx, std::uint32_t lane) {
  if (lane >= ctx.lanes) return Status::segment_out_of_range;
  secure_erase(ctx.memory + static_cast<std::size_t>(lane) * ctx.lane_length,
               static_cast<std::size_t>(ctx.lane_length - 1) * sizeof(Block));
  return Status::ok;
}

Status argon2id_hash(std::uint8_t* tag, std::size_t tag_length, const Inputs& inputs, std::uint32_t t, std::uint32_t m,
                     std::uint32_t p) {
  const Params params{t, m, p, tag_length};
  Status status = validate(params, inputs);
  if (status != Status::ok) return status;
  if (tag == nullptr) return Status::null_pointer;
  void* memory = std::aligned_alloc(kMemoryAlignment, memory_bytes(params));
  if (memory == nullptr) return Status::out_of_memory;
  Context ctx;
  status = setup(ctx, params, memory);
  if (status == Status::ok) status = init(ctx, inputs);
  for (std::uint32_t pass = 0; status == Status::ok && pass < ctx.passes; ++pass) {
    for (std::uint32_t slice = 0; slice < kSyncPoints; ++slice) {
      for (std::uint32_t lane = 0; lane < ctx.lanes; ++lane) fill_segment(ctx, pass, slice, lane);
    }
  }
  if (status == Status::ok) {
    status = finalize(ctx, tag, tag_length);
  } else {
    secure_erase(memory, memory_bytes(params));
  }
  std::free(memory);
  return status;
}

}  // namespace memento::argon2
