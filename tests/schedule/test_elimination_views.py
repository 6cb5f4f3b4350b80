"""The organizer's elimination page: who may see and confirm it, the preview, the errors, the undo."""

import pytest
from django.urls import reverse

from schedule import elimination
from schedule import services as sched
from tournament.models import Elimination, Session

from .elimination_helpers import elimination_tournament, play_round, tied_round

pytestmark = pytest.mark.django_db


def u(name, t, *extra):
    return reverse(name, args=[t.slug, *extra])


@pytest.fixture
def ko16(organizer, referee):
    """16 players, 3 sessions, session 1 played and closed."""
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-sixteen")
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=2)
    play_round(t.sessions.get(number=1), referee, organizer)
    return t


CONFIRM = {"rule": "table_winner", "order": "standings", "confirm": "1"}


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee"))
def test_others_cannot_see_or_eliminate(client_for, ko16, role):
    client = client_for(role)
    page = client.get(u("manage-session-eliminate", ko16, 1))
    assert page.status_code in (302, 403)
    response = client.post(u("manage-session-eliminate", ko16, 1), CONFIRM)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response["Location"]
    assert not Elimination.objects.exists()
    assert ko16.sessions.get(number=2).status == Session.Status.PLANNED


def test_organizer_previews_then_confirms(client_for, ko16):
    client = client_for("organizer")
    sessions = client.get(u("manage-sessions", ko16))
    assert "Eliminate and seat the next round" in sessions.content.decode()
    page = client.get(u("manage-session-eliminate", ko16, 1))
    assert page.status_code == 200 and "16 players played session 1" in page.content.decode()
    preview = client.post(u("manage-session-eliminate", ko16, 1), {"rule": "table_winner", "order": "standings"})
    text = preview.content.decode()
    assert "4 players go on, 12 are out." in text and "Eliminate and seat session 2" in text
    assert not Elimination.objects.exists()  # a preview writes nothing
    done = client.post(u("manage-session-eliminate", ko16, 1), CONFIRM, follow=True)
    assert "4 players go on; session 2 is seated from them." in done.content.decode()
    assert Elimination.objects.count() == 12
    assert ko16.sessions.get(number=2).seats.count() == 4
    assert "Undo the elimination" in client.get(u("manage-sessions", ko16)).content.decode()


def test_errors_are_shown_with_what_was_typed(client_for, organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-errors")
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=2)
    client = client_for("organizer")
    not_closed = client.post(
        u("manage-session-eliminate", t, 1), {"rule": "best_per_table", "count": "2", "order": "standings"}
    )
    text = not_closed.content.decode()
    assert "Close session 1 first" in text and 'value="2"' in text
    tied_round(t.sessions.get(number=1), referee, organizer)
    bad_k = client.post(
        u("manage-session-eliminate", t, 1), {"rule": "best_per_table", "count": "5", "order": "standings"}
    )
    assert "k is 1, 2 or 3" in bad_k.content.decode()
    tie = client.post(
        u("manage-session-eliminate", t, 1),
        {"rule": "best_per_table", "count": "2", "order": "standings", "decided_order": "3"},
    )
    text = tie.content.decode()
    assert "play-off or a draw" in text and 'value="3"' in text
    bad_order = client.post(
        u("manage-session-eliminate", t, 1), {"rule": "final", "order": "standings", "decided_order": "3 x"}
    )
    assert "player numbers only" in bad_order.content.decode()
    assert not Elimination.objects.exists()


def test_undo_asks_then_takes_back_the_elimination(client_for, ko16, organizer):
    elimination.session_eliminate_and_seat(
        session=ko16.sessions.get(number=1), rule=elimination.elimination_rule("table_winner"), by=organizer
    )
    client = client_for("organizer")
    ask = client.post(u("manage-session-eliminate-undo", ko16, 1))
    assert "Undo the elimination after session 1?" in ask.content.decode()
    assert Elimination.objects.count() == 12
    refused = client.post(u("manage-session-reopen", ko16, 1))
    assert "decided who plays on" in refused.content.decode()
    client.post(u("manage-session-eliminate-undo", ko16, 1), {"confirm": "1"})
    assert not Elimination.objects.exists()
    assert ko16.sessions.get(number=2).status == Session.Status.PLANNED


@pytest.mark.parametrize("role", ("anonymous", "referee"))
def test_others_cannot_undo(client_for, ko16, organizer, role):
    elimination.session_eliminate_and_seat(
        session=ko16.sessions.get(number=1), rule=elimination.elimination_rule("table_winner"), by=organizer
    )
    client_for(role).post(u("manage-session-eliminate-undo", ko16, 1), {"confirm": "1"})
    assert Elimination.objects.count() == 12


def test_the_page_says_when_there_is_nothing_to_decide(client_for, organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="rr-not-ko")
    t.format = "round_robin"
    t.save()
    page = client_for("organizer").get(u("manage-session-eliminate", t, 1))
    assert "Only an elimination tournament" in page.content.decode()


def test_the_dashboard_and_seating_page_point_to_the_decision(client_for, ko16, organizer):
    client = client_for("organizer")
    home = client.get(u("manage-home", ko16)).content.decode()
    assert "Session 1 is closed: decide who plays on" in home
    assert "Session 2 is not seated yet" not in home
    assert u("manage-session-eliminate", ko16, 1) in client.get(u("manage-seating", ko16)).content.decode()
    elimination.session_eliminate_and_seat(
        session=ko16.sessions.get(number=1), rule=elimination.elimination_rule("table_winner"), by=organizer
    )
    home = client.get(u("manage-home", ko16)).content.decode()
    assert "decide who plays on" not in home and "Publish the seating of session 2" in home


def test_a_draw_is_confirmed_with_the_seed_the_preview_chose(client_for, ko16):
    import re

    client = client_for("organizer")
    preview = client.post(
        u("manage-session-eliminate", ko16, 1), {"rule": "best_overall", "count": "8", "order": "draw"}
    ).content.decode()
    seed = re.search(r'type="hidden" name="seed" value="(\d+)"', preview).group(1)
    client.post(
        u("manage-session-eliminate", ko16, 1),
        {"rule": "best_overall", "count": "8", "order": "draw", "seed": seed, "confirm": "1"},
    )
    following = ko16.sessions.get(number=2)
    assert following.seed == int(seed) and following.seats.count() == 8
