"""The MCR rule set as the score sheet and the calculator meet it: what the referee enters, the sheet's length, the
payments of a win, and how a hand's fields are read."""

import pytest

from rules.mcr import Hand
from rules.mcr.hand import HandError
from rules.registry import get_rule_set


def test_the_referee_enters_the_winners_points_from_8_to_336_flowers_included():
    entry = get_rule_set("mcr").entry
    assert (entry.every_player, entry.minimum, entry.maximum, entry.flowers) == (False, 8, 336, True)


def test_a_session_is_16_hands_and_a_tournament_at_least_6_sessions():
    rules = get_rule_set("mcr")
    assert (rules.hands_per_session, rules.min_sessions) == (16, 6)


@pytest.mark.parametrize(
    "winner, discarder, points, payments",
    [
        (2, None, 10, (-18, -18, 54, -18)),  # self-drawn: each of the three pays 8 + 10
        (0, 3, 8, (32, -8, -8, -16)),  # by discard: the discarder pays 8 + 8, the others 8
        (3, 1, 24, (-8, -32, -8, 48)),
    ],
)
def test_the_payments_of_a_win_by_seat(winner, discarder, points, payments):
    assert get_rule_set("mcr").win_payments(winner, discarder, points, None) == payments


def test_no_flowers_given_means_none():
    hand = Hand.from_dict({"concealed": "123m456p789s234sE", "win_tile": "E", "flowers": None})
    assert hand.flowers == 0


def test_a_meld_list_that_is_not_a_list_is_explained_with_a_chow():
    with pytest.raises(HandError, match="chow 234m"):
        Hand.from_dict({"concealed": "123m456p789s234sE", "win_tile": "E", "melds": 5})
