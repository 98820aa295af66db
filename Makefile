# Two commands matter: `make run` (set up, demo data, serve) and `make test`; `make docs`
# builds the documentation into site/.
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000
#: The address links, e-mails and QR codes start with: the one `make run` serves, also for
#: the demo's own messages and licenses, written before the server starts.
SITE_URL ?= http://$(HOST):$(PORT)
#: Where the browser tests save the documentation's screenshots (gitignored).
SCREENSHOTS := docs/screenshots
#: One worker per core, handed at most four tests at a time: xdist's default sends large
#: runs of consecutive tests, and one of them used to hold most of the browser walks,
#: walking alone long after the other worker was done (docs/development/tests.md).
XDIST := -n auto --maxschedchunk 4

.PHONY: install run test test-fast lint browser clean bench docs

# The translations' catalogues (locale/*/LC_MESSAGES/django.po) compiled for Django to read;
# the compiled .mo files are not committed (docs/development/translations.md).
install: $(VENV)/.installed
	@scripts/ensure-system-packages i18n
	$(PY) manage.py compilemessages --verbosity 0 --ignore='.*' --ignore='$(VENV)'

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet ".[test]"
	touch $@

run: install
	@scripts/ensure-system-packages pdf
	$(PY) manage.py migrate --noinput
	SITE_URL=$(SITE_URL) $(PY) manage.py seed_demo
	PAYMENT_DEMO_CHECKOUT=1 SITE_URL=$(SITE_URL) $(PY) manage.py runserver $(HOST):$(PORT)

browser:
	@scripts/ensure-system-packages browser

test: install browser
	@scripts/ensure-system-packages pdf
	DOCS_SCREENSHOTS_DIR=$(SCREENSHOTS) $(PY) -m pytest $(XDIST)

test-fast: install
	$(PY) -m pytest $(XDIST) -m "not e2e"

# Not part of `make test`: BENCH_SCALE=small (default, a few minutes) or full; BENCH_LOCUST=1
# adds 50 locust users for 60 s against gunicorn on 127.0.0.1; BENCH_NODES=2 (on PostgreSQL) runs
# two servers and two workers with Redis. See docs/operations/performance.md.
bench: install
	@scripts/ensure-system-packages pdf
	@[ "$(BENCH_NODES)" != 2 ] || scripts/ensure-system-packages redis
	$(VENV)/bin/pip install --quiet ".[test,bench]"
	$(PY) tests/bench/run.py

$(VENV)/.installed-docs: $(VENV)/.installed pyproject.toml
	$(VENV)/bin/pip install --quiet ".[docs]"
	touch $@

# The documentation site in site/: the screenshots a page shows that `make test` has not
# taken yet are taken by the browser tests marked docs_screenshot, then the API schema is
# written, then MkDocs builds with --strict (no broken link, no page outside the nav).
docs: $(VENV)/.installed-docs
	@missing=$$(grep -rhoE 'screenshots/[a-z0-9-]+\.png' docs --include='*.md' | sort -u \
		| while read -r shot; do [ -f "docs/$$shot" ] || echo "$$shot"; done); \
	if [ -n "$$missing" ]; then \
		echo "Taking the screenshots not there yet:" $$missing; \
		$(MAKE) --no-print-directory browser && scripts/ensure-system-packages pdf && \
		DOCS_SCREENSHOTS_DIR=$(SCREENSHOTS) $(PY) -m pytest -q $(XDIST) -m docs_screenshot; \
	fi
	$(PY) manage.py spectacular --file docs/api/openapi.yaml
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports

clean:
	rm -rf $(VENV) db.sqlite3 media staticfiles .pytest_cache site
