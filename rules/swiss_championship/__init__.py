"""The General Rules of the Swiss Mahjong Championships (seed 002): 108 tiles, no chow claims,
One Voided Suit, the twelve fans of chapter 6, extras, bonuses and self-drawn x3 (chapter 7).

    from rules.swiss_championship import SwissHand, score_hand
    score_hand(SwissHand.from_dict({"concealed": "222p123m345m999p6p", "win_tile": "6p"}))
"""

from .engine import score_hand
from .fans import ELEMENTS
from .hand import SwissHand

__all__ = ["ELEMENTS", "SwissHand", "score_hand"]
