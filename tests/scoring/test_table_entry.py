"""The table page's entry by buttons: who won (or a draw), self-drawn or who discarded; the hand announced;
the compact list of hands; landing back at the entry point after a save."""

import html
import re

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring.models import Hand

pytestmark = pytest.mark.django_db


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return html.unescape(response.content.decode())


def squash(content):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", content))


def buttons(players, winner=None, discarder=None, **extra):
    data = {
        "number": 1,
        "winner": players[winner].pk if isinstance(winner, int) else (winner or ""),
        "discarder": players[discarder].pk if isinstance(discarder, int) else (discarder or ""),
        "points": "",
        "flowers": "",
        "expected_version": 0,
    }
    data.update(extra)
    return data


def test_buttons_alone_record_a_win_by_discard(client_for, published_session, tournament, players, sheet):
    response = client_for("referee").post(
        url("sheet-hand", tournament), buttons(players, winner=2, discarder=0, points=12, flowers=2)
    )
    # Back at the entry point of the sheet, where the next hand is announced, at its message (without script too).
    assert response.status_code == 302 and response["Location"] == url("sheet", tournament) + "#result"
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.outcome, version.winner, version.discarder, version.points, version.flowers) == (
        pay.DISCARD,
        players[2],
        players[0],
        12,
        2,
    )


def test_self_drawn_is_a_button_of_its_own(client_for, published_session, tournament, players, sheet):
    client_for("referee").post(url("sheet-hand", tournament), buttons(players, winner=1, discarder="self", points=8))
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.outcome, version.winner, version.discarder, version.points) == (pay.SELF_DRAWN, players[1], None, 8)
    assert version.deltas == [-16, 48, -16, -16]


def test_draw_ignores_a_discarder_tapped_before(client_for, published_session, tournament, players, sheet):
    response = client_for("referee").post(url("sheet-hand", tournament), buttons(players, winner="draw", discarder=3))
    assert response.status_code == 302
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert (version.outcome, version.winner, version.discarder) == (pay.DRAW, None, None)


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({}, "winner", "Tap who won, or Draw."),
        ({"winner": 1}, "how", "Tap Self-drawn, or the player who discarded the winning tile."),
        ({"winner": 1, "discarder": 1}, None, "The winner cannot have discarded the winning tile."),
        (
            {"winner": 1, "discarder": "self", "outcome": "discard"},
            None,
            "The buttons tapped say Self-drawn win, but the outcome sent is Win by discard.",
        ),
    ],
)
def test_a_missing_or_contradictory_choice_is_named(
    client_for, published_session, tournament, players, sheet, data, field, message
):
    response = client_for("referee").post(
        url("sheet-hand", tournament), buttons(players, points=9, note="typed note", **data)
    )
    assert response.status_code == 200
    content = text(response)
    if field:
        fieldset = re.search(rf'<fieldset class="choice {field}[^"]*".*?</fieldset>', content, re.S).group(0)
        assert message in fieldset and "has-error" in fieldset
    else:
        assert message in content
    # What was typed and tapped is still there; nothing was saved.
    assert 'name="points" value="9"' in content and 'value="typed note"' in content
    if "winner" in data:
        assert re.search(rf'name="winner" value="{players[1].pk}" id="[^"]+" checked', content)
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_the_next_hand_is_announced_with_each_players_seat_wind(client_for, draws_before, tournament, players):
    draws_before(5)
    content = text(client_for("referee").get(url("sheet", tournament)))
    announce = squash(re.search(r'<p class="hand-announce".*?</p>', content, re.S).group(0))
    assert announce.strip() == "Hand 5 of 16 South round East (dealer): Player 2"
    winner = re.search(r'<fieldset class="choice winner.*?</fieldset>', content, re.S).group(0)
    # Appendix 4: in hand 5 the players who drew E S W N sit S E N W; the buttons keep the sheet's order.
    # Each button shows the player's number and whole name (issue 21).
    assert re.findall(
        r'<abbr title="(\w+)">(\w)</abbr></span><span class="name"><span class="pno">(\d+)\.</span> <span class="who">([^<]+)<',
        winner,
    ) == [
        ("South", "S", "1", "Player 1"),
        ("East", "E", "2", "Player 2"),
        ("North", "N", "3", "Player 3"),
        ("West", "W", "4", "Player 4"),
    ]
    assert 'value="draw"' in winner and 'value="not_played"' in winner
    assert ">Record hand 5</button>" in content and 'name="number" value="5"' in content


