# Phỏm in the browser.  make play: serve the game locally.  make test: everything.
PYTHON ?= python3
CHROMIUM ?= /usr/bin/chromium

.PHONY: play setup site test test-site test-deps vendor clean bench-load

setup: vendor

vendor:
	bash scripts/setup.sh

play: vendor
	$(PYTHON) scripts/serve.py

# The static site GitHub Pages serves (tools/build_site.py), in site/.
site: vendor
	$(PYTHON) tools/build_site.py site

# The browser tests against the assembled site, under /phom/ as on Pages.
test-site: test-deps site
	SITE_DIR=site $(PYTHON) -m pytest tests/browser tests/ship

# Start-up benchmark (not a test): medians of first paint and interactive, bytes.
bench-load: vendor
	$(PYTHON) bench/bench_load.py

test-deps:
	bash scripts/test-deps.sh

test: test-deps vendor
	$(PYTHON) -m pytest

clean:
	rm -rf vendor site test-artifacts test-results
