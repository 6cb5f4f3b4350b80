"""What the race harness (tests/web/test_races.py) and its further cases (tests/web/races_more.py) share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss


@dataclass
class Race:
    """One action raced: ``setup(world)`` gives the path and the form each of the two sends; then ``action``'s
    audit entries must have grown by ``audits`` (one effect), and ``check(world)``, when given, holds."""

    setup: Callable[[dict], tuple[str, dict]]
    action: str
    audits: int = 1
    check: Callable[[dict], None] | None = None
    users: tuple[str, str] = ("organizer", "organizer2")
    extra: dict = field(default_factory=dict)


def _session_action(name):
    def setup(world):
        return reverse(name, args=[world["tournament"].slug, 1]), {"confirm": "1", "reason": "race"}

    return setup


def _sheet_action(name, **data):
    def setup(world):
        return reverse(name, args=[world["tournament"].slug, 1, 1]), {"confirm": "1", **data}

    return setup


def _published(world):
    sched.session_publish(session=world["session"], by=world["organizer"])


def _finished(world):
    """Session 1 published, and its table 1 with all its hands in."""
    _published(world)
    sheet, referee, players = world["sheet"], world["referee"], world["players"]
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    for n in range(2, world["tournament"].hands_per_session + 1):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)
