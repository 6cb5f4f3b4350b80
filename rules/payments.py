"""Hand and penalty payments (MCR 3.9.1.3, 3.11). Pure Python.

Players are identified by any hashable key (the caller uses player ids).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from .text import N_

BASE_PAYMENT = 8  # every loser pays this much on top of whatever else (MCR 3.9.1.3)
MIN_POINTS_WITHOUT_FLOWERS = 8

DISCARD = "discard"
SELF_DRAWN = "self_drawn"
DRAW = "draw"
NOT_PLAYED = "not_played"
OUTCOMES = (DISCARD, SELF_DRAWN, DRAW, NOT_PLAYED)

TO_NOBODY = "nobody"
TO_EACH_OTHER = "each_other"
TO_PLAYER = "player"  # to one player, the one harmed (revealing their tile, MCR 3.11.6.7)
PENALTY_TARGETS = (TO_NOBODY, TO_EACH_OTHER, TO_PLAYER)

#: Whatever identifies a player (the web app uses player ids, the rule sets seats 0..3).
P = TypeVar("P", bound=Hashable)


class PaymentError(ValueError):
    """A hand or penalty that cannot be paid as described.

    ``message`` is English with ``%(name)s`` placeholders, marked for translation; ``params`` fills
    them; ``code`` says which rule failed and ``field`` which input is at fault (``winner``,
    ``discarder``, ``points``, ``flowers``, ``player``, ``amount``, ``to``, ``recipient``, ``outcome``, and for
    fouls ``foul``, ``minutes``, ``seconds``, ``reason``, ``hand_number``), so the web layer
    can translate the message and put it beside the right field.
    """

    def __init__(self, message: str, *, code: str = "invalid", field: str | None = None, **params: object):
        self.message, self.code, self.field, self.params = message, code, field, params
        super().__init__(message % params if params else message)


@dataclass(frozen=True)
class HandOutcome(Generic[P]):
    outcome: str
    winner: P | None = None
    discarder: P | None = None
    points: int = 0  # the hand's total, flowers included
    flowers: int = 0


def check_table(players: Iterable[P]) -> list[P]:
    table = list(players)
    if len(table) != 4 or len(set(table)) != 4:
        raise PaymentError(N_("A table has exactly four different players."), code="table")
    return table


def check_hand(players: Iterable[P], hand: HandOutcome[P]) -> None:
    """Raise PaymentError with a referee-readable message when the hand is inconsistent (MCR)."""
    check_hand_shape(players, hand)
    if hand.outcome in (DRAW, NOT_PLAYED):
        return
    if hand.points - hand.flowers < MIN_POINTS_WITHOUT_FLOWERS:
        raise PaymentError(
            N_(
                "A winning hand is worth at least %(minimum)s points without flowers; %(points)s points less "
                "%(flowers)s for the flowers leaves %(left)s."
            )
            if hand.flowers
            else N_("A winning hand is worth at least %(minimum)s points without flowers, not %(points)s."),
            code="under_minimum",
            field="points",
            minimum=MIN_POINTS_WITHOUT_FLOWERS,
            points=hand.points,
            flowers=hand.flowers,
            left=hand.points - hand.flowers,
        )


def check_hand_shape(players: Iterable[P], hand: HandOutcome[P]) -> None:
    """The checks every rule set shares: four players, a known outcome, who won and who discarded."""
    players = check_table(players)
    if hand.outcome not in OUTCOMES:
        raise PaymentError(
            N_("Unknown hand outcome %(outcome)r."), code="outcome", field="outcome", outcome=hand.outcome
        )
    if hand.outcome in (DRAW, NOT_PLAYED):
        if hand.winner is not None or hand.discarder is not None or hand.points or hand.flowers:
            raise PaymentError(
                N_("A drawn or unplayed hand has no winner, discarder, points or flowers."), code="no_win_details"
            )
        return
    if hand.winner not in players:
        raise PaymentError(
            N_("The winner must be one of the four players at the table."), code="winner_not_seated", field="winner"
        )
    if hand.outcome == DISCARD:
        if hand.discarder not in players:
            raise PaymentError(
                N_("A win by discard needs the discarder, one of the players at the table."),
                code="discarder_missing",
                field="discarder",
            )
        if hand.discarder == hand.winner:
            raise PaymentError(
                N_("The winner cannot have discarded the winning tile."), code="discarder_is_winner", field="discarder"
            )
    elif hand.discarder is not None:
        raise PaymentError(N_("A self-drawn win has no discarder."), code="self_drawn_discarder", field="discarder")
    if not 0 <= hand.flowers <= 8:
        raise PaymentError(N_("A hand has between 0 and 8 flowers."), code="flowers_range", field="flowers")


def hand_payments(players: Iterable[P], hand: HandOutcome[P]) -> dict[P, int]:
    """Score change of each player for one hand; the changes sum to zero."""
    players = list(players)
    check_hand(players, hand)
    result = dict.fromkeys(players, 0)
    # check_hand made sure a win has its winner among the players.
    winner = cast(P, hand.winner)
    if hand.outcome == SELF_DRAWN:
        for p in players:
            if p != winner:
                result[p] -= BASE_PAYMENT + hand.points
                result[winner] += BASE_PAYMENT + hand.points
    elif hand.outcome == DISCARD:
        for p in players:
            if p == winner:
                continue
            pay = BASE_PAYMENT + (hand.points if p == hand.discarder else 0)
            result[p] -= pay
            result[winner] += pay
    return result


def payment_summary(points: int, *, self_drawn: bool, flowers: int = 0) -> dict[str, bool | int | None]:
    """Who pays what for a win of `points`, as the calculator explains it, from :func:`hand_payments`.

    Keys: ``each`` (self-drawn: what each of the three pays), ``discarder`` and ``others`` (by discard:
    what the discarder and each of the other two pay; self-drawn: ``others`` equals ``each``),
    ``winner_gets``.
    """
    seats = ("winner", "discarder", "other", "another")
    hand = HandOutcome(
        SELF_DRAWN if self_drawn else DISCARD, "winner", None if self_drawn else "discarder", points, flowers
    )
    paid = {seat: -delta for seat, delta in hand_payments(seats, hand).items()}
    return {
        "self_drawn": self_drawn,
        "each": paid["other"] if self_drawn else None,
        "discarder": None if self_drawn else paid["discarder"],
        "others": paid["other"],
        "winner_gets": -paid["winner"],
    }


def penalty_payments(
    players: Iterable[P], offender: P, amount: int, to: str, *, recipient: P | None = None, warning: bool = False
) -> dict[P, int]:
    """Score change of each player for one penalty.

    Paid to nobody (late arrival, rule violation) it only costs the offender; paid to each other
    player (false Hu, repeated minor fouls) each of the three others receives the amount; paid to one
    player (revealing their tile) the `recipient` receives it. A foul recorded without points (a
    warning, a dead hand, a lost session) passes ``warning=True`` and an amount of 0: nothing is paid.
    """
    players = check_table(players)
    if offender not in players:
        raise PaymentError(N_("The penalised player must be at the table."), code="offender_not_seated", field="player")
    if warning:
        if amount != 0:
            raise PaymentError(N_("A warning costs no points."), code="amount", field="amount")
        return dict.fromkeys(players, 0)
    if amount <= 0:
        raise PaymentError(N_("A penalty is a positive number of points."), code="amount", field="amount")
    if to not in PENALTY_TARGETS:
        raise PaymentError(N_("Unknown penalty target %(to)r."), code="target", field="to", to=to)
    receivers: list[P] = []
    if to == TO_PLAYER:
        if recipient is None or recipient not in players:
            raise PaymentError(
                N_("The player who receives the points must be at the table."),
                code="recipient_not_seated",
                field="recipient",
            )
        if recipient == offender:
            raise PaymentError(
                N_("The penalised player cannot receive their own penalty."),
                code="recipient_is_offender",
                field="recipient",
            )
        receivers = [recipient]
    elif recipient is not None:
        raise PaymentError(
            N_("Points paid to nobody or to each other player have no single recipient."),
            code="recipient_unexpected",
            field="recipient",
        )
    elif to == TO_EACH_OTHER:
        receivers = [p for p in players if p != offender]
    result = dict.fromkeys(players, 0)
    if to == TO_NOBODY:
        result[offender] = -amount
    for p in receivers:
        result[p] += amount
        result[offender] -= amount
    return result
