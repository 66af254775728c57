#!/usr/bin/env bash
# npm run test:e2e:production: the production rehearsal (contract §16). A throwaway PostgreSQL,
# then Playwright against `next start` with APP_ENV=production, reaching the relay alone with a
# secret key through PUBNUB_ORIGIN; its setup makes the first admin with the accounts command.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/ensure-chromium.sh
source scripts/postgres-cluster.sh
start_postgres_cluster "${E2E_POSTGRES_PORT:-55433}" gavel_rehearsal

# `npm run test:e2e` has built (with canary secrets); run alone, build first.
if [ ! -f .next/BUILD_ID ]; then next build; fi
rm -rf .data/e2e-production

status=0
playwright test -c playwright.production.config.ts "$@" || status=$?
exit "$status"
