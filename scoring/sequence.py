"""The order of a score sheet's hands, as one rule that hand entry and the bulk import both ask.

Hands are entered in order from hand 1. Once time runs out, the hand in progress and every later one are
not played (MCR 3.5.6): so no played hand comes after one marked not played, and a hand cannot be marked
not played while a later one was played.

Pure Python, no Django: the services (``scoring.services.hand_rules``) turn a break of the rule into the
error the referee reads. It lives in the scoring app, not in ``rules/``, because it is about the sheet's
entry order, the same for every rule set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.payments import NOT_PLAYED

# How a hand can break the order.
OUT_OF_ORDER = "out_of_order"  # an earlier hand has no entry yet
PLAYED_LATER = "played_later"  # marked not played, but a later hand was played
NOT_PLAYED_EARLIER = "not_played_earlier"  # played, but an earlier hand is marked not played


@dataclass(frozen=True)
class SequenceBreak:
    """Why hand ``number`` cannot be entered as it is, and the other hand that stands in its way."""

    code: str
    number: int
    other: int


def sequence_break(number: int, outcome: str, entered: Mapping[int, str]) -> SequenceBreak | None:
    """What stops hand `number` being entered with `outcome`, or None when the order allows it.

    `entered` maps each hand of the sheet that has an entry (counted or waiting for confirmation) to the
    outcome of its latest entry; hand `number` itself may be among them (a correction)."""
    if number not in entered:
        missing = [n for n in range(1, number) if n not in entered]
        if missing:
            return SequenceBreak(OUT_OF_ORDER, number, missing[0])
    others = {n: o for n, o in entered.items() if n != number}
    if outcome == NOT_PLAYED:
        played = sorted(n for n, o in others.items() if n > number and o != NOT_PLAYED)
        if played:
            return SequenceBreak(PLAYED_LATER, number, played[0])
        return None
    not_played = sorted(n for n, o in others.items() if n < number and o == NOT_PLAYED)
    if not_played:
        return SequenceBreak(NOT_PLAYED_EARLIER, number, not_played[0])
    return None
