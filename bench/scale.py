"""Large events: how long the import of a 400-player, 10-session tournament takes, and how long the
standings of a 1,000-player, 10-session tournament take to compute and to render. Figures only.

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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def interchange_data(slug, players, sessions, hands, seed=1):
    """A tournament in the interchange format: random seating each session, every hand of every table."""
    rng = random.Random(seed)
    numbers = list(range(1, players + 1))
    data = {"name": slug, "slug": slug, "rules": "mcr", "session_count": sessions, "hands_per_session": hands,
            "players": [{"number": n, "name": f"Player {n}", "country": "ES"} for n in numbers], "sessions": []}
    for s in range(1, sessions + 1):
        rng.shuffle(numbers)
        tables = []
        for i in range(0, players, 4):
            seats = numbers[i:i + 4]
            tables.append({"number": i // 4 + 1, "seats": seats,
                           "hands": [random_hand(rng, seats) for _h in range(hands)]})
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


def bulk_load(data):
    """The same tournament written straight into the tables (bulk inserts, no services): a fast way to a
    big standings case, as the import through the services is the slow part measured above."""
    from scoring.models import Hand, HandVersion, ScoreSheet
    from scoring.rules import payments as pay
    from tournament import services as ts
    from tournament.models import Player, Seat, Table

    tournament = ts.tournament_create(by=None, name=data["name"], slug=data["slug"],
                                      session_count=data["session_count"], hands_per_session=data["hands_per_session"])
    Player.objects.bulk_create([Player(tournament=tournament, number=p["number"], name=p["name"],
                                       country=p["country"]) for p in data["players"]])
    players = {p.number: p for p in tournament.players.all()}
    sessions = {s.number: s for s in tournament.sessions.all()}
    for srow in data["sessions"]:
        session = sessions[srow["number"]]
        tables = Table.objects.bulk_create([Table(session=session, number=t["number"]) for t in srow["tables"]])
        sheets = ScoreSheet.objects.bulk_create([ScoreSheet(table=t) for t in tables])
        Seat.objects.bulk_create([Seat(table=table, session=session, player=players[n], position=i)
                                  for table, trow in zip(tables, srow["tables"]) for i, n in enumerate(trow["seats"])])
        hands = Hand.objects.bulk_create([Hand(sheet=sheet, number=h) for sheet, trow in zip(sheets, srow["tables"])
                                          for h in range(1, len(trow["hands"]) + 1)])
        versions = []
        rows = [(trow, hrow) for trow in srow["tables"] for hrow in trow["hands"]]
        for hand, (trow, hrow) in zip(hands, rows):
            seats = [players[n].pk for n in trow["seats"]]
            outcome = pay.DRAW if hrow.get("draw") else pay.SELF_DRAWN if hrow.get("self_drawn") else pay.DISCARD
            winner = players[hrow["winner"]] if "winner" in hrow else None
            discarder = players[hrow["from"]] if "from" in hrow else None
            deltas = pay.hand_payments(seats, pay.HandOutcome(
                outcome=outcome, winner=winner and winner.pk, discarder=discarder and discarder.pk,
                points=hrow.get("points", 0)))
            versions.append(HandVersion(hand=hand, version=1, outcome=outcome, winner=winner, discarder=discarder,
                                        points=hrow.get("points", 0),
                                        **{f"delta_{i}": deltas[pk] for i, pk in enumerate(seats)}))
        versions = HandVersion.objects.bulk_create(versions)
        for hand, version in zip(hands, versions):
            hand.current = version
        Hand.objects.bulk_update(hands, ["current"], batch_size=2000)
    return tournament


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
        with psycopg.connect(host=cfg["HOST"] or "127.0.0.1", port=cfg["PORT"] or 5432, user=cfg["USER"] or None,
                             password=cfg["PASSWORD"] or None, dbname=cfg["NAME"] or "postgres",
                             autocommit=True) as conn:
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
    import_size, standings_size = ((40, 10), (100, 10)) if small else ((400, 10), (1000, 10))
    db = Database()
    try:
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from interchange.load import tournament_import
        from standings.selectors import player_standings

        call_command("migrate", verbosity=0)
        print(f"database: {db.label}")
        print(f"{'what':<44} {'size':>16} {'seconds':>8} {'queries':>8}")
        for players, sessions in (import_size, standings_size):
            slug = f"p{players}-s{sessions}"
            data = interchange_data(slug, players, sessions, 16)
            hands = players // 4 * sessions * 16
            size = f"{players}x{sessions}, {hands} hands"
            if (players, sessions) == import_size:
                tournament, seconds = timed(lambda: tournament_import(data))
                print(f"{'import (interchange, through the services)':<44} {size:>16} {seconds:>8.1f} {'':>8}")
                continue
            tournament = bulk_load(data)
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                rows, seconds = timed(lambda: player_standings(tournament))
            print(f"{'standings computed (player_standings)':<44} {size:>16} {seconds:>8.2f} "
                  f"{len(queries.captured_queries):>8}")
            client = Client()
            client.get(f"/t/{slug}/standings/")  # templates compiled and caches warm, as on a running server
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                response, seconds = timed(lambda: client.get(f"/t/{slug}/standings/"))
            assert response.status_code == 200, response.status_code
            print(f"{'standings page rendered (GET, anonymous)':<44} {size:>16} {seconds:>8.2f} "
                  f"{len(queries.captured_queries):>8}")
            assert len(rows) == players
    finally:
        db.close()


if __name__ == "__main__":
    main()
