"""API fixtures: organizer tokens, and a tournament with one session published and one only seated."""

import pytest

from api import services
from rules import payments as pay
from schedule import services as sched
from scoring import services as ss


@pytest.fixture
def token(tournament, organizer):
    """An organizer token of the test tournament, as the organizer would paste it."""
    _record, raw = services.api_token_create(tournament=tournament, name="overlay", by=organizer)
    return raw


def bearer(raw):
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


@pytest.fixture
def two_sessions(hands_entered, tournament, players, organizer, referee):
    """Session 1 published with two hands at table 1 (fixture hands_entered); session 2 seated but not
    published, with a self-drawn hand by player 8 that must not leak to the public."""
    second = tournament.sessions.get(number=2)
    sched.session_seat(
        session=second, tables=[players[0:2] + players[4:6], players[2:4] + players[6:8]], by=organizer, method="manual"
    )
    sheet = second.tables.get(number=2).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[7], points=24, by=organizer)
    return tournament
