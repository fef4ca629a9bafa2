#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when it is missing (needs root and apt).
set -euo pipefail
bin=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$bin" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
else
  echo "Chromium not found at $bin. Install Debian's chromium package (or set CHROMIUM_PATH)." >&2
  exit 1
fi
