"""The Spanish Mah-Jong rules (001) behind the rule-set seam."""

from __future__ import annotations

from collections.abc import Sequence

from .. import rotation
from ..base import Option, OptionValue, PaymentError, PointsEntry, RuleSet, Score, check_payment_args
from ..core.tiles import tile_str
from ..text import N_
from .engine import score_hand
from .hand import BONUS_NOTATION, FIELDS, SpanishHand

RANKED, OFFICIAL = "ranked", "official"  # the two payment modes of 001 l.36-44
EACH_PAYS, DISCARDER_PAYS = "each_pays", "discarder_pays"


class SpanishRuleSet(RuleSet[SpanishHand]):
    code = "spanish"
    name = "Spanish Mah-Jong Rules"
    name_es = "Reglas Mah-Jong España"
    label = N_("Spanish Mah-Jong rules")
    tiles = tuple(tile_str(t) for t in range(34)) + BONUS_NOTATION  # 144 tiles
    # What the forms offer: FIELDS less last_tile, accepted like MCR but worth nothing in 001.
    hand_fields = tuple(f for f in FIELDS if f != "last_tile")
    # Own flower and own season double (001 l.50): the hand says which ones were held, not how many.
    bonus_by_number = ("flowers", "seasons")
    OPTIONS = {
        "payment_mode": Option(
            "payment_mode",
            RANKED,
            (RANKED, OFFICIAL),
            N_(
                "ranked (001 l.38-42): the winner collects x3, the next best x2, the third x1, so every "
                "player's hand is scored; official (l.44): only the winner collects, and a Mah Jong needs "
                "at least one x8 (l.11)."
            ),
            label=N_("Payment mode"),
            choice_labels=(N_("ranked: every player's hand scores"), N_("official: only the winner collects")),
        ),
        "official_payers": Option(
            "official_payers",
            EACH_PAYS,
            (EACH_PAYS, DISCARDER_PAYS),
            N_(
                "Official mode, who pays the winner (001 does not say): each_pays, each of the three others "
                "pays the score; discarder_pays, the discarder pays it, and on a self-drawn win each of "
                "the three does."
            ),
            label=N_("Who pays the winner (official mode)"),
            choice_labels=(N_("each of the three others"), N_("the discarder (each of three on a self-draw)")),
        ),
        "hands_per_session": Option(
            "hands_per_session",
            16,
            (4, 8, 12, 16),
            N_(
                "001 does not say how long a session is: 16 hands (four wind rounds, as MCR) unless the "
                "organizer chooses fewer whole rounds."
            ),
            label=N_("Hands per session"),
        ),
    }

    def __init__(self, **options: OptionValue):
        super().__init__(**options)
        self.hands_per_session = int(self.options["hands_per_session"])
        ranked = self.options["payment_mode"] == RANKED
        self.entry = PointsEntry(
            every_player=ranked,
            minimum=10,
            maximum=1000,
            step=10,
            loser_minimum=0,
            loser_maximum=100 if ranked else 0,
            description=(
                "every player's points, rounded up to tens (001 l.32): the winner's and each loser's hand"
                if ranked
                else "the winner's points, rounded up to tens (001 l.32)"
            ),
        )

    def parse_hand(self, data: object) -> SpanishHand:
        return SpanishHand.from_dict(data)

    def score(self, hand: SpanishHand) -> Score:
        return score_hand(hand, official=self.options["payment_mode"] == OFFICIAL)

    def payments(
        self,
        winner: int | None,
        discarder: int | None,
        points: int = 0,
        *,
        player_points: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> tuple[int, ...]:
        """Per-seat changes. A drawn hand pays nothing (001 does not say otherwise).

        ranked: each loser pays the winner's points; of the three others, the best collects
        his own points from the two below him, the next from the last (l.38-40). Two tied for
        second collect x1 each and there is no third (l.41): each collects once, from the
        player below them; three tied have nobody below and collect nothing. Two tied for third
        collect nothing (l.42). ``player_points`` gives every seat's points; the winner's entry
        is the hand's points.
        official: only the winner collects (l.44), from whom ``official_payers`` says.
        """
        check_payment_args(winner, discarder, points)
        changes = [0, 0, 0, 0]
        if winner is None:
            return tuple(changes)
        if self.options["payment_mode"] == OFFICIAL:
            payers = (
                [discarder]
                if discarder is not None and self.options["official_payers"] == DISCARDER_PAYS
                else [s for s in range(4) if s != winner]
            )
            for s in payers:
                changes[s] -= points
                changes[winner] += points
            return tuple(changes)
        if player_points is None or len(player_points) != 4:
            raise PaymentError(
                N_("the ranked payment mode needs every player's points (four values, by seat)"),
                code="player_points_missing",
                field="player_points",
            )
        for s, p in enumerate(player_points):
            self.entry.check(p, winner=s == winner)
        if points and points != player_points[winner]:
            raise PaymentError(
                N_("the winner's points are %(points)s, but the points by seat give %(given)s"),
                code="winner_points",
                field="points",
                points=points,
                given=player_points[winner],
            )
        w = player_points[winner]
        for s in range(4):
            if s != winner:
                changes[s] -= w
                changes[winner] += w
        losers = sorted((s for s in range(4) if s != winner), key=lambda s: -player_points[s])
        second, third, fourth = losers
        p2, p3, p4 = (player_points[s] for s in losers)

        def collect(by: int, frm: int) -> None:
            changes[by] += player_points[by]
            changes[frm] -= player_points[by]

        if p2 == p3 == p4:
            pass
        elif p2 == p3:
            collect(second, fourth)
            collect(third, fourth)
        else:
            collect(second, third)
            collect(second, fourth)
            if p3 != p4:
                collect(third, fourth)
        return tuple(changes)

    def seat_winds(self, hand_number: int) -> tuple[int, ...]:
        """MCR's rotation (appendix 4; 001 says nothing): rounds of four hands with a prevalent
        wind (001 l.19 names it), the deal passing to the right after every hand."""
        return rotation.seat_winds(hand_number)

    def prevalent_wind(self, hand_number: int) -> str:
        return rotation.prevalent_wind(hand_number)
