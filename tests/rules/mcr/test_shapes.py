"""MCR's own shapes: the six knitted straights, honors and knitted tiles, and the waits they add."""

from itertools import permutations

import pytest

from rules.core.tiles import count_tiles, parse_tile, parse_tiles
from rules.mcr.shapes import knitted_honors_pattern, waiting_tiles

SUITS = "mps"


def counts(text):
    return tuple(count_tiles(parse_tiles(text)))


def knitted(a, b, c):
    """147 in suit a, 258 in suit b, 369 in suit c."""
    return f"147{SUITS[a]} 258{SUITS[b]} 369{SUITS[c]}"


def test_every_arrangement_of_the_suits_is_a_knitted_pattern():
    found = {knitted_honors_pattern(counts(knitted(*p) + " ESWNC")) for p in permutations(range(3))}
    assert found == set(range(6))


@pytest.mark.parametrize(
    "tiles",
    [
        pytest.param("147m 258p 369s EESWN", id="a-pair-is-not-knitted"),
        pytest.param("147m 258p 36s ESWNC", id="thirteen-tiles"),
        pytest.param("147m 258p 369m ESWNC", id="369-in-the-suit-of-147"),
    ],
)
def test_not_honors_and_knitted_tiles(tiles):
    assert knitted_honors_pattern(counts(tiles)) is None


def test_seven_pairs_wait_on_the_single_tile():
    assert waiting_tiles(counts("1133557799m 22p 4s"), 4, True) == (parse_tile("4s"),)


def test_seven_pairs_need_a_closed_hand():
    assert waiting_tiles(counts("1133557799m 22p 4s"), 4, False) == ()


@pytest.mark.parametrize(
    "standing, sets, wait",
    [
        pytest.param("147m 258p 36s CC", 3, "9s", id="beside-a-melded-set"),
        pytest.param("147m 258p 36s 456p CC", 4, "9s", id="closed"),
        pytest.param("147m 25p 369s 456p CC", 4, "8p", id="the-middle-tile"),
    ],
)
def test_a_knitted_straight_waits_on_its_missing_tile(standing, sets, wait):
    assert parse_tile(wait) in waiting_tiles(counts(standing), sets, False)
