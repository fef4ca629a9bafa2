#!/bin/sh
# Migrate, seed what is missing (profiles, admin, board columns), then hand over to the server.
# Demo data (users with the README's password) only with SEED_DEMO=1 exactly: 0, false, yes or
# any other value seeds none.
set -e
cd /app/apps/api
node dist/platform/database/migrate.js
if [ "${SEED_DEMO:-0}" = 1 ]; then
  node dist/platform/database/seed-cli.js --demo
else
  case "${SEED_DEMO:-0}" in
    0) ;;
    *) echo "SEED_DEMO=${SEED_DEMO}: no demo data (only SEED_DEMO=1 seeds it)" >&2 ;;
  esac
  node dist/platform/database/seed-cli.js
fi
exec node dist/main.js
