# Phỏm in the browser.  make play: serve the game locally.  make test: everything.
PYTHON ?= python3
CHROMIUM ?= /usr/bin/chromium

.PHONY: play setup site test test-deps vendor clean

setup: vendor

vendor:
	bash scripts/setup.sh

play: vendor
	$(PYTHON) scripts/serve.py

# The static site GitHub Pages serves (tools/build_site.py), in site/.
site: vendor
	$(PYTHON) tools/build_site.py site

test-deps:
	bash scripts/test-deps.sh

test: test-deps vendor
	$(PYTHON) -m pytest

clean:
	rm -rf vendor site test-artifacts test-results
