"""The tournament day in the browser (no JavaScript): the clock page, the clock on the table page and the hall,
the cut-off at the table, the withdrawals page, filling the field, substitutes apart in the standings."""

import html
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from schedule import clock
from schedule import services as sched
from schedule import withdrawals as wd
from scoring.models import Hand
from tournament import services as ts
from tournament.models import AuditLog, Seat, Session, Withdrawal

from .conftest import make_tournament, play_and_close

pytestmark = pytest.mark.django_db


def text(response):
    return html.unescape(response.content.decode())


def clock_url(tournament, n=1):
    return reverse("manage-session-clock", args=[tournament.slug, n])


def sheet_url(tournament, name="sheet"):
    return reverse(name, args=[tournament.slug, 1, 1])


def set_clock(session, *, ends_in):
    """The bell rings ``ends_in`` from now (negative: it has rung)."""
    session = Session.objects.get(pk=session.pk)
    session.ends_at = timezone.now() + ends_in
    session.starts_at = session.ends_at - timedelta(minutes=150)
    session.save()
    return session


# --- the clock page ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("role,status", [("anonymous", 302), ("outsider", 403), ("referee", 403), ("organizer", 200)])
def test_only_organizers_open_the_clock_page(client_for, published_session, tournament, role, status):
    assert client_for(role).get(clock_url(tournament)).status_code == status


@pytest.mark.parametrize("role", ["anonymous", "outsider", "referee"])
def test_others_cannot_start_the_clock(client_for, published_session, tournament, role):
    client_for(role).post(clock_url(tournament), {"action": "start", "start-minutes": ""})
    assert Session.objects.get(pk=published_session.pk).ends_at is None


def test_organizer_starts_the_clock(client_for, published_session, tournament):
    response = client_for("organizer").post(
        clock_url(tournament), {"action": "start", "start-minutes": "120"}, follow=True
    )
    session = Session.objects.get(pk=published_session.pk)
    assert session.ends_at - session.starts_at == timedelta(minutes=120)
    page = text(response)
    assert "The clock of session 1 ends at" in page and "session-clock clock-running" in page
    assert AuditLog.objects.filter(action="session.clock_start").count() == 1


def test_a_past_scheduled_start_is_refused_and_keeps_what_was_typed(client_for, published_session, tournament):
    past = (timezone.localtime() - timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")
    response = client_for("organizer").post(
        clock_url(tournament), {"action": "schedule", "schedule-starts_at": past, "schedule-minutes": "90"}
    )
    page = text(response)
    assert response.status_code == 200 and "A scheduled start is in the future" in page
    assert f'value="{past}"' in page and 'value="90"' in page
    assert Session.objects.get(pk=published_session.pk).ends_at is None


def test_moving_the_end_with_a_bad_number_says_so(client_for, published_session, tournament, organizer):
    clock.session_clock_start(session=published_session, by=organizer)
    response = client_for("organizer").post(
        clock_url(tournament), {"action": "adjust", "adjust-minutes": "0", "adjust-reason": "oops"}
    )
    assert "not zero" in text(response)
    assert not AuditLog.objects.filter(action="session.clock_adjust").exists()
    client_for("organizer").post(
        clock_url(tournament), {"action": "adjust", "adjust-minutes": "10", "adjust-reason": "late start"}
    )
    assert AuditLog.objects.get(action="session.clock_adjust").data["reason"] == "late start"


# --- the clock at the table and in the hall -------------------------------------------------------------


def test_table_page_shows_the_end_without_script_and_turns_amber_then_red(client_for, published_session, tournament):
    set_clock(published_session, ends_in=timedelta(minutes=40))
    page = text(client_for("referee").get(sheet_url(tournament)))
    assert "session-clock clock-running" in page and "The bell rings at" in page
    assert "js/session-clock.js" in page and "This hand ended before the bell" not in page
    set_clock(published_session, ends_in=timedelta(minutes=10))
    assert "session-clock clock-warning" in text(client_for("anonymous").get(sheet_url(tournament)))
    set_clock(published_session, ends_in=-timedelta(minutes=1))
    page = text(client_for("referee").get(sheet_url(tournament)))
    assert "session-clock clock-ended" in page and "This hand ended before the bell" in page


def test_after_the_bell_the_table_refuses_a_new_hand_unless_it_ended_before(
    client_for, published_session, tournament, players, sheet
):
    set_clock(published_session, ends_in=-timedelta(minutes=1))
    data = {
        "number": 1,
        "winner": players[0].pk,
        "discarder": "self",
        "points": "8",
        "flowers": "",
        "expected_version": 0,
        "note": "kept",
    }
    response = client_for("referee").post(sheet_url(tournament, "sheet-hand"), data)
    page = text(response)
    assert response.status_code == 200 and "Time ran out at" in page and 'value="kept"' in page
    assert not Hand.objects.filter(sheet=sheet).exists()
    response = client_for("referee").post(sheet_url(tournament, "sheet-hand"), dict(data, before_bell="on"))
    assert response.status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.after_bell
    assert "after the bell" in text(client_for("anonymous").get(sheet_url(tournament)))


def test_session_page_shows_the_clock_to_everyone_once_published(client_for, seated_session, tournament, organizer):
    set_clock(seated_session, ends_in=timedelta(minutes=30))
    url = reverse("session-detail", args=[tournament.slug, 1])
    assert "session-clock" not in text(client_for("anonymous").get(url))  # seating not public yet
    sched.session_publish(session=seated_session, by=organizer)
    assert "session-clock clock-running" in text(client_for("anonymous").get(url))


def test_hall_shows_the_end_time_and_colours(client_for, published_session, tournament):
    hall = reverse("hall", args=[tournament.slug])
    assert "Ends at" not in text(client_for("anonymous").get(hall))
    set_clock(published_session, ends_in=timedelta(minutes=5))
    page = text(client_for("anonymous").get(hall))
    assert "Ends at" in page and 'class="time-warning"' in page
    api = client_for("anonymous").get(reverse("api-session", args=[tournament.slug, 1])).json()
    assert api["clock"]["state"] == "warning" and api["clock"]["minutes"] == 150


# --- withdrawals -------------------------------------------------------------------------------------------


def withdrawals_url(tournament):
    return reverse("manage-withdrawals", args=[tournament.slug])


@pytest.fixture
def scheduled(rr16, organizer):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=3)
    return rr16


