"""Large events: how long the import of a 400-player and a 1,000-player tournament of 10 sessions takes,
how long the standings of the 1,000-player one take to compute and to render (first page and a later
one), and the players file import (CSV and XLSX) of 1,000 players. Figures only (issue 11).

It works in a database of its own, never the one DATABASE_URL names: a temporary SQLite file, or with
BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres a ``bench_<pid>`` database on that server,
dropped at the end. BENCH_SCALE=small runs the same at a tenth of the size (a quick look).
"""

import os
import random
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def interchange_data(slug, players, sessions, hands, seed=1):
    """A tournament in the interchange format: random seating each session, every hand of every table."""
    rng = random.Random(seed)
    numbers = list(range(1, players + 1))
    data = {
        "name": slug,
        "slug": slug,
        "rules": "mcr",
        "session_count": sessions,
        "hands_per_session": hands,
        "players": [{"number": n, "name": f"Player {n}", "country": "ES"} for n in numbers],
        "sessions": [],
    }
    for s in range(1, sessions + 1):
        rng.shuffle(numbers)
        tables = []
        for i in range(0, players, 4):
            seats = numbers[i : i + 4]
            tables.append(
                {"number": i // 4 + 1, "seats": seats, "hands": [random_hand(rng, seats) for _h in range(hands)]}
            )
        data["sessions"].append({"number": s, "tables": tables})
    return data


def random_hand(rng, seats):
    r = rng.random()
    if r < 0.12:
        return {"draw": True}
    winner = rng.choice(seats)
    points = rng.choice((8, 8, 9, 10, 12, 16, 24, 32, 48))
    if r < 0.35:
        return {"winner": winner, "self_drawn": True, "points": points}
    return {"winner": winner, "from": rng.choice([p for p in seats if p != winner]), "points": points}


def players_file(count, fmt):
    """A players list of ``count`` players as the organizers' import page takes it (CSV or XLSX bytes)."""
    header = ["number", "name", "country", "club", "ema_id", "team"]
    rows = [
        [n, f"Jugadora {n} López", "ES", f"Club {n % 40}", f"{4000000 + n:08d}", f"Team {n % 250}"]
        for n in range(1, count + 1)
    ]
    if fmt == "csv":
        return "\n".join(",".join(map(str, row)) for row in [header, *rows]).encode("utf-8")
    import io

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in [header, *rows]:
        sheet.append([str(v) for v in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


class Database:
    """A throw-away database for the bench, set up before Django."""

    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="bench-scale-")
        self.pg = os.environ.get("BENCH_PG_URL")
        if self.pg:
            self.name = f"bench_{os.getpid()}"
            self._admin(f'CREATE DATABASE "{self.name}"')
            os.environ["DATABASE_URL"] = self.pg.rsplit("/", 1)[0] + "/" + self.name
        else:
            os.environ["DATABASE_URL"] = f"sqlite:///{self.tmp}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        os.environ["ALLOWED_HOSTS"] = "testserver"
        sys.path.insert(0, str(ROOT))

    def _admin(self, sql):
        import dj_database_url
        import psycopg

        cfg = dj_database_url.parse(self.pg)
        with psycopg.connect(
            host=cfg["HOST"] or "127.0.0.1",
            port=cfg["PORT"] or 5432,
            user=cfg["USER"] or None,
            password=cfg["PASSWORD"] or None,
            dbname=cfg["NAME"] or "postgres",
            autocommit=True,
        ) as conn:
            conn.execute(sql)

    def close(self):
        from django.db import connections

        connections.close_all()
        if self.pg:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        shutil.rmtree(self.tmp, ignore_errors=True)

    @property
    def label(self):
        return "PostgreSQL" if self.pg else "SQLite (file)"


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main():
    small = os.environ.get("BENCH_SCALE") == "small"
    import_sizes = ((40, 10), (100, 10)) if small else ((400, 10), (1000, 10))
    standings_size = import_sizes[-1]
    player_count = 100 if small else 1000
    db = Database()
    try:
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from interchange.load import tournament_import
        from standings.selectors import player_standings
        from tournament import services as ts
        from tournament.importing import parse_players_file

        call_command("migrate", verbosity=0)
        warnings.filterwarnings("ignore", message="No directory at")  # static files: only `make serve` collects
        # Timed as production runs: DEBUG off, so no query is logged unless counted below.
        settings.DEBUG = False
        print(f"database: {db.label}")
        print(f"{'what':<44} {'size':>18} {'seconds':>8} {'queries':>8}")
        tournaments = {}
        for players, sessions in import_sizes:
            slug = f"p{players}-s{sessions}"
            data = interchange_data(slug, players, sessions, 16)
            hands = players // 4 * sessions * 16
            tournaments[(players, sessions)], seconds = timed(lambda: tournament_import(data))
            print(
                f"{'import (interchange, import_tournament)':<44} {f'{players}x{sessions}, {hands} hands':>18} "
                f"{seconds:>8.1f}"
            )

        players, sessions = standings_size
        tournament = tournaments[standings_size]
        size = f"{players}x{sessions}, {players // 4 * sessions * 16} hands"
        with CaptureQueriesContext(connection) as queries:
            rows, seconds = timed(lambda: player_standings(tournament))
        assert len(rows) == players
        print(
            f"{'standings computed (player_standings)':<44} {size:>18} {seconds:>8.2f} "
            f"{len(queries.captured_queries):>8}"
        )
        client = Client()
        url = f"/t/{tournament.slug}/standings/"
        client.get(url)  # templates compiled and caches warm, as on a running server
        last = -(-players // 50)  # the page shows 50 players
        for page in (1, last):
            target = url if page == 1 else f"{url}?page={page}"
            with CaptureQueriesContext(connection) as queries:
                response, seconds = timed(lambda: client.get(target))
            assert response.status_code == 200, response.status_code
            what = "standings page rendered (GET, anonymous)" if page == 1 else f"  the same, page {page} of {last}"
            print(f"{what:<44} {size:>18} {seconds:>8.2f} {len(queries.captured_queries):>8}")

        for fmt in ("csv", "xlsx"):
            target = ts.tournament_create(by=None, name=f"players-{fmt}", slug=f"players-{fmt}", session_count=1)
            content = players_file(player_count, fmt)

            def load():
                preview = parse_players_file(content, f"players.{fmt}", target)
                assert not preview.errors, preview.errors[:3]
                return ts.players_import(tournament=target, rows=preview.rows, by=None)

            created, seconds = timed(load)
            assert len(created) == player_count
            print(
                f"{f'players file import ({fmt.upper()}, read + save)':<44} {f'{player_count} players':>18} "
                f"{seconds:>8.2f}"
            )
    finally:
        db.close()


if __name__ == "__main__":
    main()
