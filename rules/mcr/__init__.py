"""Pure-Python scoring of Mahjong Competition Rules (MCR) hands. Never imports Django.

from rules.mcr import Hand, score_hand
result = score_hand(Hand.from_dict({"concealed": "123m456p789s234s5p", "win_tile": "5p"}))
"""

from ..core.tiles import Tile, TileError, parse_tiles
from .engine import FanScore, Result, score_hand
from .fans import FANS, REFERENCE_NAMES, FanDef
from .hand import Hand, HandError, Meld

__all__ = [
    "FANS",
    "REFERENCE_NAMES",
    "FanDef",
    "FanScore",
    "Hand",
    "HandError",
    "Meld",
    "Result",
    "Tile",
    "TileError",
    "parse_tiles",
    "score_hand",
]
