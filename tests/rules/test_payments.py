"""Payments for every outcome (MCR 3.9.1.3) and penalties (MCR 3.11)."""

import pytest

from rules.payments import (
    DISCARD,
    DRAW,
    NOT_PLAYED,
    SELF_DRAWN,
    TO_EACH_OTHER,
    TO_NOBODY,
    TO_PLAYER,
    HandOutcome,
    PaymentError,
    hand_payments,
    payment_summary,
    penalty_payments,
)

P = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    "hand, expected",
    [
        pytest.param(HandOutcome(DISCARD, "A", "B", 8), {"A": 32, "B": -16, "C": -8, "D": -8}, id="discard-8"),
        pytest.param(HandOutcome(DISCARD, "C", "D", 24), {"A": -8, "B": -8, "C": 48, "D": -32}, id="discard-24"),
        pytest.param(
            HandOutcome(DISCARD, "D", "A", 10, flowers=2),
            {"A": -18, "B": -8, "C": -8, "D": 34},
            id="discard-with-flowers",
        ),
        pytest.param(
            HandOutcome(SELF_DRAWN, "B", None, 12), {"A": -20, "B": 60, "C": -20, "D": -20}, id="self-drawn-12"
        ),
        pytest.param(
            HandOutcome(SELF_DRAWN, "A", None, 88), {"A": 288, "B": -96, "C": -96, "D": -96}, id="self-drawn-88"
        ),
        pytest.param(HandOutcome(DRAW), {"A": 0, "B": 0, "C": 0, "D": 0}, id="draw"),
        pytest.param(HandOutcome(NOT_PLAYED), {"A": 0, "B": 0, "C": 0, "D": 0}, id="not-played"),
    ],
)
def test_hand_payments(hand, expected):
    result = hand_payments(P, hand)
    assert result == expected
    assert sum(result.values()) == 0


@pytest.mark.parametrize(
    "hand, message",
    [
        pytest.param(HandOutcome(DISCARD, "A", "A", 8), "cannot have discarded", id="winner-is-discarder"),
        pytest.param(HandOutcome(DISCARD, "A", None, 8), "needs the discarder", id="no-discarder"),
        pytest.param(HandOutcome(DISCARD, "X", "B", 8), "winner must be", id="winner-not-seated"),
        pytest.param(HandOutcome(DISCARD, "A", "B", 7), "at least 8", id="under-eight"),
        pytest.param(HandOutcome(SELF_DRAWN, "A", None, 9, flowers=2), "leaves 7", id="flowers-dont-count"),
        pytest.param(HandOutcome(SELF_DRAWN, "A", "B", 9), "no discarder", id="self-drawn-with-discarder"),
        pytest.param(HandOutcome(DRAW, "A", None, 0), "no winner", id="draw-with-winner"),
        pytest.param(HandOutcome("chombo", "A", None, 8), "Unknown", id="unknown-outcome"),
        pytest.param(HandOutcome(SELF_DRAWN, "A", None, 20, flowers=9), "0 and 8 flowers", id="nine-flowers"),
    ],
)
def test_hand_payment_errors(hand, message):
    with pytest.raises(PaymentError, match=message):
        hand_payments(P, hand)


def test_eight_points_plus_flowers_is_enough():
    assert hand_payments(P, HandOutcome(SELF_DRAWN, "A", None, 10, flowers=2))["A"] == 54


@pytest.mark.parametrize(
    "offender, amount, to, expected",
    [
        ("D", 10, TO_EACH_OTHER, {"A": 10, "B": 10, "C": 10, "D": -30}),
        ("C", 20, TO_NOBODY, {"A": 0, "B": 0, "C": -20, "D": 0}),
        ("A", 5, TO_EACH_OTHER, {"A": -15, "B": 5, "C": 5, "D": 5}),
    ],
)
def test_penalty_payments(offender, amount, to, expected):
    assert penalty_payments(P, offender, amount, to) == expected


@pytest.mark.parametrize("offender, amount, to", [("X", 10, TO_NOBODY), ("A", 0, TO_NOBODY), ("A", 10, "winner")])
def test_penalty_errors(offender, amount, to):
    with pytest.raises(PaymentError):
        penalty_payments(P, offender, amount, to)


def test_a_hand_entered_as_drawn_needs_no_points_or_flowers():
    # Built here, not in a parameter list, so the defaults in force are the ones checked.
    assert hand_payments(P, HandOutcome(DRAW)) == dict.fromkeys(P, 0)
    assert hand_payments(P, HandOutcome(NOT_PLAYED, None)) == dict.fromkeys(P, 0)


@pytest.mark.parametrize("table", [["A", "A", "B", "C"], ["A", "B", "C"], ["A", "B", "C", "D", "E"]])
def test_a_table_is_four_different_players(table):
    with pytest.raises(PaymentError, match="exactly four different players"):
        hand_payments(table, HandOutcome(DRAW))


def test_eight_flowers_are_allowed():
    assert hand_payments(P, HandOutcome(SELF_DRAWN, "A", None, 16, flowers=8))["A"] == 72


@pytest.mark.parametrize(
    "points, self_drawn, flowers, expected",
    [
        (10, True, 0, {"self_drawn": True, "each": 18, "discarder": None, "others": 18, "winner_gets": 54}),
        (10, False, 0, {"self_drawn": False, "each": None, "discarder": 18, "others": 8, "winner_gets": 34}),
        (10, False, 2, {"self_drawn": False, "each": None, "discarder": 18, "others": 8, "winner_gets": 34}),
    ],
)
def test_the_calculator_explains_who_pays_what(points, self_drawn, flowers, expected):
    assert payment_summary(points, self_drawn=self_drawn, flowers=flowers) == expected


def test_the_calculator_counts_no_flowers_unless_told():
    # 8 points with no flowers is the least a win is worth: a flower assumed by default would refuse it.
    assert payment_summary(8, self_drawn=True)["winner_gets"] == 48


def test_a_warning_costs_nothing_and_cannot_carry_points():
    assert penalty_payments(P, "B", 0, TO_NOBODY, warning=True) == dict.fromkeys(P, 0)
    with pytest.raises(PaymentError, match="costs no points"):
        penalty_payments(P, "B", 5, TO_NOBODY, warning=True)


def test_the_smallest_penalty_is_one_point():
    assert penalty_payments(P, "B", 1, TO_NOBODY) == {"A": 0, "B": -1, "C": 0, "D": 0}


def test_a_penalty_paid_to_the_player_harmed():
    assert penalty_payments(P, "B", 10, TO_PLAYER, recipient="D") == {"A": 0, "B": -10, "C": 0, "D": 10}


@pytest.mark.parametrize(
    "recipient, message",
    [(None, "must be at the table"), ("X", "must be at the table"), ("B", "cannot receive their own")],
)
def test_a_penalty_to_one_player_needs_another_player_at_the_table(recipient, message):
    with pytest.raises(PaymentError, match=message):
        penalty_payments(P, "B", 10, TO_PLAYER, recipient=recipient)


def test_a_penalty_to_nobody_or_each_other_has_no_recipient():
    with pytest.raises(PaymentError, match="no single recipient"):
        penalty_payments(P, "B", 10, TO_EACH_OTHER, recipient="A")
