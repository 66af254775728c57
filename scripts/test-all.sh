#!/usr/bin/env bash
# npm test: every check, cheapest first: lint, types, format, unit, PostgreSQL, then build and
# browser tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
run() { echo; echo "== npm run $1"; npm run --silent "$1"; }
run lint
run typecheck
run format:check
run test:unit
run test:postgres
run test:e2e
run test:e2e:production
echo; echo '== npm start (smoke)'
bash scripts/smoke-start.sh