@pytest.mark.parametrize("role,status", [("anonymous", 302), ("outsider", 403), ("referee", 403), ("organizer", 200)])
def test_only_organizers_open_withdrawals(client_for, scheduled, role, status):
    assert client_for(role).get(withdrawals_url(scheduled)).status_code == status


@pytest.mark.parametrize("role", ["anonymous", "outsider", "referee"])
def test_others_cannot_withdraw(client_for, scheduled, role):
    p, s = scheduled.players.get(number=2), scheduled.sessions.get(number=2)
    client_for(role).post(withdrawals_url(scheduled), {"player": p.pk, "from_session": s.pk, "reason": "illness"})
    assert not Withdrawal.objects.exists()


def test_organizer_withdraws_with_a_new_substitute(client_for, scheduled):
    p, s = scheduled.players.get(number=2), scheduled.sessions.get(number=3)
    response = client_for("organizer").post(
        withdrawals_url(scheduled),
        {
            "player": p.pk,
            "from_session": s.pk,
            "reason": "illness",
            "note": "fever",
            "keep_in_standings": "on",
            "new_name": "Ruth Reserve",
        },
        follow=True,
    )
    page = text(response)
    assert (
        "withdrawn from session 3 on" in page
        and "Ruth Reserve" in page
        and "takes their seat in sessions 3, 4, 5" in page
    )
    sub = scheduled.players.get(name="Ruth Reserve")
    assert sorted(Seat.objects.filter(player=sub).values_list("session__number", flat=True)) == [3, 4, 5]


def test_a_bad_withdrawal_keeps_what_was_typed_and_changes_nothing(client_for, scheduled):
    p, s = scheduled.players.get(number=2), scheduled.sessions.get(number=3)
    regular = scheduled.players.get(number=9)
    response = client_for("organizer").post(
        withdrawals_url(scheduled),
        {"player": p.pk, "from_session": s.pk, "reason": "illness", "note": "fever", "substitute": regular.pk},
    )
    page = text(response)
    # A player of the field is not offered as a substitute at all.
    assert response.status_code == 200 and "Select a valid choice" in page and 'value="fever"' in page
    assert not Withdrawal.objects.exists()


def test_substitute_later_and_undo(client_for, scheduled, organizer):
    w = wd.player_withdraw(
        player=scheduled.players.get(number=4),
        from_session=scheduled.sessions.get(number=2),
        reason="other",
        by=organizer,
    )
    client = client_for("organizer")
    page = text(
        client.post(reverse("manage-withdrawal-substitute", args=[scheduled.slug, w.pk]), {f"w{w.pk}-new_name": ""})
    )
    assert "Choose a substitute or type a new one's name" in page
    client.post(reverse("manage-withdrawal-substitute", args=[scheduled.slug, w.pk]), {f"w{w.pk}-new_name": "Sam"})
    assert Withdrawal.objects.get().substitute.name == "Sam"
    response = client.post(reverse("manage-withdrawal-undo", args=[scheduled.slug, w.pk]), follow=True)
    assert "is undone" in text(response)
    assert sorted(Seat.objects.filter(player__number=4).values_list("session__number", flat=True)) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("role", ["anonymous", "outsider", "referee"])
def test_others_cannot_undo(client_for, scheduled, organizer, role):
    w = wd.player_withdraw(
        player=scheduled.players.get(number=4),
        from_session=scheduled.sessions.get(number=2),
        reason="other",
        by=organizer,
    )
    client_for(role).post(reverse("manage-withdrawal-undo", args=[scheduled.slug, w.pk]))
    assert Withdrawal.objects.get().active


# --- filling the field and the standings ---------------------------------------------------------------


def test_seating_page_previews_the_fill_and_generate_fills(client_for, organizer, referee):
    t = make_tournament(organizer, referee, slug="fifteen", players=15, sessions=2)
    client = client_for("organizer")
    page = text(client.get(reverse("manage-seating", args=[t.slug])))
    assert "session 1 also seats 1 new substitute" in page and "Substitute 1" in page
    client.post(reverse("manage-seating-generate", args=[t.slug]), {"seed": "5", "fill_with_substitutes": "on"})
    assert Seat.objects.filter(session__tournament=t, session__number=1).count() == 16
    assert t.players.get(is_substitute=True).name == "Substitute 1"


def test_standings_list_substitutes_apart(client_for, scheduled, organizer, referee):
    reserve = ts.player_create(tournament=scheduled, number=30, name="Rita Reserve", is_substitute=True, by=organizer)
    withdrawn = scheduled.players.get(number=1)
    wd.player_withdraw(
        player=withdrawn,
        from_session=scheduled.sessions.get(number=1),
        reason="illness",
        substitute=reserve,
        by=organizer,
    )
    play_and_close(scheduled.sessions.get(number=1), referee, organizer)
    page = text(client_for("anonymous").get(reverse("standings", args=[scheduled.slug])))
    assert "Substitutes (not ranked)" in page
    assert page.index("Substitutes (not ranked)") < page.index("Rita Reserve")
    # Player 1 withdrew before playing and stays listed, marked W.
    assert 'title="withdrawn: ranked with what they earned">W</abbr>' in page
