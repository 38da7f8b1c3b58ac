// The only file that knows embind, in the project's convention (every module's
// bindings.cpp): plain functions over heap addresses (uintptr_t) and unsigned
// lengths, each returning an int status (0 ok, else a Status of status.h);
// results other than bytes in a caller's buffer (a length, a handle, a
// verdict) go through out-pointers, the last parameters. worker/argon2-ops.js
// copies in and out with worker/wasm-heap.js and turns a status into an error
// with worker/wasm-status.js. Nothing here throws (built with -fno-exceptions).
#include <emscripten/stack.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "argon2/argon2.h"
#include "argon2/pwhash_str.h"
#include "argon2/self_test.h"
#include "argon2/status.h"
#include "common/bindings.h"
#include "common/secure_erase.h"

namespace {

using memento::argon2::Context;
using memento::argon2::Inputs;
using memento::argon2::Params;
using memento::argon2::Status;

const std::uint8_t* bytes(std::uintptr_t address) { return reinterpret_cast<const std::uint8_t*>(address); }

int code(Status status) { return static_cast<int>(status); }

// A hash leaves its temporaries on the stack below the call that ran it:
// fill_block's two work blocks of 1 KiB, BLAKE2b's states, H0, all derived from
// the password. The stack below this frame is free (nothing reads it again),
// so each call that hashed erases it before it returns, as the blocks are: an
// argon2 worker on a page lingers after its job (api/runtime/platform.js).
// memset is memory.fill here, which uses no stack of its own; the margin keeps
// this call's own frame.
void erase_free_stack() {
  constexpr std::uintptr_t kMargin = 256;
  const std::uintptr_t end = emscripten_stack_get_end();
  const std::uintptr_t below = emscripten_stack_get_current() - kMargin;
  if (below > end) memento::secure_erase(reinterpret_cast<void*>(end), below - end);
}

// The stack's extent [end, base) in the heap, for the tests that check a hash left none of it behind.
unsigned stack_end() { return static_cast<unsigned>(emscripten_stack_get_end()); }
MEMENTO_EXPORT(stack_end)
unsigned stack_base() { return static_cast<unsigned>(emscripten_stack_get_base()); }
MEMENTO_EXPORT(stack_base)

int argon2id_hash(std::uintptr_t out, unsigned out_length, std::uintptr_t password, unsigned password_length,
                  std::uintptr_t salt, unsigned salt_length, std::uintptr_t secret, unsigned secret_length,
                  std::uintptr_t ad, unsigned ad_length, unsigned t, unsigned m, unsigned p) {
  const Inputs inputs{bytes(password), password_length, bytes(salt), salt_length,
                      bytes(secret),   secret_length,   bytes(ad),   ad_length};
  const Status status =
      memento::argon2::argon2id_hash(reinterpret_cast<std::uint8_t*>(out), out_length, inputs, t, m, p);
  erase_free_stack();
  return code(status);
}
MEMENTO_EXPORT(argon2id_hash)

int validate_params(unsigned t, unsigned m, unsigned p, unsigned out_length, unsigned password_length,
                    unsigned salt_length, unsigned secret_length, unsigned ad_length) {
  // Lengths only: null_pointer cannot arise from non-null placeholders.
  static const std::uint8_t placeholder = 0;
  const Inputs inputs{&placeholder, password_length, &placeholder, salt_length,
                      &placeholder, secret_length,   &placeholder, ad_length};
  return code(memento::argon2::validate(Params{t, m, p, out_length}, inputs));
}
MEMENTO_EXPORT(validate_params)

// Writes the string (without its NUL) to out and its length to *out_length.
int pwhash_str(std::uintptr_t out, unsigned capacity, std::uintptr_t password, unsigned password_length,
               std::uintptr_t salt16, unsigned t, unsigned m, unsigned p, std::uintptr_t out_length) {
  if (out_length == 0) return code(Status::null_pointer);
  const long written = memento::argon2::pwhash_str(reinterpret_cast<char*>(out), capacity, bytes(password),
                                                   password_length, bytes(salt16), t, m, p);
  erase_free_stack();
  if (written < 0) return static_cast<int>(-written);
  *reinterpret_cast<std::uint32_t*>(out_length) = static_cast<std::uint32_t>(written);
  return code(Status::ok);
}
MEMENTO_EXPORT(pwhash_str)

// The verdict is a result, not an error: *out_match (one byte) is 1 when the
// password matches the string, 0 when not; a status only for a string that
// does not parse, or a fault.
int pwhash_str_verify(std::uintptr_t str, unsigned length, std::uintptr_t password, unsigned password_length,
                      std::uintptr_t out_match) {
  if (out_match == 0) return code(Status::null_pointer);
  const int verdict =
      memento::argon2::pwhash_str_verify(reinterpret_cast<const char*>(str), length, bytes(password), password_length);
  erase_free_stack();
  if (verdict < 0) return -verdict;
  *reinterpret_cast<std::uint8_t*>(out_match) = verdict == 1 ? 1 : 0;
  return code(Status::ok);
}
MEMENTO_EXPORT(pwhash_str_verify)

// Segmented API. A context handle is the address of a heap Context that owns
// (and at ctx_free erases and frees) its block memory.
struct OwnedContext {
  Context ctx;
  void* owned_memory;
};

// Writes the new context's handle to *out_handle.
int ctx_create(unsigned t, unsigned m, unsigned p, unsigned out_length, std::uintptr_t out_handle) {
  if (out_handle == 0) return code(Status::null_pointer);
  const Params params{t, m, p, out_length};
  const Status valid = memento::argon2::validate(params);
  if (valid != Status::ok) return code(valid);
  auto* owned = new (std::nothrow) OwnedContext{};
  if (owned == nullptr) return code(Status::out_of_memory);
  owned->owned_memory = std::aligned_alloc(memento::argon2::kMemoryAlignment, memento::argon2::memory_bytes(params));
  if (owned->owned_memory == nullptr) {
    delete owned;
    return code(Status::out_of_memory);
  }
  const Status status = memento::argon2::setup(owned->ctx, params, owned->owned_memory);
  if (status != Status::ok) {
    std::free(owned->owned_memory);
    delete owned;
    return code(status);
  }
  *reinterpret_cast<std::uintptr_t*>(out_handle) = reinterpret_cast<std::uintptr_t>(owned);
  return code(Status::ok);
}
MEMENTO_EXPORT(ctx_create)

OwnedContext* context(std::uintptr_t handle) { return reinterpret_cast<OwnedContext*>(handle); }

int ctx_init(std::uintptr_t handle, std::uintptr_t password, unsigned password_length, std::uintptr_t salt,
             unsigned salt_length, std::uintptr_t secret, unsigned secret_length, std::uintptr_t ad,
             unsigned ad_length) {
  const Inputs inputs{bytes(password), password_length, bytes(salt), salt_length,
                      bytes(secret),   secret_length,   bytes(ad),   ad_length};
  return code(memento::argon2::init(context(handle)->ctx, inputs));
}
MEMENTO_EXPORT(ctx_init)

int ctx_fill_segment(std::uintptr_t handle, unsigned pass, unsigned slice, unsigned lane) {
  return code(memento::argon2::fill_segment(context(handle)->ctx, pass, slice, lane));
}
MEMENTO_EXPORT(ctx_fill_segment)

int ctx_finalize(std::uintptr_t handle, std::uintptr_t out, unsigned out_length) {
  const Status status =
      memento::argon2::finalize(context(handle)->ctx, reinterpret_cast<std::uint8_t*>(out), out_length);
  erase_free_stack();
  return code(status);
}
MEMENTO_EXPORT(ctx_finalize)

// Releases a context (0 is ignored). It cannot fail, so it returns nothing:
// the worker calls it in a finally block.
void ctx_free(std::uintptr_t handle) {
  OwnedContext* owned = context(handle);
  if (owned == nullptr) return;
  if (owned->owned_memory != nullptr) {
    // finalize() already erased it unless the job was abandoned half-way.
    memento::secure_erase(owned->owned_memory,
                          static_cast<std::size_t>(owned->ctx.memory_blocks) * sizeof(memento::argon2::Block));
    std::free(owned->owned_memory);
  }
  delete owned;
  erase_free_stack();
}
MEMENTO_EXPORT(ctx_free)

}  // namespace

MEMENTO_EXPORT_STATUS_AND_SELF_TEST(memento::argon2)
