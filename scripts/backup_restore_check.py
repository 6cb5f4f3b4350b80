"""Backups restore to the same data (``make backup-check``; tests/config/test_backup_restore.py runs it
in the PostgreSQL run of the suite). The two ways docs/deploy.md describes:

1. ``pg_dump -Fc`` of the whole database, the database wiped (dropped and created empty), ``pg_restore``;
   then every table's rows must be identical (count and checksum of the rows' text) and the
   tournament's interchange export byte for byte the same.
2. ``manage.py export_tournament``, the database wiped (dropped, created, migrated), ``manage.py
   import_tournament`` of the file; then the restored tournament's export must equal the file.

It works in databases of its own (``backupcheck_<pid>``) on the server of --pg-url, loaded with the demo
tournament plus a correction (a second version of a hand), a penalty and an upheld appeal that withdrew
it, and drops them at the end.
Exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import dj_database_url
import psycopg

ROOT = Path(__file__).resolve().parent.parent
SLUG = "demo-open"

# A correction and a penalty on top of the demo, through the services, so versions and penalties are
# part of what must come back; and an appeal against a second penalty, upheld by the demo's referee, which
# withdrew it (the import of the file runs where those users do not exist: the names must come back).
EXTRA = """
from django.contrib.auth import get_user_model
from scoring import services as ap
from scoring import services as ss
from scoring.models import Appeal, Hand
from tournament.models import Tournament
t = Tournament.objects.get(slug="demo-open")
hand = Hand.objects.filter(sheet__table__session__tournament=t, current__outcome="discard").order_by("pk").first()
v = hand.current
sheet = hand.sheet
if not sheet.is_submitted:
    ss.hand_record(sheet=sheet, number=hand.number, outcome=v.outcome, winner=v.winner, discarder=v.discarder,
                   points=v.points + 1, flowers=v.flowers, note="corrected", by=None)
    ss.penalty_record(sheet=sheet, player=v.winner, amount=5, to="nobody", reason="slow play", by=None)
    wrong = ss.foul_record(sheet=sheet, player=v.discarder, foul="violation", amount=10, by=None)
    referee = get_user_model().objects.get(username="referee")
    appeal = ap.appeal_file(sheet=sheet, filer=v.discarder, kind="rule", penalty=wrong, by=referee,
                            statement="No rule was broken.")
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Agreed.", by=referee)
    ap.appeal_amend_withdraw_penalty(appeal=appeal, penalty=wrong, by=referee)
if not Appeal.objects.filter(tournament=t, amendments__isnull=False).exists():
    print(0)
else:
    print(Hand.objects.filter(sheet__table__session__tournament=t, current__version__gt=1).count())
"""


def connect(cfg, dbname):
    return psycopg.connect(
        host=cfg["HOST"] or "127.0.0.1",
        port=cfg["PORT"] or 5432,
        user=cfg["USER"] or None,
        password=cfg["PASSWORD"] or None,
        dbname=dbname,
        autocommit=True,
        connect_timeout=5,
    )


class Check:
    def __init__(self, pg_url):
        self.cfg = dj_database_url.parse(pg_url)
        self.name = f"backupcheck_{os.getpid()}"
        self.url = pg_url.rsplit("/", 1)[0] + "/" + self.name
        self.env = {**os.environ, "DATABASE_URL": self.url, "DEBUG": "1", "LOG_LEVEL": "ERROR"}
        self.libpq = {
            **os.environ,
            "PGHOST": self.cfg["HOST"] or "127.0.0.1",
            "PGPORT": str(self.cfg["PORT"] or 5432),
            "PGUSER": self.cfg["USER"] or "postgres",
        }
        if self.cfg["PASSWORD"]:
            self.libpq["PGPASSWORD"] = self.cfg["PASSWORD"]

    def admin(self, sql):
        with connect(self.cfg, "postgres") as conn:
            conn.execute(sql)

    def wipe(self):
        """Drop the database and create it empty, as after losing the server."""
        self.admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        self.admin(f'CREATE DATABASE "{self.name}"')

    def manage(self, *args, stdin=None):
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")
        return result.stdout

    def run(self, *args):
        result = subprocess.run(args, env=self.libpq, capture_output=True, text=True, timeout=600)
        if result.returncode:
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stderr[-3000:]}")
        return result.stdout

    def tables(self):
        """{table: (rows, md5 of the rows' text in order)} for every table of the public schema."""
        out = {}
        with connect(self.cfg, self.name) as conn:
            names = [
                r[0]
                for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
            ]
            for name in names:
                out[name] = conn.execute(
                    f"SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM \"{name}\" t"
                ).fetchone()
        return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("PG_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL server to work on (its database name is only used to connect)",
    )
    args = parser.parse_args(argv)
    check = Check(args.pg_url)
    problems = []
    with tempfile.TemporaryDirectory(prefix="backupcheck-") as tmp:
        dump, exported = Path(tmp) / "db.dump", Path(tmp) / "tournament.json"
        try:
            check.wipe()
            check.manage("migrate", "--noinput")
            check.manage("load_demo")
            if check.manage("shell", "-c", EXTRA).strip() == "0":
                problems.append("set-up: no corrected hand or amending appeal to carry through the backups")
            before_tables = check.tables()
            check.manage("export_tournament", SLUG, "--output", str(exported))
            before = exported.read_text(encoding="utf-8")
            rows = sum(n for n, _md5 in before_tables.values())
            print(f"database {check.name}: {len(before_tables)} tables, {rows} rows; export {len(before)} bytes")

            # 1. The whole database: pg_dump, wipe, pg_restore.
            check.run("pg_dump", "--format=custom", "--no-owner", "--file", str(dump), check.name)
            check.wipe()
            check.run("pg_restore", "--no-owner", "--exit-on-error", "--dbname", check.name, str(dump))
            after_tables = check.tables()
            for table in sorted(set(before_tables) | set(after_tables)):
                if before_tables.get(table) != after_tables.get(table):
                    problems.append(
                        f"pg_restore: table {table}: {before_tables.get(table)} before, {after_tables.get(table)} after"
                    )
            if check.manage("export_tournament", SLUG) != before:
                problems.append("pg_restore: the tournament's export differs from the one before the backup")
            print(
                f"pg_dump ({dump.stat().st_size} bytes) -> wipe -> pg_restore: "
                f"{'identical' if not problems else 'DIFFERENT'}"
            )

            # 2. One tournament: export, wipe, migrate, import.
            found = len(problems)
            check.wipe()
            check.manage("migrate", "--noinput")
            check.manage("import_tournament", str(exported))
            if check.manage("export_tournament", SLUG) != before:
                problems.append("interchange: the re-imported tournament exports differently from the file")
            print(
                f"export_tournament -> wipe -> migrate -> import_tournament: "
                f"{'identical' if len(problems) == found else 'DIFFERENT'}"
            )
        finally:
            check.admin(f'DROP DATABASE IF EXISTS "{check.name}" WITH (FORCE)')
    for line in problems:
        print("  MISMATCH:", line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
