#!/usr/bin/env bash
# What the test suite needs on a fresh machine: Debian's Chromium (Playwright
# cannot download its own browser here), Node.js/npm for the pinned runtime,
# and the Python test tools.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v npm >/dev/null 2>&1 || need_apt+=(nodejs npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${need_apt[@]}"
fi

python3 -m pip install -q --disable-pip-version-check pytest pytest-playwright hypothesis ruff
