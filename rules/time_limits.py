"""The World Series of Mahjong time limits (rules v1.03, "Time limits" / "Límites de Tiempo de Juego";
``../shared/seeds/003_*.txt``), exact. Pure Python; docs/fouls.md explains each reading.

The text, by its numbered paragraphs:

1. in one hand each player has **3 minutes in all** for their moves; over it costs 5 points per 15 seconds
   or part of them;
2. each **turn** has **15 seconds**; over it costs 5 points per 15 seconds or part of them, **per occasion**;
4. the clock starts 15 seconds after the deal: **the first 15 seconds of the hand are free**;
5. the two penalties **add up**: a player over 3 minutes because of slow turns pays both;
7. a player penalised **more than 80 points in one hand** for time is deemed to have forfeited, **unless they
   have a reasonable explanation** (the referee excuses it, saying why).

The referee records what they timed: the seconds a turn took, or the seconds a player used in all in a
hand, and whether that time was counted from the end of the deal (then its first 15 seconds are free).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

TURN = "turn"
HAND = "hand"
KINDS = (TURN, HAND)

TURN_LIMIT_SECONDS = 15  # 003, time limits 2
HAND_LIMIT_SECONDS = 3 * 60  # 003, time limits 1
STEP_SECONDS = 15  # 003, time limits 1 and 2: "per 15 seconds (or part of them)"
STEP_POINTS = 5
FREE_AFTER_DEAL_SECONDS = 15  # 003, time limits 4
FORFEIT_OVER_POINTS = 80  # 003, time limits 7: "more than 80 points in one hand"

LIMITS = {TURN: TURN_LIMIT_SECONDS, HAND: HAND_LIMIT_SECONDS}


def counted_seconds(seconds: int, *, from_deal: bool = False) -> int:
    """The seconds the limit counts: a time taken from the end of the deal loses its first 15 free seconds."""
    if seconds < 0:
        raise ValueError("seconds cannot be negative")
    return max(0, seconds - FREE_AFTER_DEAL_SECONDS) if from_deal else seconds


def seconds_over(kind: str, seconds: int, *, from_deal: bool = False) -> int:
    """How far ``seconds`` (timed for a turn, or in all in a hand) go over the limit of ``kind``; 0 within it."""
    return max(0, counted_seconds(seconds, from_deal=from_deal) - LIMITS[kind])


def over_points(over: int) -> int:
    """5 points per 15 seconds or part of them over a limit (0 seconds over: nothing)."""
    if over < 0:
        raise ValueError("over cannot be negative")
    return STEP_POINTS * math.ceil(over / STEP_SECONDS)


def time_points(kind: str, seconds: int, *, from_deal: bool = False) -> int:
    """The penalty for one occasion: a turn of ``seconds``, or a hand in which the player used ``seconds``."""
    return over_points(seconds_over(kind, seconds, from_deal=from_deal))


@dataclass(frozen=True)
class TimeFoul:
    """One time penalty as recorded: its kind, the seconds timed, whether from the deal, its hand and points."""

    kind: str
    seconds: int
    hand: int | None = None
    from_deal: bool = False

    @property
    def points(self) -> int:
        return time_points(self.kind, self.seconds, from_deal=self.from_deal)


def points_by_hand(fouls: Iterable[TimeFoul]) -> dict[int | None, int]:
    """A player's time penalties added up per hand: turns and the hand's total together (paragraph 5).
    Penalties without a hand are added under ``None``; ``forfeited_hands`` never adds them to others."""
    totals: dict[int | None, int] = {}
    for f in fouls:
        totals[f.hand] = totals.get(f.hand, 0) + f.points
    return totals


def forfeits(points_in_hand: int) -> bool:
    """More than 80 points for time in one hand forfeits (paragraph 7)."""
    return points_in_hand > FORFEIT_OVER_POINTS


def forfeited_hands(totals: dict[object, int], excused: Iterable[object] = ()) -> list[object]:
    """The hands in which a player's time penalties (``totals``, hand -> points) forfeit, apart from the
    hands the referee excused (a reasonable explanation, paragraph 7)."""
    spared = set(excused)
    return [hand for hand, points in totals.items() if forfeits(points) and hand not in spared]
