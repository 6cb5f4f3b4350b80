"""Swiss Championship rules (seed 002): every fan, extra, bonus, refusal and payment, from the text.

"l.N" is the line of shared/seeds/002_3e797dc2789e30a5.txt the case comes from.
"""

import pytest

from rules.base import HandError, PaymentError
from rules.core.tiles import parse_tile, parse_tiles
from rules.payments import DISCARD, SELF_DRAWN, HandOutcome
from rules.registry import get_rule_set
from rules.swiss_championship import SwissHand

RULES = get_rule_set("swiss_championship")


def score(**hand):
    return RULES.score_dict(hand)


def fans(result):
    return {f["name"]: (f["points"], f["count"]) for f in result["fans"]}


# Chapter 6, each fan from its own example (4 sets + pair written as concealed tiles + winning tile).
@pytest.mark.parametrize(
    "line, concealed, win, fan, points",
    [
        (134, "234456p7p345789s", "7p", "Basic Hu", 1),  # 234 456 77 Tong; 345 789 Tiao
        (138, "111222444m3339p", "9p", "All Pungs", 2),  # 111 222 444 Wan; 333 99 Tong
        (142, "1122233345699s", "9s", "Full Flush", 4),  # 11 333 222 456 999 Tiao
        (287, "123123789s1789p", "1p", "Outside Hand", 4),  # 123 123 789 Tiao, 789 11 Tong (sheet)
        (148, "2244556699m119p", "9p", "Seven Pairs", 4),  # 22 44 55 66 99 Wan; 11 99 Tong
        (152, "111555777999p6p", "6p", "All Pungs in One Suit", 8),  # 999 777 555 111 66 Tong
        (154, "222555888s8885m", "5m", "All Pungs of 2, 5 and 8", 8),  # 222 555 888 Tiao; 888 55 Wan
        (156, "1122224p557799m", "4p", "Seven Pairs with a Kong", 8),  # 11 22 22 44 Tong; 55 77 99 Wan
        (160, "1133446677889s", "9s", "Seven Pairs in One Suit", 16),  # 11 33 44 66 77 88 99 Tiao
        (162, "1112377788899p", "9p", "Outside Hand in One Suit", 16),  # 11 123 789 789 789 Tong
    ],
)
def test_each_fan_of_chapter_6_from_its_example(line, concealed, win, fan, points):
    result = score(concealed=concealed, win_tile=win)
    assert result["valid"], result
    assert fans(result) == {fan: (points, 1)}, f"002 l.{line}"
    assert result["total"] == points


def test_outside_hand_example_of_6_3_2_breaks_one_voided_suit():
    # l.146 writes 123 Wan; 123 789 Tiao; 789 11 Tong: three suits, which 1.3 (l.9) forbids. The
    # score sheet's example of the same fan (l.287) has two suits and is the one tested above.
    result = score(concealed="123m123789s1789p", win_tile="1p")
    assert not result["valid"] and "must lack one" in result["error"]


def test_sky_hu_is_the_dealer_winning_on_the_dealt_tiles():
    # l.166; self-drawn x3 (l.181), the score sheet's 96 (l.258)
    result = score(concealed="234456p7p345789s", win_tile="7p", self_drawn=True, first_draw=True, seat_wind="E")
    assert fans(result) == {"Sky Hu": (32, 1), "Self-Drawn": (3, 1)}
    assert result["total"] == 96


def test_earth_hu_is_a_non_dealer_winning_on_the_first_draw():
    # l.168; the score sheet's 96 (l.260)
    result = score(concealed="234456p7p345789s", win_tile="7p", self_drawn=True, first_draw=True, seat_wind="S")
    assert fans(result) == {"Earth Hu": (32, 1), "Self-Drawn": (3, 1)}
    assert result["total"] == 96


