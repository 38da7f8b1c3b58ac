#!/bin/sh
# Builds every wasm module (SIMD and scalar), bundles dist/ and the extension.
# Incremental: cmake and esbuild only redo what changed.
set -eu
cd "$(dirname "$0")/.."
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"   # Debian's emcc finds acorn there
JOBS="${JOBS:-2}"

# Configure every time (about a second): a module folder added since the last
# build is picked up.
mkdir -p build
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release > build/wasm-configure.log 2>&1 \
  || { cat build/wasm-configure.log; exit 1; }
cmake --build build/wasm -j"$JOBS"
node scripts/bundle.mjs
