#!/usr/bin/env bash
# usage: bash scripts/venv.sh [--dev]
#   bash scripts/venv.sh          the bare environment (make play needs no more)
#   bash scripts/venv.sh --dev    plus the Python tools in requirements-dev.txt
#
# The project's virtual environment, .venv/ (git-ignored), made with the
# machine's python3 (3.11+; Debian's own refuses `pip install`, PEP 668).
#
# Debian ships the venv module's ensurepip apart (python3-venv): installed
# from apt when missing. The tools are installed from PyPI alone, whatever
# pip is configured with on the machine, each file checked against the hash
# in requirements-dev.txt (`make lock` regenerates it); re-run only when that
# file changes. PYTHON picks the interpreter, VENV the folder.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/apt.sh

PYTHON=${PYTHON:-python3}
VENV=${VENV:-.venv}

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "set-up: $PYTHON is missing or older than 3.11 (apt-get install python3)" >&2
  exit 1
fi

# A folder left by another interpreter (or a half-made one) is made anew.
if [ -e "$VENV" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  echo "set-up: $VENV is broken; making it anew" >&2
  rm -rf "$VENV"
fi
if [ ! -e "$VENV" ]; then
  need python3-venv -- "$PYTHON" -c 'import ensurepip, venv'
  install_needed
  "$PYTHON" -m venv "$VENV"
fi

[ "${1:-}" = --dev ] || exit 0

stamp=$VENV/.phom-requirements-dev.txt
if [ -f "$stamp" ] && cmp -s requirements-dev.txt "$stamp"; then
  exit 0
fi
# PyPI only: no configuration files, no extra index or local wheels.
env -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL -u PIP_FIND_LINKS -u PIP_CONSTRAINT -u PIP_NO_INDEX \
  PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1 \
  "$VENV/bin/python" -m pip install -q --require-hashes --only-binary=:all: -r requirements-dev.txt
cp requirements-dev.txt "$stamp"
