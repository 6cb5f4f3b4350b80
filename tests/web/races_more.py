"""Further cases of the race harness (tests/web/test_races.py): what two organizers or referees really do at
the same moment on the day. Each entry of ``MORE_RACES`` is raced there like its own ``RACES``."""

from __future__ import annotations

import uuid

from django.urls import reverse

from schedule.seating_versions import seating_seen
from scoring import entry_replay
from tests.web.race_kit import Race, _published


def _penalty(key=""):
    def setup(world):
        _published(world)
        path = reverse("sheet-penalty", args=[world["tournament"].slug, 1, 1])
        return path, {
            "player": world["players"][0].pk,
            "amount": 10,
            "to": "nobody",
            "reason": "race",
            "idempotency_key": key,
            "expected_fouls": entry_replay.fouls_version(world["sheet"]),
        }

    return setup


def _seat(number, *, again=False):
    def setup(world):
        session = world["tournament"].sessions.get(number=number)
        data = {f"s{number}-seed": 4242}
        if again:  # "Draw again", both confirming the seating the page showed them
            data |= {"confirm": "1", f"s{number}-seen": seating_seen([session])}
        return reverse("manage-session-seat", args=[world["tournament"].slug, number]), data

    return setup


def _generate(world):
    from schedule.selectors import round_robin_sessions

    seen = seating_seen(round_robin_sessions(world["tournament"]))
    path = reverse("manage-seating-generate", args=[world["tournament"].slug])
    return path, {"seed": 77, "priority": "repeats", "confirm": "1", "seen": seen}


MORE_RACES: dict[str, dict[str, Race]] = {
    "sheet-penalty": {
        # A double tap sends the form's key twice; two referees (here without a key) saw the same fouls.
        "double tap": Race(_penalty(str(uuid.uuid4())), "penalty.record", users=("referee", "referee")),
        "two referees": Race(_penalty(), "penalty.record", users=("referee", "organizer")),
    },
    "manage-session-seat": {
        "first draw": Race(_seat(2), "session.seat"),
        "draw again": Race(_seat(1, again=True), "session.seat"),
    },
    "manage-seating-generate": {"": Race(_generate, "schedule.generate")},
}
