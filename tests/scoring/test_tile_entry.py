"""The glue between the forms and the MCR engine, without the database."""

import pytest

from rules.rotation import seat_winds
from scoring import tile_entry

# Appendix 4: the player who started at each position (A..D) sits in this seat in each round.
ROUNDS = {  # round wind: seats E S W N -> initial position
    "E": (0, 1, 2, 3),
    "S": (1, 0, 3, 2),
    "W": (2, 3, 1, 0),
    "N": (3, 2, 0, 1),
}

ALL_PUNGS_HALF_FLUSH = {"concealed": "888m9m", "melds": "pung EEE, pung 222m\npung 555m", "win_tile": "9m"}


def test_split_melds_commas_and_lines():
    assert tile_entry.split_melds("chow 234m, pung EEE\n kong  5555p ;concealed_kong 9999s\n\n") == [
        "chow 234m",
        "pung EEE",
        "kong 5555p",
        "concealed_kong 9999s",
    ]
    assert tile_entry.split_melds("") == [] and tile_entry.split_melds(None) == []


@pytest.mark.parametrize("number", range(1, 17))
def test_winds_follow_appendix_4(number):
    prevalent = "ESWN"[(number - 1) // 4]
    seats = ROUNDS[prevalent]
    dealer_seat = (number - 1) % 4  # the deal passes to the right after every hand
    for position in range(4):
        seat, wind = tile_entry.hand_winds(number, position)
        assert wind == prevalent
        assert seat == "ESWN"[(seats.index(position) - dealer_seat) % 4]


def test_hand_five_winner_who_started_south_is_east_in_the_south_round():
    assert seat_winds(5)[1] == 0
    assert tile_entry.hand_winds(5, 1) == ("E", "S")
    assert tile_entry.hand_winds(5, 0) == ("S", "S")


def test_engine_input_and_points():
    data = tile_entry.engine_input(
        **ALL_PUNGS_HALF_FLUSH, self_drawn=False, flowers=0, seat_wind="E", prevalent_wind="S"
    )
    assert data["melds"] == ["pung EEE", "pung 222m", "pung 555m"]
    scored = tile_entry.score(data)
    assert scored.valid and scored.total == 14  # All Pungs 6, Half Flush 6, Seat Wind 2
    assert [f["id"] for f in scored.fans] == [49, 50, 61]
    assert tile_entry.check_points(scored, None) == (14, "")
    assert tile_entry.check_points(scored, 14) == (14, "")
    points, error = tile_entry.check_points(scored, 15)
    assert points is None and "The tiles score 14 points" in error and "Seat Wind (61) 2" in error


@pytest.mark.parametrize(
    "data, message",
    [
        ({"concealed": "123m456p789s234s5p", "win_tile": "6p"}, "not a winning hand"),
        (
            {"concealed": "234m67p99s", "melds": "chow 345s, chow 678s", "win_tile": "8p", "flowers": 5},
            "under 8 points",
        ),
        ({"concealed": "123m456p789s234s5x", "win_tile": "5p"}, "unknown tile character"),
        ({"concealed": "123m", "win_tile": "5p"}, "wrong number of tiles"),
        ({"concealed": "888m9m", "melds": "pong EE", "win_tile": "9m"}, "not a pung"),
    ],
)
def test_bad_hands_give_the_engines_message(data, message):
    scored = tile_entry.score(tile_entry.engine_input(self_drawn=False, **{"melds": "", **data}))
    assert not scored.valid and message in scored.error
    assert tile_entry.check_points(scored, None)[0] is None


def test_describe_marks_a_recorded_total_the_engine_no_longer_gives():
    data = tile_entry.engine_input(**ALL_PUNGS_HALF_FLUSH, self_drawn=False, seat_wind="E", prevalent_wind="S")
    assert not tile_entry.describe(data, 14)["differs"]
    assert tile_entry.describe(data, 20)["differs"]
    assert tile_entry.describe({}) is None
