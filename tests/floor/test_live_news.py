"""What a player's page tells without a reload (scoring.live), through a day at the player's table: a table of
steps, each a change the player must be told of (or must not be), and the news the poll answers after it.

Every step also checks the two readers of the one definition: the poll's answer is the news the page embeds,
so the page's script sees the same digest and fetches the page only when something changed."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import Appeal, Signature
from tournament import floor
from tournament import services as ts
from tournament.floor_models import Announcement, RefereeCall
from tournament.models import Table


@pytest.fixture
def day(tournament, organizer, seated_session, coded):
    """Session 1 seated, not yet published; four hands a session, confirmed on the players' phones."""
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="phone")
    return seated_session


def poll(client, tournament, player):
    response = client.get(reverse("player-live", args=[tournament.slug, player.code]))
    assert response.status_code == 200
    return response.json()


def page_pulse(client, tournament, player):
    response = client.get(reverse("player-page", args=[tournament.slug, player.code]))
    assert response.status_code == 200
    return response.context["live"]


def keys(pulse):
    return [item["key"] for item in pulse["news"]]


def test_the_news_follow_the_players_day(client, tournament, organizer, referee, second_referee, day, coded):
    player, sheet = coded[1], day.tables.get(number=1).sheet  # table 1, South
    state = {}

    def call():
        return RefereeCall.objects.get().pk

    def announcement(text):
        return Announcement.objects.get(text=text).pk

    def hand(number, **extra):
        outcome = extra.pop("outcome", pay.DRAW)
        ss.hand_record(sheet=sheet, number=number, outcome=outcome, by=referee, **extra)

    def file_appeal():
        state["appeal"] = ss.appeal_file(
            sheet=sheet, filer=player, kind="rule", statement="The fan was miscounted.", code=player.code
        )

    # (what happens, the news the poll answers after it; each a function of nothing, to read the rows' keys)
    steps = [
        ("seated, not published", lambda: None, None),
        ("published", lambda: sched.session_publish(session=day, by=organizer), lambda: ["seat:1:1:1"]),
        (
            "seats swapped at the table",
            lambda: ss.sheet_seats_swap(
                sheet=sheet, first=coded[0], second=player, reason="They sat in each other's seats", by=organizer
            ),
            lambda: ["seat:1:1:0"],
        ),
        (
            "a call for a referee",
            lambda: floor.referee_call_make(table=Table.objects.get(session=day, number=1), player=coded[2]),
            lambda: ["seat:1:1:0", f"call:{call()}:open"],
        ),
        (
            "the call taken",
            lambda: floor.referee_call_take(call=RefereeCall.objects.get(), by=second_referee),
            lambda: ["seat:1:1:0", f"call:{call()}:taken"],
        ),
        (
            "the call closed",
            lambda: floor.referee_call_close(call=RefereeCall.objects.get(), by=second_referee),
            lambda: ["seat:1:1:0", f"call:{call()}:closed"],
        ),
        (
            "an announcement",
            lambda: floor.announcement_post(tournament=tournament, text="Lunch at 13:00", by=organizer),
            lambda: ["seat:1:1:0", f"call:{call()}:closed", f"announcement:{announcement('Lunch at 13:00')}"],
        ),
        ("a hand entered, nothing to act on", lambda: hand(1), None),
        (
            "a hand waiting for confirmation",
            lambda: hand(2, pending=True),
            lambda: [
                "seat:1:1:0",
                f"call:{call()}:closed",
                f"pending:{sheet.pk}:2:{sheet.hands.get(number=2).pending_id}",
                f"announcement:{announcement('Lunch at 13:00')}",
            ],
        ),
        (
            "the hand confirmed",
            lambda: ss.hand_confirm(sheet=sheet, number=2, by=None, player=coded[3], code=coded[3].code),
            lambda: ["seat:1:1:0", f"call:{call()}:closed", f"announcement:{announcement('Lunch at 13:00')}"],
        ),
        (
            "every hand in: the sheet to confirm",
            lambda: (hand(3), hand(4)),
            lambda: [f"confirm:{sheet.pk}", f"announcement:{announcement('Lunch at 13:00')}"],
        ),
        (
            "confirmed on the phone",
            lambda: ss.sheet_confirm(
                sheet=sheet, player=player, method=Signature.Method.PHONE, by=None, code=player.code
            ),
            lambda: [f"confirmed:{sheet.pk}", f"announcement:{announcement('Lunch at 13:00')}"],
        ),
        (
            "an appeal filed",
            file_appeal,
            lambda: [f"confirmed:{sheet.pk}", "appeal:1:filed:0", f"announcement:{announcement('Lunch at 13:00')}"],
        ),
        (
            "the appeal decided",
            lambda: ss.appeal_decide(appeal=state["appeal"], outcome="rejected", reasons="Counted right.", by=referee),
            lambda: [
                f"confirmed:{sheet.pk}",
                f"appeal:1:{Appeal.objects.get().status}:1",
                f"announcement:{announcement('Lunch at 13:00')}",
            ],
        ),
        (
            "an announcement until a time that has passed",
            lambda: (
                floor.announcement_post(
                    tournament=tournament, text="Doors close", until=timezone.now() + timedelta(hours=1), by=organizer
                ),
                Announcement.objects.filter(text="Doors close").update(until=timezone.now() - timedelta(seconds=1)),
            ),
            None,
        ),
        (
            "the announcement withdrawn",
            lambda: floor.announcement_withdraw(
                announcement=Announcement.objects.get(text="Lunch at 13:00"), by=organizer
            ),
            lambda: [f"confirmed:{sheet.pk}", f"appeal:1:{Appeal.objects.get().status}:1"],
        ),
    ]
    before = poll(client, tournament, player)
    assert keys(before) == []
    for what, act, expected in steps:
        act()
        after = poll(client, tournament, player)
        assert after == page_pulse(client, tournament, player), what
        if expected is None:  # nothing the player must be told
            assert after["digest"] == before["digest"], what
        else:
            assert keys(after) == expected(), what
            assert after["digest"] != before["digest"], what
        before = after
    assert Appeal.objects.get().status != "filed"


def test_the_news_are_the_players_own(client, tournament, organizer, day, coded):
    """A player of the other table hears of the publication and announcements, not of table 1's call."""
    sched.session_publish(session=day, by=organizer)
    floor.referee_call_make(table=Table.objects.get(session=day, number=1), player=coded[0])
    assert keys(poll(client, tournament, coded[5])) == ["seat:1:2:1"]
    assert keys(poll(client, tournament, coded[0]))[1].endswith(":open")


def test_the_next_seating_published_while_the_table_plays_waits_for_its_sheet(
    client, tournament, organizer, referee, day, coded, players
):
    """Publishing session 2 while session 1 is played changes nothing a player at a playing table is told (so
    their open page does not fetch itself in the middle of play); the seat shows once their sheet is complete."""
    sched.session_publish(session=day, by=organizer)
    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[4:8], players[0:4]], by=organizer, method="manual")
    player, sheet = coded[1], day.tables.get(number=1).sheet
    before = poll(client, tournament, player)
    sched.session_publish(session=second, by=organizer)
    assert poll(client, tournament, player)["digest"] == before["digest"]
    for number in range(1, 5):
        ss.hand_record(sheet=sheet, number=number, outcome=pay.DRAW, by=referee)
    after = poll(client, tournament, player)
    assert keys(after)[:2] == ["seat:2:2:1", f"confirm:{sheet.pk}"]
