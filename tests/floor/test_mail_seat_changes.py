"""A mail when a published seating changes (issue 31, tournament.mail.queue_seat_changes): each service that
moves seats of a published session -- a substitute taking a withdrawn player's seats (also from the roll
call), a player back in, two seats swapped on the sheet -- queues, in its transaction, one mail to each
subscribed player whose table or wind changed, saying it is a change and what it was; nothing to a player whose
seat stayed, to one who stopped the mails, or about a session not published yet. Each change told once; a change
undone is told too. Last, the same through a real SMTP server and the worker."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from schedule import attendance as att
from schedule import seating_restore
from schedule import services as sched
from schedule import withdrawals as wd
from scoring import services as ss
from tests.together import errors_at_once
from tournament import mail
from tournament import services as ts
from tournament.floor_models import OutboxMail
from tournament.models import SeatingVersion

from .smtp_server import recipients, worker


@pytest.fixture
def offered(settings):
    settings.MAIL_OFFERED = True
    settings.SITE_URL = "https://mahjong.example.org"


@pytest.fixture
def field(offered, tournament, players, organizer):
    """Session 1 published (table 1: players 1..4, table 2: 5..8, East..North), session 2 seated, not published;
    reserves 9 and 10. Players 1, 2, 5 and reserve 9 get mails; player 3 asked, then stopped them."""
    s1, s2 = tournament.sessions.get(number=1), tournament.sessions.get(number=2)
    sched.session_seat(session=s1, tables=[players[0:4], players[4:8]], by=organizer)
    sched.session_seat(session=s2, tables=[players[0:2] + players[4:6], players[2:4] + players[6:8]], by=organizer)
    sched.session_publish(session=s1, by=organizer)
    reserves = [
        ts.player_create(tournament=tournament, number=n, name=f"Reserve {n}", is_substitute=True, by=organizer)
        for n in (9, 10)
    ]
    ts.player_codes_make_missing(tournament=tournament, by=organizer)  # a page to subscribe on
    for p in reserves:
        p.refresh_from_db()
    for p in (players[0], players[1], players[4], players[2], reserves[0]):
        mail.mail_subscribe(player=p, address=f"player{p.number}@example.org", agreed=True)
    mail.mail_stop(token=players[2].mail_address.token)
    OutboxMail.objects.all().delete()  # the mails of publishing: not what these tests look at
    return [*players, *reserves]


def told():
    """The seat-change mails queued: {player number: [subject, ...]} (the address says whose)."""
    out: dict[int, list[str]] = {}
    for row in OutboxMail.objects.filter(key__startswith="seat-change:").order_by("id"):
        out.setdefault(int(row.to.removeprefix("player").split("@")[0]), []).append(row.subject)
    return out


def first_line(number):
    row = OutboxMail.objects.filter(key__startswith="seat-change:", to=f"player{number}@example.org").last()
    return row.body.split("\n\n")[0]


# --- a substitute takes a withdrawn player's seats --------------------------------------------------------


def test_a_substitute_tells_the_withdrawn_player_and_the_substitute_only(field, tournament, organizer):
    wd.player_withdraw(
        player=field[0], from_session=tournament.sessions.get(number=1), reason="illness", by=organizer,
        substitute=field[8],
    )  # fmt: skip
    assert told() == {
        1: ["Test Open · Your seat for session 1 changed: you are no longer seated (you were at table 1, East)."],
        9: ["Test Open · Your seat for session 1 changed: now table 1, East (you had no seat)."],
    }  # session 2 is not published: its seats are told when it is
    assert first_line(9) == "Your seat for session 1 changed: now table 1, East (you had no seat)."
    body = OutboxMail.objects.get(to="player9@example.org").body
    assert "/t/test-open/mail/stop/" in body and "Your page:" in body


def test_nothing_to_a_player_who_stopped_the_mails_nor_to_an_unsubscribed_substitute(field, tournament, organizer):
    wd.player_withdraw(
        player=field[2], from_session=tournament.sessions.get(number=1), reason="illness", by=organizer,
        substitute=field[9],
    )  # fmt: skip
    assert told() == {}


def test_nothing_before_the_session_is_published(field, tournament, organizer):
    wd.player_withdraw(
        player=field[0], from_session=tournament.sessions.get(number=2), reason="illness", by=organizer,
        substitute=field[8],
    )  # fmt: skip
    assert told() == {}
    sched.session_publish(session=tournament.sessions.get(number=2), by=organizer)
    assert OutboxMail.objects.filter(to="player9@example.org", key__startswith="seat:").count() == 1


def test_several_published_sessions_make_one_mail_naming_each(field, tournament, organizer):
    sched.session_publish(session=tournament.sessions.get(number=2), by=organizer)
    OutboxMail.objects.all().delete()
    wd.player_withdraw(
        player=field[0], from_session=tournament.sessions.get(number=1), reason="illness", by=organizer,
        substitute=field[8],
    )  # fmt: skip
    assert told() == {
        1: ["Test Open · Your seats changed in sessions 1, 2"],
        9: ["Test Open · Your seats changed in sessions 1, 2"],
    }
    body = OutboxMail.objects.get(to="player9@example.org").body
    assert "session 1 changed: now table 1, East" in body and "session 2 changed: now table 1, East" in body


# --- the roll call: an absentee's seat to a substitute who is here ----------------------------------------


def test_the_roll_call_of_a_published_session_tells_the_absentee_and_the_substitute(field, tournament, organizer):
    session = tournament.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    for p in field[1:9]:  # player 1 is not here; reserve 9 is
        att.check_in_mark(session=session, player=p, status="present", by=organizer)
    proposal = att.roll_call_proposal(session)
    att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint)
    assert sorted(told()) == [1, 9]
    assert "you are no longer seated" in first_line(1) and "now table 1, East" in first_line(9)
    with pytest.raises(ValidationError):  # confirmed twice: refused, nothing told twice
        att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint)
    assert len(OutboxMail.objects.filter(key__startswith="seat-change:")) == 2


# --- a player back in ---------------------------------------------------------------------------------------


def test_a_player_back_is_told_and_the_substitute_too(field, tournament, organizer):
    withdrawal = wd.player_withdraw(
        player=field[0], from_session=tournament.sessions.get(number=1), reason="illness", by=organizer,
        substitute=field[8],
    )  # fmt: skip
    wd.withdrawal_undo(withdrawal=withdrawal, by=organizer)
    assert told() == {
        1: [
            "Test Open · Your seat for session 1 changed: you are no longer seated (you were at table 1, East).",
            "Test Open · Your seat for session 1 changed: now table 1, East (you had no seat).",
        ],
        9: [
            "Test Open · Your seat for session 1 changed: now table 1, East (you had no seat).",
            "Test Open · Your seat for session 1 changed: you are no longer seated (you were at table 1, East).",
        ],
    }  # back and forth: each change told, in order


# --- two seats swapped on the sheet ------------------------------------------------------------------------


def test_a_seat_swap_tells_the_two_players_what_changed(field, tournament, organizer):
    sheet = tournament.sessions.get(number=1).tables.get(number=1).sheet
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Sat the other way", by=organizer)
    assert told() == {
        1: ["Test Open · Your seat for session 1 changed: now table 1, South (was table 1, East)."],
        2: ["Test Open · Your seat for session 1 changed: now table 1, East (was table 1, South)."],
    }  # players 3 and 4 kept their seats: nothing


def test_a_swap_with_a_player_who_stopped_the_mails_tells_only_the_other(field, tournament, organizer):
    sheet = tournament.sessions.get(number=1).tables.get(number=1).sheet
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[2], reason="Sat the other way", by=organizer)
    assert told() == {1: ["Test Open · Your seat for session 1 changed: now table 1, West (was table 1, East)."]}


def test_a_double_tap_tells_once_and_a_swap_back_is_told_again(field, tournament, organizer):
    sheet = tournament.sessions.get(number=1).tables.get(number=1).sheet
    seen = ss.seat_order(sheet)
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Swapped", by=organizer, seen=seen)
    with pytest.raises(ValidationError, match="changed since you looked"):
        ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Swapped", by=organizer, seen=seen)
    assert [len(v) for v in told().values()] == [1, 1]
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="No, as drawn", by=organizer)
    assert told()[1] == [
        "Test Open · Your seat for session 1 changed: now table 1, South (was table 1, East).",
        "Test Open · Your seat for session 1 changed: now table 1, East (was table 1, South).",
    ]


def test_a_swap_before_publishing_tells_nobody(field, tournament, organizer):
    sheet = tournament.sessions.get(number=2).tables.get(number=1).sheet
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Swapped", by=organizer)
    assert told() == {}


# --- what cannot change a published seating, and a site without mail ----------------------------------------


def test_a_published_seating_is_neither_drawn_again_nor_restored(field, tournament, organizer):
    session = tournament.sessions.get(number=1)
    with pytest.raises(ValidationError, match="already published"):
        sched.session_seat_random(session=session, by=organizer, seed=4)
    version = SeatingVersion.objects.create(session=session, tables=[[5, 6, 7, 8], [1, 2, 3, 4]], replaced_by=organizer)
    with pytest.raises(ValidationError, match="already published"):
        seating_restore.session_seating_restore(session=session, version=version, by=organizer)
    assert not OutboxMail.objects.exists()


def test_no_mail_offered_no_mail_queued(field, settings, tournament, organizer):
    settings.MAIL_OFFERED = False
    sheet = tournament.sessions.get(number=1).tables.get(number=1).sheet
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Swapped", by=organizer)
    assert told() == {}


# --- through a real SMTP server -------------------------------------------------------------------------------


def test_a_changed_seat_reaches_the_player_once_through_smtp(smtp, field, tournament, organizer):
    sheet = tournament.sessions.get(number=1).tables.get(number=1).sheet
    ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Sat the other way", by=organizer)
    assert smtp.messages == []  # the swap wrote the outbox; the worker sends
    worker()
    assert recipients(smtp) == ["player1@example.org", "player2@example.org"]
    _tos, message = next(m for m in smtp.messages if m[0] == ["player1@example.org"])
    subject = " ".join(message["Subject"].split())  # a long header comes folded
    assert subject == "Test Open · Your seat for session 1 changed: now table 1, South (was table 1, East)."
    body = message.get_content()
    assert body.startswith("Your seat for session 1 changed: now table 1, South (was table 1, East).")
    assert "https://mahjong.example.org/t/test-open/mail/stop/" in body
    worker()
    assert len(smtp.messages) == 2  # each sent once


# --- two people at once (PostgreSQL's row locks) ----------------------------------------------------------------


def last_told(number):
    return OutboxMail.objects.filter(to=f"player{number}@example.org").order_by("id").last().subject


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_a_swap_while_the_session_is_published_tells_the_seat_as_it_ends(field, tournament, organizer):
    session = tournament.sessions.get(number=2)  # table 1: players 1, 2, 5, 6
    sheet = session.tables.get(number=1).sheet
    errors = errors_at_once(
        lambda: sched.session_publish(session=session, by=organizer),
        lambda: ss.sheet_seats_swap(sheet=sheet, first=field[0], second=field[1], reason="Swapped", by=organizer),
    )
    assert errors == []
    # Whichever went first, the last word each player had is their seat now: player 1 South, player 2 East.
    assert "table 1, starting wind South" in last_told(1) or "now table 1, South" in last_told(1)
    assert "table 1, starting wind East" in last_told(2) or "now table 1, East" in last_told(2)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_organizers_name_a_substitute_at_once_one_mail_each(field, tournament, organizer):
    session = tournament.sessions.get(number=1)
    wd.player_withdraw(player=field[0], from_session=session, reason="illness", by=organizer)
    errors = errors_at_once(*[lambda: wd.player_substitute(withdrawn=field[0], substitute=field[8], by=organizer)] * 2)
    assert len(errors) == 1 and isinstance(errors[0], ValidationError)
    assert {n: len(subjects) for n, subjects in told().items()} == {1: 1, 9: 1}
