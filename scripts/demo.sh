#!/bin/sh
# The main job: install what is missing, build, serve the live demo on 127.0.0.1.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
sh scripts/build.sh
exec node scripts/serve.mjs "$@"
