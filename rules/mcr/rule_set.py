"""MCR behind the rule-set seam: a thin adapter over the engine, payments and rotation.

It changes nothing in what MCR computes; it only gives the MCR modules the interface of
``rules.base.RuleSet`` so the web app can treat every rule set alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import payments as pay
from .. import rotation
from ..base import HandError, Player, PointsEntry, RuleSet, Score, check_payment_args
from ..core.tiles import NUM_KINDS, tile_str
from ..text import N_
from .engine import score_hand
from .hand import Hand
from .hand import HandError as MCRHandError


class MCRRuleSet(RuleSet[Hand]):
    code = "mcr"
    name = "Mahjong Competition Rules"
    name_es = "Reglas de Competición de Mahjong"
    label = N_("Mahjong Competition Rules (MCR)")
    tiles = tuple(tile_str(t) for t in range(NUM_KINDS))
    hand_fields = (
        "concealed",
        "melds",
        "win_tile",
        "self_drawn",
        "flowers",
        "last_tile",
        "kong",
        "last_wall",
        "seat_wind",
        "prevalent_wind",
    )
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
    payment_texts = {
        "self_drawn": N_("Self-drawn: each of the three other players pays %(each)s (8 + the hand's points)."),
        "discard": N_("By discard: the discarder pays %(d)s (8 + the hand's points)."),
        "others": N_("Each of the other two players pays %(o)s."),
    }

    def parse_hand(self, data: object) -> Hand:
        try:
            return Hand.from_dict(data)
        except MCRHandError as exc:
            raise HandError(exc.message) from None

    def score(self, hand: Hand) -> Score:
        return score_hand(hand)

    def score_dict(self, data: object) -> dict[str, object]:
        # Kept to the letter of the CLI before the seam existed, so `--rules mcr` output is
        # unchanged byte for byte.
        try:
            hand = Hand.from_dict(data)
        except MCRHandError as exc:
            return {"valid": False, "total": 0, "fans": [], "error": str(exc)}
        try:
            return score_hand(hand).to_dict()
        except Exception as exc:  # a scoring bug must not stop a referee's batch
            return {"valid": False, "total": 0, "fans": [], "error": f"internal error: {exc!r}"}

    def payments(
        self,
        winner: int | None,
        discarder: int | None,
        points: int = 0,
        *,
        player_points: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> tuple[int, ...]:
        """MCR 3.9.1.3: self-drawn, each other seat pays 8 + points; on a discard the
        discarder pays 8 + points and the other two 8 each. A draw scores nothing."""
        check_payment_args(winner, discarder, points)
        outcome: pay.HandOutcome[int]
        if winner is None:
            outcome = pay.HandOutcome(pay.DRAW)
        elif discarder is None:
            outcome = pay.HandOutcome(pay.SELF_DRAWN, winner, None, points)
        else:
            outcome = pay.HandOutcome(pay.DISCARD, winner, discarder, points)
        result = pay.hand_payments([0, 1, 2, 3], outcome)
        return tuple(result[s] for s in range(4))

    def hand_changes(
        self,
        players: Sequence[Player],
        hand: pay.HandOutcome[Player],
        *,
        player_points: Sequence[int] | None = None,
    ) -> dict[Player, int]:
        """The score sheet's MCR payments as they always were: ``payments.hand_payments``, whose
        checks count the 8-point minimum without flowers and set no upper bound."""
        return pay.hand_payments(list(players), hand)

    def seat_winds(self, hand_number: int) -> tuple[int, ...]:
        return rotation.seat_winds(hand_number)

    def prevalent_wind(self, hand_number: int) -> str:
        return rotation.prevalent_wind(hand_number)
