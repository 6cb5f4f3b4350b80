"""Hand and penalty payments (MCR 3.9.1.3, 3.11). Pure Python.

Players are identified by any hashable key (the caller uses player ids).
"""
from dataclasses import dataclass

BASE_PAYMENT = 8  # every loser pays this much on top of whatever else (MCR 3.9.1.3)
MIN_POINTS_WITHOUT_FLOWERS = 8

DISCARD = "discard"
SELF_DRAWN = "self_drawn"
DRAW = "draw"
NOT_PLAYED = "not_played"
OUTCOMES = (DISCARD, SELF_DRAWN, DRAW, NOT_PLAYED)

TO_NOBODY = "nobody"
TO_EACH_OTHER = "each_other"
PENALTY_TARGETS = (TO_NOBODY, TO_EACH_OTHER)


class PaymentError(ValueError):
    """A hand or penalty that cannot be paid as described."""


@dataclass(frozen=True)
class HandOutcome:
    outcome: str
    winner: object = None
    discarder: object = None
    points: int = 0  # the hand's total, flowers included
    flowers: int = 0


def check_hand(players, hand):
    """Raise PaymentError with a referee-readable message when the hand is inconsistent."""
    players = list(players)
    if len(players) != 4 or len(set(players)) != 4:
        raise PaymentError("A table has exactly four different players.")
    if hand.outcome not in OUTCOMES:
        raise PaymentError(f"Unknown hand outcome {hand.outcome!r}.")
    if hand.outcome in (DRAW, NOT_PLAYED):
        if hand.winner is not None or hand.discarder is not None or hand.points or hand.flowers:
            raise PaymentError("A drawn or unplayed hand has no winner, discarder, points or flowers.")
        return
    if hand.winner not in players:
        raise PaymentError("The winner must be one of the four players at the table.")
    if hand.outcome == DISCARD:
        if hand.discarder not in players:
            raise PaymentError("A win by discard needs the discarder, one of the players at the table.")
        if hand.discarder == hand.winner:
            raise PaymentError("The winner cannot have discarded the winning tile.")
    elif hand.discarder is not None:
        raise PaymentError("A self-drawn win has no discarder.")
    if not 0 <= hand.flowers <= 8:
        raise PaymentError("A hand has between 0 and 8 flowers.")
    if hand.points - hand.flowers < MIN_POINTS_WITHOUT_FLOWERS:
        raise PaymentError(
            f"A winning hand is worth at least {MIN_POINTS_WITHOUT_FLOWERS} points without flowers; "
            f"{hand.points} points with {hand.flowers} flower(s) leaves {hand.points - hand.flowers}."
        )


def hand_payments(players, hand):
    """Score change of each player for one hand; the changes sum to zero."""
    check_hand(players, hand)
    result = {p: 0 for p in players}
    if hand.outcome == SELF_DRAWN:
        for p in players:
            if p != hand.winner:
                result[p] -= BASE_PAYMENT + hand.points
                result[hand.winner] += BASE_PAYMENT + hand.points
    elif hand.outcome == DISCARD:
        for p in players:
            if p == hand.winner:
                continue
            pay = BASE_PAYMENT + (hand.points if p == hand.discarder else 0)
            result[p] -= pay
            result[hand.winner] += pay
    return result


def penalty_payments(players, offender, amount, to):
    """Score change of each player for one penalty.

    Paid to nobody (late arrival, rule violation) it only costs the offender; paid to each other
    player (false Hu, repeated minor fouls) each of the three others receives the amount.
    """
    players = list(players)
    if offender not in players:
        raise PaymentError("The penalised player must be at the table.")
    if amount <= 0:
        raise PaymentError("A penalty is a positive number of points.")
    if to not in PENALTY_TARGETS:
        raise PaymentError(f"Unknown penalty target {to!r}.")
    result = {p: 0 for p in players}
    if to == TO_NOBODY:
        result[offender] = -amount
    else:
        for p in players:
            if p != offender:
                result[p] += amount
                result[offender] -= amount
    return result
