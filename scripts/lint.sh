#!/bin/sh
# The code's style, as CI checks it: ESLint for the JavaScript, clang-format
# (.clang-format) for the C++. `npm run lint`.
set -eu
cd "$(dirname "$0")/.."
npx --no-install eslint .
# shellcheck disable=SC2046
clang-format --dry-run --Werror $(git ls-files 'cpp/*.cpp' 'cpp/*.h' 'tests/cpp/*.cpp' 'tests/cpp/*.h' 'bench/native/*.cpp')
echo "lint: eslint and clang-format clean"