def test_sky_hu_adds_a_pattern_fan_it_does_not_imply():
    # 7.3 (l.178) only drops implied fans: Sky Hu implies a winning hand (Basic Hu), not Seven Pairs.
    result = score(concealed="2244556699m119p", win_tile="9p", self_drawn=True, first_draw=True)
    assert fans(result)["Seven Pairs"] == (4, 1) and fans(result)["Sky Hu"] == (32, 1)
    assert result["total"] == (32 + 4) * 3


@pytest.mark.parametrize(
    "hand, error",
    [
        (dict(concealed="234456p7p345789s", win_tile="7p", first_draw=True), "self_drawn"),
        (
            dict(concealed="456p7p345789s", melds=["pung 222p"], win_tile="7p", self_drawn=True, first_draw=True),
            "no set can have been claimed",
        ),
    ],
)
def test_first_draw_refused_when_it_cannot_have_happened(hand, error):
    result = score(**hand)
    assert not result["valid"] and error in result["error"]


# 7.3 non-repeat principle (l.178)
@pytest.mark.parametrize(
    "concealed, win, kept, dropped",
    [
        ("111555777999p6p", "6p", "All Pungs in One Suit", {"All Pungs", "Full Flush", "Basic Hu"}),
        ("222555888s8885m", "5m", "All Pungs of 2, 5 and 8", {"All Pungs", "Basic Hu"}),
        ("1133446677889s", "9s", "Seven Pairs in One Suit", {"Seven Pairs", "Full Flush"}),
        ("1112377788899p", "9p", "Outside Hand in One Suit", {"Outside Hand", "Full Flush", "Basic Hu"}),
        ("1122224p557799m", "4p", "Seven Pairs with a Kong", {"Seven Pairs"}),
    ],
)
def test_non_repeat_drops_implied_fans(concealed, win, kept, dropped):
    names = set(fans(score(concealed=concealed, win_tile=win)))
    assert kept in names and not names & dropped


def test_fans_that_do_not_imply_each_other_add_up_and_the_highest_option_keeps_one():
    # Seven Pairs with a Kong (l.156) and Seven Pairs in One Suit (l.160): neither implies the
    # other, so 7.3 (l.178) keeps both: 8 + 16. With fan_combination=highest only the 16 counts.
    hand = dict(concealed="1111223344556s", win_tile="6s")
    result = score(**hand)
    assert fans(result) == {"Seven Pairs with a Kong": (8, 1), "Seven Pairs in One Suit": (16, 1)}
    assert result["total"] == 24
    highest = get_rule_set("swiss_championship", fan_combination="highest").score_dict(hand)
    assert fans(highest) == {"Seven Pairs in One Suit": (16, 1)} and highest["total"] == 16


# 7.5 extras (l.184-187)
def test_each_kong_is_one_extra_point():
    result = score(concealed="345m6p", melds=["kong 2222p", "concealed_kong 9999p", "pung 111m"], win_tile="6p")
    assert fans(result) == {"Basic Hu": (1, 1), "Kong": (1, 2)}
    assert result["total"] == 3


def test_tile_hog_is_four_alike_not_used_as_a_kong():
    # 222m as a pung and 234m as a sequence use all four 2m (l.187)
    result = score(concealed="222234m5678889p", win_tile="9p")
    assert result["valid"], result
    assert fans(result) == {"Basic Hu": (1, 1), "Tile Hog": (1, 1)}
    assert result["total"] == 2


def test_seven_pairs_with_a_kong_does_not_count_its_four_again_as_a_tile_hog():
    result = score(concealed="1122224p557799m", win_tile="4p")
    assert "Tile Hog" not in fans(result) and result["total"] == 8
    two = score(concealed="11112222p55779m", win_tile="9m")
    assert two["valid"], two
    assert fans(two)["Tile Hog"] == (1, 1) and two["total"] == 9


