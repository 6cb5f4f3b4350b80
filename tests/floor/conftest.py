"""Fixtures of the floor tests (announcements, calls for a referee, live pages): players with their codes."""

import pytest

from tournament import services as ts
from tournament.models import TournamentRole

from .smtp_server import smtp  # noqa: F401  (the real SMTP server of the e-mail tests)


@pytest.fixture
def coded(tournament, organizer, players):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for p in players:
        p.refresh_from_db()
    return players


@pytest.fixture
def second_referee(make_user, tournament):
    user = make_user("second-referee", first_name="Ana", last_name="Ruiz")
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.REFEREE)
    return user
