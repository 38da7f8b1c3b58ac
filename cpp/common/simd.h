// One include for SIMD code: the real wasm intrinsics when compiling to wasm with
// -msimd128, SIMDe's translation of the same names natively, so the native
// Catch2 tests run the very source that ships.
#pragma once

#if MEMENTO_SIMD
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#else
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/wasm/simd128.h>
#endif
#endif
