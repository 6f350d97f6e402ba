#!/usr/bin/env bash
# usage: bash scripts/setup.sh   (make vendor; make play and make test run it)
#
# Install the pinned browser runtime (npm) and copy what the page loads into
# the git-ignored vendor/ folder (the stdlib trimmed), then pack our Python
# (phom/ + ui/) for the page.
# Idempotent: re-running only redoes what is missing or out of date.
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/apt.sh

# Node.js and npm install the pinned runtime (npm ci) and compile the dev server's
# bytecode: from apt when missing, as for make test (scripts/test-deps.sh, which runs
# first there). Without npm's recommends (a compiler, node-gyp, webpack, X11 tools):
# on a bare Debian 12, 642 packages and 875 MB with them, for make play alone.
need nodejs npm -- command -v npm
install_needed --no-install-recommends
if ! command -v npm >/dev/null 2>&1; then
  echo "setup: npm is still missing: as root, apt-get install -y nodejs npm; then run this again" >&2
  exit 1
fi

stamp=node_modules/.phom-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --no-update-notifier --loglevel=error
  cp package-lock.json "$stamp"
fi

mkdir -p vendor/pyodide vendor/pyscript
for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide-lock.json; do
  if [ ! -f "vendor/pyodide/$f" ] || [ "node_modules/pyodide/$f" -nt "vendor/pyodide/$f" ]; then
    cp "node_modules/pyodide/$f" vendor/pyodide/
  fi
done
# The stdlib trimmed to what the page imports (tools/stdlib-keep.txt) and slimmed: 0.74 MB
# instead of 2.5 MB. The whole one stays in node_modules/pyodide/.
std=vendor/pyodide/python_stdlib.zip
if [ ! -f "$std" ] || [ node_modules/pyodide/python_stdlib.zip -nt "$std" ] \
   || [ tools/stdlib-keep.txt -nt "$std" ] || [ tools/trim_stdlib.py -nt "$std" ] \
   || [ scripts/pack_py.py -nt "$std" ]; then
  python3 tools/trim_stdlib.py node_modules/pyodide/python_stdlib.zip "$std"
fi
cp -u node_modules/@pyscript/core/dist/*.js node_modules/@pyscript/core/dist/*.css vendor/pyscript/
# Linked play's QR codes: qrcode-generator draws them, jsQR reads camera frames
# where the browser has no BarcodeDetector. Both loaded only when used.
mkdir -p vendor/qr
cp -u node_modules/qrcode-generator/dist/qrcode.mjs node_modules/jsqr/dist/jsQR.js vendor/qr/

# Internet play (issue 39): trystero's Nostr strategy bundled by esbuild (both pinned in
# package.json) into one ES module with no bare imports, which ui/friends/net.js loads
# only when the player chooses to play over the internet.
bundle=vendor/trystero/trystero.mjs
if [ ! -f "$bundle" ] || [ package-lock.json -nt "$bundle" ] || [ scripts/trystero.entry.mjs -nt "$bundle" ]; then
  mkdir -p vendor/trystero
  node_modules/.bin/esbuild scripts/trystero.entry.mjs --bundle --format=esm --minify --target=es2020 \
    --legal-comments=none --log-level=warning --outfile="$bundle"
fi

# The vendored runtime's types, for the JavaScript checker (tsconfig*.json, make lint): what
# imports ../../vendor/pyodide/pyodide.mjs sees pyodide's own declarations (from npm), and
# PyScript's core.js (loaded for its effect) is not checked as ours. Never shipped.
printf 'export * from "../../node_modules/pyodide/pyodide";\n' > vendor/pyodide/pyodide.d.mts
printf 'export {};\n' > vendor/pyscript/core.d.ts

python3 scripts/pack_py.py
