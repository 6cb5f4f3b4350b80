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

from . import time_limits
from .core.tiles import TileError, parse_tiles, tiles_str
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
TIME = "time"  # before issue 32: the seconds over the limit, whichever limit
TIME_TURN = "time_turn"
TIME_HAND = "time_hand"
TIME_EXCUSED = "time_excused"
TILES_WRONG_CLAIM = "tiles_wrong_claim"
TILES_CLAIM_CANCEL = "tiles_claim_cancel"
TILES_FALSE_WIN = "tiles_false_win"
TILES_WIN_CANCEL = "tiles_win_cancel"
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
# WSOM time limits: 5 points per 15 seconds or part of them; over 80 points in one hand forfeits the game
# (``rules.time_limits`` has the limits themselves).
TIME_STEP_SECONDS = time_limits.STEP_SECONDS
TIME_STEP_POINTS = time_limits.STEP_POINTS
TIME_FORFEIT_OVER = time_limits.FORFEIT_OVER_POINTS
# Repeated fouls (MCR 3.11.6.3-5): a warning, then 5 to each other player, 10, 20 and doubling on.
ESCALATION_FIRST_POINTS = 5

# Penalty tiles (WSOM, "Wrong claims" 1-7): how many tiles each occasion leaves, (fewest, most); None: no bound.
# A cancelled claim shows two tiles (3); a cancelled win three, or all that is left when fewer (7).
PENALTY_TILE_COUNTS: dict[str, tuple[int, int | None]] = {
    TILES_WRONG_CLAIM: (1, None),
    TILES_CLAIM_CANCEL: (2, 2),
    TILES_FALSE_WIN: (1, None),
    TILES_WIN_CANCEL: (1, 3),
}
PENALTY_TILES_MAX = 14

INPUTS = ("minutes", "seconds", "from_deal", "amount", "to", "recipient", "tiles")


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
        Foul(
            TIME_TURN,
            N_("Time: a turn over 15 seconds"),
            N_("WSOM time limits 2, 4"),
            inputs=("seconds", "from_deal"),
            needs_hand=True,
        ),
        Foul(
            TIME_HAND,
            N_("Time: over 3 minutes in the hand"),
            N_("WSOM time limits 1, 4"),
            inputs=("seconds", "from_deal"),
            needs_hand=True,
        ),
        Foul(
            TIME_EXCUSED,
            N_("Time forfeit excused"),
            N_("WSOM time limits 7"),
            needs_hand=True,
            needs_reason=True,
        ),
        Foul(
            TILES_WRONG_CLAIM,
            N_("Penalty tiles: tiles exposed on a wrong claim"),
            N_("WSOM wrong claims 1, 2"),
            inputs=("tiles",),
        ),
        Foul(TILES_CLAIM_CANCEL, N_("Penalty tiles: a cancelled claim"), N_("WSOM wrong claims 3"), inputs=("tiles",)),
        Foul(TILES_FALSE_WIN, N_("Penalty tiles: a false win"), N_("WSOM wrong claims 6"), inputs=("tiles",)),
        Foul(TILES_WIN_CANCEL, N_("Penalty tiles: a cancelled win"), N_("WSOM wrong claims 7"), inputs=("tiles",)),
        Foul(OTHER, N_("Other"), N_("MCR 3.11"), inputs=("amount", "to", "recipient"), needs_reason=True),
    )
}
CODES = tuple(CATALOGUE)
ESCALATING = tuple(code for code, foul in CATALOGUE.items() if foul.escalates)
DEAD_HAND_FOULS = tuple(code for code, foul in CATALOGUE.items() if foul.dead_hand)
# Fouls that may be recorded without points: the database allows an amount of 0 only for these.
PENALTY_TILE_FOULS = tuple(PENALTY_TILE_COUNTS)
TIME_FOULS = (TIME, TIME_TURN, TIME_HAND)
WITHOUT_POINTS = (
    WARNING,
    LATE,
    CLAIM_CHANGED,
    WALL_TOUCHED,
    LATE_PUNG,
    EXPOSED_TILES,
    DEAD_HAND,
    TIME_EXCUSED,
    *PENALTY_TILE_FOULS,
)


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
    tiles: str = ""  # penalty tiles, in the tile notation (``rules.core.tiles``)

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


# What a foul measured in minutes or seconds must be, by its field.
_COUNT_ERRORS = {
    "minutes": N_("A late arrival is a whole number of minutes, 1 or more (not %(minutes)s)."),
    "seconds": N_("Time is a whole number of seconds, 1 or more (not %(seconds)s)."),
}


