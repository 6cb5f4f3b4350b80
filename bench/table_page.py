"""What a referee's two requests cost the server: the table's score-sheet page (GET) and a hand posted to it
(POST), the requests `make loadtest` sends 50 referees at once (issue 11), and the public standings its
200 readers poll. Milliseconds of one process and
queries per request, in a 50-table session as the load test builds it, DEBUG off, logged in as the table's
referee. BENCH_PROFILE=1 also prints where the time goes (cProfile, the 25 costliest functions).

Same database handling as bench.scale: a temporary SQLite file, or BENCH_PG_URL for PostgreSQL.
"""
import os
import random
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

        _tournament, plans = build(TABLES, HANDS, seed=1)
        from django.contrib.auth import get_user_model

        print(f"database: {db.label}; {TABLES} tables, a sheet of {HANDS} hands")
        print(f"{'request':<52} {'ms (median)':>12} {'queries':>8}")
        rng = random.Random(1)
        sheet_ms, entry_ms, sheet_q, entry_q = [], [], [], []
        profile = os.environ.get("BENCH_PROFILE") == "1"
        profiler = None
        if profile:
            import cProfile

            profiler = cProfile.Profile()
        for table in range(1, ROUNDS + 1):
            client = Client()
            client.force_login(get_user_model().objects.get(username=f"ref{table}"))
            url = f"/t/{SLUG}/sessions/1/tables/{table}/"
            client.get(url)  # templates compiled, as on a running server
            _seated, hands = plans[table]
            for number, hand in enumerate(hands[:8], start=1):
                with CaptureQueriesContext(connection) as queries:
                    start = time.process_time()
                    if profiler:
                        profiler.enable()
                    page = client.get(url)
                    if profiler:
                        profiler.disable()
                    sheet_ms.append((time.process_time() - start) * 1000)
                assert page.status_code == 200, page.status_code
                sheet_q.append(len(queries.captured_queries))
                form = {"number": number, "expected_version": 0, "note": "", "winner": "", "discarder": "",
                        "points": "", "flowers": "", **hand}
                with CaptureQueriesContext(connection) as queries:
                    start = time.process_time()
                    if profiler:
                        profiler.enable()
                    posted = client.post(url + "hand/", form)
                    if profiler:
                        profiler.disable()
                    entry_ms.append((time.process_time() - start) * 1000)
                assert posted.status_code == 302, (posted.status_code, posted.content[:2000])
                entry_q.append(len(queries.captured_queries))
            rng.random()

        standings_ms, standings_q = [], []
        reader = Client()
        seconds, settings.PUBLIC_STANDINGS_CACHE_SECONDS = settings.PUBLIC_STANDINGS_CACHE_SECONDS, 0
        reader.get(f"/t/{SLUG}/standings/")
        for _n in range(20):
            with CaptureQueriesContext(connection) as queries:
                start = time.process_time()
                if profiler:
                    profiler.enable()
                page = reader.get(f"/t/{SLUG}/standings/")
                if profiler:
                    profiler.disable()
                standings_ms.append((time.process_time() - start) * 1000)
            assert page.status_code == 200, page.status_code
            standings_q.append(len(queries.captured_queries))

        settings.PUBLIC_STANDINGS_CACHE_SECONDS = seconds or 5
        kept_ms, kept_q = [], []
        reader.get(f"/t/{SLUG}/standings/")
        for _n in range(20):
            with CaptureQueriesContext(connection) as queries:
                start = time.process_time()
                page = reader.get(f"/t/{SLUG}/standings/")
                kept_ms.append((time.process_time() - start) * 1000)
            assert page.status_code == 200, page.status_code
            kept_q.append(len(queries.captured_queries))

        def median(values):
            return sorted(values)[len(values) // 2]
        print(f"{'score-sheet page (GET, referee, hands 1-8 entered)':<52} {median(sheet_ms):>12.1f} "
              f"{median(sheet_q):>8}")
        print(f"{'hand entry (POST, points, redirect)':<52} {median(entry_ms):>12.1f} {median(entry_q):>8}")
        print(f"{'standings page (GET, anonymous, 200 players)':<52} {median(standings_ms):>12.1f} "
              f"{median(standings_q):>8}")
        print(f"{'  the same, kept in the page cache (within 5 s)':<52} {median(kept_ms):>12.1f} {median(kept_q):>8}")
        if profiler:
            import pstats

            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    finally:
        db.close()


if __name__ == "__main__":
    main()
