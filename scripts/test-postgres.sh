#!/usr/bin/env bash
# npm run test:postgres: the *.postgres.test.ts files against a real PostgreSQL server, a throwaway
# cluster on 127.0.0.1 (port TEST_POSTGRES_PORT, default 55432) removed when the run ends.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bin="$(bash scripts/ensure-postgres.sh)"
port="${TEST_POSTGRES_PORT:-55432}"
database=gavel_test

# PostgreSQL refuses to run as root: root runs the server as the package's `postgres` user.
as_server_user=()
if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres > /dev/null 2>&1; then
    echo "gavel: PostgreSQL will not run as root and there is no 'postgres' user to run it as" >&2
    exit 1
  fi
  as_server_user=(runuser -u postgres --)
fi

cluster="$(mktemp -d "${TMPDIR:-/tmp}/gavel-postgres.XXXXXX")"
stop_cluster() {
  if [ -f "$cluster/data/postmaster.pid" ]; then
    "${as_server_user[@]}" "$bin/pg_ctl" -D "$cluster/data" -m immediate -w stop > /dev/null 2>&1 || true
  fi
  rm -rf "$cluster"
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$cluster"; fi

"${as_server_user[@]}" "$bin/initdb" -D "$cluster/data" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 --no-sync --no-instructions > "$cluster/initdb.log" 2>&1 || {
  cat "$cluster/initdb.log" >&2
  exit 1
}
# Test settings: loopback only, a socket in the cluster's own folder, durability off for speed.
cat >> "$cluster/data/postgresql.conf" << EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$cluster'
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
if ! "${as_server_user[@]}" "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w start > /dev/null; then
  echo "gavel: the test PostgreSQL server did not start on 127.0.0.1:$port (TEST_POSTGRES_PORT picks another port)" >&2
  cat "$cluster/server.log" >&2
  exit 1
fi
"$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"

status=0
GAVEL_TEST_SUITE=postgres DATABASE_URL="postgresql://postgres@127.0.0.1:$port/$database" \
  NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' \
  jest "$@" || status=$?
exit "$status"
