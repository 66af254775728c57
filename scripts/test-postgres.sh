#!/usr/bin/env bash
# npm run test:postgres: the *.postgres.test.ts files against a real PostgreSQL server, a throwaway
# cluster on 127.0.0.1 (port TEST_POSTGRES_PORT, default 55432) removed when the run ends.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/postgres-cluster.sh
start_postgres_cluster "${TEST_POSTGRES_PORT:-55432}" gavel_test

status=0
GAVEL_TEST_SUITE=postgres NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' \
  jest "$@" || status=$?
exit "$status"
