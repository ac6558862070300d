# Watchtower: `make run` serves on 127.0.0.1:8000 with checks running, in a friendly local mode
# (DEBUG on, loopback only); `make test` runs lint, types and tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
PORT ?= 8000
DEBUG ?= true

.PHONY: run test lint typecheck pytest demo bench mcp-conformance install install-dev migrate clean

$(BIN)/activate:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is required"'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.base-installed: requirements/base.txt | $(BIN)/activate
	$(PY) -m pip install --quiet -r requirements/base.txt
	touch $@

$(VENV)/.dev-installed: requirements/base.txt requirements/dev.txt | $(BIN)/activate
	$(PY) -m pip install --quiet -r requirements/dev.txt
	touch $(VENV)/.base-installed $@

install: $(VENV)/.base-installed
install-dev: $(VENV)/.dev-installed

migrate: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py sync_directory

run: migrate
	DEBUG=$(DEBUG) $(PY) manage.py serve --host 127.0.0.1 --port $(PORT)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install-dev
	$(BIN)/mypy .

pytest: install-dev
	$(BIN)/pytest $(PYTEST_ARGS)

test: install-dev
	$(BIN)/ruff check .
	$(BIN)/mypy .
	$(BIN)/pytest $(PYTEST_ARGS)

demo: install-dev
	$(PY) -m watchtower.demo

bench: install-dev
	$(PY) -m bench

# On demand, not in CI: the official MCP conformance suite and the TypeScript SDK's client against a
# locally served app (needs npm; packages go to a temporary directory). docs/mcp.md.
mcp-conformance: install-dev
	$(PY) -m tools.mcp_conformance.run

clean:
	rm -rf $(VENV) var .mypy_cache .ruff_cache .pytest_cache .hypothesis
