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


def _appeal(world, *, decided=None):
    """Appeal 1 filed by player 1 about table 1 of session 1 (published); ``decided``: upheld or rejected."""
    from scoring import services as ap
    from tournament import services as ts

    _published(world)
    ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
    player = world["tournament"].players.get(number=1)
    appeal = ap.appeal_file(sheet=world["sheet"], filer=player, code=player.code, kind="rule", statement="race")
    if decided:
        appeal = ap.appeal_decide(appeal=appeal, outcome=decided, reasons="race", by=world["referee"])
    return appeal


def _appeal_action(name, decided, data):
    def setup(world):
        appeal = _appeal(world, decided=decided)
        form = data(world) if callable(data) else data
        return reverse(name, args=[world["tournament"].slug, appeal.number]), form

    return setup


def _amend_hand(world):
    from rules import payments as pay
    from scoring import services as ss

    ss.hand_record(sheet=world["sheet"], number=1, outcome=pay.DRAW, by=world["referee"])
    return {"hand": "1:1", "outcome": "self_drawn", "winner": world["players"][0].pk, "points": 8}


def _amend_withdraw(world):
    from rules import payments as pay
    from scoring import services as ss

    penalty = ss.penalty_record(
        sheet=world["sheet"], player=world["players"][1], amount=10, to=pay.TO_NOBODY, reason="x", by=world["referee"]
    )
    return {"penalty": penalty.pk}


def _amend_foul(key):
    def data(world):
        return {
            "player": world["players"][0].pk,
            "foul": "warning",
            "idempotency_key": key,
            "expected_fouls": entry_replay.fouls_version(world["sheet"]),
        }

    return data


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
    "appeal-decide": {
        "": Race(
            _appeal_action("appeal-decide", None, {"outcome": "upheld", "reasons": "race"}),
            "appeal.decide",
            users=("referee", "chief"),
        )
    },
    "appeal-escalate": {
        "": Race(
            _appeal_action("appeal-escalate", "rejected", {"reason": "race"}),
            "appeal.escalate",
            users=("referee", "organizer"),
        )
    },
    "appeal-amend-hand": {
        "": Race(_appeal_action("appeal-amend-hand", "upheld", _amend_hand), "appeal.amend", users=("referee", "chief"))
    },
    "appeal-amend-withdraw": {
        "": Race(
            _appeal_action("appeal-amend-withdraw", "upheld", _amend_withdraw),
            "appeal.amend",
            users=("referee", "chief"),
        )
    },
    "appeal-amend-foul": {
        "double tap": Race(
            _appeal_action("appeal-amend-foul", "upheld", _amend_foul(str(uuid.uuid4()))),
            "appeal.amend",
            users=("referee", "referee"),
        ),
        "two referees": Race(
            _appeal_action("appeal-amend-foul", "upheld", _amend_foul("")),
            "appeal.amend",
            users=("referee", "chief"),
        ),
    },
}
