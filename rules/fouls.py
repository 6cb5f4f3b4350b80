"""The catalogue of fouls: what each costs, to whom, and what else it does. Pure Python.

Sources: the MCR rulebook, section 3.11 (late arrival and rule violations 3.11.2, dead hand 3.11.3,
the fouls of 3.11.6), and the World Series of Mahjong rules v1.03 (long and short hands, time limits).
Decisions where the sources leave room are in ``docs/fouls.md``.

The web layer and the import ask :func:`assess` what a foul costs; :func:`lost_session` says whether a
player's fouls at one table cost them the session. Errors are :class:`~rules.payments.PaymentError`
with translatable messages, on the input at fault (``minutes``, ``seconds``, ``amount``, ``to``,
``reason``, ``hand_number``, ``foul``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from .payments import TO_EACH_OTHER, TO_NOBODY, TO_PLAYER, PaymentError
from .text import N_

WARNING = "warning"
LATE = "late"
VIOLATION = "violation"
CLAIM_CHANGED = "claim_changed"
WALL_TOUCHED = "wall_touched"
LATE_PUNG = "late_pung"
FALSE_HU_UNDER_8 = "false_hu_under_8"
FALSE_HU_INVALID = "false_hu_invalid"
EXPOSED_TILES = "exposed_tiles"
REVEALED_TILE = "revealed_tile"
DEAD_HAND = "dead_hand"
TIME = "time"
OTHER = "other"

# Late arrival (MCR 3.11.2): up to 10 minutes costs 10 points, 11 to 15 minutes 20; later, the session is lost.
LATE_STEPS = ((10, 10), (15, 20))
LATE_LOSES_SESSION_AFTER = 15
# A rule violation costs one of these, at the referee's discretion, paid to nobody (MCR 3.11.2).
VIOLATION_AMOUNTS = (5, 10, 20, 30, 40, 50, 60)
# Revealing another player's tile: 5 to 60 points to the player harmed (MCR 3.11.6.7).
REVEALED_TILE_RANGE = (5, 60)
# Exposing one's tiles when another declares Hu: a warning, or 30 to each other player (MCR 3.11.6.7).
EXPOSED_TILES_AMOUNTS = (0, 30)
# WSOM time limits: 5 points per 15 seconds or part of them; over 80 points in one hand forfeits the game.
TIME_STEP_SECONDS = 15
TIME_STEP_POINTS = 5
TIME_FORFEIT_OVER = 80
# Repeated fouls (MCR 3.11.6.3-5): a warning, then 5 to each other player, 10, 20 and doubling on.
ESCALATION_FIRST_POINTS = 5

INPUTS = ("minutes", "seconds", "amount", "to", "recipient")


@dataclass(frozen=True)
class Foul:
    """One entry of the catalogue. ``name`` and ``rule`` are English, marked for translation."""

    code: str
    name: str
    rule: str
    inputs: tuple[str, ...] = ()  # which of INPUTS the referee gives
    escalates: bool = False
    dead_hand: bool = False
    needs_hand: bool = False
    needs_reason: bool = False


CATALOGUE = {
    f.code: f
    for f in (
        Foul(WARNING, N_("Warning"), N_("MCR 3.11.1")),
        Foul(LATE, N_("Late arrival"), N_("MCR 3.11.2"), inputs=("minutes",)),
        Foul(VIOLATION, N_("Rule violation"), N_("MCR 3.11.2"), inputs=("amount",)),
        Foul(CLAIM_CHANGED, N_("Changing one's mind on a claim"), N_("MCR 3.11.6.3"), escalates=True),
        Foul(WALL_TOUCHED, N_("Touching the wall early"), N_("MCR 3.11.6.4"), escalates=True),
        Foul(LATE_PUNG, N_("Late pung"), N_("MCR 3.11.6.5"), escalates=True),
        Foul(FALSE_HU_UNDER_8, N_("False Hu: under 8 points"), N_("MCR 3.11.6.6"), dead_hand=True),
        Foul(FALSE_HU_INVALID, N_("False Hu: wrong structure or tile count"), N_("MCR 3.11.6.6"), dead_hand=True),
        Foul(EXPOSED_TILES, N_("Exposed tiles"), N_("MCR 3.11.6.7"), inputs=("amount",)),
        Foul(REVEALED_TILE, N_("Revealing another player's tile"), N_("MCR 3.11.6.7"), inputs=("amount", "recipient")),
        Foul(
            DEAD_HAND,
            N_("Dead hand (long or short hand, wrong claim, passing information)"),
            N_("MCR 3.11.3, 3.11.6.2, 3.11.6.8-9; WSOM"),
            dead_hand=True,
            needs_hand=True,
        ),
        Foul(TIME, N_("Time limit exceeded"), N_("WSOM time limits"), inputs=("seconds",)),
        Foul(OTHER, N_("Other"), N_("MCR 3.11"), inputs=("amount", "to", "recipient"), needs_reason=True),
    )
}
CODES = tuple(CATALOGUE)
ESCALATING = tuple(code for code, foul in CATALOGUE.items() if foul.escalates)
DEAD_HAND_FOULS = tuple(code for code, foul in CATALOGUE.items() if foul.dead_hand)
# Fouls that may be recorded without points: the database allows an amount of 0 only for these.
WITHOUT_POINTS = (WARNING, LATE, CLAIM_CHANGED, WALL_TOUCHED, LATE_PUNG, EXPOSED_TILES, DEAD_HAND)


@dataclass(frozen=True)
class Assessment:
    """What a foul costs: ``amount`` points lost by the offender (0: nothing is paid), paid ``to`` nobody,
    each other player, or one player (``recipient``); ``occurrence`` counts repeated fouls (1 = first)."""

    code: str
    amount: int
    to: str = TO_NOBODY
    recipient: object = None
    dead_hand: bool = False
    loses_session: bool = False
    occurrence: int | None = None

    @property
    def warning(self) -> bool:
        """Recorded, nothing paid."""
        return self.amount == 0


def foul(code: str) -> Foul:
    try:
        return CATALOGUE[code]
    except KeyError:
        raise PaymentError(
            N_("“%(foul)s” is not a foul of the catalogue; choose one of %(codes)s."),
            code="foul_unknown",
            field="foul",
            foul=code,
            codes=", ".join(CODES),
        ) from None


def escalation_amount(earlier: int) -> int:
    """Points to each other player for a repeated foul after `earlier` fouls of its kind: 0 (a warning),
    then 5, 10, 20, 40, ... (MCR 3.11.6.3-5: "the fourth 20 points, and so on")."""
    if earlier < 0:
        raise ValueError("earlier cannot be negative")
    return 0 if earlier == 0 else ESCALATION_FIRST_POINTS * 2 ** (earlier - 1)


def late_amount(minutes: int) -> tuple[int, bool]:
    """(points to nobody, session lost) for arriving `minutes` late (MCR 3.11.2)."""
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 1:
        raise PaymentError(
            N_("A late arrival is a whole number of minutes, 1 or more (not %(minutes)s)."),
            code="minutes",
            field="minutes",
            minutes=minutes,
        )
    for limit, points in LATE_STEPS:
        if minutes <= limit:
            return points, False
    return 0, True


def time_amount(seconds: int) -> int:
    """Points to nobody for `seconds` over a time limit: 5 per 15 seconds or part of them (WSOM)."""
    if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 1:
        raise PaymentError(
            N_("Time over the limit is a whole number of seconds, 1 or more (not %(seconds)s)."),
            code="seconds",
            field="seconds",
            seconds=seconds,
        )
    return TIME_STEP_POINTS * math.ceil(seconds / TIME_STEP_SECONDS)


def _amount(value: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PaymentError(N_("Give the points of this foul."), code="amount_missing", field="amount")
    return value


def assess(
    code: str,
    *,
    minutes: int | None = None,
    seconds: int | None = None,
    amount: int | None = None,
    to: str | None = None,
    recipient: object = None,
    earlier: int = 0,
    hand: int | None = None,
    reason: str = "",
) -> Assessment:
    """What the foul `code` costs. `earlier` is the number of earlier fouls of the same kind by the same
    player that count for escalation (the caller decides the scope: the session or the tournament).

    Inputs a foul does not take are refused rather than ignored, so a mistyped entry is noticed.
    """
    entry = foul(code)
    given = {"minutes": minutes, "seconds": seconds, "amount": amount, "to": to, "recipient": recipient}
    _check_inputs(entry, given, hand=hand, reason=reason)
    dead = entry.dead_hand and hand is not None
    if code == LATE:
        if minutes is None:
            raise PaymentError(N_("Give how many minutes late the player arrived."), code="minutes", field="minutes")
        points, lost = late_amount(minutes)
        return Assessment(code, points, loses_session=lost)
    if code == VIOLATION:
        return _violation(amount)
    if entry.escalates:
        if earlier < 0:
            raise ValueError("earlier cannot be negative")
        return Assessment(
            code, escalation_amount(earlier), TO_EACH_OTHER if earlier else TO_NOBODY, occurrence=earlier + 1
        )
    if code == FALSE_HU_UNDER_8:
        return Assessment(code, 10, TO_EACH_OTHER, dead_hand=dead)
    if code == FALSE_HU_INVALID:
        return Assessment(code, 20, TO_EACH_OTHER, dead_hand=dead)
    if code == EXPOSED_TILES:
        return _exposed_tiles(amount)
    if code == REVEALED_TILE:
        return _revealed_tile(amount, recipient)
    if code == DEAD_HAND:
        return Assessment(code, 0, dead_hand=dead)
    if code == TIME:
        if seconds is None:
            raise PaymentError(
                N_("Give how many seconds over the limit the player took."), code="seconds", field="seconds"
            )
        return Assessment(code, time_amount(seconds))
    if code == OTHER:
        return _other(amount, to, recipient)
    return Assessment(code, 0)  # WARNING: recorded, nothing paid


def _check_inputs(entry: Foul, given: dict[str, object], *, hand: int | None, reason: str) -> None:
    """Refuse what the foul does not take, and ask for what it needs (its hand, or a description)."""
    for name, value in given.items():
        if value is not None and name not in entry.inputs:
            raise PaymentError(
                N_("A foul “%(foul)s” takes no %(input)s."),
                code="input_unexpected",
                field=name,
                foul=entry.code,
                input=name,
            )
    if entry.needs_hand and hand is None:
        raise PaymentError(N_("Say which hand is dead."), code="hand_missing", field="hand_number")
    if entry.needs_reason and not (reason or "").strip():
        raise PaymentError(
            N_("Describe the foul: the catalogue has no name for it."), code="reason_missing", field="reason"
        )


def _violation(amount: int | None) -> Assessment:
    points = _amount(amount)
    if points not in VIOLATION_AMOUNTS:
        raise PaymentError(
            N_("A rule violation costs one of %(amounts)s points, paid to nobody (not %(amount)s)."),
            code="amount_not_allowed",
            field="amount",
            amounts=", ".join(map(str, VIOLATION_AMOUNTS)),
            amount=points,
        )
    return Assessment(VIOLATION, points)


def _exposed_tiles(amount: int | None) -> Assessment:
    points = 30 if amount is None else _amount(amount)
    if points not in EXPOSED_TILES_AMOUNTS:
        raise PaymentError(
            N_("Exposed tiles cost 30 points to each other player, or 0 for a warning (not %(amount)s)."),
            code="amount_not_allowed",
            field="amount",
            amount=points,
        )
    return Assessment(EXPOSED_TILES, points, TO_EACH_OTHER if points else TO_NOBODY)


def _revealed_tile(amount: int | None, recipient: object) -> Assessment:
    points = _amount(amount)
    low, high = REVEALED_TILE_RANGE
    if not low <= points <= high:
        raise PaymentError(
            N_("Revealing another player's tile costs %(low)s to %(high)s points (not %(amount)s)."),
            code="amount_not_allowed",
            field="amount",
            low=low,
            high=high,
            amount=points,
        )
    if recipient is None:
        raise PaymentError(
            N_("Choose the player whose tile was revealed: they receive the points."),
            code="recipient_missing",
            field="recipient",
        )
    return Assessment(REVEALED_TILE, points, TO_PLAYER, recipient=recipient)


def _other(amount: int | None, to: str | None, recipient: object) -> Assessment:
    points = _amount(amount)
    if points < 1:
        raise PaymentError(
            N_("A penalty is a positive number of points; record a warning as a warning."),
            code="amount",
            field="amount",
        )
    target = to or (TO_PLAYER if recipient is not None else TO_NOBODY)
    if target == TO_PLAYER and recipient is None:
        raise PaymentError(
            N_("Choose the player who receives the points."), code="recipient_missing", field="recipient"
        )
    if target != TO_PLAYER and recipient is not None:
        raise PaymentError(
            N_("Points paid to nobody or to each other player have no single recipient."),
            code="recipient_unexpected",
            field="recipient",
        )
    return Assessment(OTHER, points, target, recipient=recipient)


@dataclass(frozen=True)
class Given:
    """A foul already recorded, as :func:`lost_session` reads it."""

    code: str
    amount: int = 0
    minutes: int | None = None
    hand: int | None = None


def lost_session(fouls: Iterable[Given]) -> str | None:
    """Why a player lost the session, from their fouls that count at one table, or None.

    Over 15 minutes late (MCR 3.11.2), or time penalties of more than 80 points in one hand (WSOM: the
    player is taken to have forfeited). Returns an English reason, marked for translation.
    """
    time_by_hand: dict[object, int] = {}
    for f in fouls:
        if f.code == LATE and f.minutes is not None and f.minutes > LATE_LOSES_SESSION_AFTER:
            return N_("arrived more than 15 minutes late")
        if f.code == TIME:
            # Without its hand a time penalty cannot be added to others: it counts on its own.
            hand = f.hand if f.hand is not None else object()
            time_by_hand[hand] = time_by_hand.get(hand, 0) + f.amount
    if any(total > TIME_FORFEIT_OVER for total in time_by_hand.values()):
        return N_("more than 80 points of time penalties in one hand")
    return None
