// The only file that knows embind. Low-level functions over raw wasm addresses
// (uintptr_t) and lengths: the worker _mallocs, copies in with HEAPU8.set,
// calls, copies out, erases and _frees. Status codes are ints (0 ok, see
// status.h); nothing here throws (built with -fno-exceptions).
#include <emscripten/bind.h>

#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>

#include "argon2/argon2.h"
#include "argon2/pwhash_str.h"
#include "argon2/self_test.h"
#include "argon2/status.h"
#include "common/secure_erase.h"

namespace {

using memento::argon2::Context;
using memento::argon2::Inputs;
using memento::argon2::Params;
using memento::argon2::Status;

const std::uint8_t* bytes(std::uintptr_t address) {
  return reinterpret_cast<const std::uint8_t*>(address);
}

int code(Status status) { return static_cast<int>(status); }

int argon2id_hash(std::uintptr_t out, unsigned out_length, std::uintptr_t password,
                  unsigned password_length, std::uintptr_t salt, unsigned salt_length,
                  std::uintptr_t secret, unsigned secret_length, std::uintptr_t ad,
                  unsigned ad_length, unsigned t, unsigned m, unsigned p) {
  const Inputs inputs{bytes(password), password_length, bytes(salt), salt_length,
                      bytes(secret),   secret_length,   bytes(ad),   ad_length};
  return code(memento::argon2::argon2id_hash(reinterpret_cast<std::uint8_t*>(out), out_length,
                                             inputs, t, m, p));
}

std::string error_message(int status) { return memento::argon2::message(status); }

int validate_params(unsigned t, unsigned m, unsigned p, unsigned out_length, unsigned password_length,
                    unsigned salt_length, unsigned secret_length, unsigned ad_length) {
  // Lengths only: null_pointer cannot arise from non-null placeholders.
  static const std::uint8_t placeholder = 0;
  const Inputs inputs{&placeholder, password_length, &placeholder, salt_length,
                      &placeholder, secret_length,   &placeholder, ad_length};
  return code(memento::argon2::validate(Params{t, m, p, out_length}, inputs));
}

int pwhash_str(std::uintptr_t out, unsigned capacity, std::uintptr_t password,
               unsigned password_length, std::uintptr_t salt16, unsigned t, unsigned m,
               unsigned p) {
  return static_cast<int>(memento::argon2::pwhash_str(reinterpret_cast<char*>(out), capacity,
                                                      bytes(password), password_length,
                                                      bytes(salt16), t, m, p));
}

int pwhash_str_verify(std::uintptr_t str, unsigned length, std::uintptr_t password,
                      unsigned password_length) {
  return memento::argon2::pwhash_str_verify(reinterpret_cast<const char*>(str), length,
                                            bytes(password), password_length);
}

// Segmented API. A context handle is the address of a heap Context; when the
// caller passes memory = 0 the context allocates (and later erases and frees)
// the block memory itself.
struct OwnedContext {
  Context ctx;
  void* owned_memory;
};

double memory_size(unsigned t, unsigned m, unsigned p) {
  const Params params{t, m, p, memento::argon2::kMinTagBytes};
  if (memento::argon2::validate(params) != Status::ok) return 0;
  return static_cast<double>(memento::argon2::memory_bytes(params));
}

std::uintptr_t ctx_create(unsigned t, unsigned m, unsigned p, unsigned out_length,
                          std::uintptr_t memory) {
  const Params params{t, m, p, out_length};
  if (memento::argon2::validate(params) != Status::ok) return 0;
  auto* owned = new (std::nothrow) OwnedContext{};
  if (owned == nullptr) return 0;
  void* block_memory = reinterpret_cast<void*>(memory);
  if (block_memory == nullptr) {
    block_memory = std::aligned_alloc(memento::argon2::kMemoryAlignment,
                                   memento::argon2::memory_bytes(params));
    owned->owned_memory = block_memory;
  }
  if (block_memory == nullptr || memento::argon2::setup(owned->ctx, params, block_memory) != Status::ok) {
    std::free(owned->owned_memory);
    delete owned;
    return 0;
  }
  return reinterpret_cast<std::uintptr_t>(owned);
}

OwnedContext* context(std::uintptr_t handle) { return reinterpret_cast<OwnedContext*>(handle); }

std::uintptr_t ctx_memory(std::uintptr_t handle) {
  return reinterpret_cast<std::uintptr_t>(context(handle)->ctx.memory);
}

int ctx_init(std::uintptr_t handle, std::uintptr_t password, unsigned password_length,
             std::uintptr_t salt, unsigned salt_length, std::uintptr_t secret,
             unsigned secret_length, std::uintptr_t ad, unsigned ad_length) {
  const Inputs inputs{bytes(password), password_length, bytes(salt), salt_length,
                      bytes(secret),   secret_length,   bytes(ad),   ad_length};
  return code(memento::argon2::init(context(handle)->ctx, inputs));
}

int ctx_fill_segment(std::uintptr_t handle, unsigned pass, unsigned slice, unsigned lane) {
  return code(memento::argon2::fill_segment(context(handle)->ctx, pass, slice, lane));
}

int ctx_finalize(std::uintptr_t handle, std::uintptr_t out, unsigned out_length) {
  return code(memento::argon2::finalize(context(handle)->ctx, reinterpret_cast<std::uint8_t*>(out),
                                        out_length));
}

void ctx_free(std::uintptr_t handle) {
  OwnedContext* owned = context(handle);
  if (owned == nullptr) return;
  if (owned->owned_memory != nullptr) {
    // finalize() already erased it unless the job was abandoned half-way.
    memento::secure_erase(owned->owned_memory, static_cast<std::size_t>(owned->ctx.memory_blocks) *
                                                   sizeof(memento::argon2::Block));
    std::free(owned->owned_memory);
  }
  delete owned;
}

// Stateless twin of ctx_fill_segment for a worker that only fills segments of
// a memory another instance set up (shared memory): no heap use at all.
int fill_segment_at(std::uintptr_t memory, unsigned t, unsigned m, unsigned p, unsigned pass,
                    unsigned slice, unsigned lane) {
  Context ctx;
  const Status status = memento::argon2::setup(ctx, Params{t, m, p, memento::argon2::kMinTagBytes},
                                               reinterpret_cast<void*>(memory));
  if (status != Status::ok) return code(status);
  return code(memento::argon2::fill_segment(ctx, pass, slice, lane));
}

bool self_test() { return memento::argon2::self_test(); }

}  // namespace

EMSCRIPTEN_BINDINGS(argon2) {
  emscripten::function("argon2id_hash", &argon2id_hash);
  emscripten::function("error_message", &error_message);
  emscripten::function("validate_params", &validate_params);
  emscripten::function("pwhash_str", &pwhash_str);
  emscripten::function("pwhash_str_verify", &pwhash_str_verify);
  emscripten::function("memory_size", &memory_size);
  emscripten::function("ctx_create", &ctx_create);
  emscripten::function("ctx_memory", &ctx_memory);
  emscripten::function("ctx_init", &ctx_init);
  emscripten::function("ctx_fill_segment", &ctx_fill_segment);
  emscripten::function("ctx_finalize", &ctx_finalize);
  emscripten::function("ctx_free", &ctx_free);
  emscripten::function("fill_segment_at", &fill_segment_at);
  emscripten::function("self_test", &self_test);
}
