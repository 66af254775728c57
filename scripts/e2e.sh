#!/usr/bin/env bash
# npm run test:e2e: Playwright against a fresh production build, or against PLAYWRIGHT_BASE_URL.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/ensure-chromium.sh

if [ -z "${PLAYWRIGHT_BASE_URL:-}" ]; then
  # Build with canary secrets in the environment: e2e/bundle-secrets checks none reaches .next/static.
  (set -a; source e2e/support/canary-secrets.env; set +a; exec next build)
  rm -rf .data/e2e
fi
exec playwright test "$@"
