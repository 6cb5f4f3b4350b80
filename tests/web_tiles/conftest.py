"""Fixtures for tile entry through the web: clients per role, a published session, hands before a given one."""
import pytest
from django.test import Client

from scoring import payments as pay
from scoring import services as ss
from tournament import services as ts
from tournament.models import TournamentRole


@pytest.fixture
def other_referee(make_user, organizer):
    """Referee of a different tournament."""
    user = make_user("other-referee")
    other = ts.tournament_create(by=organizer, name="Other Cup", slug="other-cup", session_count=1)
    TournamentRole.objects.create(tournament=other, user=user, role=TournamentRole.Role.REFEREE)
    return user


@pytest.fixture
def client_for(db, organizer, referee, outsider, other_referee):
    users = {"organizer": organizer, "referee": referee, "outsider": outsider, "other_referee": other_referee}

    def make(role):
        client = Client()
        if role != "anonymous":
            client.force_login(users[role])
        return client
    return make


@pytest.fixture
def published_session(seated_session, organizer):
    return ts.session_publish(session=seated_session, by=organizer)


@pytest.fixture
def draws_before(published_session, sheet, referee):
    """Record hands 1..n-1 as drawn, so hand n can be entered."""
    def make(n):
        for number in range(1, n):
            ss.hand_record(sheet=sheet, number=number, outcome=pay.DRAW, by=referee)
        return sheet
    return make
