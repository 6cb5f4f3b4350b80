"""Hands from the differential run against the reference calculator (tests/rules/mcr/test_differential.py, whose
engine and reference agree on them) that pin rules the fan cases leave open: which pungs count as concealed when the
winning tile could complete a chow, kongs counted once, the single wait, Lesser Honors beside a knitted straight, a
knitted straight with one melded set, and the 8-point minimum before flowers. Each: the hand, then its total and
fans (id, count)."""

import pytest

from rules.mcr import Hand, score_hand

PINNED = [
    (
        {
            "concealed": "8s",
            "melds": ["chow 567s", "pung 666s", "kong 2222s", "pung 777s"],
            "win_tile": "8s",
            "seat_wind": "E",
            "prevalent_wind": "E",
        },
        37,
        [(22, 1), (53, 1), (64, 2), (68, 1), (74, 1)],
        None,
    ),
    (
        {
            "concealed": "23333444sNNNFF",
            "melds": [],
            "win_tile": "4s",
            "flowers": 7,
            "seat_wind": "S",
            "prevalent_wind": "E",
        },
        36,
        [(33, 1), (50, 1), (62, 1), (64, 2), (73, 1), (81, 7)],
        None,
    ),
    (
        {"concealed": "1234488999m", "melds": ["chow 234m"], "win_tile": "4m", "seat_wind": "S", "prevalent_wind": "W"},
        27,
        [(22, 1), (64, 1), (73, 1)],
        None,
    ),
    (
        {
            "concealed": "1112355567888m",
            "melds": [],
            "win_tile": "5m",
            "flowers": 3,
            "seat_wind": "S",
            "prevalent_wind": "W",
        },
        33,
        [(22, 1), (62, 1), (64, 1), (66, 1), (81, 3)],
        None,
    ),
    (
        {"concealed": "2233366688899s", "melds": [], "win_tile": "9s", "seat_wind": "W", "prevalent_wind": "E"},
        49,
        [(22, 1), (33, 1), (49, 1), (62, 1), (73, 1)],
        None,
    ),
    (
        {"concealed": "22333mEEENNNPP", "melds": [], "win_tile": "2m", "seat_wind": "S", "prevalent_wind": "E"},
        33,
        [(33, 1), (49, 1), (50, 1), (60, 1), (62, 1), (73, 1)],
        None,
    ),
    (
        {
            "concealed": "147m24448p36889s",
            "melds": [],
            "win_tile": "5p",
            "last_tile": True,
            "seat_wind": "W",
            "prevalent_wind": "E",
        },
        19,
        [(35, 1), (58, 1), (62, 1), (76, 1)],
        None,
    ),
    (
        {
            "concealed": "58m369p14sESNCFP",
            "melds": [],
            "win_tile": "2m",
            "flowers": 2,
            "seat_wind": "W",
            "prevalent_wind": "N",
        },
        14,
        [(34, 1), (81, 2)],
        None,
    ),
    (
        {
            "concealed": "147m5558p369s",
            "melds": ["chow 789p"],
            "win_tile": "2p",
            "self_drawn": True,
            "flowers": 1,
            "last_tile": True,
            "seat_wind": "N",
            "prevalent_wind": "W",
        },
        16,
        [(35, 1), (63, 1), (80, 1), (81, 1)],
        None,
    ),
    (
        {
            "concealed": "456m12234789p77s",
            "melds": [],
            "win_tile": "3p",
            "self_drawn": True,
            "flowers": 4,
            "seat_wind": "N",
            "prevalent_wind": "W",
        },
        12,
        [(56, 1), (63, 1), (72, 1), (77, 1), (81, 4)],
        None,
    ),
]


@pytest.mark.parametrize("hand, total, fans, error", PINNED)
def test_pinned_hand(hand, total, fans, error):
    result = score_hand(Hand.from_dict(hand))
    assert (result.total, sorted((f.id, f.count) for f in result.fans)) == (total, fans)
    assert (str(result.error) if result.error else None) == error


def fans_of(**fields):
    result = score_hand(Hand.from_dict(fields))
    return {f.id: f.count for f in result.fans}, result


def test_nine_gates_needs_one_suit():
    # 1112345678999 by number, but 8p and 999p: four sets and a pair, not Nine Gates.
    fans, result = fans_of(concealed="111234567m8999p", win_tile="8p")
    assert result.valid and 4 not in fans


def test_pure_terminal_chows_need_a_pair_of_fives():
    fans, result = fans_of(concealed="123123789789m2m", win_tile="2m")
    assert result.valid and 13 not in fans


def test_seven_shifted_pairs_stay_in_one_suit():
    # 99m then 11p-66p: seven consecutive kinds by number of tile, but across two suits: Seven Pairs.
    fans, _ = fans_of(concealed="99m1122334455p6p", win_tile="6p")
    assert 19 in fans and 6 not in fans


def test_a_hand_that_does_not_win_is_worth_nothing():
    _, result = fans_of(concealed="111234567m8999p", win_tile="E")
    assert (result.valid, result.total) == (False, 0)
