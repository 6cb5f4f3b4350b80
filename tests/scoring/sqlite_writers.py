"""One OS process of the SQLite writers test (tests/scoring/test_sqlite_writers.py).

    python tests/scoring/sqlite_writers.py setup TABLES
    python tests/scoring/sqlite_writers.py write WORKER WORKERS SHARED GO_FILE
    python tests/scoring/sqlite_writers.py check

DATABASE_URL names the file database; it must be migrated first. ``setup`` seats a published session
of TABLES tables and makes one referee per worker; ``write`` logs a referee in through the real login
form and enters hands through the sheet's hand form with Django's test client: its own tables (every
WORKERS-th of the unshared ones) and, racing every other worker, each hand of the last SHARED tables,
reading the standings between hands. It prints a JSON report; ``check`` prints what was stored.
"""

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from schedule import services as sched  # noqa: E402
from scoring.models import Hand  # noqa: E402
from tournament import services as ts  # noqa: E402
from tournament.models import Table, Tournament, TournamentRole  # noqa: E402

SLUG = "writers"
HANDS = 16


def setup(tables):
    users = get_user_model().objects
    organizer = users.create_user("organizer", password="organizer-pw")
    tournament = ts.tournament_create(by=organizer, name="Writers Cup", slug=SLUG, session_count=1)
    for worker in range(8):
        referee = users.create_user(f"ref{worker}", password=f"ref{worker}-pw")
        TournamentRole.objects.create(tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE)
    players = [
        ts.player_create(tournament=tournament, number=n, name=f"Player {n}", by=organizer)
        for n in range(1, 4 * tables + 1)
    ]
    session = tournament.sessions.get(number=1)
    sched.session_seat(
        session=session, tables=[players[i : i + 4] for i in range(0, len(players), 4)], by=organizer, method="manual"
    )
    sched.session_publish(session=session, by=organizer)


def hand_fields(table_number, number, players):
    """A varied but valid hand: self-drawn, by discard or drawn, by table and hand number."""
    kind = (table_number + number) % 3
    winner = players[number % 4]
    if kind == 0:
        return {"outcome": "self_drawn", "winner": winner.pk, "points": 8 + number}
    if kind == 1:
        return {
            "outcome": "discard",
            "winner": winner.pk,
            "discarder": players[(number + 1) % 4].pk,
            "points": 8 + table_number % 5,
        }
    return {"outcome": "draw"}


def write(worker, workers, shared, go_file):
    tournament = Tournament.objects.get(slug=SLUG)
    tables = list(Table.objects.filter(session__tournament=tournament).order_by("number"))
    own = [t for t in tables[: len(tables) - shared] if t.number % workers == worker]
    mine = own + tables[len(tables) - shared :]
    players = {t.number: t.seated_players() for t in tables}
    client = Client()
    report = {"worker": worker, "status": {}, "errors": [], "recorded": 0, "stale": 0, "reads": 0}

    def count(response):
        report["status"][str(response.status_code)] = report["status"].get(str(response.status_code), 0) + 1
        return response

    while not os.path.exists(go_file):
        time.sleep(0.01)
    try:
        login = count(client.post(reverse("login"), {"username": f"ref{worker}", "password": f"ref{worker}-pw"}))
        if login.status_code != 302:
            report["errors"].append(f"login answered {login.status_code}")
            return report
        standings = reverse("standings", args=[SLUG])
        for number in range(1, HANDS + 1):
            for table in mine:
                url = reverse("sheet-hand", args=[SLUG, 1, table.number])
                data = {
                    "number": number,
                    "expected_version": 0,
                    **hand_fields(table.number, number, players[table.number]),
                }
                response = count(client.post(url, data))
                if response.status_code == 302:
                    report["recorded"] += 1
                elif response.status_code == 200 and b"by someone else meanwhile" in response.content:
                    report["stale"] += 1  # the other worker entered this shared hand first: refused, not lost
                else:
                    report["errors"].append(f"table {table.number} hand {number}: {response.status_code}")
            if count(client.get(standings)).status_code == 200:
                report["reads"] += 1
    except Exception as exc:
        report["errors"].append(f"{type(exc).__name__}: {exc}")
    return report


def check():
    hands = Hand.objects.filter(sheet__table__session__tournament__slug=SLUG)
    return {
        "journal_mode": settings.DATABASES["default"]["OPTIONS"].get("init_command", ""),
        "hands": hands.count(),
        "versions": sorted(set(hands.annotate(n=Count("versions")).values_list("n", flat=True))),
        "without_current": hands.filter(current__isnull=True).count(),
    }


if __name__ == "__main__":
    command, *args = sys.argv[1:]
    if command == "setup":
        setup(int(args[0]))
    elif command == "write":
        print(json.dumps(write(int(args[0]), int(args[1]), int(args[2]), args[3])))
    elif command == "check":
        print(json.dumps(check()))
