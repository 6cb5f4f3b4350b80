"""The appeal window's end, defined once (scoring.appeal_window): from the end of the game, the tournament's minutes."""

from datetime import datetime, timedelta
from types import SimpleNamespace

import pytest

from scoring.appeal_window import appeal_deadline, ended_since, game_ended_at, window_end

T0 = datetime(2026, 5, 1, 12, 0)


def _sheet(signed_at):
    return SimpleNamespace(submitted_at=signed_at, is_submitted=signed_at is not None)


@pytest.mark.parametrize(
    ("closed_at", "signed_at", "ended"),
    [
        (None, None, None),  # still playing: the window is open
        (None, T0, T0),  # the sheet signed
        (T0, None, T0),  # the session closed
        (T0 + timedelta(minutes=5), T0, T0),  # whichever came first
        (T0, T0 + timedelta(minutes=5), T0),
    ],
)
def test_the_game_ends_when_its_sheet_is_signed_or_its_session_closed(closed_at, signed_at, ended):
    session = SimpleNamespace(closed_at=closed_at)
    assert game_ended_at(session, _sheet(signed_at)) == ended
    tournament = SimpleNamespace(appeal_minutes=30)
    expected = None if ended is None else ended + timedelta(minutes=30)
    assert appeal_deadline(session, tournament, _sheet(signed_at)) == expected


def test_the_dashboard_and_the_queues_read_the_same_window():
    tournament = SimpleNamespace(appeal_minutes=30)
    assert window_end(T0, 30) == T0 + timedelta(minutes=30)
    assert window_end(None, 30) is None
    # A game that ended after ``ended_since`` still has its window open now, and its end is after now.
    now = T0 + timedelta(minutes=45)
    since = ended_since(now, tournament)
    assert window_end(since, 30) == now
