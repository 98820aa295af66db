# Two commands matter: `make run` (set up, demo data, serve) and `make test`.
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: install run test test-fast lint browser clean bench

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet ".[test]"
	touch $@

run: install
	@scripts/ensure-system-packages pdf
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo
	$(PY) manage.py runserver $(HOST):$(PORT)

browser:
	@scripts/ensure-system-packages browser

test: install browser
	@scripts/ensure-system-packages pdf
	$(PY) -m pytest -n auto

test-fast: install
	$(PY) -m pytest -n auto -m "not e2e"

# Not part of `make test`: BENCH_SCALE=small (default, a few minutes) or full; BENCH_LOCUST=1
# adds 50 locust users for 60 s against gunicorn on 127.0.0.1. See README, "Performance".
bench: install
	@scripts/ensure-system-packages pdf
	$(VENV)/bin/pip install --quiet ".[test,bench]"
	$(PY) tests/bench/run.py

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

clean:
	rm -rf $(VENV) db.sqlite3 media staticfiles .pytest_cache
