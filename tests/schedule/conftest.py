"""Seating fixtures: clients per role, a 16-player round-robin field, and closing sessions with results."""

import pytest

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts
from tournament.models import TournamentRole

ROLES = ("anonymous", "outsider", "referee", "organizer")


def make_tournament(organizer, referee, *, slug="seat-open", players=16, sessions=5, teams=None, **fields):
    t = ts.tournament_create(
        by=organizer, name=slug.replace("-", " ").title(), slug=slug, session_count=sessions, **fields
    )
    TournamentRole.objects.get_or_create(tournament=t, user=referee, role=TournamentRole.Role.REFEREE)
    for i in range(1, players + 1):
        ts.player_create(tournament=t, number=i, name=f"Player {i}", team=(teams or {}).get(i), by=organizer)
    return t


@pytest.fixture
def rr16(organizer, referee):
    """16 players, 5 sessions, round robin."""
    return make_tournament(organizer, referee)


def play_and_close(session, referee, organizer, points=None):
    """At every table East self-draws one hand (8, 10, 12... points by table), the rest not played;
    the session is then closed. So the East players are the table winners, best from the last table."""
    for i, table in enumerate(session.tables.order_by("number")):
        sheet = table.sheet
        winner = table.seated_players()[0]
        ss.hand_record(
            sheet=sheet,
            number=1,
            outcome=pay.SELF_DRAWN,
            winner=winner,
            points=(points or {}).get(table.number, 8 + 2 * i),
            by=referee,
        )
        ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    if session.status == "seated":
        sched.session_publish(session=session, by=organizer)
    return close_session(session=session, by=organizer)
