"""What a referee's two requests cost the server: the table's score-sheet page (GET) and a hand posted to it
(POST), the requests `make loadtest` sends 50 referees at once (issue 11), the public standings its
200 readers poll, and a player's private page with the poll that keeps it current (issue 31). Milliseconds of one process and
queries per request, in a 50-table session as the load test builds it, DEBUG off, logged in as the table's
referee. BENCH_PROFILE=1 also prints where the time goes (cProfile, the 25 costliest functions).

Same database handling as bench.scale: a temporary SQLite file, or BENCH_PG_URL for PostgreSQL.
"""

import os
import time

from bench.scale import Database

TABLES = 50
HANDS = 16
ROUNDS = 15


def main():
    db = Database()
    try:
        import django

        django.setup()
        import warnings

        from django.conf import settings
        from django.core.management import call_command
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        call_command("migrate", verbosity=0)
        warnings.filterwarnings("ignore", message="No directory at")
        settings.DEBUG = False
        from scripts.loadtest import SLUG, build

        _tournament, plans, codes = build(TABLES, HANDS, seed=1)
        from django.contrib.auth import get_user_model

        print(f"database: {db.label}; {TABLES} tables, a sheet of {HANDS} hands")
        print(f"{'request':<52} {'ms (median)':>12} {'queries':>8}")
        profiler = None
        if os.environ.get("BENCH_PROFILE") == "1":
            import cProfile

            profiler = cProfile.Profile()
        figures = {}

        def measure(what, request, expect, profiled=True):
            """One request, timed in CPU of this process and its queries counted under `what`."""
            ms, counts = figures.setdefault(what, ([], []))
            with CaptureQueriesContext(connection) as queries:
                start = time.process_time()
                if profiler and profiled:
                    profiler.enable()
                response = request()
                if profiler and profiled:
                    profiler.disable()
                ms.append((time.process_time() - start) * 1000)
            assert response.status_code == expect, (what, response.status_code, response.content[:2000])
            counts.append(len(queries.captured_queries))

        sheet, entry = "score-sheet page (GET, referee, hands 1-8 entered)", "hand entry (POST, points, redirect)"
        for table in range(1, ROUNDS + 1):
            client = Client()
            client.force_login(get_user_model().objects.get(username=f"ref{table}"))
            url = f"/t/{SLUG}/sessions/1/tables/{table}/"
            client.get(url)  # templates compiled, as on a running server
            _seated, hands = plans[table]
            for number, hand in enumerate(hands[:8], start=1):
                measure(sheet, lambda: client.get(url), 200)
                form = {
                    "number": number,
                    "expected_version": 0,
                    "note": "",
                    "winner": "",
                    "discarder": "",
                    "points": "",
                    "flowers": "",
                    **hand,
                }
                measure(entry, lambda: client.post(url + "hand/", form), 302)

        reader, standings = Client(), f"/t/{SLUG}/standings/"
        seconds, settings.PUBLIC_STANDINGS_CACHE_SECONDS = settings.PUBLIC_STANDINGS_CACHE_SECONDS, 0
        reader.get(standings)
        for _n in range(20):
            measure("standings page (GET, anonymous, 200 players)", lambda: reader.get(standings), 200)
        settings.PUBLIC_STANDINGS_CACHE_SECONDS = seconds or 5
        reader.get(standings)
        for _n in range(20):
            measure(
                "  the same, kept in the page cache (within 5 s)", lambda: reader.get(standings), 200, profiled=False
            )

        # A player's private page kept current (issue 31): the page, and the poll it makes every 3 s.
        player = Client()
        for code in codes[:20]:
            page = f"/t/{SLUG}/p/{code}/"
            player.get(page)
            measure("player's page (GET, by code, 8 hands at the table)", lambda: player.get(page), 200)
            measure("  its poll for news (GET JSON, every 3 s)", lambda: player.get(page + "live/"), 200)

        def median(values):
            return sorted(values)[len(values) // 2]

        for what, (ms, counts) in figures.items():
            print(f"{what:<52} {median(ms):>12.1f} {median(counts):>8}")
        if profiler:
            import pstats

            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    finally:
        db.close()


if __name__ == "__main__":
    main()
