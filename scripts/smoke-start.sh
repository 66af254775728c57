#!/usr/bin/env bash
# Checks the README's serve command: `npm start` answers on PORT with the console, then stops.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
port="${SMOKE_PORT:-3210}"
# Its own process group (job control on), so the stop reaches every process it started: npm,
# the launcher, Next and the embedded relay with its simulator.
set -m
PORT="$port" npm start > /tmp/gavel-smoke-start.log 2>&1 &
starter=$!
set +m
trap 'kill -- -"$starter" 2>/dev/null || true' EXIT
for _ in $(seq 1 180); do
  if curl -fsS "http://localhost:$port/api/health" > /dev/null 2>&1; then break; fi
  sleep 1
done
status="$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/sign")"
if [ "$status" != "200" ]; then
  echo "npm start smoke: /sign answered $status on port $port" >&2
  cat /tmp/gavel-smoke-start.log >&2
  exit 1
fi
echo "npm start smoke: the console answers on port $port"
