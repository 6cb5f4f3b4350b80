"""Finals with a cut: after session K the best N play the last sessions among themselves, starting from a part
of what they earned before (docs/elimination.md, "Finals with a cut"). Pure Python.

* ``carried(value, rule, factor)``: the part of a total that is carried into the final: ``reset`` (start from
  zero), ``half``, ``two_thirds_up`` (two thirds, rounded up to a whole number, as the 2016 Russian duplicate
  championship carried its scores), ``kept`` (everything) or ``factor`` (the organizer's fraction);
* ``cut(ranking, n)``: the best ``n`` of the ranking after session K; players level on everything the
  ranking orders by on both sides of the cut raise ``CutTie`` (the organizer decides: a play-off or a draw);
* ``final_tables(finalists, order)``: the final tables seated by rank, ``blocks`` (1-4, 5-8, ...) or
  ``snake`` (with T tables, ranks 1..T one to each table, then T+1..2T back, and so on), each table's seats
  in rank order (the best in East);
* ``final_order(finalists, others)``: the final ranking, finalists first.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from .errors import PlayerCountError, SeatingError

RESET, HALF, TWO_THIRDS_UP, KEPT, FACTOR = "reset", "half", "two_thirds_up", "kept", "factor"
CARRY_RULES = (RESET, HALF, TWO_THIRDS_UP, KEPT, FACTOR)
BLOCKS, SNAKE = "blocks", "snake"
SEATING_ORDERS = (BLOCKS, SNAKE)
PLAY_ON, STOP = "play_on", "stop"
OTHERS = (PLAY_ON, STOP)
T = TypeVar("T", bound=Hashable)


class CutTie(SeatingError):
    """Players level on everything the ranking orders by straddle the cut."""

    def __init__(self, players: Iterable[Hashable], place: int):
        self.players = list(players)
        self.place = place
        names = ", ".join(str(p) for p in self.players)
        super().__init__(
            f"players {names} are level at place {place}, where the cut falls: decide by a play-off or a draw "
            f"and give the order of the players still level"
        )


def carried(value: Fraction | int, rule: str, factor: Fraction | None = None) -> Fraction:
    """The part of ``value`` (table points, or points) carried into the final under ``rule``.

    "Rounded up" is toward the larger number, also for a negative score (-10 x 2/3 = -6.67 carries -6)."""
    value = Fraction(value)
    if rule == RESET:
        return Fraction(0)
    if rule == HALF:
        return value / 2
    if rule == TWO_THIRDS_UP:
        return Fraction(math.ceil(value * 2 / 3))
    if rule == KEPT:
        return value
    if rule == FACTOR:
        if factor is None or not 0 <= factor <= 1:
            raise SeatingError("a carry-over factor is a number between 0 and 1")
        return value * factor
    raise SeatingError(f"unknown carry-over rule {rule!r}; use one of {', '.join(CARRY_RULES)}")


@dataclass(frozen=True)
class Ranked:
    """One player in the ranking the cut is made on: ``key`` orders them (smaller is better), and players with
    the same ``key`` are level on everything the ranking uses."""

    player: Hashable
    key: tuple[object, ...]


def check_size(players: int, size: int) -> None:
    if size < 4 or size % 4:
        raise PlayerCountError(size)
    if size >= players:
        raise SeatingError(f"a final of {size} needs more than {size} players; there are {players}")


def cut(ranking: Sequence[Ranked], size: int, order_of_level: Sequence[Hashable] = ()) -> list[Hashable]:
    """The best ``size`` players of ``ranking`` (best first). ``order_of_level``: the organizer's order of players
    level at the cut (a play-off or a draw); without it, such players raise ``CutTie``."""
    check_size(len(ranking), size)
    ordered = sorted(ranking, key=lambda r: r.key)
    decided = {p: i for i, p in enumerate(order_of_level)}
    last_in, first_out = ordered[size - 1], ordered[size]
    if last_in.key == first_out.key:
        level = [r for r in ordered if r.key == last_in.key]
        if not all(r.player in decided for r in level):
            raise CutTie([r.player for r in level], size)
        ordered = sorted(ordered, key=lambda r: (r.key, decided.get(r.player, 0)))
    return [r.player for r in ordered[:size]]


def final_tables(finalists: Sequence[T], order: str = BLOCKS) -> list[list[T]]:
    """The final's tables, seated by rank: ``finalists`` best first, four per table."""
    if len(finalists) % 4 or not finalists:
        raise PlayerCountError(len(finalists))
    count = len(finalists) // 4
    if order == BLOCKS:
        return [list(finalists[i * 4 : i * 4 + 4]) for i in range(count)]
    if order == SNAKE:
        tables: list[list[T]] = [[] for _ in range(count)]
        for i, player in enumerate(finalists):
            row, col = divmod(i, count)
            tables[col if row % 2 == 0 else count - 1 - col].append(player)
        return tables
    raise SeatingError(f"unknown seating order {order!r}; use one of {', '.join(SEATING_ORDERS)}")


@dataclass(frozen=True)
class Carry:
    """How a finalist's totals after the cut carry into the final: table points and points each by a rule."""

    table_points: str = KEPT
    points: str = KEPT
    table_points_factor: Fraction | None = None
    points_factor: Fraction | None = None


@dataclass(frozen=True)
class FinalLine:
    """A finalist's standing: the part carried over, the part played in the final, and their sums."""

    player: Hashable
    carried_table_points: Fraction
    carried_points: Fraction
    final_table_points: Fraction
    final_points: Fraction

    @property
    def table_points(self) -> Fraction:
        return self.carried_table_points + self.final_table_points

    @property
    def points(self) -> Fraction:
        return self.carried_points + self.final_points


def final_lines(
    finalists: Sequence[Hashable],
    before: dict[Hashable, tuple[Fraction, Fraction]],
    during: dict[Hashable, tuple[Fraction, Fraction]],
    carry: Carry,
) -> list[FinalLine]:
    """The finalists ranked by table points, then points (MCR 3.10.1), each total made of the part carried from
    ``before`` (player -> (table points, points) up to the cut) and ``during`` (the same in the final's sessions);
    players level on both keep their order at the cut."""
    lines = []
    for player in finalists:
        tp, pts = before.get(player, (Fraction(0), Fraction(0)))
        ftp, fpts = during.get(player, (Fraction(0), Fraction(0)))
        lines.append(
            FinalLine(
                player,
                carried(tp, carry.table_points, carry.table_points_factor),
                carried(pts, carry.points, carry.points_factor),
                Fraction(ftp),
                Fraction(fpts),
            )
        )
    return sorted(lines, key=lambda line: (-line.table_points, -line.points))
