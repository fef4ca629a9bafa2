#!/usr/bin/env bash
# Proves the README's start command where no database server or Redis answers: inside a network
# namespace with only the loopback up (so nothing listens on 5432 or 6379), with DATABASE_URL and
# REDIS_URL unset. See scripts/prove-start.mjs for the steps. Needs root (unshare -n) and `ip`.
# After `npm test` the build is fresh and nx's cache makes npm start's build step a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${WKFLOW_PROOF_ISOLATED:-}" != 1 ]; then
  command -v unshare >/dev/null || { echo "prove-start: unshare (util-linux) is missing" >&2; exit 1; }
  command -v ip >/dev/null || { echo "prove-start: ip (iproute2) is missing" >&2; exit 1; }
  exec unshare -n env WKFLOW_PROOF_ISOLATED=1 bash -c 'ip link set lo up && exec bash "$0"' "$0"
fi
exec node scripts/prove-start.mjs