# 7.6 bonuses: basic points x 2 (l.189-195); extras are not doubled (7.4.3 l.182)
@pytest.mark.parametrize(
    "flags, meld, bonus",
    [
        (dict(self_drawn=True, kong=True), "kong 2222p", "Out with Replacement Tile"),  # l.191
        (dict(kong_discard=True), "kong 2222p", "Discard after a Kong"),  # l.192
        (dict(kong=True), "pung 222p", "Robbing the Kong"),  # l.193
        (dict(self_drawn=True, last_wall=True), "kong 2222p", "Last Tile Draw"),  # l.194
        (dict(last_wall=True), "pung 222p", "Last Tile Claim"),  # l.195
    ],
)
def test_each_bonus_doubles_the_basic_points_not_the_extras(flags, meld, bonus):
    result = score(concealed="123m345m99p78p", melds=[meld], win_tile="6p", **flags)
    assert result["valid"], result
    assert fans(result)[bonus] == (2, 1)
    kongs = 1 if meld.startswith("kong") else 0
    times = 3 if flags.get("self_drawn") else 1
    assert result["total"] == (1 * 2 + kongs) * times


def test_two_bonuses_double_twice():
    result = score(concealed="123m345m99p78p", melds=["kong 2222p"], win_tile="6p", kong_discard=True, last_wall=True)
    assert result["total"] == 1 * 2 * 2 + 1


# 7.4 (l.179-182)
def test_self_drawn_multiplies_the_total_by_three_and_discard_by_one():
    discard = score(concealed="111222444m3339p", win_tile="9p")
    drawn = score(concealed="111222444m3339p", win_tile="9p", self_drawn=True)
    assert discard["total"] == 2 and drawn["total"] == 6
    assert "Self-Drawn" not in fans(discard) and fans(drawn)["Self-Drawn"] == (3, 1)


# 7.7 worked examples (l.196-213)
def test_example_7_7_1_basic_hu_and_a_kong_by_discard():
    # l.197-199: 2222 Tong 123 Wan 345 Wan 999 Tong 66 Tong, Basic Hu 1 + 1 Kong 1 = 2
    result = score(concealed="123m345m999p6p", melds=["kong 2222p"], win_tile="6p")
    assert fans(result) == {"Basic Hu": (1, 1), "Kong": (1, 1)} and result["total"] == 2


def test_example_7_7_2_seven_pairs_self_drawn_is_12_not_18():
    # l.201 writes "Seven Pairs (4 Points) x 3 = 18 Points"; 4 x 3 is 12 (7.4.1 l.181).
    result = score(concealed="112299m446611p9p", win_tile="9p", self_drawn=True)
    assert fans(result) == {"Seven Pairs": (4, 1), "Self-Drawn": (3, 1)}
    assert result["total"] == 12


def test_example_7_7_3_is_all_pungs_in_one_suit_with_its_kong_point():
    # l.207-209: 1111 Wan 222 555 999 66 Wan out with a replacement tile. The text names Seven
    # Pairs in the same suit (8 points) -- the hand has no pairs but one; it is All Pungs in One
    # Suit (8, l.152) -- and leaves out the kong's extra point (7.5.1 l.186): (8 x 2 + 1) x 3 = 51.
    result = score(concealed="222555999m6m", melds=["concealed_kong 1111m"], win_tile="6m", self_drawn=True, kong=True)
    assert fans(result) == {
        "All Pungs in One Suit": (8, 1),
        "Kong": (1, 1),
        "Out with Replacement Tile": (2, 1),
        "Self-Drawn": (3, 1),
    }
    assert result["total"] == 51


def test_example_7_7_4_all_pungs_and_a_kong_by_discard():
    # l.211-213: 8888 Tong 777 Tong 33 Tong 111 Wan 444 Wan, All Pungs 2 + 1 Kong 1 = 3
    result = score(concealed="777p33p111m44m", melds=["kong 8888p"], win_tile="4m")
    assert fans(result) == {"All Pungs": (2, 1), "Kong": (1, 1)} and result["total"] == 3


