"""Shared fixtures: users in each role and a small seated tournament."""

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.utils import translation

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tournament import services as ts
from tournament.models import TournamentRole


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default hasher is slow on purpose; tests create many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _reset_language():
    """LocaleMiddleware leaves a request's language (e.g. Accept-Language: es) active in the thread;
    reset it so later tests that format messages outside a request see the default language."""
    yield
    translation.activate(django_settings.LANGUAGE_CODE)


@pytest.fixture
def make_user(db):
    def make(username, **extra):
        return get_user_model().objects.create_user(username=username, password="pw-" + username, **extra)

    return make


@pytest.fixture
def organizer(make_user):
    return make_user("organizer")


@pytest.fixture
def referee(make_user):
    return make_user("referee")


@pytest.fixture
def outsider(make_user):
    """Logged in, but with no role in the tournament."""
    return make_user("outsider")


@pytest.fixture
def tournament(organizer, referee):
    t = ts.tournament_create(by=organizer, name="Test Open", slug="test-open", session_count=4)
    TournamentRole.objects.create(tournament=t, user=referee, role=TournamentRole.Role.REFEREE)
    return t


@pytest.fixture
def chief_referee(make_user, tournament):
    """The tournament's chief referee: countersigns and reopens signed sheets."""
    user = make_user("chief")
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.CHIEF_REFEREE)
    return user


@pytest.fixture
def players(tournament, organizer):
    teams = ["Dragons", "Dragons", "Winds", "Winds", "Bamboo", "Bamboo", "Dots", "Dots"]
    return [
        ts.player_create(
            tournament=tournament, number=i, name=f"Player {i}", country="ES", team=teams[i - 1], by=organizer
        )
        for i in range(1, 9)
    ]


@pytest.fixture
def seated_session(tournament, players, organizer):
    """Session 1 seated: table 1 = players 1..4, table 2 = players 5..8, in East..North order."""
    session = tournament.sessions.get(number=1)
    sched.session_seat(session=session, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    return session


@pytest.fixture
def sheet(seated_session):
    return seated_session.tables.get(number=1).sheet


@pytest.fixture
def other_referee(make_user, organizer):
    """Referee of a different tournament."""
    user = make_user("other-referee")
    other = ts.tournament_create(by=organizer, name="Other Cup", slug="other-cup", session_count=1)
    TournamentRole.objects.create(tournament=other, user=user, role=TournamentRole.Role.REFEREE)
    return user


@pytest.fixture
def client_for(db, request):
    """client_for(role): a test client logged in as that role ("anonymous" for none).

    Users are made on demand, so a test asking only for organizers creates no other-tournament referee.
    """
    from django.test import Client

    def make(role):
        client = Client()
        if role != "anonymous":
            client.force_login(request.getfixturevalue(role))
        return client

    return make


@pytest.fixture
def published_session(seated_session, organizer):
    return sched.session_publish(session=seated_session, by=organizer)


@pytest.fixture
def hands_entered(published_session, sheet, players, referee):
    """Table 1: hand 1 player 1 self-drawn 8; hand 2 player 2 wins 10 off player 3."""
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    return sheet
