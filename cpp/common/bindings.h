// Exports for a module's bindings.cpp (the only file that includes embind).
// A function is exported where it is defined, MEMENTO_EXPORT(name) right
// after it, so that no separate list of names can drift from the
// definitions; what every module exports the same way is one line each.
#pragma once

#include <emscripten/bind.h>

#include <string>

// Exports the function `name` to JS under its own name. Each export is a
// registration function of its own (embind runs them all before the module
// is ready), so the order of the exports does not matter.
#define MEMENTO_EXPORT(name) \
  EMSCRIPTEN_BINDINGS(name) { emscripten::function(#name, &name); }

// The two calls every worker makes on every module, for `ns` the module's
// namespace (memento::blur): error_message(code), the sentence of a status
// code (status.h) that worker/wasm-status.js puts in the error it throws, and
// self_test(), the known-answer test (self_test.h) the worker runs before it
// trusts the build.
#define MEMENTO_EXPORT_STATUS_AND_SELF_TEST(ns)                                         \
  EMSCRIPTEN_BINDINGS(status_and_self_test) {                                           \
    emscripten::function(                                                               \
        "error_message", +[](int status) { return std::string(ns::message(status)); }); \
    emscripten::function("self_test", &ns::self_test);                                  \
  }

// kernel_variant(), "simd" or "scalar": which kernel source the build holds,
// for the modules whose tests ask (the SIMD build's own answer, not a flag).
#define MEMENTO_EXPORT_KERNEL_VARIANT(ns)                                     \
  EMSCRIPTEN_BINDINGS(kernel_variant) {                                       \
    emscripten::function(                                                     \
        "kernel_variant", +[] { return std::string(ns::kernel_variant()); }); \
  }
