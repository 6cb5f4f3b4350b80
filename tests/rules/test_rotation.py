"""Seat rotation inside a session (appendix 4) and the dealer of each hand."""

import pytest

from rules.rotation import dealer_position, prevalent_wind, seat_winds

A, B, C, D = range(4)


@pytest.mark.parametrize(
    "hand, east_south_west_north",
    [
        (1, (A, B, C, D)),  # East wind round: A B C D
        (5, (B, A, D, C)),  # South wind round: B A D C
        (9, (C, D, B, A)),  # West wind round: C D B A
        (13, (D, C, A, B)),  # North wind round: D C A B
    ],
)
def test_first_hand_of_each_round_follows_appendix_4(hand, east_south_west_north):
    winds = seat_winds(hand)
    assert tuple(winds.index(w) for w in range(4)) == east_south_west_north


def test_deal_passes_to_the_right_every_hand():
    # In the East round A deals first, then B (South), C, D.
    assert [dealer_position(h) for h in range(1, 5)] == [A, B, C, D]
    # In the South round, the seat order is B A D C.
    assert [dealer_position(h) for h in range(5, 9)] == [B, A, D, C]


def test_everyone_deals_four_times_per_session():
    dealers = [dealer_position(h) for h in range(1, 17)]
    assert sorted(dealers) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4


def test_prevalent_wind_by_round():
    assert [prevalent_wind(h) for h in (1, 4, 5, 8, 9, 12, 13, 16)] == list("EESSWWNN")


def test_every_hand_has_four_distinct_winds():
    for hand in range(1, 17):
        assert sorted(seat_winds(hand)) == [0, 1, 2, 3]