def _check_count(field: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise PaymentError(_COUNT_ERRORS[field], code=field, field=field, **{field: value})


def late_amount(minutes: int) -> tuple[int, bool]:
    """(points to nobody, session lost) for arriving `minutes` late (MCR 3.11.2)."""
    _check_count("minutes", minutes)
    for limit, points in LATE_STEPS:
        if minutes <= limit:
            return points, False
    return 0, True


def time_amount(seconds: int) -> int:
    """Points to nobody for `seconds` over a time limit: 5 per 15 seconds or part of them (WSOM)."""
    _check_count("seconds", seconds)
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
    from_deal: bool = False,
    tiles: str = "",
) -> Assessment:
    """What the foul `code` costs. `earlier` is the number of earlier fouls of the same kind by the same
    player that count for escalation (the caller decides the scope: the session or the tournament).
    `from_deal`: a time foul's seconds were timed from the end of the deal (its first 15 are free);
    `tiles`: the penalty tiles, in the tile notation.

    Inputs a foul does not take are refused rather than ignored, so a mistyped entry is noticed.
    """
    entry = foul(code)
    given = {
        "minutes": minutes,
        "seconds": seconds,
        "from_deal": from_deal or None,
        "amount": amount,
        "to": to,
        "recipient": recipient,
        "tiles": tiles or None,
    }
    _check_inputs(entry, given, hand=hand, reason=reason)
    if code in (TIME_TURN, TIME_HAND):
        return _time_limit(code, seconds, from_deal)
    if code in PENALTY_TILE_COUNTS:
        return Assessment(code, 0, tiles=penalty_tiles(code, tiles))
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


def _time_limit(code: str, seconds: int | None, from_deal: bool) -> Assessment:
    """A turn over 15 seconds or a hand over 3 minutes (WSOM time limits 1, 2, 4), from the seconds timed."""
    if seconds is None:
        raise PaymentError(N_("Give how many seconds the player took."), code="seconds", field="seconds")
    _check_count("seconds", seconds)
    kind = time_limits.TURN if code == TIME_TURN else time_limits.HAND
    points = time_limits.time_points(kind, seconds, from_deal=from_deal)
    if points == 0:
        counted = time_limits.counted_seconds(seconds, from_deal=from_deal)
        raise PaymentError(
            N_("%(counted)s seconds counted are within the limit of %(limit)s seconds: there is no time penalty."),
            code="time_within_limit",
            field="seconds",
            counted=counted,
            limit=time_limits.LIMITS[kind],
        )
    return Assessment(code, points)


def penalty_tiles(code: str, text: str) -> str:
    """The penalty tiles of one occasion, written the usual way (``5p2s``), if their number fits the rule:
    two for a cancelled claim, three at most for a cancelled win (WSOM wrong claims 3, 7), one at least."""
    try:
        tiles = parse_tiles(text or "")
    except TileError as exc:
        raise PaymentError(
            N_("Penalty tiles: %(error)s"), code="tiles_invalid", field="tiles", error=exc.message
        ) from None
    fewest, most = PENALTY_TILE_COUNTS[code]
    most = PENALTY_TILES_MAX if most is None else most
    if not fewest <= len(tiles) <= most:
        raise PaymentError(
            N_("This occasion leaves %(fewest)s to %(most)s penalty tiles, not %(count)s; name each tile."),
            code="tiles_count",
            field="tiles",
            fewest=fewest,
            most=most,
            count=len(tiles),
        )
    return tiles_str(tiles)


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

    Over 15 minutes late (MCR 3.11.2), or time penalties of more than 80 points in one hand (WSOM time
    limits 7: the player is taken to have forfeited), unless the referee excused that hand
    (``time_excused``). Returns an English reason, marked for translation.
    """
    time_by_hand: dict[object, int] = {}
    excused: set[object] = set()
    for f in fouls:
        if f.code == LATE and f.minutes is not None and f.minutes > LATE_LOSES_SESSION_AFTER:
            return N_("arrived more than 15 minutes late")
        if f.code in TIME_FOULS:
            # Without its hand a time penalty cannot be added to others: it counts on its own.
            hand = f.hand if f.hand is not None else object()
            time_by_hand[hand] = time_by_hand.get(hand, 0) + f.amount
        elif f.code == TIME_EXCUSED and f.hand is not None:
            excused.add(f.hand)
    if time_limits.forfeited_hands(time_by_hand, excused):
        return N_("more than 80 points of time penalties in one hand")
    return None
