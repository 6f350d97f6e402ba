#!/usr/bin/env bash
# Install the pinned browser runtime (npm) and copy what the page loads into
# the git-ignored vendor/ folder, then pack our Python (phom/ + ui/) for the page.
# Idempotent: re-running only redoes what is missing or out of date.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v npm >/dev/null 2>&1; then
  echo "setup: npm not found; install Node.js (apt-get install -y nodejs npm)" >&2
  exit 1
fi

stamp=node_modules/.phom-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi

mkdir -p vendor/pyodide vendor/pyscript
for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
  if [ ! -f "vendor/pyodide/$f" ] || [ "node_modules/pyodide/$f" -nt "vendor/pyodide/$f" ]; then
    cp "node_modules/pyodide/$f" vendor/pyodide/
  fi
done
cp -u node_modules/@pyscript/core/dist/*.js node_modules/@pyscript/core/dist/*.css vendor/pyscript/

python3 scripts/pack_py.py
