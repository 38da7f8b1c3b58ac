// Filling one segment (RFC 9106 sections 3.2 steps 5-6 and 3.4): choosing each
// block's reference, then compressing. Argon2id takes the pseudo-random J1, J2
// from generated address blocks in the first half of the first pass (so the
// memory access pattern does not depend on the password there), and from the
// previous block everywhere else.
#include "argon2/argon2.h"

namespace memento::argon2 {
namespace {

constexpr std::uint32_t kTypeArgon2id = 2;
constexpr std::uint32_t kAddressesPerBlock = kBlockWords;

// Address block for the data-independent part: G(0, G(0, Z)) with Z holding
// (pass, lane, slice, m', t, type, counter).
class AddressGenerator {
 public:
  AddressGenerator(const Context& ctx, std::uint32_t pass, std::uint32_t slice, std::uint32_t lane)
      : zero_{}, input_{}, addresses_{} {
    input_.v[0] = pass;
    input_.v[1] = lane;
    input_.v[2] = slice;
    input_.v[3] = ctx.memory_blocks;
    input_.v[4] = ctx.passes;
    input_.v[5] = kTypeArgon2id;
  }
  void next() {
    ++input_.v[6];
    Block tmp;
    fill_block(zero_, input_, tmp, false);
    fill_block(zero_, tmp, addresses_, false);
  }
  std::uint64_t at(std::uint32_t i) const { return addresses_.v[i % kAddressesPerBlock]; }

 private:
  Block zero_;
  Block input_;
  Block addresses_;
};

// RFC 9106 section 3.4.1.2: map J1 onto the blocks this one may reference,
// biased towards recent ones.
std::uint32_t reference_index(const Context& ctx, std::uint32_t pass, std::uint32_t slice, std::uint32_t index,
                              std::uint32_t j1, bool same_lane) {
  std::uint32_t area;
  if (pass == 0) {
    if (slice == 0) {
      area = index - 1;  // every earlier block of this segment but the previous one
    } else if (same_lane) {
      area = slice * ctx.segment_length + index - 1;
    } else {
      area = slice * ctx.segment_length - (index == 0 ? 1 : 0);
    }
  } else {
    if (same_lane) {
      area = ctx.lane_length - ctx.segment_length + index - 1;
    } else {
      area = ctx.lane_length - ctx.segment_length - (index == 0 ? 1 : 0);
    }
  }
  std::uint64_t x = (static_cast<std::uint64_t>(j1) * j1) >> 32;
  x = (static_cast<std::uint64_t>(area) * x) >> 32;
  const std::uint32_t relative = area - 1 - static_cast<std::uint32_t>(x);
  const std::uint32_t start = (pass == 0 || slice == kSyncPoints - 1) ? 0 : (slice + 1) * ctx.segment_length;
  // start and relative are both below lane_length: one conditional subtraction, not a 64-bit division.
  const std::uint32_t column = start + relative;
  return column >= ctx.lane_length ? column - ctx.lane_length : column;
}

}  // namespace

Status fill_segment(const Context& ctx, std::uint32_t pass, std::uint32_t slice, std::uint32_t lane) {
  if (pass >= ctx.passes || slice >= kSyncPoints || lane >= ctx.lanes) {
    return Status::segment_out_of_range;
  }
  const bool data_independent = pass == 0 && slice < kSyncPoints / 2;
  AddressGenerator addresses(ctx, pass, slice, lane);
  // Blocks 0 and 1 of each lane come from init().
  const std::uint32_t first = (pass == 0 && slice == 0) ? 2 : 0;
  if (data_independent && first != 0) addresses.next();

  Block* const lane_start = ctx.memory + static_cast<std::size_t>(lane) * ctx.lane_length;
  for (std::uint32_t index = first; index < ctx.segment_length; ++index) {
    const std::uint32_t column = slice * ctx.segment_length + index;
    const std::uint32_t prev_column = column == 0 ? ctx.lane_length - 1 : column - 1;
    std::uint64_t pseudo_random;
    if (data_independent) {
      if (index % kAddressesPerBlock == 0) addresses.next();
      pseudo_random = addresses.at(index);
    } else {
      pseudo_random = lane_start[prev_column].v[0];
    }
    std::uint32_t ref_lane = static_cast<std::uint32_t>((pseudo_random >> 32) % ctx.lanes);
    if (pass == 0 && slice == 0) ref_lane = lane;  // other lanes have nothing yet
    const std::uint32_t ref_column =
        reference_index(ctx, pass, slice, index, static_cast<std::uint32_t>(pseudo_random), ref_lane == lane);
    const Block& ref = ctx.memory[static_cast<std::size_t>(ref_lane) * ctx.lane_length + ref_column];
    fill_block(lane_start[prev_column], ref, lane_start[column], pass != 0);
  }
  return Status::ok;
}

}  // namespace memento::argon2
