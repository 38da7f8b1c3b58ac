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
# JOBS fuzzers at a time, each into its own log: a fuzzer that finds a crash
# exits non-zero, and that fails this script (xargs exits 123), with the end
# of its log printed. (They used to be piped into `tail`, whose status was the
# pipeline's: a crash printed its last two lines and passed.)
export FUZZ_RUNS FUZZ_SECONDS
for fuzzer in build/fuzz/tests/cpp/fuzz_*; do
  [ -x "$fuzzer" ] && echo "$fuzzer"
done | xargs -P "$JOBS" -I{} sh -c '
  name=$(basename "$1"); log="build/fuzz/$name.log"
  if "$1" -runs="$FUZZ_RUNS" -max_total_time="$FUZZ_SECONDS" -seed=1 -max_len=512 > "$log" 2>&1; then
    echo "fuzz: $name ($FUZZ_RUNS runs or $FUZZ_SECONDS s): $(tail -n 1 "$log")"
  else
    echo "fuzz: $name FAILED (exit $?), the end of $log:"
    tail -n 40 "$log"
    exit 1
  fi' sh {}
