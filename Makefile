# Phỏm in the browser.  make play: serve the game locally.  make test: everything.
PYTHON ?= python3
CHROMIUM ?= /usr/bin/chromium

.PHONY: play setup test test-deps vendor clean

setup: vendor

vendor:
	bash scripts/setup.sh

play: vendor
	$(PYTHON) scripts/serve.py

test-deps:
	bash scripts/test-deps.sh

test: test-deps vendor
	$(PYTHON) -m pytest

clean:
	rm -rf vendor test-artifacts
