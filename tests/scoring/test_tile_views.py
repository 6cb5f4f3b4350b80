"""Entering a hand by its tiles, seeing its fans on the sheet, and the public hand calculator."""

import html
import re

import pytest
from django.urls import reverse

from scoring.models import Hand, HandVersion

pytestmark = pytest.mark.django_db

# All Pungs 6 + Half Flush 6 and a pung of East: scored the same by the engine and by PyMahjongGB.
PUNGS = {"concealed": "888m9m", "melds": "pung EEE, pung 222m\npung 555m", "win_tile": "9m"}
PUNGS_MELDS = ["pung EEE", "pung 222m", "pung 555m"]
THIRTEEN_ORPHANS = {"concealed": "19m19p19sESWNCFP", "win_tile": "1m"}


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return html.unescape(response.content.decode())


def fan_ids(content):
    return [int(n) for n in re.findall(r'data-fan="(\d+)"', content)]


def post_hand(client, tournament, players, number=1, winner=0, discarder=2, points="", flowers="", **tiles):
    data = {
        "number": number,
        "outcome": "discard" if discarder is not None else "self_drawn",
        "winner": players[winner].pk,
        "points": points,
        "flowers": flowers,
        "note": "typed note",
        "expected_version": 0,
        **tiles,
    }
    if discarder is not None:
        data["discarder"] = players[discarder].pk
    return client.post(url("sheet-hand", tournament), data)


