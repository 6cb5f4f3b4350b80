"""Referees may enter at a seated session before its seating is published, and what they enter stays
private to organizers and referees until it is (issue 20, item 3; the API side is
tests/api/test_unpublished_session.py). The pages say so, and a session is published before it closes."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from standings.selectors import player_standings


def sheet_url(tournament):
    return reverse("sheet", args=[tournament.slug, 1, 1])


def test_a_referee_enters_before_publishing_and_only_roles_see_it(tournament, sheet, players, referee, client_for):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    page = client_for("referee").get(sheet_url(tournament)).content.decode()
    assert "stays private to organizers and referees until it is published" in page
    assert client_for("anonymous").get(sheet_url(tournament)).status_code == 404
    assert all(row.score == 0 for row in player_standings(tournament, public=True))


def test_the_note_goes_once_published(tournament, sheet, organizer, client_for):
    sched.session_publish(session=sheet.table.session, by=organizer)
    page = client_for("referee").get(sheet_url(tournament)).content.decode()
    assert "stays private" not in page


def test_the_publish_page_says_the_same(rr16_seated, client_for):
    page = client_for("organizer").post(reverse("manage-seating-publish", args=[rr16_seated.slug])).content.decode()
    assert "hands and fouls the referees entered before publishing were seen only by organizers and referees" in page
    assert "Referees can start entering" not in page


def test_a_seated_session_is_published_before_it_closes(seated_session, organizer, referee, client_for):
    for table in seated_session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    with pytest.raises(ValidationError, match="Publish the seating of session 1 before closing it"):
        sched.session_close(session=seated_session, by=organizer, override_reason="now")
    page = client_for("organizer").get(reverse("manage-sessions", args=[seated_session.tournament.slug]))
    assert reverse("manage-session-close", args=[seated_session.tournament.slug, 1]) not in page.content.decode()


@pytest.fixture
def rr16_seated(organizer, referee):
    from tests.schedule.conftest import make_tournament

    t = make_tournament(organizer, referee, slug="pub-open", players=16, sessions=2)
    sched.schedule_generate(tournament=t, by=organizer, seed=3)
    return t
