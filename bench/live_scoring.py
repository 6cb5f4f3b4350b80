"""Live-score endpoints: server time per request while a referee taps tiles (goal: < 100 ms each).

Each generated hand (tests/rules/mcr/handgen.py) is sent as the tile picker sends it: to the table's
endpoint (sheet-hand-live, POST, as a logged-in referee: session, permissions, sheet and players
loaded, the hand scored, JSON back) and to the calculator's (calculator-live, GET). Timed through
Django's test client, so middleware, the session and the JSON are in the figure; the network is not.
A throw-away database (in memory with SQLite) holds one small tournament. Printed, never asserted.
"""

import os
import random
import statistics
import time

HANDS = 1000
SEED = 8080
GOAL_MS = 100


def _form(hand, rng, players):
    """The hand form's fields for a generated hand: the picker's text fields, the buttons, the flags."""
    winner = rng.randrange(4)
    if hand.get("self_drawn"):
        discarder = "self"
    else:
        discarder = str(players[(winner + rng.randrange(1, 4)) % 4].pk)
    data = {
        "number": str(rng.randrange(1, 17)),
        "winner": str(players[winner].pk),
        "discarder": discarder,
        "concealed": hand["concealed"],
        "melds": "\n".join(hand.get("melds") or []),
        "win_tile": hand["win_tile"],
        "points": "",
        "flowers": str(hand.get("flowers") or ""),
        "note": "",
        "expected_version": "0",
    }
    for flag in ("last_tile", "kong", "last_wall"):
        if hand.get(flag):
            data[flag] = "on"
    return data


def _calculator_query(hand):
    data = {
        "concealed": hand["concealed"],
        "melds": "\n".join(hand.get("melds") or []),
        "win_tile": hand["win_tile"],
        "seat_wind": hand.get("seat_wind") or "E",
        "prevalent_wind": hand.get("prevalent_wind") or "E",
        "flowers": str(hand.get("flowers") or 0),
    }
    for flag in ("self_drawn", "last_tile", "kong", "last_wall"):
        if hand.get(flag):
            data[flag] = "on"
    return data


def _time(send, requests):
    """Wall-clock and CPU time of each request (CPU: this thread's; on a busy machine wall time also
    counts the waits for a processor, so both are printed)."""
    times, cpu, statuses = [], [], {}
    for data in requests:
        start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
        response = send(data)
        times.append(time.perf_counter_ns() - start)
        cpu.append(time.thread_time_ns() - start_cpu)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        response.json()
    return times, cpu, statuses


def _p99(ms):
    return ms[min(len(ms) - 1, round(0.99 * len(ms)) - 1)]


def _report(label, times, cpu, statuses):
    ms = sorted(t / 1e6 for t in times)
    cpu_ms = sorted(t / 1e6 for t in cpu)
    median, p99 = statistics.median(ms), _p99(ms)
    print(
        f"  {label:<34} median {median:6.2f} ms   p99 {p99:6.2f} ms   worst {ms[-1]:6.2f} ms"
        f"   ({len(ms)} requests, status {statuses})"
    )
    print(f"  {'':<34} CPU: median {statistics.median(cpu_ms):6.2f} ms   p99 {_p99(cpu_ms):6.2f} ms")
    return median, p99


def _tournament():
    from django.contrib.auth import get_user_model

    from schedule import services as sched
    from tournament import services as ts
    from tournament.models import TournamentRole

    User = get_user_model()
    organizer = User.objects.create_user("bench-organizer", password="x")
    referee = User.objects.create_user("bench-referee", password="x")
    tournament = ts.tournament_create(by=organizer, name="Bench Open", slug="bench-open", session_count=1)
    TournamentRole.objects.create(tournament=tournament, user=referee, role=TournamentRole.Role.REFEREE)
    players = [
        ts.player_create(tournament=tournament, number=i, name=f"Player {i}", country="ES", by=organizer)
        for i in range(1, 5)
    ]
    session = tournament.sessions.get(number=1)
    sched.session_seat(session=session, tables=[players], by=organizer, method="manual")
    sched.session_publish(session=session, by=organizer)
    return tournament, players, referee


def main():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment, teardown_test_environment
    from django.urls import reverse

    from tests.rules.mcr.handgen import generate

    setup_test_environment()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        tournament, players, referee = _tournament()
        rng = random.Random(SEED)
        hands = generate(HANDS, seed=SEED)
        client = Client()
        client.force_login(referee)
        url = reverse("sheet-hand-live", args=[tournament.slug, 1, 1])
        calculator = reverse("calculator-live")
        print(f"  {len(hands)} generated hands (seed {SEED}), database {connection.vendor}")
        for hand in generate(50, seed=SEED + 1):  # warm the URL resolver, templates, engine tables
            client.post(url, _form(hand, rng, players))
            client.get(calculator, _calculator_query(hand))
        results = [
            _report(
                "table (sheet-hand-live, POST)",
                *_time(lambda d: client.post(url, d), [_form(h, rng, players) for h in hands]),
            ),
            _report(
                "calculator (calculator-live, GET)",
                *_time(lambda d: client.get(calculator, d), [_calculator_query(h) for h in hands]),
            ),
        ]
        met = all(p99 < GOAL_MS for _, p99 in results)
        print(f"  goal (every endpoint's p99 < {GOAL_MS} ms): {'met' if met else 'MISSED'}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


if __name__ == "__main__":
    main()
