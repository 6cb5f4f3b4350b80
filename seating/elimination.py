"""Elimination tournaments (MCR 3.5.4 names the type): after each round the organizer's rule
decides who plays on, the others keep their final rank, and the next round is seated from
the survivors only.

Rules (``Rule``):

* ``Rule.table_winner()``: the winner of each table plays on;
* ``Rule.best_per_table(k)``: the best k of each table;
* ``Rule.best_overall(n)``: the best n of the whole round, whatever their table;
* ``Rule.final()``: nobody plays on; everybody gets a final rank (the final table).

Order. At a table and overall, players are ordered by table points, then session score (as
the MCR ranking, 3.10.1), then by ``seeding`` (the organizer's order, normally the ranking
before the round). The eliminated of a round rank below every survivor of it and above every
player eliminated earlier; among themselves, per-table rules rank all second places before
all third places (and so on), each group by the same order; ``best_overall`` ranks them by
the order alone.

Ties. Without a seeding, two players equal on table points and score on both sides of the
cut cannot be separated: ``eliminate`` raises ``EliminationTie`` naming them, and the
organizer decides (a play-off, a draw, or a seeding). Ties away from the cut share a rank.

Pure Python; seats the next round with ``swiss_next_session`` (repeat-avoiding, winds evened
out per player).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import PlayerCountError, SeatingError
from .swiss import swiss_next_session
from .types import Sessions, Table, Teams

TABLE_WINNER, BEST_PER_TABLE, BEST_OVERALL = "table_winner", "best_per_table", "best_overall"


class EliminationTie(SeatingError):
    """Players level on table points and score straddle the cut, and no seeding separates them."""

    def __init__(self, players: Iterable[int], places: str):
        self.players = list(players)
        names = ", ".join(str(p) for p in self.players)
        super().__init__(
            f"players {names} are level on table points and score, and only some of them can go on "
            f"({places}); decide by a play-off or a draw, or give a seeding (e.g. the ranking before "
            f"this round) to break the tie"
        )


class SurvivorCountError(PlayerCountError):
    """The survivors of a round cannot fill tables of four."""

    def __init__(self, players: int):
        self.players = players
        SeatingError.__init__(
            self,
            f"{players} players go on, which does not fill tables of four: choose a rule that keeps a "
            f"multiple of four (the best k of each table keeps k x tables players; the best n overall, "
            f"n a multiple of four)",
        )


@dataclass(frozen=True)
class Rule:
    kind: str
    count: int = 1

    @classmethod
    def table_winner(cls) -> Rule:
        return cls(TABLE_WINNER, 1)

    @classmethod
    def best_per_table(cls, k: int) -> Rule:
        if not isinstance(k, int) or not 1 <= k <= 3:
            raise SeatingError(f"the best k of each table go on, with k from 1 to 3; got {k!r}")
        return cls(BEST_PER_TABLE, k)

    @classmethod
    def best_overall(cls, n: int) -> Rule:
        if not isinstance(n, int) or n < 0:
            raise SeatingError(f"the best n overall go on, n a whole number; got {n!r}")
        return cls(BEST_OVERALL, n)

    @classmethod
    def final(cls) -> Rule:
        return cls(BEST_OVERALL, 0)

    def survivors_from(self, players: int) -> int:
        """How many of ``players`` (seated at tables of four) this rule keeps."""
        if self.kind == BEST_OVERALL:
            return min(self.count, players)
        return self.count * (players // 4)


@dataclass(frozen=True)
class Result:
    """A player's result in the round: table points and session score."""

    player: int
    table_points: Fraction | float
    score: int = 0


@dataclass
class RoundOutcome:
    survivors: list[int]  # best first
    eliminated: list[int]  # best first
    ranks: dict[int, int] = field(default_factory=dict)  # eliminated player -> final rank (1 = best)


def _check(tables: Sequence[Sequence[Result]]) -> None:
    seen = set()
    for i, table in enumerate(tables, 1):
        if len(table) != 4:
            raise SeatingError(f"table {i} has {len(table)} results; a table has four players")
        for r in table:
            if not isinstance(r, Result):
                raise SeatingError(f"table {i}: {r!r} is not a Result(player, table_points, score)")
            if r.player in seen:
                raise SeatingError(f"player {r.player} is listed twice in the round")
            seen.add(r.player)


def _order(results: Iterable[Result], seed_pos: Mapping[int, int]) -> list[Result]:
    """Best first by table points, score, then seeding; and the key that counts as a tie."""

    def key(r: Result) -> tuple[Fraction | float, int, int]:
        return (-r.table_points, -r.score, seed_pos.get(r.player, len(seed_pos)))

    return sorted(results, key=key)


