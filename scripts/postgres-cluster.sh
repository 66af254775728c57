# Sourced by scripts/test-postgres.sh and scripts/e2e-production.sh: `start_postgres_cluster PORT
# DATABASE` starts a throwaway PostgreSQL cluster on 127.0.0.1:PORT (removed when the shell
# exits), creates DATABASE and exports DATABASE_URL.
start_postgres_cluster() {
  local port="$1" database="$2"
  postgres_bin="$(bash scripts/ensure-postgres.sh)"
  # PostgreSQL refuses to run as root: root runs the server as the package's `postgres` user.
  as_server_user=()
  if [ "$(id -u)" -eq 0 ]; then
    if ! id postgres > /dev/null 2>&1; then
      echo "gavel: PostgreSQL will not run as root and there is no 'postgres' user to run it as" >&2
      return 1
    fi
    as_server_user=(runuser -u postgres --)
  fi
  postgres_cluster="$(mktemp -d "${TMPDIR:-/tmp}/gavel-postgres.XXXXXX")"
  trap stop_postgres_cluster EXIT
  trap 'exit 130' INT TERM
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$postgres_cluster"; fi
  "${as_server_user[@]}" "$postgres_bin/initdb" -D "$postgres_cluster/data" -U postgres --auth=trust \
    --encoding=UTF8 --locale=C.UTF-8 --no-sync --no-instructions > "$postgres_cluster/initdb.log" 2>&1 || {
    cat "$postgres_cluster/initdb.log" >&2
    return 1
  }
  # Test settings: loopback only, a socket in the cluster's own folder, durability off for speed.
  cat >> "$postgres_cluster/data/postgresql.conf" << CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$postgres_cluster'
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  if ! "${as_server_user[@]}" "$postgres_bin/pg_ctl" -D "$postgres_cluster/data" \
    -l "$postgres_cluster/server.log" -w start > /dev/null; then
    echo "gavel: the test PostgreSQL server did not start on 127.0.0.1:$port (choose another port)" >&2
    cat "$postgres_cluster/server.log" >&2
    return 1
  fi
  "$postgres_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"
  export DATABASE_URL="postgresql://postgres@127.0.0.1:$port/$database"
}

stop_postgres_cluster() {
  if [ -f "${postgres_cluster:-}/data/postmaster.pid" ]; then
    "${as_server_user[@]}" "$postgres_bin/pg_ctl" -D "$postgres_cluster/data" -m immediate -w stop \
      > /dev/null 2>&1 || true
  fi
  if [ -n "${postgres_cluster:-}" ]; then rm -rf "$postgres_cluster"; fi
}
