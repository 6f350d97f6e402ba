#!/usr/bin/env bash
# usage: bash scripts/lock.sh   (make lock)
#
# Regenerate requirements-dev.txt from requirements-dev.in: the newest
# versions on PyPI of the tools and of everything they need, each pinned
# with ==, with the hashes of every file of that version (any platform).
# pip-tools runs in a throwaway environment; review the diff, then commit.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pypi_only=(env -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL -u PIP_FIND_LINKS -u PIP_CONSTRAINT
           PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1)
"${PYTHON:-python3}" -m venv "$tmp/venv"
"${pypi_only[@]}" "$tmp/venv/bin/python" -m pip install -q pip-tools
"${pypi_only[@]}" CUSTOM_COMPILE_COMMAND="make lock" "$tmp/venv/bin/pip-compile" -q --upgrade \
  --generate-hashes --strip-extras --no-emit-index-url --no-emit-find-links \
  -o requirements-dev.txt requirements-dev.in
echo "lock: wrote requirements-dev.txt"
