"""Fixtures of the scoring tests: hands before a given one, players with their codes, an appeals committee."""

import pytest

from rules import payments as pay
from scoring import services as ss
from tournament import services as ts
from tournament.models import TournamentRole


@pytest.fixture
def draws_before(published_session, sheet, referee):
    """Record hands 1..n-1 as drawn, so hand n can be entered."""

    def make(n):
        for number in range(1, n):
            ss.hand_record(sheet=sheet, number=number, outcome=pay.DRAW, by=referee)
        return sheet

    return make


@pytest.fixture
def coded(tournament, organizer, players):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for p in players:
        p.refresh_from_db()
    return players


@pytest.fixture
def committee(make_user, tournament):
    user = make_user("committee")
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.APPEALS_COMMITTEE)
    return user
