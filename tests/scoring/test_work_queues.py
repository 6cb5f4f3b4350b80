"""Where each role starts (issue 21): the work queue of the chief referee, referees and appeals committee, the
organizer's dashboard items about appeals, the referee's tables with their next step, the player's page in the
order of what they must do, and the appeal amendment forms starting on what the appeal names."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import dashboard
from schedule import services as sched
from scoring import queues
from scoring import services as ap
from scoring import services as ss
from scoring.models import ScoreSheet
from tournament import services as ts
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db

STATEMENT = "The referee ruled the wrong way."


def text(response):
    return response.content.decode()


def main(response):
    return text(response).split("<main>")[1].split("</main>")[0]


@pytest.fixture
def countersigning(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, countersign_required=True)


@pytest.fixture
def signed(hands_entered, coded, referee):
    """Table 1 of session 1 signed, with a foul in hand 2 and another in hand 1; table 2 still open."""
    ss.foul_record(sheet=hands_entered, player=coded[3], foul="wall_touched", hand_number=2, by=referee)
    ss.foul_record(sheet=hands_entered, player=coded[2], foul="wall_touched", hand_number=1, by=referee)
    ss.sheet_sign(sheet=hands_entered, by=referee, mark_rest_not_played=True)
    return hands_entered


def file(sheet, player, kind="rule", **extra):
    return ap.appeal_file(sheet=sheet, filer=player, code=player.code, kind=kind, statement=STATEMENT, by=None, **extra)


def work(tournament):
    return reverse("work-queue", args=[tournament.slug])


# ------------------------------------------------------------------ the work queue page, per role


@pytest.mark.parametrize(
    "role, status",
    [("anonymous", 302), ("outsider", 403), ("other_referee", 403), ("referee", 200), ("chief_referee", 200)],
)
def test_who_has_a_work_queue(client_for, tournament, role, status):
    assert client_for(role).get(work(tournament)).status_code == status


def test_the_appeals_committee_has_one_too(client_for, tournament, committee):
    assert client_for("committee").get(work(tournament)).status_code == 200


def test_chief_referee_sees_sheets_to_countersign_and_escalated_appeals(
    client_for, tournament, countersigning, signed, coded, referee, chief_referee
):
    appeal = file(signed, coded[1], hand_number=2)
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    ap.appeal_escalate(appeal=appeal, reason="Not satisfied", code=coded[1].code)
    page = main(client_for("chief_referee").get(work(tournament)))
    countersign = page.split('id="to-countersign"')[1].split("</section>")[0]
    assert reverse("sheet", args=[tournament.slug, 1, 1]) + "#countersign" in countersign
    decide = page.split('id="to-decide"')[1].split("</section>")[0]
    assert reverse("appeal-detail", args=[tournament.slug, appeal.number]) + "#decide" in decide
    assert "Session 1, table 1 · hand 2" in decide and "appeal window until" in decide
    # Once countersigned, the sheet leaves the queue.
    ss.sheet_countersign(sheet=signed, by=chief_referee)
    page = main(client_for("chief_referee").get(work(tournament)))
    assert "No sheet waits for your countersignature." in page


def test_an_appeal_to_decide_shows_the_next_sessions_start_as_its_deadline(
    client_for, tournament, signed, coded, referee
):
    """The rulebook sets no time to decide; the next session does: its clock's scheduled start is shown, and
    once it has started the line says so."""
    appeal = file(signed, coded[1])
    start = timezone.now() + timedelta(minutes=40)
    clock = tournament.sessions.filter(number=2)
    clock.update(starts_at=start, ends_at=start + timedelta(hours=2))
    now = timezone.now()
    [waiting] = queues.work_queue(tournament, referee).appeals
    assert (waiting.appeal, waiting.next_session, waiting.decide_before, waiting.late) == (appeal, 2, start, False)
    decide = main(client_for("referee").get(work(tournament))).split('id="to-decide"')[1].split("</section>")[0]
    assert "decide before session 2 begins" in decide
    clock.update(starts_at=now - timedelta(minutes=1), ends_at=now + timedelta(hours=2))
    decide = main(client_for("referee").get(work(tournament))).split('id="to-decide"')[1].split("</section>")[0]
    assert "session 2 has begun: decide now" in decide
    # Without a scheduled start, no deadline is made up.
    clock.update(starts_at=None, ends_at=None)
    decide = main(client_for("referee").get(work(tournament))).split('id="to-decide"')[1].split("</section>")[0]
    assert "decide before" not in decide and "has begun" not in decide


def test_referees_see_rule_appeals_not_the_countersignatures(
    client_for, tournament, countersigning, signed, coded, committee
):
    rule = file(signed, coded[1])
    other = file(signed, coded[2], kind="other")
    referee_page = main(client_for("referee").get(work(tournament)))
    assert 'id="to-countersign"' not in referee_page
    assert f"Appeal {rule.number}<" in referee_page and f"Appeal {other.number}<" not in referee_page
    committee_page = main(client_for("committee").get(work(tournament)))
    assert f"Appeal {other.number}<" in committee_page and f"Appeal {rule.number}<" not in committee_page
    # The committee does not score: no appeal windows for them.
    assert 'id="open-windows"' not in committee_page and 'id="open-windows"' in referee_page


def test_an_appeal_nobody_can_decide_is_flagged(client_for, tournament, signed, coded, chief_referee, make_user):
    appeal = file(signed, coded[1], kind="other")  # to the committee, and nobody holds that role
    flagged = queues.appeals_nobody_decides(tournament)
    assert [w.appeal for w in flagged] == [appeal]
    for role in ("chief_referee", "organizer"):
        page = main(client_for(role).get(work(tournament)))
        assert f"Appeal {appeal.number} (Appeals committee): nobody in this tournament holds the role" in page
    # The organizer's dashboard says so among the problems, with the roles page to act on it.
    board = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    problems = board.split('class="problems"')[1].split("</section>")[0]
    assert "nobody in this tournament holds the role" in problems
    assert reverse("manage-roles", args=[tournament.slug]) in problems
    # A referee is not told: it is not theirs to fix.
    assert "nobody in this tournament" not in main(client_for("referee").get(work(tournament)))
    TournamentRole.objects.create(
        tournament=tournament, user=make_user("judge"), role=TournamentRole.Role.APPEALS_COMMITTEE
    )
    assert queues.appeals_nobody_decides(tournament) == []


def test_a_rule_appeal_with_referees_is_not_flagged(tournament, signed, coded):
    file(signed, coded[1])
    assert queues.appeals_nobody_decides(tournament) == []


def test_dashboard_next_steps_name_the_appeals_waiting(tournament, signed, coded, committee):
    file(signed, coded[1])
    file(signed, coded[2], kind="other")
    board = dashboard.tournament_dashboard(tournament, timezone.now())
    steps = [s for s in board.next_steps if "appeal" in s.text]
    assert [s.text for s in steps] == ["2 appeals wait for a decision."]
    assert steps[0].url == reverse("appeal-list", args=[tournament.slug])
    assert not [p for p in board.problems if "Appeal" in p.text]


def test_open_appeal_windows_close_with_time(tournament, signed):
    signed.refresh_from_db()
    window = timedelta(minutes=tournament.appeal_minutes)
    now = signed.submitted_at + timedelta(minutes=1)
    windows = queues.open_appeal_windows(tournament, now)
    assert [(w.session, w.table, w.until) for w in windows] == [(1, 1, signed.submitted_at + window)]
    assert queues.open_appeal_windows(tournament, signed.submitted_at + window + timedelta(seconds=1)) == []


def test_the_work_queue_keeps_its_queries_few(
    client_for, tournament, signed, coded, committee, django_assert_max_num_queries
):
    for player in coded[:4]:
        file(signed, player, hand_number=player.number)
    client = client_for("organizer")
    with django_assert_max_num_queries(30):
        assert client.get(work(tournament)).status_code == 200


# ------------------------------------------------------------------ the staff's menu and the start page


def test_staff_links_come_first_in_the_menu(client_for, tournament, published_session):
    nav = text(client_for("referee").get(reverse("standings", args=[tournament.slug]))).split('class="tnav"')[1]
    assert nav.index(work(tournament)) < nav.index(reverse("appeal-list", args=[tournament.slug]))
    assert nav.index(reverse("appeal-list", args=[tournament.slug])) < nav.index(
        reverse("standings", args=[tournament.slug])
    )
    public = text(client_for("anonymous").get(reverse("standings", args=[tournament.slug])))
    assert work(tournament) not in public


def test_chief_referee_lands_on_their_queue(client, tournament, countersigning, signed, chief_referee):
    response = client.post(reverse("login"), {"username": "chief", "password": "pw-chief"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("start")
    page = main(response)
    assert "To do · Test Open" in page
    assert reverse("sheet", args=[tournament.slug, 1, 1]) + "#countersign" in page
    # and below, the tables being played
    assert "Your tables · Test Open, session 1" in page


def test_the_appeals_committee_lands_on_the_appeals_it_decides(client, tournament, signed, coded, committee):
    appeal = file(signed, coded[1], kind="other")
    response = client.post(reverse("login"), {"username": "committee", "password": "pw-committee"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("start")
    decide = main(response).split('id="to-decide"')[1].split("</section>")[0]
    assert reverse("appeal-detail", args=[tournament.slug, appeal.number]) in decide


def test_the_referees_tables_say_what_comes_next(client_for, tournament, hands_entered):
    page = main(client_for("referee").get(reverse("start")))
    cards = page.split('<li class="my-table')[1:]
    assert "Open · Enter hand 3." in cards[0]
    assert "Open · Enter hand 1." in cards[1]


@pytest.mark.parametrize(
    "status, entered, countersign, expected",
    [
        ("open", 0, False, "Enter hand 1."),
        ("open", 5, False, "Enter hand 6."),
        ("open", 16, False, "Check the hands waiting for confirmation."),
        ("confirming", 16, False, "The players confirm the sheet, then you sign it."),
        ("submitted", 16, True, "The chief referee countersigns."),
        ("submitted", 16, False, "Nothing: the sheet is signed."),
        ("countersigned", 16, True, "Nothing: the sheet is countersigned."),
    ],
)
def test_sheet_next_step(status, entered, countersign, expected):
    state, action = queues.sheet_next_step(
        status, hands_entered=entered, hands_per_session=16, countersign_required=countersign
    )
    assert action == expected and state == ScoreSheet.Status(status).label


# ------------------------------------------------------------------ the player's page


def my_page(tournament, player):
    return reverse("player-page", args=[tournament.slug, player.code])


def test_player_page_puts_the_confirmation_first_and_the_next_seat_after(
    client, tournament, organizer, hands_entered, coded, referee, players
):
    ts.tournament_update(tournament=tournament, by=organizer, player_confirmation="phone")
    second = tournament.sessions.get(number=2)
    sched.session_seat(
        session=second,
        tables=[[players[4], players[5], players[6], players[0]], [*players[1:4], players[7]]],
        by=organizer,
    )
    sched.session_publish(session=second, by=organizer)
    for n in range(3, 17):
        ss.hand_record(sheet=hands_entered, number=n, outcome=pay.DRAW, by=referee)
    page = main(client.get(my_page(tournament, coded[0])))
    todo = page.split('id="todo"')[1].split("</section>")[0]
    assert "Session 1, table 1: every hand is in." in todo and "I confirm this score sheet" in todo
    # The seat shown is the one to play next, not the session whose sheet waits for confirmation.
    assert "Session 2: table 1, starting wind North" in page.split('id="next-seat"')[1].split("</section>")[0]
    assert page.index('id="todo"') < page.index('id="next-seat"') < page.index('id="my-sessions"')
    # One confirm button only: the sheet below points up to it.
    assert page.count("I confirm this score sheet") == 1


def test_player_confirms_from_the_top(client, tournament, organizer, hands_entered, coded, referee):
    ts.tournament_update(tournament=tournament, by=organizer, player_confirmation="phone")
    for n in range(3, 17):
        ss.hand_record(sheet=hands_entered, number=n, outcome=pay.DRAW, by=referee)
    response = client.post(reverse("player-confirm-sheet", args=[tournament.slug, coded[0].code, 1, 1]), follow=True)
    page = main(response)
    assert "you confirmed the score sheet of session 1, table 1" in page
    assert 'id="todo"' not in page


def test_open_appeal_window_is_a_todo_and_not_folded(client, tournament, signed, coded):
    page = main(client.get(my_page(tournament, coded[0])))
    todo = page.split('id="todo"')[1].split("</section>")[0]
    assert reverse("player-appeal", args=[tournament.slug, coded[0].code, 1, 1]) in todo
    assert "Appeal a ruling at session 1, table 1" in todo
    assert '<details class="player-results" id="results-1" open>' in page


def test_a_closed_window_is_no_todo(client, tournament, signed, coded):
    ScoreSheet.objects.filter(pk=signed.pk).update(submitted_at=timezone.now() - timedelta(hours=2))
    assert 'id="todo"' not in main(client.get(my_page(tournament, coded[0])))


def test_a_rejected_appeal_can_be_taken_further_from_the_todo(client, tournament, signed, coded, referee):
    appeal = file(signed, coded[1])
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    todo = main(client.get(my_page(tournament, coded[1]))).split('id="todo"')[1].split("</section>")[0]
    assert f"#appeal-{appeal.number}" in todo and "take it to the chief referee" in todo


def test_the_next_seat_waits_for_publishing(client, tournament, signed, coded):
    page = main(client.get(my_page(tournament, coded[0])))
    assert "Your seat in session 2 appears here once its seating is published." in page


# ------------------------------------------------------------------ appeal amendments (item 6)


def upheld(sheet, player, chief, referee, **about):
    appeal = file(sheet, player, **about)
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    ap.appeal_escalate(appeal=appeal, reason="Not satisfied", code=player.code)
    ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Right.", by=chief)
    return appeal


def test_amending_starts_on_the_hand_the_appeal_names(client_for, tournament, signed, coded, referee, chief_referee):
    appeal = upheld(signed, coded[1], chief_referee, referee, hand_number=2)
    context = client_for("chief_referee").get(reverse("appeal-detail", args=[tournament.slug, appeal.number])).context
    form = context["amend_hand_form"]
    assert form["hand"].value() == "2:1"
    assert context["amend_foul_form"]["hand_number"].value() == 2
    assert 'value="2:1" selected' in main(
        client_for("chief_referee").get(reverse("appeal-detail", args=[tournament.slug, appeal.number]))
    )


def test_amending_starts_on_the_penalty_the_appeal_names(client_for, tournament, signed, coded, referee, chief_referee):
    second = signed.penalties.order_by("id")[1]  # player 3's foul in hand 1, not the first one given
    appeal = upheld(signed, coded[2], chief_referee, referee, penalty=second)
    context = client_for("chief_referee").get(reverse("appeal-detail", args=[tournament.slug, appeal.number])).context
    assert context["amend_withdraw_form"]["penalty"].value() == second.pk
    assert context["amend_hand_form"]["hand"].value() == "1:1"  # the penalty's hand
    response = client_for("chief_referee").post(
        reverse("appeal-amend-withdraw", args=[tournament.slug, appeal.number]), {"penalty": second.pk}
    )
    assert response.status_code == 302
    second.refresh_from_db()
    assert not second.active and signed.penalties.order_by("id")[0].active


def test_a_countersigned_sheet_still_counts_as_submitted(tournament, countersigning, signed, chief_referee, referee):
    from scoring import progress as pg

    ss.sheet_countersign(sheet=signed, by=chief_referee)
    other = signed.table.session.tables.get(number=2).sheet
    ss.sheet_sign(sheet=other, by=referee, mark_rest_not_played=True)
    ss.sheet_countersign(sheet=other, by=chief_referee)
    first = pg.session_progress(tournament)[0]
    assert first.submitted == 2 and first.phase == pg.FINISHED
    board = dashboard.tournament_dashboard(tournament, timezone.now())
    assert any("Close the session then" in s.text for s in board.next_steps)  # once the appeal windows end
    later = timezone.now() + timedelta(minutes=tournament.appeal_minutes + 1)
    board = dashboard.tournament_dashboard(tournament, later)
    assert any("close the session" in s.text for s in board.next_steps)


def test_a_captain_is_told_to_appeal_for_a_teammates_table_once_its_game_ended(
    client, tournament, organizer, published_session, players, referee
):
    from tournament.models import Team

    nine = ts.player_create(tournament=tournament, number=9, name="Player 9", team="Dragons", by=organizer)
    ts.team_captain_set(team=Team.objects.get(tournament=tournament, name="Dragons"), captain=nine, by=organizer)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    nine.refresh_from_db()
    assert 'id="todo"' not in main(client.get(my_page(tournament, nine)))  # table 1 still being played
    ss.sheet_sign(sheet=published_session.tables.get(number=1).sheet, by=referee, mark_rest_not_played=True)
    todo = main(client.get(my_page(tournament, nine))).split('id="todo"')[1].split("</section>")[0]
    assert "Appeal a ruling at session 1, table 1 (as captain)" in todo
    assert reverse("player-appeal", args=[tournament.slug, nine.code, 1, 1]) in todo
