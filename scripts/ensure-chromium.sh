#!/usr/bin/env bash
# Playwright cannot download its own browser here: use Debian's Chromium, installing it if missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "gavel: Chromium is missing; install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "gavel: installing Debian's Chromium for the browser tests" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
