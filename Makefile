# The two commands of the README: `make run` and `make test`. Both bootstrap from a bare clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# make run: production-like settings on plain http (designed error pages, WhiteNoise static).
# E-mails (the askers' one e-mail) are written to files in sent-emails/ unless EMAIL_HOST is set.
RUN_ENV = DJANGO_DEBUG=$${DJANGO_DEBUG:-0} DJANGO_HTTPS=$${DJANGO_HTTPS:-0} \
	DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat .secret_key)}" \
	EMAIL_FILE_PATH="$${EMAIL_FILE_PATH:-$(CURDIR)/sent-emails}"
TEST_ENV = DJANGO_SETTINGS_MODULE=rulesite.settings_test

.PHONY: run test test-others test-browser test-postgres setup venv check lint typecheck bench lighthouse bench-http vendor-js clean

$(STAMP): requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

.secret_key:
	$(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > .secret_key

setup: venv .secret_key
	$(RUN_ENV) $(PY) manage.py migrate --noinput -v0
	$(RUN_ENV) $(PY) manage.py createcachetable
	$(RUN_ENV) $(PY) manage.py loadrules
	$(RUN_ENV) $(PY) manage.py collectstatic --noinput -v0

# Served by uvicorn (ASGI: pages and the online rooms' WebSockets, one process, in-memory rooms).
run: setup
	@echo "Serving on http://$(HOST):$(PORT)/"
	$(RUN_ENV) $(VENV)/bin/uvicorn rulesite.asgi:application --host $(HOST) --port $(PORT) --no-server-header

check: venv
	$(TEST_ENV) $(PY) manage.py checkrules

lint: venv
	$(VENV)/bin/ruff check .

# Strict static types over the whole project (see pyproject.toml; django-stubs for the web layer).
typecheck: venv
	$(VENV)/bin/mypy

# make test: the content check, lint and types, and the whole suite, in two processes at once (one
# core each): the browser tests (pytest -m browser: Playwright and Chromium) beside everything else.
# Each process has its own test database and free ports; make fails when either fails, and prints
# each one's output when it ends. PYTEST_ARGS passes options to both (e.g. PYTEST_ARGS=-x).
test: venv
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-others test-browser

test-others: venv
	$(TEST_ENV) $(PY) manage.py checkrules
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(TEST_ENV) $(PY) -m pytest -m "not browser" $(PYTEST_ARGS)

test-browser: venv
	$(TEST_ENV) $(PY) -m pytest -m browser -p no:cacheprovider $(PYTEST_ARGS)

# The database-facing tests on PostgreSQL: needs DATABASE_URL=postgres://... (see .ci/postgres.sh).
# Of these folders, only the tests that reach the database run (RULESITE_DATABASE_TESTS_ONLY, see
# tests/conftest.py): the parsing tests among them ran in make test and prove nothing new here.
# (Not tests/simulator_web, engine pages whose only rows are the games', nor tests/search, whose
# index is built in Python from rows the other tests read since the database text search went:
# nine minutes of CI.)
test-postgres: venv
	@case "$$DATABASE_URL" in postgres*) ;; *) echo "set DATABASE_URL to a PostgreSQL URL" >&2; exit 2;; esac
	$(TEST_ENV) RULESITE_DATABASE_TESTS_ONLY=1 $(PY) -m pytest tests/rulebooks tests/faq tests/rooms tests/test_nul_bytes.py tests/test_http_caching.py $(PYTEST_ARGS)

bench: venv
	$(TEST_ENV) $(PY) bench/run_all.py

# HTTP load and cache (issue 13): uvicorn with 2 workers, nginx (static file, proxy_cache), wrk.
# Its own temporary database; BENCH_HTTP_SECONDS shortens each wrk run (default 10).
bench-http: venv
	$(PY) bench/bench_http.py

# Lighthouse (pinned in tools/lighthouse, npm) on every page type, with the system Chromium; prints
# the scores and keeps the reports in reports/lighthouse/ (bench/lighthouse.py).
lighthouse: venv
	cd tools/lighthouse && npm ci --no-audit --no-fund --loglevel=error
	$(PY) bench/lighthouse.py

# The browser's search library for games kept offline: MiniSearch, pinned in tools/offline/package.json,
# copied into static/vendor/ (committed: `make run` needs no npm). Run after changing the pin.
vendor-js:
	cd tools/offline && npm ci --no-audit --no-fund --loglevel=error
	version=$$(node -p "require('./tools/offline/node_modules/minisearch/package.json').version"); \
	rm -f static/vendor/minisearch-*.js; \
	{ echo "/*! MiniSearch $$version (npm: minisearch@$$version, dist/umd/index.js), MIT License, (c) Luca Ongaro. Vendored by \`make vendor-js\` (tools/offline/package.json); do not edit. */"; \
	  sed '/^\/\/# sourceMappingURL/d' tools/offline/node_modules/minisearch/dist/umd/index.js; } > static/vendor/minisearch-$$version.js

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
