"""The organizer's dashboard and where a login lands (issue 15, item 1)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import dashboard
from schedule import services as sched
from scoring import progress as pg
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts
from tournament.models import TournamentRole

from .conftest import make_tournament, play_and_close

pytestmark = pytest.mark.django_db


def texts(items):
    return " | ".join(i.text for i in items)


# --- the dashboard's problems and next steps --------------------------------------------------------


def test_new_tournament_asks_for_players_and_referees(organizer):
    t = ts.tournament_create(by=organizer, name="Empty", slug="empty", session_count=2)
    board = dashboard.tournament_dashboard(t, timezone.now())
    assert not board.problems
    assert "Add the players" in texts(board.next_steps)
    assert "referees" in texts(board.next_steps)
    assert board.next_steps[0].url == reverse("manage-import", args=["empty"])


def test_player_count_not_a_multiple_of_four_is_a_problem(organizer, referee):
    t = make_tournament(organizer, referee, slug="odd", players=10)
    board = dashboard.tournament_dashboard(t, timezone.now())
    assert "10 players cannot fill tables of four" in texts(board.problems)
    assert board.problems[0].url.endswith("?substitute=1")
    assert "Seat the sessions" not in texts(board.next_steps)


def test_seated_sessions_wait_to_be_published(rr16, organizer):
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    assert "Seat the sessions" in texts(board.next_steps)
    sched.schedule_generate(tournament=rr16, by=organizer, seed=1)
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    assert "Publish the seating of sessions 1, 2, 3, 4, 5" in texts(board.next_steps)
    assert "Seat the sessions" not in texts(board.next_steps)


def test_session_in_play_then_finished_then_close(rr16, organizer, referee):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=1)
    session = rr16.sessions.get(number=1)
    sched.session_publish(session=session, by=organizer)
    sheets = [t.sheet for t in session.tables.order_by("number")]
    ss.hand_record(sheet=sheets[0], number=1, outcome=pay.DRAW, by=referee)
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    assert "Session 1 is in play: 0 of 4 score sheets signed" in texts(board.next_steps)
    assert board.current.session.number == 1 and board.current.phase == pg.IN_PLAY
    for sheet in sheets:
        ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    # Closing waits for the appeal windows (schedule.services.session_close): the step says until when.
    assert "Every score sheet of session 1 is signed; its appeal windows end at" in texts(board.next_steps)
    later = timezone.now() + timedelta(minutes=rr16.appeal_minutes + 1)
    board = dashboard.tournament_dashboard(rr16, later)
    assert "Every score sheet of session 1 is signed: close the session" in texts(board.next_steps)
    # The day's order (issue 30): the session in play comes first, before publishing the later sessions.
    assert board.next_steps[0].url.endswith("#session-1")
    assert "Publish the seating" in texts(board.next_steps[1:])


def test_sheets_open_past_the_time_limit(rr16, organizer, referee):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=1)
    session = rr16.sessions.get(number=1)
    sched.session_publish(session=session, by=organizer)
    sheets = [t.sheet for t in session.tables.order_by("number")]
    ss.hand_record(sheet=sheets[0], number=1, outcome=pay.DRAW, by=referee)
    ss.sheet_sign(sheet=sheets[1], by=referee, mark_rest_not_played=True)
    on_time = dashboard.tournament_dashboard(rr16, timezone.now() + timedelta(minutes=100))
    assert not on_time.problems
    late = dashboard.tournament_dashboard(rr16, timezone.now() + timedelta(minutes=rr16.session_minutes + 20))
    assert "Session 1: tables 1, 3, 4 are still open" in texts(late.problems)
    assert "(time limit 150 minutes)" in texts(late.problems)


def test_next_session_unseated_once_play_moves_on(organizer, referee):
    t = make_tournament(organizer, referee, slug="swiss-d", sessions=3, format="swiss")
    first = t.sessions.get(number=1)
    sched.session_seat_random(session=first, by=organizer, seed=2)
    play_and_close(first, referee, organizer)
    board = dashboard.tournament_dashboard(t, timezone.now())
    assert "Session 2 is not seated yet." in texts(board.problems)
    assert "Seat session 2 by Swiss pairing" in texts(board.next_steps)


def test_everything_closed_points_to_the_results(organizer, referee):
    t = make_tournament(organizer, referee, slug="done", players=4, sessions=1)
    s = t.sessions.get(number=1)
    sched.session_seat_random(session=s, by=organizer, seed=1)
    play_and_close(s, referee, organizer)
    board = dashboard.tournament_dashboard(t, timezone.now())
    assert not board.problems
    assert "Every session is closed" in texts(board.next_steps)


def test_players_without_a_code_are_a_next_step_until_publishing_makes_them(rr16, organizer):
    codes_url = reverse("manage-player-codes", args=[rr16.slug])
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    [step] = [i for i in board.next_steps if i.url == codes_url]
    assert step.text.startswith("16 players have no code yet") and step.link == "Player codes"
    sched.schedule_generate(tournament=rr16, by=organizer, seed=1)
    sched.session_publish(session=rr16.sessions.get(number=1), by=organizer)
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    assert codes_url not in [i.url for i in board.next_steps]
    # A substitute added later has none until the codes are made.
    ts.player_create(tournament=rr16, number=17, name="Sub", is_substitute=True, by=organizer)
    board = dashboard.tournament_dashboard(rr16, timezone.now())
    assert "1 player has no code yet" in texts(board.next_steps)
    ts.player_codes_make_missing(tournament=rr16, by=organizer)
    assert "no code yet" not in texts(dashboard.tournament_dashboard(rr16, timezone.now()).next_steps)


def test_the_code_step_links_to_the_player_codes_page(client_for, seated_session, tournament):
    content = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    assert "8 players have no code yet" in content
    assert f'href="{reverse("manage-player-codes", args=[tournament.slug])}"' in content


def test_dashboard_page_shows_sheet_counts(client_for, hands_entered, tournament):
    content = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    assert "In play" in content and "Next steps" in content
    # Session 1: two tables, one being entered, none submitted.
    row = content.split('class="current"')[1].split("</tr>")[0]
    cells = [c.split(">", 1)[1].split("</td>")[0].strip() for c in row.split('<td class="num"')[1:]]
    assert cells == ["2", "1", "1", "0"]


# --- where a login lands ----------------------------------------------------------------------------


def login_and_follow(user, **extra):
    client = Client()
    response = client.post(
        reverse("login") + extra.get("query", ""),
        {"username": user.username, "password": "pw-" + user.username},
        follow=True,
    )
    return response


def test_referee_lands_on_the_tables_being_played(hands_entered, referee, tournament):
    response = login_and_follow(referee)
    assert response.redirect_chain[-1][0] == reverse("start")
    content = response.content.decode()
    assert "Your tables · Test Open, session 1" in content
    assert reverse("sheet", args=[tournament.slug, 1, 1]) in content
    assert reverse("sheet", args=[tournament.slug, 1, 2]) in content
    assert "2/16 hands" in content and "Not started" in content
    assert "Player 1 · Player 2 · Player 3 · Player 4" in content


def test_referee_sees_submitted_tables_and_the_next_open_session(hands_entered, referee, tournament, organizer):
    for table in hands_entered.table.session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    content = login_and_follow(referee).content.decode()
    assert content.count(">Signed<") == 2  # still shown until the organizer closes it
    close_session(session=hands_entered.table.session, by=organizer)
    content = login_and_follow(referee).content.decode()
    assert "No session is being played right now." in content and "Next: session 2 (Not seated yet)" in content


def test_organizer_of_one_tournament_lands_on_its_dashboard(tournament, organizer):
    response = login_and_follow(organizer)
    assert response.redirect_chain[-1][0] == reverse("manage-home", args=[tournament.slug])


def test_organizer_of_several_tournaments_gets_a_list(tournament, organizer, other_referee):
    # other_referee's fixture made a second tournament, "Other Cup", run by the same organizer.
    content = login_and_follow(organizer).content.decode()
    assert "Your tournaments" in content
    assert reverse("manage-home", args=["test-open"]) in content
    assert reverse("manage-home", args=["other-cup"]) in content


def test_user_without_roles_lands_on_the_home_page(outsider):
    assert login_and_follow(outsider).redirect_chain[-1][0] == reverse("home")


def test_next_parameter_wins(tournament, referee):
    target = reverse("standings", args=[tournament.slug])
    response = login_and_follow(referee, query=f"?next={target}")
    assert response.redirect_chain[-1][0] == target


def test_start_needs_a_login(client):
    response = client.get(reverse("start"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_organizer_who_also_referees_elsewhere_sees_both(tournament, organizer, make_user):
    other = ts.tournament_create(by=make_user("boss"), name="Club Night", slug="club-night", session_count=1)
    TournamentRole.objects.create(tournament=other, user=organizer, role=TournamentRole.Role.REFEREE)
    content = login_and_follow(organizer).content.decode()
    assert "Club Night" in content and "No session is being played right now." in content
    assert "Your tournaments" in content and "Test Open" in content


def test_start_and_dashboard_in_spanish(hands_entered, client_for, tournament):
    content = client_for("referee").get(reverse("start"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Tus mesas · Test Open, sesión 1" in content and "Sin empezar" in content
    content = (
        client_for("organizer")
        .get(reverse("manage-home", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="es")
        .content.decode()
    )
    assert "Próximos pasos" in content and "En juego" in content


def test_swiss_session_is_not_late_while_the_one_before_is_played(organizer, referee):
    t = make_tournament(organizer, referee, slug="swiss-p", sessions=3, format="swiss")
    first = t.sessions.get(number=1)
    sched.session_seat_random(session=first, by=organizer, seed=2)
    sched.session_publish(session=first, by=organizer)
    ss.hand_record(sheet=first.tables.first().sheet, number=1, outcome=pay.DRAW, by=referee)
    board = dashboard.tournament_dashboard(t, timezone.now())
    assert "not seated yet" not in texts(board.problems)


def test_round_robin_next_session_unseated_while_one_is_played(organizer, referee):
    t = make_tournament(organizer, referee, slug="rr-p", players=8, sessions=2)
    first = t.sessions.get(number=1)
    sched.session_seat_random(session=first, by=organizer, seed=2)
    sched.session_publish(session=first, by=organizer)
    ss.hand_record(sheet=first.tables.first().sheet, number=1, outcome=pay.DRAW, by=referee)
    board = dashboard.tournament_dashboard(t, timezone.now())
    assert "Session 2 is not seated yet." in texts(board.problems)
