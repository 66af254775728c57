#!/usr/bin/env bash
# The PostgreSQL tests start a throwaway server: find its binaries (initdb, pg_ctl, postgres),
# installing Debian's PostgreSQL if missing, and print their folder on stdout.
# PG_BIN names another folder (a Homebrew or self-built server, say).
set -euo pipefail

server_bin() {
  if [ -n "${PG_BIN:-}" ]; then
    echo "$PG_BIN"
    return
  fi
  # Debian keeps the server off PATH, one folder per major version: take the newest.
  local newest
  newest="$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ]; then
    echo "$newest"
  elif command -v initdb > /dev/null; then
    dirname "$(command -v initdb)"
  fi
}

has_server() { [ -n "$1" ] && [ -x "$1/initdb" ] && [ -x "$1/pg_ctl" ] && [ -x "$1/postgres" ]; }

bin="$(server_bin)"
if has_server "$bin"; then
  echo "$bin"
  exit 0
fi
if [ -n "${PG_BIN:-}" ]; then
  echo "gavel: PG_BIN=$PG_BIN holds no initdb, pg_ctl and postgres; point it at a PostgreSQL server's bin folder" >&2
  exit 1
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null; then
  echo "gavel: the PostgreSQL server is missing; install it (sudo apt-get install -y postgresql) or set PG_BIN to its bin folder" >&2
  exit 1
fi
echo "gavel: installing Debian's PostgreSQL for the PostgreSQL tests" >&2
apt-get update -qq
# No cluster of its own: the tests make a throwaway one and the package's would sit on port 5432.
mkdir -p /etc/postgresql-common/createcluster.d
echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/gavel-no-main-cluster.conf
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null
bin="$(server_bin)"
if ! has_server "$bin"; then
  echo "gavel: apt-get installed postgresql, but no initdb, pg_ctl and postgres were found under /usr/lib/postgresql" >&2
  exit 1
fi
echo "$bin"
