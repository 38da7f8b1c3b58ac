#!/bin/sh
# Installs whatever this machine is missing (Debian bookworm, root) and the npm
# packages; does nothing that is already done. Sourced by demo.sh and test.sh.
set -eu
cd "$(dirname "$0")/.."

APT_PACKAGES="cmake g++ clang clang-format libclang-rt-14-dev emscripten libsodium-dev catch2 libsimde-dev \
  chromium firefox-esr webkit2gtk-driver xvfb xauth zip"
# The machine image ships Node.js 20 and npm; only a machine without them gets Debian's.
command -v node >/dev/null 2>&1 || APT_PACKAGES="$APT_PACKAGES nodejs"
command -v npm >/dev/null 2>&1 || APT_PACKAGES="$APT_PACKAGES npm"

missing=""
for pkg in $APT_PACKAGES; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
  echo "setup: installing apt packages:$missing"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q --no-install-recommends $missing
fi

# npm ci only when the lock file changed since the last install.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
fi
