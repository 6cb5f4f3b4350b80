"""The Spanish Mah-Jong rules (seed 001, "Reglas Mah-Jong España"): basic points, doublings,
the 100-point limit, special hands at fixed values, rounding up to tens, two payment modes.

    from rules.spanish import SpanishHand, score_hand
    score_hand(SpanishHand.from_dict({"concealed": "123m456p789s234sE", "win_tile": "E"}))
"""

from .elements import ELEMENTS
from .engine import score_hand
from .hand import SpanishHand

__all__ = ["ELEMENTS", "SpanishHand", "score_hand"]
