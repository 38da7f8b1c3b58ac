// The only file that knows embind. Plain functions over heap addresses
// (uintptr_t) and unsigned lengths, returning int status codes (0 ok, else a
// Status, see status.h). The worker mallocs a state of texture_state_size()
// bytes, prepares it once, then renders one band of rows per call into five
// band-sized map buffers. Kinds: 0 stone-wall, 1 vault-face.
#include <cstdint>

#include "common/bindings.h"
#include "texture/self_test.h"
#include "texture/status.h"
#include "texture/texture.h"

namespace {

using memento::texture::Status;

int code(Status status) { return static_cast<int>(status); }

uint8_t* bytes(std::uintptr_t address) { return reinterpret_cast<uint8_t*>(address); }

int texture_validate(int kind, unsigned size) { return code(memento::texture::validate(kind, size)); }
MEMENTO_EXPORT(texture_validate)

unsigned texture_state_size(int kind, unsigned size) {
  return static_cast<unsigned>(memento::texture::state_size(kind, size));
}
MEMENTO_EXPORT(texture_state_size)

int texture_prepare(std::uintptr_t state, unsigned capacity, int kind, unsigned size, unsigned seed) {
  return code(memento::texture::prepare(reinterpret_cast<void*>(state), capacity, kind, size, seed));
}
MEMENTO_EXPORT(texture_prepare)

int texture_render_band(std::uintptr_t state, unsigned y0, unsigned y1, std::uintptr_t albedo, std::uintptr_t normal,
                        std::uintptr_t roughness, std::uintptr_t ao, std::uintptr_t orm) {
  const memento::texture::Maps maps{bytes(albedo), bytes(normal), bytes(roughness), bytes(ao), bytes(orm)};
  return code(memento::texture::render_band(reinterpret_cast<void*>(state), y0, y1, maps));
}
MEMENTO_EXPORT(texture_render_band)

}  // namespace

MEMENTO_EXPORT_STATUS_AND_SELF_TEST(memento::texture)
MEMENTO_EXPORT_KERNEL_VARIANT(memento::texture)