# Refusals (chapter 1, 5.2)
@pytest.mark.parametrize(
    "hand, words",
    [
        (dict(concealed="123m345m999p6pE", win_tile="6p"), "not one of the 108 tiles"),  # 1.1 l.7
        (dict(concealed="123m345m99p66p", melds=["pung CCC"], win_tile="9p"), "no winds or dragons"),
        (dict(concealed="123m345m999p6p", melds=["pung 222p"], win_tile="6p", flowers=1), "without flowers"),
        (dict(concealed="123m345m999p6p", melds=["chow 234p"], win_tile="6p"), "only pung and kong claims"),  # 1.2 l.8
        (dict(concealed="123m345m999p1s", melds=["pung 222p"], win_tile="1s"), "must lack one"),  # 1.3 l.9
        (dict(concealed="123m345m999p6p", melds=["pung 222p"], win_tile="7p"), "not a winning hand"),  # 5.2 l.97
        (dict(concealed="12m", win_tile="3m"), "wrong number of tiles"),
        (dict(concealed="1111234567899m", win_tile="1m"), "copies of 1m"),
        (dict(concealed="123m345m999p6p", melds=["pung 222p"], win_tile="6p", last_tile=True), "last_tile"),
        (
            dict(concealed="123m345m999p6p", melds=["pung 222p"], win_tile="6p", self_drawn=True, kong=True),
            "needs a kong",
        ),
        (
            dict(concealed="123m345m999p6p", melds=["kong 2222p"], win_tile="6p", self_drawn=True, kong_discard=True),
            "no discard",
        ),
        (dict(concealed="123m345m999p6p", melds=["pung 222p"], win_tile="6p", colour="red"), "unknown field"),
    ],
)
def test_refused_hands_say_why(hand, words):
    result = score(**hand)
    assert result == {"valid": False, "total": 0, "fans": [], "error": result["error"]}
    assert words in result["error"]


def test_parse_hand_raises_the_common_hand_error():
    with pytest.raises(HandError, match="108 tiles"):
        RULES.parse_hand({"concealed": "123m345m999p6pE", "win_tile": "6p"})


# Payments: 002 is silent; our default and the alternative (docs/rule-sets.md)
def test_discarder_pays_the_points_by_default():
    assert RULES.payments(0, 2, 5) == (5, 0, -5, 0)


def test_self_drawn_each_other_pays_a_third_of_the_tripled_total():
    assert RULES.payments(1, None, 12) == (-4, 12, -4, -4)
    with pytest.raises(PaymentError, match="multiple of 3"):
        RULES.payments(1, None, 10)


def test_all_pay_option_makes_every_other_player_pay_the_points():
    rules = get_rule_set("swiss_championship", payment="all_pay")
    assert rules.payments(0, 2, 5) == (15, -5, -5, -5)
    assert rules.payments(3, None, 12) == (-12, -12, -12, 36)


def test_a_draw_pays_nothing():
    assert RULES.payments(None, None) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "args, words",
    [
        ((0, 0, 5), "cannot have discarded"),
        ((4, 1, 5), "seat from 0 to 3"),
        ((None, 1, 0), "no discarder"),
        ((0, 1, -3), "0 or more"),
    ],
)
def test_bad_payment_arguments_are_refused(args, words):
    with pytest.raises(PaymentError, match=words):
        RULES.payments(*args)


# Sessions (1.4 l.10, 2.2 l.16)
def test_a_session_is_one_round_of_four_hands_with_the_deal_passing_on():
    assert RULES.hands_per_session == 4
    assert [RULES.dealer(h) for h in range(1, 5)] == [0, 1, 2, 3]
    assert RULES.seat_winds(2) == (3, 0, 1, 2)  # seat 1 is East (dealer), seat 0 North
    assert all(sorted(RULES.seat_winds(h)) == [0, 1, 2, 3] for h in range(1, 5))
    assert {RULES.prevalent_wind(h) for h in range(1, 5)} == {"E"}


# What each fan was counted from, as the scoring explanation shows it to the referee (5.2 l.97-115:
# 111 a pung, 1111 a kong, 123 a sequence, 11 the pair). Melded sets say so; a concealed kong says it.
@pytest.mark.parametrize(
    "hand, fan, sources",
    [
        (  # 6.3.2 (l.146), the sheet's example (l.287): every set and the pair hold a 1 or a 9
            dict(concealed="123123789s1789p", win_tile="1p"),
            "Outside Hand",
            ["sequence 789p", "sequence 123s", "sequence 123s", "sequence 789s", "pair 11p"],
        ),
        (  # 6.2 (l.138): the four pungs, not the pair
            dict(concealed="111222444m3339p", win_tile="9p"),
            "All Pungs",
            ["pung 111m", "pung 222m", "pung 444m", "pung 333p"],
        ),
        (  # 7.7.4 (l.211): a melded kong is one of the four sets of All Pungs
            dict(concealed="777p33p111m44m", melds=["kong 8888p"], win_tile="4m"),
            "All Pungs",
            ["kong 8888p (melded)", "pung 111m", "pung 444m", "pung 777p"],
        ),
        (  # 6.2 with a concealed kong (4.5.2 l.85): it is not melded from a discard
            dict(concealed="777p33p111m44m", melds=["concealed_kong 8888p"], win_tile="4m"),
            "All Pungs",
            ["concealed kong 8888p", "pung 111m", "pung 444m", "pung 777p"],
        ),
        (  # 7.5.1 (l.186): each kong named, melded or concealed
            dict(concealed="345m6p", melds=["kong 2222p", "concealed_kong 9999p", "pung 111m"], win_tile="6p"),
            "Kong",
            ["kong 2222p", "concealed kong 9999p"],
        ),
        (  # 7.5.2 (l.187): the fourth 2p sits in a concealed sequence beside the melded pung
            dict(concealed="234p345m777m9m", melds=["pung 222p"], win_tile="9m"),
            "Tile Hog",
            ["four of 2p"],
        ),
    ],
)
def test_each_fan_names_the_sets_it_was_counted_from(hand, fan, sources):
    result = score(**hand)
    assert result["valid"], result
    assert {f["name"]: f["from"] for f in result["fans"]}[fan] == sources


def test_a_melded_pung_and_its_fourth_tile_in_a_sequence_are_a_tile_hog():
    # 7.5.2 (l.187): all four 2p used, none as a kong; Basic Hu 1 + Tile Hog 1 (7.4.3 l.182)
    result = score(concealed="234p345m777m9m", melds=["pung 222p"], win_tile="9m")
    assert fans(result) == {"Basic Hu": (1, 1), "Tile Hog": (1, 1)} and result["total"] == 2


def test_out_with_a_replacement_tile_needs_one_kong_not_every_meld_a_kong():
    # 7.6.1 (l.191): a kong and a pung melded, won on the kong's replacement tile (5.3.1 l.119)
    result = score(concealed="345m99p78p", melds=["kong 2222p", "pung 111m"], win_tile="6p", self_drawn=True, kong=True)
    assert result["valid"], result
    assert fans(result)["Out with Replacement Tile"] == (2, 1)
    assert result["total"] == (1 * 2 + 1) * 3


def test_a_hand_built_in_code_with_a_dragon_is_refused_not_raised():
    # 1.1 (l.7): no dragons. The engine answers an invalid hand with a refusal, whoever built it.
    hand = SwissHand(concealed=parse_tiles("123mC"), win_tile=parse_tile("C"))
    result = RULES.score(hand)
    assert (result.valid, result.total, result.fans) == (False, 0, [])
    assert "108 tiles" in str(result.error)


# The 002 score sheet (l.225-262): each fan's points on a discard and self-drawn (x 3, l.233), then
# +1 for each kong and tile hog and x2 for each bonus.
SHEET = [
    (1, "平胡", 1, 3),
    (2, "碰碰胡", 2, 6),
    (3, "清一色", 4, 12),
    (4, "帶幺九", 4, 12),
    (5, "七対", 4, 12),
    (6, "清対", 8, 24),
    (7, "將対", 8, 24),
    (8, "龍七対", 8, 24),
    (9, "清七対", 16, 48),
    (10, "清幺九", 16, 48),
    (11, "天胡", 32, 96),
    (12, "地胡", 32, 96),
]


def test_the_printed_sheet_lists_the_twelve_fans_of_the_002_sheet():
    table = RULES.sheet_fan_table()
    assert [(f["id"], f["name_zh"], f["points"], f["self_drawn"]) for f in table["fans"]] == SHEET
    assert table["extras"] == [("Kong", "+1"), ("Tile Hog", "+1")]
    assert [x for _, x in table["bonuses"]] == ["x2"] * 5


def test_the_hand_form_offers_the_swiss_flags_and_not_the_mcr_only_ones():
    # last_tile scores nothing under 002 and prevalent_wind has no wind tiles (1.1 l.7);
    # kong_discard (7.6.2 l.192) and first_draw (6.6 l.166-168) are 002's own.
    fields = RULES.describe()["hand_fields"]
    assert {"concealed", "melds", "win_tile", "self_drawn", "kong", "last_wall", "kong_discard", "first_draw"} <= set(
        fields
    )
    assert "last_tile" not in fields and "prevalent_wind" not in fields


@pytest.mark.parametrize(
    "outcome, payments",
    [
        # Basic Hu on a discard (6.1 l.132, 7.4.2 l.181): 1 point, the least a win is worth
        (HandOutcome(DISCARD, "A", "B", 1), {"A": 1, "B": -1, "C": 0, "D": 0}),
        # the highest entry the sheet takes
        (HandOutcome(DISCARD, "C", "D", 600), {"A": 0, "B": 0, "C": 600, "D": -600}),
        # only the winner's points are typed: a self-draw of All Pungs, 2 x 3 (7.4.1 l.180)
        (HandOutcome(SELF_DRAWN, "D", None, 6), {"A": -2, "B": -2, "C": -2, "D": 6}),
    ],
)
def test_the_winners_typed_points_are_paid(outcome, payments):
    assert RULES.hand_changes(["A", "B", "C", "D"], outcome) == payments


@pytest.mark.parametrize("points", [0, 601])
def test_typed_points_no_hand_can_score_are_refused(points):
    # Nothing scores 0 (a win is at least Basic Hu, 1 point); 601 is past the sheet's typing check.
    with pytest.raises(PaymentError, match="from 1 to 600"):
        RULES.hand_changes(["A", "B", "C", "D"], HandOutcome(DISCARD, "A", "B", points))


@pytest.mark.parametrize("points, each", [(3, 1), (6, 2), (9, 3), (96, 32)])
def test_a_self_draw_is_paid_a_third_by_each_other_player_in_whole_points(points, each):
    # 7.4.1 (l.180): the total is already x 3, any multiple of 3 (Basic Hu self-drawn is 3, Sky Hu 96)
    changes = RULES.payments(0, None, points)
    assert changes == (points, -each, -each, -each)
    assert all(type(c) is int for c in changes)


def test_the_deal_keeps_passing_on_when_a_session_plays_more_than_one_round():
    # 1.4 (l.10): after every hand the dealer passes the dice on, win or lose; a tournament may
    # set more hands a session than 002's four, and the deal goes round again.
    assert [RULES.dealer(h) for h in range(1, 9)] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert RULES.seat_winds(5) == RULES.seat_winds(1)


@pytest.mark.parametrize("number", [0, -1, "1"])
def test_hands_are_numbered_from_one(number):
    with pytest.raises(ValueError, match="numbered from 1"):
        RULES.seat_winds(number)
