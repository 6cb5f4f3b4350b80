"""One vocabulary (issue 20, item 6): a session's state reads the same on the dashboard, the sessions lists,
the public pages, the hall display and the API; no stored code reaches a page; the player-count warning
counts the field as seating does."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import dashboard
from schedule import services as sched
from schedule import withdrawals as wd
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts


def u(name, t, *args):
    return reverse(name, args=[t.slug, *args])


@pytest.fixture
def in_play(rr16, organizer, referee):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=3)
    first = rr16.sessions.get(number=1)
    sched.session_publish(session=first, by=organizer)
    sheet = first.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    return rr16


def test_a_session_in_play_reads_in_play_everywhere(in_play, client_for):
    organizer, anonymous = client_for("organizer"), client_for("anonymous")
    pages = {
        "dashboard": organizer.get(u("manage-home", in_play)),
        "sessions list": organizer.get(u("manage-sessions", in_play)),
        "seating page": organizer.get(u("manage-seating", in_play)),
        "public tournament page": anonymous.get(u("tournament-detail", in_play)),
        "session page": anonymous.get(u("session-detail", in_play, 1)),
        "hall display": anonymous.get(reverse("hall", args=[in_play.slug])),
    }
    for where, response in pages.items():
        html = response.content.decode()
        assert re.search(r'phase-in_play"?>In play<', html), where
        assert ">Seating published<" not in html, where
    assert anonymous.get(reverse("api-session", args=[in_play.slug, 1])).json()["phase"] == "in_play"


def test_a_closed_session_has_nothing_being_entered(in_play, organizer, referee):
    first = in_play.sessions.get(number=1)
    for table in first.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    close_session(session=first, by=organizer)
    progress = dashboard.tournament_dashboard(in_play, timezone.now()).sessions[0]
    assert (progress.phase_label, progress.in_progress, progress.not_started, progress.submitted) == (
        "Closed",
        0,
        0,
        4,
    )


def test_no_stored_code_reaches_the_sessions_page(in_play, client_for):
    html = client_for("organizer").get(u("manage-sessions", in_play)).content.decode()
    assert "round_robin" not in html and "method: round robin" in html


def test_a_refused_rule_set_change_names_the_rule_set(in_play, organizer):
    with pytest.raises(ValidationError) as exc:
        ts.tournament_update(tournament=in_play, by=organizer, rules="spanish")
    text = " ".join(exc.value.messages)
    assert "were made with MCR" in text or "made with Mahjong Competition Rules" in text, text
    assert "made with mcr" not in text


def test_a_substitute_for_a_withdrawn_player_makes_no_count_warning(in_play, organizer):
    substitute = ts.player_create(tournament=in_play, number=17, name="Sub", is_substitute=True, by=organizer)
    wd.player_withdraw(
        player=in_play.players.get(number=3),
        from_session=in_play.sessions.get(number=2),
        reason="illness",
        substitute=substitute,
        by=organizer,
    )
    assert in_play.players.count() == 17
    board = dashboard.tournament_dashboard(in_play, timezone.now())
    assert not any("cannot fill tables of four" in i.text for i in board.problems)


def test_the_warning_still_counts_a_field_that_does_not_fill_tables(rr16, organizer):
    ts.player_create(tournament=rr16, number=17, name="Extra", by=organizer)
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    assert any("17 players cannot fill tables of four" in i.text for i in board.problems)


def test_a_finished_tournament_no_longer_asks_to_seat_and_publish(in_play, organizer, referee, client_for):
    dashboard_url = u("manage-home", in_play)
    assert "Seat and publish sessions" in client_for("organizer").get(dashboard_url).content.decode()
    for session in in_play.sessions.order_by("number"):
        if session.status == "seated":
            sched.session_publish(session=session, by=organizer)
        for table in session.tables.all():
            ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
        close_session(session=session, by=organizer)
    in_play.refresh_from_db()
    assert in_play.is_over
    html = client_for("organizer").get(dashboard_url).content.decode()
    assert "Seat and publish sessions" not in html
    assert f'class="button secondary" href="{u("manage-sessions", in_play)}">Sessions<' in html
