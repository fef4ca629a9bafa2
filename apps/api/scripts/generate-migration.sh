#!/usr/bin/env bash
# Generates a migration from the entities: builds, migrates a scratch database, diffs.
# Usage: npm run migration:generate -w apps/api -- Name   (PostgreSQL at PG_SERVER_URL or 127.0.0.1:5432)
set -euo pipefail
name=${1:?usage: generate-migration.sh Name}
cd "$(dirname "$0")/.."
server=${PG_SERVER_URL:-postgres://postgres@127.0.0.1:5432}
scratch="wkflow_gen_$$"
(cd ../../libs/contracts && npx tsc -p tsconfig.build.json)
npx tsc -p tsconfig.build.json
psql "$server/postgres" -qc "CREATE DATABASE $scratch"
trap 'psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $scratch WITH (FORCE)"' EXIT
export DATABASE_URL="$server/$scratch"
node dist/platform/database/migrate.js
node ../../node_modules/typeorm/cli.js migration:generate -d dist/platform/database/data-source.js "src/platform/database/migrations/$name"
(cd ../../libs/contracts && npx tsc -p tsconfig.build.json)
npx tsc -p tsconfig.build.json