def test_hand_with_tiles_records_the_engines_points_and_the_tiles(
    client_for, published_session, tournament, players, sheet
):
    client = client_for("referee")
    # Hand 1: player 1 started East and is East in the East round: pung of East is seat and prevalent wind.
    response = post_hand(client, tournament, players, flowers=1, **PUNGS)
    assert response.status_code == 302
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.points == 17  # All Pungs 6, Half Flush 6, Prevalent Wind 2, Seat Wind 2, one flower
    assert version.flowers == 1
    assert version.deltas == [17 + 8 + 16, -8, -(17 + 8), -8]
    assert version.tiles == {
        "concealed": "888m9m",
        "melds": PUNGS_MELDS,
        "win_tile": "9m",
        "self_drawn": False,
        "flowers": 1,
        "last_tile": False,
        "kong": False,
        "last_wall": False,
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    # The sheet shows the tiles and the fans under the hand's row; so does the hand's history.
    for page in (url("sheet", tournament), url("hand-history", tournament, 1)):
        content = text(client_for("anonymous").get(page))
        assert "888m9m" in content and "pung EEE" in content and "9m" in content
        assert fan_ids(content) == [49, 50, 60, 61, 81]
        assert "All Pungs" in content and "Half Flush" in content and "Seat Wind" in content
    sheet_page = text(client_for("anonymous").get(url("sheet", tournament)))
    assert "Seat wind East, prevalent wind East; 1 flower." in sheet_page
    assert 'id="hand-1-tiles"' in sheet_page and "tiles and fans (17 points)" in sheet_page


@pytest.mark.parametrize("discarder", [2, None], ids=["by-discard", "self-drawn"])
def test_tiles_and_points_entry_change_the_scores_alike(
    client_for, published_session, tournament, players, sheet, discarder
):
    """The same win entered by its tiles (hand 1) and by its points (hand 2) moves the same points: one
    payment rule (MCR 3.9.1.3) serves both ways of entering a hand, and the calculator's explanation."""
    client = client_for("referee")
    assert post_hand(client, tournament, players, number=1, discarder=discarder, flowers=1, **PUNGS).status_code == 302
    by_tiles = Hand.objects.get(sheet=sheet, number=1).current
    # Hand 2 is dealt by the player who started South; the winner keeps the same initial position.
    assert (
        post_hand(
            client, tournament, players, number=2, discarder=discarder, points=by_tiles.points, flowers=1
        ).status_code
        == 302
    )
    by_points = Hand.objects.get(sheet=sheet, number=2).current
    assert by_points.points == by_tiles.points and by_points.deltas == by_tiles.deltas
    each = 8 + by_tiles.points
    assert by_tiles.deltas[0] == (3 * each if discarder is None else each + 16)
    calculator = text(
        client_for("anonymous").get(
            reverse("calculator"),
            {
                "concealed": PUNGS["concealed"],
                "melds": PUNGS["melds"],
                "win_tile": PUNGS["win_tile"],
                "flowers": 1,
                "self_drawn": "on" if discarder is None else "",
                "seat_wind": "E",
                "prevalent_wind": "E",
            },
        )
    )
    assert f"The winner receives {by_tiles.deltas[0]} in all." in calculator


def test_typed_points_that_agree_are_accepted(client_for, published_session, tournament, players, sheet):
    response = post_hand(client_for("referee"), tournament, players, points=16, **PUNGS)
    assert response.status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.points == 16


def test_mismatched_points_refused_with_the_engines_total(client_for, published_session, tournament, players, sheet):
    response = post_hand(client_for("referee"), tournament, players, points=24, **PUNGS)
    assert response.status_code == 200
    content = text(response)
    assert "The tiles score 16 points" in content and "24 points were typed" in content
    assert "All Pungs (49) 6" in content and "Seat Wind (61) 2" in content
    # The input is kept so the referee corrects either.
    assert 'name="concealed" value="888m9m"' in content and "pung 222m" in content
    assert 'name="points" value="24"' in content and 'value="typed note"' in content
    assert not Hand.objects.filter(sheet=sheet).exists() and HandVersion.objects.count() == 0


@pytest.mark.parametrize(
    "tiles, message",
    [
        ({"concealed": "123m456p789s234s5p", "win_tile": "6p"}, "not a winning hand"),
        ({"concealed": "234m67p99s", "melds": "chow 345s, chow 678s", "win_tile": "8p"}, "under 8 points"),
        ({"concealed": "123m456p789s234s5x", "win_tile": "5p"}, "unknown tile character"),
    ],
)
def test_invalid_hand_refused_with_the_input_kept(
    client_for, published_session, tournament, players, sheet, tiles, message
):
    response = post_hand(client_for("referee"), tournament, players, flowers=5, **tiles)
    assert response.status_code == 200
    content = text(response)
    assert message in content
    assert f'name="concealed" value="{tiles["concealed"]}"' in content
    assert f'name="win_tile" value="{tiles["win_tile"]}"' in content
    assert 'name="flowers" value="5"' in content
    assert not Hand.objects.filter(sheet=sheet).exists() and HandVersion.objects.count() == 0


def test_under_eight_shows_the_fans_found(client_for, published_session, tournament, players, sheet):
    content = text(
        post_hand(
            client_for("referee"),
            tournament,
            players,
            concealed="234m67p99s",
            melds="chow 345s, chow 678s",
            win_tile="8p",
        )
    )
    assert "under 8 points" in content and fan_ids(content) == [63, 70, 71]


def test_tiles_only_for_a_win(client_for, published_session, tournament, players, sheet):
    response = client_for("referee").post(
        url("sheet-hand", tournament), {"number": 1, "outcome": "draw", "expected_version": 0, **PUNGS}
    )
    assert "Tiles are entered only for a win" in text(response)
    assert not Hand.objects.filter(sheet=sheet).exists()


@pytest.mark.parametrize(
    "winner, melds, seat, fans, total",
    [
        # Hand 5, South round: B (started South) deals, so is East; A (started East) is South.
        (1, "pung EEE, pung 222m, pung 555m", "E", [49, 50, 61], 14),
        (0, "pung SSS, pung 222m, pung 555m", "S", [49, 50, 60, 61], 16),
        (2, "pung EEE, pung 222m, pung 555m", "N", [49, 50, 73], 13),
    ],
)
def test_seat_and_prevalent_wind_derived_from_hand_number_and_winner(
    client_for, draws_before, tournament, players, winner, melds, seat, fans, total
):
    sheet = draws_before(5)
    response = post_hand(
        client_for("referee"),
        tournament,
        players,
        number=5,
        winner=winner,
        discarder=3,
        concealed="888m9m",
        melds=melds,
        win_tile="9m",
    )
    assert response.status_code == 302
    version = Hand.objects.get(sheet=sheet, number=5).current
    assert version.tiles["seat_wind"] == seat and version.tiles["prevalent_wind"] == "S"
    assert version.points == total
    assert fan_ids(text(client_for("anonymous").get(url("hand-history", tournament, 5)))) == fans


def test_self_drawn_comes_from_the_outcome(client_for, published_session, tournament, players, sheet):
    response = post_hand(client_for("referee"), tournament, players, winner=3, discarder=None, **PUNGS)
    assert response.status_code == 302
    version = Hand.objects.get(sheet=sheet, number=1).current
    assert version.tiles["self_drawn"] is True and version.tiles["seat_wind"] == "N"
    assert version.points == 15  # All Pungs 6, Half Flush 6, Prevalent Wind 2 (East round), Self-Pick 1
    assert version.deltas == [-23, -23, -23, 69]


def test_correction_form_prefilled_with_the_tiles(client_for, published_session, tournament, players, sheet):
    client = client_for("referee")
    assert post_hand(client, tournament, players, **PUNGS).status_code == 302
    content = text(client.get(url("hand-history", tournament, 1)))
    assert 'name="concealed" value="888m9m"' in content
    assert "pung EEE, pung 222m, pung 555m" in content
    assert 'name="points" value=' not in content  # re-scored from the tiles unless the referee types points
    # Submitted unchanged, the correction scores the same tiles again.
    response = client.post(
        url("sheet-hand", tournament),
        {
            "number": 1,
            "outcome": "discard",
            "winner": players[0].pk,
            "discarder": players[2].pk,
            "from_history": "1",
            "expected_version": 1,
            **PUNGS,
        },
    )
    assert response.status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.points == 16
    # A correction by tiles: Thirteen Orphans by discard, points blank.
    response = client.post(
        url("sheet-hand", tournament),
        {
            "number": 1,
            "outcome": "discard",
            "winner": players[0].pk,
            "discarder": players[1].pk,
            "from_history": "1",
            "expected_version": 2,
            **THIRTEEN_ORPHANS,
        },
    )
    assert response.status_code == 302
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert hand.current.version == 3 and hand.current.points == 88
    assert hand.current.deltas == [112, -96, -8, -8]
    # A correction by points only keeps no tiles.
    response = client.post(
        url("sheet-hand", tournament),
        {
            "number": 1,
            "outcome": "discard",
            "winner": players[0].pk,
            "discarder": players[1].pk,
            "points": 10,
            "from_history": "1",
            "expected_version": 3,
        },
    )
    assert response.status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.tiles == {}


@pytest.mark.parametrize("role", ("anonymous", "outsider", "other_referee"))
def test_only_this_tournaments_scorers_enter_hands_with_tiles(
    client_for, published_session, tournament, players, sheet, role
):
    response = post_hand(client_for(role), tournament, players, **PUNGS)
    if role == "anonymous":
        assert response.status_code == 302 and reverse("login") in response.url
    else:
        assert response.status_code == 403
    assert not Hand.objects.filter(sheet=sheet).exists() and HandVersion.objects.count() == 0


# ------------------------------------------------------------------ the calculator


def test_calculator_is_public_and_linked_in_the_header(client_for, db):
    response = client_for("anonymous").get(reverse("calculator"))
    assert response.status_code == 200
    content = text(response)
    assert 'name="concealed"' in content and 'name="seat_wind"' in content and 'name="self_drawn"' in content
    assert f'href="{reverse("calculator")}"' in text(client_for("anonymous").get(reverse("home")))


def test_calculator_thirteen_orphans(client_for, db):
    content = text(client_for("anonymous").get(reverse("calculator"), THIRTEEN_ORPHANS))
    assert fan_ids(content) == [7]
    assert "Thirteen Orphans" in content and "Trece Huérfanos" in content
    assert "Total: 88 points" in content
    assert "the discarder pays 96" in content and "Each of the other two players pays 8" in content
    assert "The winner receives 112 in all" in content


def test_calculator_shows_fans_sources_and_self_drawn_payments(client_for, db):
    content = text(
        client_for("anonymous").get(
            reverse("calculator"), {**PUNGS, "seat_wind": "S", "prevalent_wind": "W", "self_drawn": "on", "flowers": 2}
        )
    )
    assert fan_ids(content) == [49, 50, 73, 80, 81]
    row = re.search(r'<tr class="fan" data-fan="73">.*?</tr>', content, re.S).group(0)
    assert "Pung of Terminals or Honors" in row and "Pung de Terminales u Honores" in row and "pung EEE" in row
    assert "Total: 16 points" in content
    assert "each of the three other players pays 24" in content and "The winner receives 72 in all" in content


def test_calculator_big_four_winds(client_for, db):
    content = text(
        client_for("anonymous").get(
            reverse("calculator"),
            {
                "concealed": "EEESSSWWW5p",
                "melds": "pung NNN",
                "win_tile": "5p",
                "seat_wind": "S",
                "prevalent_wind": "W",
            },
        )
    )
    assert 1 in fan_ids(content) and "Big Four Winds" in content and "Cuatro Grandes Vientos" in content
    # Big Four Winds excludes the wind pungs' own fans and All Pungs.
    assert not {38, 49, 60, 61, 73} & set(fan_ids(content))


def test_calculator_refuses_a_bad_hand_and_keeps_the_input(client_for, db):
    content = text(
        client_for("anonymous").get(
            reverse("calculator"),
            {"concealed": "234m67p99s", "melds": "chow 345s, chow 678s", "win_tile": "8p", "flowers": 3},
        )
    )
    assert "under 8 points" in content and "Total:" not in content and "Payments" not in content
    assert 'name="concealed" value="234m67p99s"' in content and 'name="flowers" value="3"' in content
    content = text(client_for("anonymous").get(reverse("calculator"), {"concealed": "1z", "win_tile": "1m"}))
    assert "unknown tile character" in content


def test_calculator_saves_nothing_and_refuses_posts(client_for, db):
    client = client_for("referee")
    client.get(reverse("calculator"), THIRTEEN_ORPHANS)
    assert HandVersion.objects.count() == 0
    assert client.post(reverse("calculator"), THIRTEEN_ORPHANS).status_code == 405


def test_calculator_in_spanish(client_for, db):
    client = client_for("anonymous")
    response = client.get(reverse("calculator"), THIRTEEN_ORPHANS, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200 and "Trece Huérfanos" in text(response)
