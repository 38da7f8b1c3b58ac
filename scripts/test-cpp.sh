#!/bin/sh
# Native kernels: Catch2 tests (scalar and SIMD through SIMDe) against libsodium,
# then every libFuzzer target for a bounded number of runs.
set -eu
cd "$(dirname "$0")/.."
JOBS="${JOBS:-2}"
FUZZ_RUNS="${FUZZ_RUNS:-100000}"
# Each fuzzer stops at FUZZ_RUNS runs or FUZZ_SECONDS, whichever comes first: the
# slow targets (textures, blur) would otherwise take minutes each in CI, whose
# whole run has a 30-minute budget (FUZZ_SECONDS=300 for a longer hunt).
FUZZ_SECONDS="${FUZZ_SECONDS:-15}"

cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build/native -j"$JOBS"
ctest --test-dir build/native --output-on-failure -j"$JOBS"

CC=clang CXX=clang++ cmake -S . -B build/fuzz -DMEMENTO_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build build/fuzz -j"$JOBS"
for fuzzer in build/fuzz/tests/cpp/fuzz_*; do
  [ -x "$fuzzer" ] || continue
  echo "fuzz: $(basename "$fuzzer") $FUZZ_RUNS runs or $FUZZ_SECONDS s"
  "$fuzzer" -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_SECONDS" -seed=1 -max_len=512 2>&1 | tail -n 2
done
