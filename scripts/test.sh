#!/bin/sh
# Every test suite: install what is missing, build, then native (Catch2 + fuzz),
# Node (node:test, no code generation from strings) and real browsers.
set -u
cd "$(dirname "$0")/.."
sh scripts/setup.sh || exit 1
sh scripts/build.sh || exit 1

passed=0; failed=0; failures=""
# Every node --test run also writes TAP here; what failed is printed again at the end (a CI log keeps its tail).
MEMENTO_TAP_DIR=$(mktemp -d); export MEMENTO_TAP_DIR
trap 'rm -rf "$MEMENTO_TAP_DIR"' EXIT
# Each suite's wall time is printed after it and again at the end: CI has a 30-minute budget to keep.
# The Node files run two at a time (115 -> 71 s here, the same 389 passes in three runs).
timings=""
suite() {
  name="$1"; shift
  echo "== $name"
  started=$(date +%s)
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures="$failures $name"; fi
  took=$(( $(date +%s) - started ))
  echo "== $name: ${took} s"
  timings="$timings $name ${took}s,"
}
suite lint npm run --silent lint
# Mozilla's addons-linter on the Firefox build: 0 errors, every warning explained in extension/README.md.
suite addons-linter npm run --silent lint:extension
suite native sh scripts/test-cpp.sh
suite node node --disallow-code-generation-from-strings --test --test-concurrency=2 --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$MEMENTO_TAP_DIR/node.tap" tests/js/
suite chromium node tests/browser/run.mjs --engine=chromium
# The package as users install it: npm pack, then fresh consumer projects.
suite consumers node tests/consumers/run.mjs
suite firefox node tests/browser/run.mjs --engine=firefox
# WebKitGTK's MiniBrowser has no headless mode: it runs on a virtual X display.
suite webkit xvfb-run -a node tests/browser/run.mjs --engine=webkit

if [ -n "$failures" ]; then
  echo "== what failed"
  node tests/failure-digest.mjs "$MEMENTO_TAP_DIR"/*.tap
  echo "failed suites:$failures"
fi
echo "suite times:${timings%,}"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
