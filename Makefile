# Phỏm in the browser.  make play: serve the game locally.  make test: everything.
#
# Both set up what they need on a fresh Debian machine: Node.js and npm from apt
# and the pinned runtime from npm into vendor/ (scripts/setup.sh), and a virtual
# environment, .venv/, made with the machine's python3 (scripts/venv.sh); make
# test also installs Chromium and the rest from apt and the pinned Python tools
# (requirements-dev.txt) into .venv/ (scripts/test-deps.sh).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
export PYTHON VENV

# Types: `mypy --strict` on phom/ and the clean ui/ packages (pyproject's [tool.mypy]: strict = true, files).
# The JavaScript's: TypeScript's checker (JS_CHECK below).
MYPY_FLAGS ?=

.PHONY: play setup venv site test test-site test-deps lint lock vendor clean distclean bench-load

setup: vendor venv

vendor:
	bash scripts/setup.sh

venv:
	bash scripts/venv.sh

# make play PORT=8001 serves on another port (8000's is refused when taken, never swapped:
# the browser keeps the saved match per port); HOST=0.0.0.0 for a phone on the same Wi-Fi.
# Set here, not from the environment: only the command line changes them.
PORT = 8000
HOST = 127.0.0.1
play: vendor venv
	$(PY) scripts/serve.py --host $(HOST) $(PORT)

# The static site GitHub Pages serves (tools/build_site.py), in site/.
site: vendor venv
	$(PY) tools/build_site.py site

# The browser tests against the assembled site, under /phom/ as on Pages.
test-site: test-deps site
	SITE_DIR=site $(PY) -m pytest tests/browser tests/ship

# Start-up benchmark (not a test): medians of first paint and interactive, bytes.
bench-load: test-deps vendor
	$(PY) bench/bench_load.py

test-deps:
	bash scripts/test-deps.sh

# JavaScript: TypeScript's checker (npm, pinned) on all of ours with its JSDoc types, in three
# programs by where the code runs: the page, the workers, Node's tools (tsconfig*.json).
JS_CHECK = tsconfig.json tsconfig.worker.json tsconfig.node.json

# Lint and types; make test runs them first.
lint: test-deps vendor
	$(PY) -m ruff check
	$(PY) -m mypy $(MYPY_FLAGS)
	for c in $(JS_CHECK); do node_modules/.bin/tsc -p $$c || exit 1; done

# pytest's exit code is kept (and written to PYTEST_CODE_FILE for .ci/run). The suite runs in
# two workers, then the `solo` tests alone (scripts/pytest.sh).
test: lint vendor
	PY=$(PY) bash scripts/pytest.sh $(PYTEST_ARGS); code=$$?; \
	  if [ -n "$(PYTEST_CODE_FILE)" ]; then echo $$code > "$(PYTEST_CODE_FILE)"; fi; \
	  exit $$code

# Re-pin requirements-dev.txt to the newest versions of requirements-dev.in.
lock:
	bash scripts/lock.sh

clean:
	rm -rf vendor site test-artifacts test-results

distclean: clean
	rm -rf $(VENV) node_modules
