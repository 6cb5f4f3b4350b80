"""MCR behind the rule-set seam: a thin adapter over the engine, payments and rotation.

It changes nothing in what MCR computes; it only gives the MCR modules the interface of
``rules.base.RuleSet`` so the web app can treat every rule set alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import payments as pay
from ..base import Player, PointsEntry, RuleSet, Score
from ..core.hand import HAND_FIELDS
from ..core.tiles import NUM_KINDS, tile_str
from ..text import N_
from .engine import score_hand
from .hand import Hand


class MCRRuleSet(RuleSet[Hand]):
    code = "mcr"
    name = "Mahjong Competition Rules"
    name_es = "Reglas de Competición de Mahjong"
    label = N_("Mahjong Competition Rules (MCR)")
    tiles = tuple(tile_str(t) for t in range(NUM_KINDS))
    hand_fields = HAND_FIELDS
    hand_class = Hand
    # 8 is the minimum without flowers (3.9.1.1). 336 is the most a hand can be worth, so anything
    # above is a typing slip: four concealed kongs of the three dragons and the seat-and-prevalent
    # wind, self-drawn on a wind pair, score 320 in this engine (Big Three Dragons 88, All Kongs 88,
    # All Honors 64, Four Concealed Pungs 64, Out with Supplement Tile or Last Tile Drawn 8, Fully
    # Concealed 4, Seat and Prevalent Wind 2 + 2; tests/rules/test_mcr_maximum.py). Readings that
    # let Last Tile Drawn and Out with Supplement Tile go together reach 328, the highest published
    # for a regular hand; the irregular shapes stay far below (Thirteen Orphans 88 plus the winning
    # tile's fans). 328 + 8 flowers = 336.
    entry = PointsEntry(
        every_player=False,
        minimum=8,
        maximum=336,
        description="the winner's hand points, flowers included (MCR 3.9.1.4)",
        flowers=True,
    )
    hands_per_session = 16
    min_sessions = 6  # "a minimum of six rounds or sessions" (MCR 3.5.4)
    min_sessions_rule = "MCR 3.5.4"
    payment_texts = {
        "self_drawn": N_("Self-drawn: each of the three other players pays %(each)s (8 + the hand's points)."),
        "discard": N_("By discard: the discarder pays %(d)s (8 + the hand's points)."),
        "others": N_("Each of the other two players pays %(o)s."),
    }

    def score(self, hand: Hand) -> Score:
        return score_hand(hand)

    def win_payments(
        self, winner: int, discarder: int | None, points: int, player_points: Sequence[int] | None
    ) -> tuple[int, ...]:
        """MCR 3.9.1.3: self-drawn, each other seat pays 8 + points; on a discard the
        discarder pays 8 + points and the other two 8 each."""
        outcome = pay.HandOutcome(pay.SELF_DRAWN if discarder is None else pay.DISCARD, winner, discarder, points)
        result = pay.hand_payments([0, 1, 2, 3], outcome)
        return tuple(result[s] for s in range(4))

    def win_changes(
        self, players: list[Player], hand: pay.HandOutcome[Player], player_points: Sequence[int] | None
    ) -> dict[Player, int]:
        """The score sheet's MCR payments as they always were: ``payments.hand_payments``, whose
        checks count the 8-point minimum without flowers and set no upper bound."""
        return pay.hand_payments(players, hand)
