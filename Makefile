# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
# Development and tests run with DEBUG on (settings default it off); DEBUG=0 make ... still wins.
export DEBUG ?= 1

.PHONY: run test setup venv migrate demo bench test-sqlite test-browser test-postgres check clean screenshots \
	serve loadtest backup-check bench-scale mutation

$(VENV)/.installed: requirements.txt requirements-test.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $@

venv: $(VENV)/.installed

migrate: venv
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

setup: demo

run: setup
	$(PY) manage.py runserver 127.0.0.1:8000

# Lint and format (ruff.toml), types (mypy.ini: strict on rules/ and seating/), Django's checks, migrations, the
# published file schemas (docs/schemas/, scripts/file_schemas.py), the size limits (scripts/code_limits.py: files
# of 700 lines, functions of 80 lines or complexity 25, printed).
check: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run
	$(PY) scripts/file_schemas.py --check
	$(PY) scripts/code_limits.py

# The suite runs in parallel (pytest-xdist): one worker per core, each with its own test database (pytest-django
# names them test_..._gw0, _gw1; the browser tests' SQLite file is per worker too), a test file's tests on one
# worker (their module fixtures, the browser, are made once). XDIST= runs it in one process.
XDIST ?= -n auto --dist loadfile

test-sqlite: venv
	$(PY) -m pytest -q $(XDIST) -m "not browser"

# Browser tests (tests/browser) drive Debian's chromium through playwright; says plainly when they are skipped.
# REQUIRE_BROWSER=1 (set by .ci/run) turns "no chromium" into a failure.
test-browser: venv
	@if command -v chromium >/dev/null 2>&1; then \
		echo "== chromium found at $$(command -v chromium): running the browser tests"; \
		$(PY) -m pytest -q $(XDIST) -m browser tests/browser; \
	elif [ "$$REQUIRE_BROWSER" = 1 ]; then \
		echo "== chromium NOT found, and REQUIRE_BROWSER is set: failing"; exit 1; \
	else \
		echo "== chromium NOT found: SKIPPING the browser tests (apt-get install chromium to run them)"; \
	fi

# Rewrites docs/screenshots/: the tile contact sheet and the pages the browser tests photograph.
screenshots: venv
	$(PY) scripts/tile_sheet.py
	UPDATE_SCREENSHOTS=1 $(PY) -m pytest -q -m browser tests/browser

# Runs the suite against PostgreSQL when a server answers; says so plainly when it does not.
# REQUIRE_POSTGRES=1 (set by .ci/run) turns "not reachable" into a failure.
test-postgres: venv
	@if $(PY) scripts/pg_ready.py "$(PG_URL)"; then \
		echo "== PostgreSQL reachable at $(PG_URL): running the suite against it"; \
		DATABASE_URL="$(PG_URL)" $(PY) -m pytest -q $(XDIST) -m "not browser"; \
	elif [ -n "$$REQUIRE_POSTGRES" ]; then \
		echo "== PostgreSQL NOT reachable at $(PG_URL), and REQUIRE_POSTGRES is set: failing"; exit 1; \
	else \
		echo "== PostgreSQL NOT reachable at $(PG_URL): SKIPPING the PostgreSQL run"; \
	fi

test: setup check test-sqlite test-browser test-postgres

# Mutation testing of the pure packages (tools/mutation, docs/mutation.md): the modules of rules/, seating/ and
# ratings/ changed since main, one at a time, each in one process; ALL=1 for all of them (docs/mutation.md).
mutation: venv
	$(PY) -m tools.mutation $(if $(ALL),--all,) $(MUTATION_ARGS)

bench: venv
	$(PY) -m bench

# Large events alone (also part of `make bench`, about a minute): imports of 400 and 1,000 players x 10 sessions,
# standings of 1,000 x 10, players file of 1,000 (bench/scale.py; BENCH_PG_URL=postgres://... for PostgreSQL,
# BENCH_SCALE=small for a tenth).
bench-scale: venv
	$(PY) -m bench bench.scale

# Production: Django's deployment checks, static files collected (served by WhiteNoise), migrations, then
# gunicorn, with the mail outbox's worker beside it when EMAIL_HOST or EMAIL_BACKEND is set (scripts/serve.sh:
# it stops with gunicorn). Settings come from the environment (DEBUG=0, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL,
# TRUSTED_PROXIES, ...; docs/deploy.md). It refuses to start unsafe: any warning of `check --deploy` stops it,
# and so do (in the settings) a SECRET_KEY under 50 characters and ALLOWED_HOSTS=*.
BIND ?= 127.0.0.1:8000
WEB_CONCURRENCY ?= 4
serve: venv
	$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py collectstatic --noinput
	$(PY) manage.py migrate --noinput
	PY="$(PY)" sh scripts/serve.sh $(VENV)/bin/gunicorn config.wsgi:application --bind "$(BIND)" \
		--workers "$(WEB_CONCURRENCY)" --access-logfile - --forwarded-allow-ips "$${FORWARDED_ALLOW_IPS:-127.0.0.1}"

# 50 referees and 200 readers against gunicorn and PostgreSQL on this machine (scripts/loadtest.py; a few
# minutes). Uses a database of its own on the server of LOADTEST_PG; LOADTEST_ARGS=--help lists the knobs.
# Exits non-zero, naming each, when a target is missed (an error, a mismatch, hand entry's p99 not under 500 ms).
LOADTEST_PG ?= postgres://postgres@127.0.0.1:5432/postgres
loadtest: venv
	$(PY) scripts/loadtest.py --pg-url "$(LOADTEST_PG)" $(LOADTEST_ARGS)

# pg_dump/pg_restore and export/import round trips (scripts/backup_restore_check.py); the PostgreSQL run
# of the suite runs the same script (tests/config/test_backup_restore.py).
backup-check: venv
	$(PY) scripts/backup_restore_check.py --pg-url "$(LOADTEST_PG)"

clean:
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles .pytest_cache
