"""The Swiss Championship rules (002) behind the rule-set seam."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import (
    HandError,
    Option,
    PaymentError,
    PointsEntry,
    RuleSet,
    Score,
    SheetFanTable,
)
from ..core.tiles import SUITED, tile_str
from ..text import N_
from . import fans as F
from .engine import ADD, HIGHEST, score_hand
from .hand import FIELDS, SwissHand

DISCARDER_PAYS, ALL_PAY = "discarder_pays", "all_pay"


class SwissChampionshipRuleSet(RuleSet[SwissHand]):
    code = "swiss_championship"
    name = "Swiss Mahjong Championships"
    name_es = "Campeonato Suizo de Mahjong"
    label = N_("Swiss Mahjong Championship rules")
    tiles = tuple(tile_str(t) for t in range(SUITED))  # 108 tiles: three suits only (002 1.1)
    # What the forms offer: FIELDS less what the parser accepts only for input shared with MCR and never
    # scores (last_tile is refused when set; prevalent_wind is read and ignored, 002 has no wind tiles).
    hand_fields = tuple(f for f in FIELDS if f not in ("last_tile", "prevalent_wind"))
    hand_class = SwissHand
    # 1 is the least a win is worth (Basic Hu on a discard, 7.7.1 style); the maximum is only a
    # typing check: Sky Hu with a seven-pairs one-suit hand and every extra stays below it.
    entry = PointsEntry(
        every_player=False,
        minimum=1,
        maximum=600,
        description="the winner's final points, bonuses and self-drawn x3 included (002 7.4-7.7)",
    )
    hands_per_session = 4  # one round (002 1.4, 2.2)
    OPTIONS = {
        "payment": Option(
            "payment",
            DISCARDER_PAYS,
            (DISCARDER_PAYS, ALL_PAY),
            N_(
                "002 does not say who pays. discarder_pays: on a discard the discarder pays the final "
                "points; self-drawn (already x3) each other player pays a third. all_pay: every other "
                "player pays the final points on any win."
            ),
            label=N_("Who pays"),
            choice_labels=(N_("the discarder (a third each on a self-draw)"), N_("every other player, on any win")),
        ),
        "fan_combination": Option(
            "fan_combination",
            ADD,
            (ADD, HIGHEST),
            N_(
                "7.3 only drops fans implied by another. add: fans that do not imply each other add up "
                "(e.g. Seven Pairs with a Kong + Seven Pairs in One Suit); highest: only the single highest fan "
                "counts."
            ),
            label=N_("How fans combine"),
            choice_labels=(N_("add up the fans that do not imply each other"), N_("only the highest fan counts")),
        ),
    }

    sheet_note = N_(
        "Shaded: the dealer (East) of the hand; the East column gives the dealer's number. "
        "Seats stay; the deal passes to the next player after every hand (002 1.4)."
    )

    def sheet_fan_table(self) -> SheetFanTable:
        """The fan table of the 002 score sheet (l.225-262): each fan with its points on a discard and
        self-drawn (x3), then the extras (+1) and the bonuses (x2)."""
        elements = F.ELEMENTS
        multiplier = elements[F.SELF_DRAWN].points
        return {
            "fans": [
                {
                    "id": e.id,
                    "name": e.name,
                    "name_zh": e.name_zh,
                    "points": e.points,
                    "self_drawn": e.points * multiplier,
                }
                for e in (elements[i] for i in F.FAN_IDS)
            ],
            "extras": [(elements[i].name, f"+{elements[i].points}") for i in (F.KONG, F.TILE_HOG)],
            "bonuses": [
                (elements[i].name, f"x{elements[i].points}")
                for i in (
                    F.OUT_WITH_REPLACEMENT,
                    F.DISCARD_AFTER_KONG,
                    F.ROBBING_THE_KONG,
                    F.LAST_TILE_DRAW,
                    F.LAST_TILE_CLAIM,
                )
            ],
        }

    def score(self, hand: SwissHand) -> Score:
        return score_hand(hand, str(self.options["fan_combination"]))

    def win_payments(
        self, winner: int, discarder: int | None, points: int, player_points: Sequence[int] | None
    ) -> list[int]:
        """A win (a draw pays nothing). discarder_pays: the discarder pays the points; self-drawn, each
        of the three others pays points / 3 (the x3 of 7.4.1 is the three of them paying).
        all_pay: each of the three others pays the points. The dealer pays nothing extra."""
        changes = [0, 0, 0, 0]
        if self.options["payment"] == ALL_PAY:
            for s in range(4):
                if s != winner:
                    changes[s] -= points
                    changes[winner] += points
        elif discarder is not None:
            changes[discarder] -= points
            changes[winner] += points
        else:
            if points % 3:
                raise PaymentError(
                    N_(
                        "A self-drawn win is worth three times its points (002 7.4.1), so a "
                        "multiple of 3; got %(points)s."
                    ),
                    code="self_drawn_multiple",
                    field="points",
                    points=points,
                )
            for s in range(4):
                if s != winner:
                    changes[s] -= points // 3
                    changes[winner] += points // 3
        return changes

    def seat_winds(self, hand_number: int) -> tuple[int, ...]:
        """One round of four hands; seats stay, the deal passes to the right (next in turn
        order) after every hand, win or lose (002 1.4)."""
        if not isinstance(hand_number, int) or hand_number < 1:
            raise ValueError("Hands are numbered from 1.")
        dealer = (hand_number - 1) % 4
        return tuple((seat - dealer) % 4 for seat in range(4))

    def prevalent_wind(self, hand_number: int) -> str:
        self.seat_winds(hand_number)
        return "E"  # one round only (002 1.4): the East round


__all__ = ["HandError", "SwissChampionshipRuleSet"]
