#!/usr/bin/env bash
# The browser suite also runs the web container's nginx config (docker/nginx.conf.template) with Debian's
# nginx and its brotli_static module; install them when missing (needs root and apt), without starting the
# packaged service.
set -euo pipefail
modules=$(nginx -V 2>&1 | sed -n 's/.*--modules-path=\([^ ]*\).*/\1/p' || true)
if command -v nginx >/dev/null && [ -f "${modules:-/usr/lib/nginx/modules}/ngx_http_brotli_static_module.so" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's nginx-light and brotli_static module for the nginx test..."
  export DEBIAN_FRONTEND=noninteractive
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy"
    trap 'rm -f "$policy"' EXIT
  fi
  apt-get update -qq
  apt-get install -y -qq nginx-light libnginx-mod-http-brotli-static >/dev/null
else
  echo "nginx with the brotli_static module not found. Install Debian's nginx-light and libnginx-mod-http-brotli-static." >&2
  exit 1
fi
