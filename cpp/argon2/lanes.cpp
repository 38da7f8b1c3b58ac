// Entry of argon2.lanes.wasm: the kernel over an imported shared memory, for
// parallel lanes (worker/argon2-lanes.js). No libc, no malloc, no embind: the
// coordinator lays out the shared memory itself (this module's data and stack
// at the bottom, one stack per lane worker, then the Argon2 blocks) and every
// pointer below is an address in it. One instance per worker, all on the same
// memory; each lane worker sets its own stack with lanes_set_stack first.
#include <cstddef>
#include <cstdint>

#include "argon2/argon2.h"

using memento::argon2::Context;
using memento::argon2::Inputs;
using memento::argon2::Params;
using memento::argon2::Status;

namespace {

const std::uint8_t* bytes(std::uintptr_t address) { return reinterpret_cast<const std::uint8_t*>(address); }

Status setup_at(Context& ctx, std::uintptr_t memory, unsigned t, unsigned m, unsigned p, unsigned tag_length) {
  return memento::argon2::setup(ctx, Params{t, m, p, tag_length}, reinterpret_cast<void*>(memory));
}

}  // namespace

extern "C" {

// Points this instance's stack pointer at `top` (16-byte aligned, the stack
// grows down): every instance on the shared memory needs a stack of its own.
__attribute__((export_name("lanes_set_stack"))) void lanes_set_stack(std::uintptr_t top) {
  __asm__ volatile(
      ".globaltype __stack_pointer, i32\n"
      "local.get %0\n"
      "global.set __stack_pointer"
      :
      : "r"(top));
}

// Bytes of Argon2 memory for these parameters, 0 if they are invalid.
__attribute__((export_name("lanes_memory_bytes"))) double lanes_memory_bytes(unsigned t, unsigned m, unsigned p) {
  const Params params{t, m, p, memento::argon2::kMinTagBytes};
  if (memento::argon2::validate(params) != Status::ok) return 0;
  return static_cast<double>(memento::argon2::memory_bytes(params));
}

// H0 and the first two blocks of every lane. Returns a status code (0 ok).
__attribute__((export_name("lanes_init"))) int lanes_init(std::uintptr_t memory, unsigned t, unsigned m, unsigned p,
                                                          unsigned tag_length, std::uintptr_t password,
                                                          unsigned password_length, std::uintptr_t salt,
                                                          unsigned salt_length, std::uintptr_t secret,
                                                          unsigned secret_length, std::uintptr_t ad,
                                                          unsigned ad_length) {
  Context ctx;
  Status status = setup_at(ctx, memory, t, m, p, tag_length);
  if (status != Status::ok) return static_cast<int>(status);
  const Inputs inputs{bytes(password), password_length, bytes(salt), salt_length,
                      bytes(secret),   secret_length,   bytes(ad),   ad_length};
  status = memento::argon2::validate(Params{t, m, p, tag_length}, inputs);
  if (status != Status::ok) return static_cast<int>(status);
  return static_cast<int>(memento::argon2::init(ctx, inputs));
}

// One segment (pass, slice, lane). Lanes of one slice may run concurrently.
__attribute__((export_name("lanes_fill_segment"))) int lanes_fill_segment(std::uintptr_t memory, unsigned t, unsigned m,
                                                                          unsigned p, unsigned pass, unsigned slice,
                                                                          unsigned lane) {
  Context ctx;
  const Status status = setup_at(ctx, memory, t, m, p, memento::argon2::kMinTagBytes);
  if (status != Status::ok) return static_cast<int>(status);
  return static_cast<int>(memento::argon2::fill_segment(ctx, pass, slice, lane));
}

// After the last slice, every thread erases its own lanes but their last
// blocks, so that the 64 MiB erase of a p = 4 job runs on every thread at once
// (about 8 ms on one thread in Chromium). Returns a status code.
__attribute__((export_name("lanes_erase_lane"))) int lanes_erase_lane(std::uintptr_t memory, unsigned t, unsigned m,
                                                                      unsigned p, unsigned lane) {
  Context ctx;
  const Status status = setup_at(ctx, memory, t, m, p, memento::argon2::kMinTagBytes);
  if (status != Status::ok) return static_cast<int>(status);
  return static_cast<int>(memento::argon2::erase_lane_but_last(ctx, lane));
}

// The tag into out from every lane's last block, which it then erases; the
// rest of each lane is lanes_erase_lane's.
__attribute__((export_name("lanes_finalize"))) int lanes_finalize(std::uintptr_t memory, unsigned t, unsigned m,
                                                                  unsigned p, std::uintptr_t out, unsigned tag_length) {
  Context ctx;
  const Status status = setup_at(ctx, memory, t, m, p, tag_length);
  if (status != Status::ok) return static_cast<int>(status);
  return static_cast<int>(
      memento::argon2::finalize_from_last_blocks(ctx, reinterpret_cast<std::uint8_t*>(out), tag_length));
}

}  // extern "C"
