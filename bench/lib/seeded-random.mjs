// mulberry32: a small, fast, seeded generator, so that generated inputs are
// the same on every run and a failing case can be replayed from its seed. One
// copy for the test corpora and random cases (tests/), the benchmark corpora
// and the demo vault (demo/vault-corpus.js): none of it ships in the package,
// so it lives with the other dev-side code that tests, benchmarks and the demo
// all import (bench/lib), rather than in common/ (library code) or under tests/
// (which the demo must not load). Runs in Node, pages and workers.

/** A generator of floats in [0, 1), determined by the 32-bit `seed`. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
