#!/usr/bin/env bash
# What `make test` needs on a fresh Debian 12 machine, each thing installed
# only when missing: system packages from apt, then the pinned Python tools
# into .venv/ (scripts/venv.sh --dev).
#
# A new need is one line: `need PACKAGE... -- CHECK...` (scripts/apt.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/apt.sh

# Debian's Chromium: Playwright cannot download its own browser here.
need chromium -- test -x "${PHOM_CHROMIUM:-/usr/bin/chromium}"
# Node.js and npm install the pinned runtime (scripts/setup.sh).
need nodejs npm -- command -v npm
install_needed

bash scripts/venv.sh --dev
