// The texture kernel compiled natively (the SIMD row kernels through SIMDe, as
// the native tests build them), timed in C++: how fast the very source that
// ships as texture.simd.wasm runs without a wasm engine in between. Two rows:
// the kernel alone (prepare + every piece, the maps left in the piece
// buffers) and renders in a row (each piece also copied into five whole maps
// reused from one render to the next, as the worker fills the `into` maps).
//
//   texture_native <kind 0|1> <size> <seed> <piece rows> <warm-up runs> <timed runs>
//
// prints one JSON line: {"digest": "albedo:<bytes>:<fnv> ...", "kernel_ms": [...], "in_a_row_ms": [...]}
// where the digest is bench/texture.mjs's (FNV-1a over each map's 32-bit words,
// little-endian), so the bench checks the native maps against every engine's.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "texture/texture.h"

namespace {

using memento::texture::Maps;
using memento::texture::Status;

double now_ms() {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "texture_native: %s\n", what);
  std::exit(2);
}

void* aligned(std::size_t bytes) {
  void* p = std::aligned_alloc(16, (bytes + 15) & ~std::size_t{15});
  if (!p) fail("out of memory");
  return p;
}

std::string digest(const char* name, const std::uint8_t* bytes, std::size_t length) {
  std::uint32_t h = 0x811c9dc5u;
  for (std::size_t i = 0; i + 4 <= length; i += 4) {
    std::uint32_t word;
    std::memcpy(&word, bytes + i, 4);  // x86 and wasm are both little-endian, as the JS Uint32Array view is here
    h = (h ^ word) * 16777619u;
  }
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", h);
  return std::string(name) + ":" + std::to_string(length) + ":" + hex;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) fail("usage: texture_native <kind 0|1> <size> <seed> <piece rows> <warm-up runs> <timed runs>");
  const int kind = std::atoi(argv[1]);
  const std::uint32_t size = static_cast<std::uint32_t>(std::strtoul(argv[2], nullptr, 10));
  const std::uint32_t seed = static_cast<std::uint32_t>(std::strtoul(argv[3], nullptr, 10));
  const std::uint32_t piece_rows = static_cast<std::uint32_t>(std::strtoul(argv[4], nullptr, 10));
  const int warmup = std::atoi(argv[5]), runs = std::atoi(argv[6]);
  if (memento::texture::validate(kind, size) != Status::ok || piece_rows < 1 || runs < 1) fail("bad arguments");

  const std::size_t state_bytes = memento::texture::state_size(kind, size);
  void* state = aligned(state_bytes);
  const std::size_t piece_bytes = std::size_t{piece_rows} * size * 4, map_bytes = std::size_t{size} * size * 4;
  std::uint8_t* piece[5];
  std::uint8_t* whole[5];
  for (int m = 0; m < 5; m++) {
    piece[m] = static_cast<std::uint8_t*>(aligned(piece_bytes));
    whole[m] = static_cast<std::uint8_t*>(aligned(map_bytes));
    std::memset(whole[m], 0, map_bytes);  // the caller's maps, touched before: renders in a row reuse them
  }

  auto render = [&](bool copy_out) {
    if (memento::texture::prepare(state, state_bytes, kind, size, seed) != Status::ok) fail("prepare failed");
    for (std::uint32_t top = 0; top < size; top += piece_rows) {
      const std::uint32_t bottom = top + piece_rows < size ? top + piece_rows : size;
      if (memento::texture::render_band(state, top, bottom, Maps{piece[0], piece[1], piece[2], piece[3], piece[4]}) !=
          Status::ok) {
        fail("render_band failed");
      }
      if (copy_out) {
        const std::size_t at = std::size_t{top} * size * 4, bytes = std::size_t{bottom - top} * size * 4;
        for (int m = 0; m < 5; m++) std::memcpy(whole[m] + at, piece[m], bytes);
      }
    }
  };

  render(true);  // the maps the digest is taken of
  static const char* const kNames[5] = {"albedo", "normal", "roughness", "ao", "orm"};
  std::string key;
  for (int m = 0; m < 5; m++) key += (m ? " " : "") + digest(kNames[m], whole[m], map_bytes);

  std::vector<double> kernel_ms, in_a_row_ms;
  for (int r = 0; r < warmup + runs; r++) {
    for (bool copy_out : {false, true}) {  // alternating, as the bench's contenders do
      const double start = now_ms();
      render(copy_out);
      const double ms = now_ms() - start;
      if (r >= warmup) (copy_out ? in_a_row_ms : kernel_ms).push_back(ms);
    }
  }

  auto list = [](const std::vector<double>& v) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); i++) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
  };
  std::printf("{\"digest\":\"%s\",\"kernel\":\"%s\",\"kernel_ms\":[%s],\"in_a_row_ms\":[%s]}\n", key.c_str(),
              memento::texture::kernel_variant(), list(kernel_ms).c_str(), list(in_a_row_ms).c_str());
  return 0;
}
