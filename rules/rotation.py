"""Who sits where, and who deals, in each hand of a session (MCR 3.4.8, appendix 4). Pure Python.

Positions 0..3 are the players who drew initial East, South, West, North (A, B, C, D).
"""

from __future__ import annotations

from .core.winds import WINDS

__all__ = [
    "HANDS_PER_ROUND",
    "ROUND_SEATS",
    "WINDS",
    "dealer_position",
    "prevalent_wind",
    "round_of_hand",
    "seat_winds",
]

HANDS_PER_ROUND = 4

# Appendix 4: after each round the players change seats; row = round, column = seat wind
# at the start of that round, value = initial position (A=0 .. D=3).
ROUND_SEATS = (
    (0, 1, 2, 3),  # East wind round:  A B C D
    (1, 0, 3, 2),  # South wind round: B A D C
    (2, 3, 1, 0),  # West wind round:  C D B A
    (3, 2, 0, 1),  # North wind round: D C A B
)


def round_of_hand(hand_number: int) -> int:
    """0-based round (prevalent wind index) of a 1-based hand number."""
    if hand_number < 1:
        raise ValueError("Hands are numbered from 1.")
    return ((hand_number - 1) // HANDS_PER_ROUND) % 4


def seat_winds(hand_number: int) -> tuple[int, ...]:
    """Seat wind index of each initial position for that hand.

    The dealer (East) passes the deal to the right after every hand, win or lose, so within a
    round the seat that started as East is East for the first hand, South's seat deals the
    second, and so on.
    """
    r = round_of_hand(hand_number)
    dealer_seat = (hand_number - 1) % HANDS_PER_ROUND
    winds = [0, 0, 0, 0]
    for seat, position in enumerate(ROUND_SEATS[r]):
        winds[position] = (seat - dealer_seat) % 4
    return tuple(winds)


def dealer_position(hand_number: int) -> int:
    """Initial position (0..3) of the player who is East in that hand."""
    return seat_winds(hand_number).index(0)


def prevalent_wind(hand_number: int) -> str:
    return WINDS[round_of_hand(hand_number)]