def test_correction_form_shows_the_buttons_of_the_current_version(client_for, hands_entered, tournament, players):
    client = client_for("referee")
    content = text(client.get(url("hand-history", tournament, 1)))  # hand 1: player 1 self-drawn 8
    assert re.search(rf'name="winner" value="{players[0].pk}" id="[^"]+" checked', content)
    assert 'value="self" id="id_discarder_self" checked' in content and 'name="points" value="8"' in content
    client.post(
        url("sheet-hand", tournament), {"number": 3, "winner": "draw", "from_history": "1", "expected_version": 0}
    )
    content = text(client.get(url("hand-history", tournament, 3)))
    assert 'value="draw" id="id_winner_draw" checked' in content
    response = client.post(
        url("sheet-hand", tournament),
        buttons(players, number=1, winner=3, discarder=0, points=16, expected_version=1, from_history=1),
    )
    assert response["Location"].endswith("#result")
    version = Hand.objects.get(sheet=hands_entered, number=1).current
    assert (version.version, version.outcome, version.winner, version.discarder) == (
        2,
        pay.DISCARD,
        players[3],
        players[0],
    )


def test_compact_list_of_hands_with_running_totals(client_for, hands_entered, tournament, players):
    content = text(client_for("anonymous").get(url("sheet", tournament)))
    box = re.search(r'<section class="hand-list-box".*?</section>', content, re.S).group(0)
    row1 = re.search(r'<tr class="entered" id="list-hand-1">.*?</tr>', box, re.S).group(0)
    assert "Player 1" in row1 and "self-drawn" in row1 and url("hand-history", tournament, 1) in row1
    assert re.findall(r'class="delta[^"]*">([^<]+)<', row1) == ["+48", "-16", "-16", "-16"]
    row2 = squash(re.search(r'<tr class="entered" id="list-hand-2">.*?</tr>', box, re.S).group(0))
    assert "Player 2 10 · from Player 3" in row2 and "+34 18" in row2 and "-18 -34" in row2
    # The next hand, then nothing more: the list grows as hands are entered.
    assert 'id="list-hand-3"' in box and 'id="list-hand-4"' not in box
    assert re.findall(
        r"<strong>(-?\d+)</strong>", re.search(r'<tr class="total-row">.*?</tr>', box, re.S).group(0)
    ) == ["40", "18", "-34", "-24"]
    # The public sees the list and the full grid, but no entry.
    assert 'id="sheet-grid"' in content and 'id="entry"' not in content


def test_when_every_hand_is_in_the_entry_says_to_submit(client_for, draws_before, tournament):
    draws_before(17)
    content = text(client_for("referee").get(url("sheet", tournament)))
    assert "Every hand is entered. Check the sheet below; then the players confirm it and the referee signs." in content
    assert url("sheet-hand", tournament) not in content and 'id="signing"' in content


def test_save_messages_are_shown_at_the_entry_point(client_for, published_session, tournament, players):
    client = client_for("referee")
    client.post(url("sheet-hand", tournament), buttons(players, winner="draw"))
    content = text(client.get(url("sheet", tournament)))
    entry = re.search(r'<section class="entry" id="entry".*?</section>', content, re.S).group(0)
    assert "Hand 1 recorded." in entry and content.count("Hand 1 recorded.") == 1
