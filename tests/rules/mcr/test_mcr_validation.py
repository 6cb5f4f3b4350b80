"""Validation: every kind of bad declaration gets a clear error a referee understands."""

import pytest

from rules.core.tiles import TileError, tiles_str
from rules.mcr import Hand, HandError, parse_tiles, score_hand
from rules.mcr.hand import Meld
from rules.payments import payment_summary

GOOD = dict(concealed="123m456p789s234sE", win_tile="E")


def test_parse_tiles_shares_suit_letters():
    assert [str(t) for t in parse_tiles("123m55p")] == ["1m", "2m", "3m", "5p", "5p"]
    assert [str(t) for t in parse_tiles("ESWN CFP")] == ["E", "S", "W", "N", "C", "F", "P"]
    assert tiles_str(parse_tiles("55p123m")) == "123m55p"


@pytest.mark.parametrize(
    "text,words",
    [
        ("123", "no suit letter"),
        ("m", "no numbers before it"),
        ("12x", "unknown tile character"),
        ("0m", "not a tile number"),
        ("12E", "no suit letter"),
    ],
)
def test_parse_tiles_errors(text, words):
    with pytest.raises(TileError, match=words):
        parse_tiles(text)


def bad(words, **changes):
    data = dict(GOOD, **changes)
    with pytest.raises(HandError, match=words):
        Hand.from_dict(data)
    # score_hand reports the same problem instead of raising, for a Hand built directly
    return data


@pytest.mark.parametrize(
    "changes,words",
    [
        (dict(concealed="123m456p789s234s"), "must have 13 tiles besides the winning tile, but it has 12"),
        (dict(concealed="123m456p789sE", melds=["chow 234s", "pung 555m"]), "must have 7 tiles"),
        (dict(concealed="1111m456p789s23sE", win_tile="1m"), "5 copies of 1m"),
        (dict(concealed="123m456p789sE", melds=["chow 245s"]), "is not a chow"),
        (dict(concealed="123m456p789sE", melds=["chow 89s1m"]), "is not a chow"),
        (dict(concealed="123m456p789sE", melds=["pung 556s"]), "is not a pung"),
        (dict(concealed="123m456p789sE", melds=["kong 555s"]), "is not a kong"),
        (dict(concealed="123m456p789sE", melds=["triple 555s"]), "unknown kind"),
        (dict(concealed="123m456p789sE", melds=["555s"]), "needs a kind and its tiles"),
        (dict(win_tile="EE"), "exactly one tile"),
        (dict(win_tile=None), "win_tile is missing"),
        (dict(flowers=9), "flowers must be from 0 to 8"),
        (dict(flowers="two"), "whole number"),
        (dict(seat_wind="X"), "seat_wind must be one of"),
        (dict(self_drawn="yes"), "true or false"),
        (dict(colour="red"), "unknown field"),
        (dict(concealed="123m456p789s23sEE", win_tile="E", kong=True), "robbing a kong of E is impossible"),
        (dict(kong=True, self_drawn=True), "needs a kong declared"),
        (dict(last_tile=True), "cannot be the last tile of its kind"),
        (
            dict(concealed="123m456p789sE", melds=["kong 5555s"], self_drawn=True, kong=True, last_wall=True),
            "cannot be declared on the last tile",
        ),
    ],
)
def test_hand_errors(changes, words):
    bad(words, **changes)


def test_not_a_hand_object():
    with pytest.raises(HandError, match="JSON object"):
        Hand.from_dict(["123m"])


def test_score_hand_reports_instead_of_raising():
    hand = Hand(concealed=list(parse_tiles("123m456p789s234s")), win_tile=parse_tiles("E")[0])
    result = score_hand(hand)
    assert not result.valid and result.total == 0 and "wrong number of tiles" in result.error


def test_not_a_winning_structure():
    result = score_hand(Hand.from_dict(dict(concealed="124m456p789s234sE", win_tile="E")))
    assert not result.valid and result.fans == []
    assert result.error.startswith("not a winning hand")


def test_under_eight_points_still_lists_fans():
    result = score_hand(Hand.from_dict(dict(concealed="234m567p2299s", melds=["pung EEE"], win_tile="9s", flowers=4)))
    assert not result.valid
    assert "under 8 points" in result.error and "scores 5 without flowers" in result.error
    assert {f.id for f in result.fans} == {60, 61, 73, 81}
    assert result.total == 9  # flowers count in the total, never toward the minimum


def test_valid_result_has_no_error_key():
    out = score_hand(Hand.from_dict(GOOD)).to_dict()
    assert out["valid"] is True and "error" not in out
    assert set(out) == {"valid", "total", "fans"}
    assert set(out["fans"][0]) == {"id", "name", "points", "count", "name_es", "name_zh", "from"}


def test_meld_parse_aliases_and_str():
    assert str(Meld.parse("concealed_kong 9999s")) == "concealed_kong 9999s"
    assert Meld.parse("chow 234m").tile == 1


def test_winds_as_words_and_numbers():
    hand = Hand.from_dict(dict(GOOD, seat_wind="south", prevalent_wind=2))
    assert (hand.seat_wind, hand.prevalent_wind) == (28, 29)


def test_payments():
    assert payment_summary(10, self_drawn=True) == {
        "self_drawn": True,
        "each": 18,
        "discarder": None,
        "others": 18,
        "winner_gets": 54,
    }
    assert payment_summary(10, self_drawn=False) == {
        "self_drawn": False,
        "each": None,
        "discarder": 18,
        "others": 8,
        "winner_gets": 34,
    }
