#!/bin/sh
# Migrate, seed what is missing (profiles, admin, board columns), then hand over to the server.
set -e
cd /app/apps/api
node dist/database/migrate.js
node dist/database/seed-cli.js ${SEED_DEMO:+--demo}
exec node dist/main.js