def _level(a: Result, b: Result) -> bool:
    return a.table_points == b.table_points and a.score == b.score


def _cut(ordered: list[Result], keep: int, seeded: bool, what: str) -> tuple[list[Result], list[Result]]:
    """Split at ``keep``; refuse a cut through players that nothing separates."""
    if seeded or keep <= 0 or keep >= len(ordered) or not _level(ordered[keep - 1], ordered[keep]):
        return ordered[:keep], ordered[keep:]
    tied = [r.player for r in ordered if _level(r, ordered[keep])]
    raise EliminationTie(tied, what)


def _shared_ranks(groups: list[list[Result]], start: int, seeded: bool) -> dict[int, int]:
    """Final ranks from ``start`` for the groups in order; without a seeding, level players in
    one group share the better rank."""
    ranks: dict[int, int] = {}
    rank = start
    for group in groups:
        for i, r in enumerate(group):
            if not seeded and i and _level(group[i - 1], r):
                ranks[r.player] = ranks[group[i - 1].player]
            else:
                ranks[r.player] = rank
            rank += 1
    return ranks


def eliminate(tables: Iterable[Iterable[Result]], rule: Rule, seeding: Iterable[int] | None = None) -> RoundOutcome:
    """Who plays on after a round. ``tables``: lists of four ``Result``; ``seeding``: players
    best first, breaking whatever table points and score leave level."""
    round_tables = [list(t) for t in tables]
    _check(round_tables)
    seeded = seeding is not None
    seed_pos = {p: i for i, p in enumerate(seeding or [])}
    if seeded:
        missing = [r.player for t in round_tables for r in t if r.player not in seed_pos]
        if missing:
            raise SeatingError(f"the seeding does not list player(s) {', '.join(map(str, missing))}")
    kept: list[Result]
    if rule.kind == BEST_OVERALL:
        everyone = _order([r for t in round_tables for r in t], seed_pos)
        n = min(rule.count, len(everyone))
        kept, out = _cut(everyone, n, seeded, f"{n} place(s) overall")
        groups = [out]
    elif rule.kind in (TABLE_WINNER, BEST_PER_TABLE):
        k = rule.count
        kept = []
        places: list[list[Result]] = [[] for _ in range(4 - k)]
        for i, table in enumerate(round_tables, 1):
            ordered = _order(table, seed_pos)
            top, rest = _cut(ordered, k, seeded, f"{k} place(s) at table {i}")
            kept.extend(top)
            place = 0
            for i, r in enumerate(rest):
                # level players share a place (the better one), so they rank together
                if not (i and not seeded and _level(rest[i - 1], r)):
                    place = i
                places[place].append(r)
        kept = _order(kept, seed_pos)
        groups = [_order(g, seed_pos) for g in places]
    else:
        raise SeatingError(f"unknown elimination rule {rule.kind!r}")
    ranks = _shared_ranks(groups, len(kept) + 1, seeded)
    return RoundOutcome([r.player for r in kept], [r.player for g in groups for r in g], ranks)


def seat_next_round(
    survivors: Iterable[int],
    history: Sessions = (),
    order: str = "standings",
    seed: int | str = 0,
    teams: Teams | None = None,
) -> list[Table]:
    """Tables (East, South, West, North) for the next round, from the survivors only.

    ``survivors``: best first (``RoundOutcome.survivors``); ``history``: the tables of every
    earlier round, so the seating avoids meetings already played and evens out winds.
    ``order``: ``standings`` seats by the standings (best with best, as a Swiss session);
    ``draw`` seats by a draw (seeded by ``seed``), still avoiding repeats.
    """
    field = list(survivors)
    if len(field) % 4:
        raise SurvivorCountError(len(field))
    if order == "draw":
        random.Random(f"elimination:{seed}").shuffle(field)
    elif order != "standings":
        raise SeatingError(f"order must be 'standings' or 'draw'; got {order!r}")
    return swiss_next_session(field, list(history), teams)


def plan(players: int, rules: Iterable[Rule]) -> list[int]:
    """Players in each round for a sequence of rules, e.g. plan(64, [winner, winner, final])
    -> [64, 16, 4]; raises SurvivorCountError at the first round that cannot be seated."""
    counts = [players]
    if players % 4:
        raise SurvivorCountError(players)
    for rule in rules:
        n = rule.survivors_from(counts[-1])
        if n == 0:
            break
        if n % 4:
            raise SurvivorCountError(n)
        counts.append(n)
    return counts
