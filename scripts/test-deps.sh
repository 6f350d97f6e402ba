#!/usr/bin/env bash
# usage: bash scripts/test-deps.sh   (make test-deps; make test runs it)
#
# What `make test` needs on a fresh Debian 12 machine, each thing installed
# only when missing: system packages from apt, then the pinned Python tools
# into .venv/ (scripts/venv.sh --dev).
#
# A new need is one line: `need PACKAGE... -- CHECK...` (scripts/apt.sh).
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/apt.sh

# Debian's Chromium: Playwright cannot download its own browser here.
need chromium -- test -x "${PHOM_CHROMIUM:-/usr/bin/chromium}"
# Node.js and npm install the pinned runtime (scripts/setup.sh).
need nodejs npm -- command -v npm
# WebKit (Safari's engine) for tests/webkit and bench_load.py --webkit: Debian's
# WebKitGTK driver (it brings the MiniBrowser), run under Xvfb (no headless
# mode); Selenium, which drives it, is in requirements-dev.in.
need webkit2gtk-driver -- test -x "${PHOM_WEBKIT_DRIVER:-/usr/bin/WebKitWebDriver}"
need xvfb -- command -v Xvfb
# Internet play's lab (tests/browser/netlab.py): phones behind NATs in network
# namespaces (iproute2, nftables), coturn as the lab's STUN and TURN server.
# ip and nft live in /usr/sbin, which a CI's PATH may leave out.
need iproute2 -- test -x /usr/sbin/ip
need nftables -- test -x /usr/sbin/nft
need coturn -- command -v turnserver
install_needed

bash scripts/venv.sh --dev
