"""Payments for every outcome (MCR 3.9.1.3) and penalties (MCR 3.11)."""

import pytest

from rules.payments import (
    DISCARD,
    DRAW,
    NOT_PLAYED,
    SELF_DRAWN,
    TO_EACH_OTHER,
    TO_NOBODY,
    HandOutcome,
    PaymentError,
    hand_payments,
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
