# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PG_URL ?= postgres://postgres@127.0.0.1:5432/test

.PHONY: run test setup venv migrate demo bench test-sqlite test-postgres check clean

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

check: venv
	$(PY) manage.py check
	$(PY) manage.py makemigrations --check --dry-run

test-sqlite: venv
	$(PY) -m pytest -q

# Runs the suite against PostgreSQL when a server answers; says so plainly when it does not.
# REQUIRE_POSTGRES=1 (set by .ci/run) turns "not reachable" into a failure.
test-postgres: venv
	@if $(PY) scripts/pg_ready.py "$(PG_URL)"; then \
		echo "== PostgreSQL reachable at $(PG_URL): running the suite against it"; \
		DATABASE_URL="$(PG_URL)" $(PY) -m pytest -q; \
	elif [ -n "$$REQUIRE_POSTGRES" ]; then \
		echo "== PostgreSQL NOT reachable at $(PG_URL), and REQUIRE_POSTGRES is set: failing"; exit 1; \
	else \
		echo "== PostgreSQL NOT reachable at $(PG_URL): SKIPPING the PostgreSQL run"; \
	fi

test: setup check test-sqlite test-postgres

bench: venv
	$(PY) -m bench

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache
