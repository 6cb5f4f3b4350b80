"""The rule-set seam: one registry, one interface, the MCR adapter unchanged in behaviour."""

import pytest

from rules.base import HandError, PaymentError, RuleSet
from rules.mcr import Hand, score_hand
from rules.payments import DISCARD, HandOutcome, hand_payments
from rules.registry import RULE_SETS, get_rule_set
from rules.rotation import seat_winds


def test_three_rule_sets_by_code():
    assert list(RULE_SETS) == ["mcr", "swiss_championship", "spanish"]
    for code in RULE_SETS:
        rules = get_rule_set(code)
        assert isinstance(rules, RuleSet) and rules.code == code
        assert rules.name and rules.name_es


def test_unknown_code_and_option_are_refused_by_name():
    with pytest.raises(KeyError, match="swiss_championship"):
        get_rule_set("swiss")
    with pytest.raises(ValueError, match="no option"):
        get_rule_set("mcr", payment_mode="official")
    with pytest.raises(ValueError, match="must be one of"):
        get_rule_set("spanish", payment_mode="sometimes")


@pytest.mark.parametrize("code, count", [("mcr", 34), ("swiss_championship", 27), ("spanish", 42)])
def test_tiles_of_each_rule_set(code, count):
    # MCR 34 kinds (+ flowers counted); Swiss 108 tiles = 27 kinds (002 l.7); Spanish 144 = 34 kinds + 8 bonus
    assert len(get_rule_set(code).tiles) == count


@pytest.mark.parametrize("code", list(RULE_SETS))
def test_describe_gives_a_web_page_everything_static(code):
    d = get_rule_set(code).describe()
    assert {"code", "name", "name_es", "tiles", "hand_fields", "hands_per_session", "entry", "options"} <= set(d)
    for field in ("concealed", "melds", "win_tile", "self_drawn", "kong", "last_wall", "seat_wind"):
        assert field in d["hand_fields"]


def test_entry_kinds():
    assert not get_rule_set("mcr").entry.every_player and get_rule_set("mcr").entry.minimum == 8
    assert not get_rule_set("swiss_championship").entry.every_player
    assert get_rule_set("spanish").entry.every_player
    with pytest.raises(PaymentError, match="multiple of 10"):
        get_rule_set("spanish").entry.check(35)


@pytest.mark.parametrize("code, hands", [("mcr", 16), ("swiss_championship", 4), ("spanish", 16)])
def test_hands_per_session(code, hands):
    rules = get_rule_set(code)
    assert rules.hands_per_session == hands
    for h in range(1, hands + 1):
        assert sorted(rules.seat_winds(h)) == [0, 1, 2, 3]
    assert sorted(rules.dealer(h) for h in range(1, hands + 1)) == sorted(list(range(4)) * (hands // 4))


HANDS = [
    {"concealed": "123m456p789s234sE", "win_tile": "E"},
    {"concealed": "1112345678999m", "win_tile": "5m", "self_drawn": True, "flowers": 2},
    {"concealed": "12m", "win_tile": "3m"},
    {"concealed": "234m567p2299s", "melds": ["pung EEE"], "win_tile": "9s"},
]


@pytest.mark.parametrize("hand", HANDS)
def test_mcr_adapter_scores_as_the_engine(hand):
    rules = get_rule_set("mcr")
    try:
        expected = score_hand(Hand.from_dict(hand)).to_dict()
    except ValueError as exc:
        expected = {"valid": False, "total": 0, "fans": [], "error": str(exc)}
    assert rules.score_dict(hand) == expected


def test_mcr_adapter_raises_the_common_hand_error():
    with pytest.raises(HandError, match="wrong number of tiles"):
        get_rule_set("mcr").parse_hand({"concealed": "12m", "win_tile": "3m"})


def test_mcr_adapter_pays_as_3_9_1_3_and_rotates_as_appendix_4():
    rules = get_rule_set("mcr")
    expected = hand_payments([0, 1, 2, 3], HandOutcome(DISCARD, 0, 1, 8))
    assert rules.payments(0, 1, 8) == tuple(expected[s] for s in range(4)) == (32, -16, -8, -8)
    assert rules.payments(2, None, 10) == (-18, -18, 54, -18)
    assert rules.payments(None, None) == (0, 0, 0, 0)
    assert rules.seat_winds(5) == seat_winds(5)
    with pytest.raises(PaymentError, match="at least 8"):
        rules.payments(0, 1, 5)
