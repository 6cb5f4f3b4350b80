"""Web fixtures: clients per role, a second tournament with its own referee, hands entered."""
import pytest
from django.test import Client

from scoring import payments as pay
from scoring import services as ss
from tournament import services as ts
from tournament.models import TournamentRole

ROLES = ("anonymous", "outsider", "other_referee", "referee", "organizer")


@pytest.fixture(autouse=True)
def fast_password_hasher(settings):
    """Every test makes several users; the default hasher would make that the slowest part."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


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
def hands_entered(published_session, sheet, players, referee):
    """Table 1: hand 1 player 1 self-drawn 8; hand 2 player 2 wins 10 off player 3."""
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2],
                   points=10, by=referee)
    return sheet
