"""Swiss pairing: seat the next session from the current standings.

The ideal is the standings cut into fours (1-4, 5-8, ...).  A player placed at
table ``j`` is *displaced* by how far their rank lies outside that table's
slots ``4j .. 4j+3``.  The search minimises, in this order: meetings repeated
(weighted by how often the pair already met), team-mates together, total
displacement.  Up to 8 players it enumerates every seating (exact); above,
a top-down greedy draw is polished by swaps between nearby tables until no
swap helps (a local optimum, exact in the common case of few conflicts).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations

from .errors import PlayerCountError, SeatingError
from .metrics import wind_counts
from .types import Sessions, Table, Teams
from .winds import seat_table

W_REPEAT = 1 << 30
W_TEAM = 1 << 20


class _Ctx:
    """The standings and the past meetings one session is seated from."""

    def __init__(self, ranking: Iterable[int], history: Sessions, teams: Teams | None):
        self.rank = {p: i for i, p in enumerate(ranking)}
        self.met: dict[tuple[int, int], int] = {}
        for tables in history:
            for tb in tables:
                for a, b in combinations(tb, 2):
                    key = (a, b) if a < b else (b, a)
                    self.met[key] = self.met.get(key, 0) + 1
        self.teams: Teams = teams or {}

    def pair(self, a: int, b: int) -> int:
        c = self.met.get((a, b) if a < b else (b, a), 0) * W_REPEAT
        ta = self.teams.get(a)
        if ta is not None and ta == self.teams.get(b):
            c += W_TEAM
        return c

    def disp(self, p: int, j: int) -> int:
        r = self.rank[p]
        lo, hi = 4 * j, 4 * j + 3
        return lo - r if r < lo else (r - hi if r > hi else 0)

    def table_cost(self, tb: Sequence[int], j: int) -> int:
        c = sum(self.disp(p, j) for p in tb)
        for a, b in combinations(tb, 2):
            c += self.pair(a, b)
        return c


def _exhaustive(ctx: _Ctx, players: Sequence[int]) -> Sequence[Sequence[int]]:
    """Every ordered split into tables (34,650 for 12 players), pruned by the
    best cost so far, starting from the heuristic's seating as the bound."""
    start = _polish(ctx, _greedy(ctx, list(players)))
    best_cost = sum(ctx.table_cost(tb, j) for j, tb in enumerate(start)) + 1
    best: Sequence[Sequence[int]] = start

    def rec(rest: list[int], j: int, acc: int, tables: list[tuple[int, ...]]) -> None:
        nonlocal best_cost, best
        # players still to seat can only go to tables j.., so anyone ranked
        # above table j's slots moves at least that far
        if acc + sum(max(0, 4 * j - ctx.rank[p]) for p in rest) >= best_cost:
            return
        if not rest:
            best_cost, best = acc, list(tables)
            return
        for tb in combinations(rest, 4):
            left = [p for p in rest if p not in tb]
            tables.append(tb)
            rec(left, j + 1, acc + ctx.table_cost(tb, j), tables)
            tables.pop()

    rec(list(players), 0, 0, [])
    return best


def _greedy(ctx: _Ctx, ranking: Sequence[int]) -> list[list[int]]:
    """Top-down: each table takes the best-ranked players that fit."""
    left = list(ranking)
    tables = []
    while left:
        tb = [left[0]]
        for p in left[1:]:
            if len(tb) == 4:
                break
            if all(ctx.pair(p, q) == 0 for q in tb):
                tb.append(p)
        for p in left:
            if len(tb) == 4:
                break
            if p not in tb:
                tb.append(p)  # nobody fits: the swap phase will repair
        chosen = set(tb)
        left = [p for p in left if p not in chosen]
        tables.append(tb)
    return tables


def _polish(ctx: _Ctx, tables: list[list[int]], window: int = 4) -> list[list[int]]:
    """Nearby swaps, then a tabu search over the whole room if team-mates still share a table."""
    tables, costs = _swap_nearby(ctx, tables, window)
    if any(c >= W_TEAM for c in costs):
        tables = _tabu(ctx, tables, costs, iters=max(200, 60000 // len(tables)))
    return tables


def _tabu(ctx: _Ctx, tables: list[list[int]], costs: list[int], iters: int = 3000) -> list[list[int]]:
    """Min-conflicts tabu search over swaps anywhere in the room, for the
    conflicts that nearby swaps could not clear; displacement still counts,
    so the best conflict-free seating found moves players least."""
    rng = random.Random(len(tables))
    T = len(tables)
    best = [list(tb) for tb in tables]
    best_total = cur = sum(costs)
    tabu: dict[int, int] = {}
    last_gain = 0
    for it in range(iters):
        bad = [j for j in range(T) if costs[j] >= W_TEAM]
        if not bad or it - last_gain > 300:
            break
        j = rng.choice(bad)
        A = tables[j]
        cand: tuple[int, int, int, int] | None = None
        for i in range(4):
            a = A[i]
            for k in range(T):
                if k == j:
                    continue
                B = tables[k]
                for h in range(4):
                    b = B[h]
                    A[i], B[h] = b, a
                    d = ctx.table_cost(A, j) + ctx.table_cost(B, k) - costs[j] - costs[k]
                    A[i], B[h] = a, b
                    if tabu.get(a, -1) > it and cur + d >= best_total:
                        continue
                    if cand is None or d < cand[0] or (d == cand[0] and rng.random() < 0.3):
                        cand = (d, i, k, h)
        if cand is None:
            continue
        d, i, k, h = cand
        B = tables[k]
        a, b = A[i], B[h]
        A[i], B[h] = b, a
        costs[j], costs[k] = ctx.table_cost(A, j), ctx.table_cost(B, k)
        cur += d
        tabu[a] = it + 4 + rng.randrange(6)
        tabu[b] = it + 4 + rng.randrange(6)
        if cur < best_total:
            best_total = cur
            best = [list(tb) for tb in tables]
            last_gain = it
    # tidy the displacement of the best seating with nearby swaps
    return _polish_local(ctx, best)


def _polish_local(ctx: _Ctx, tables: list[list[int]], window: int = 4) -> list[list[int]]:
    return _swap_nearby(ctx, tables, window)[0]


def _swap_nearby(ctx: _Ctx, tables: list[list[int]], window: int) -> tuple[list[list[int]], list[int]]:
    """Swap players between tables at most `window` apart while that lowers the cost.

    Returns the tables and their costs."""
    T = len(tables)
    costs = [ctx.table_cost(tb, j) for j, tb in enumerate(tables)]
    improved = True
    while improved:
        improved = False
        for j in range(T):
            for k in range(j + 1, min(T, j + 1 + window)):
                A, B = tables[j], tables[k]
                for i in range(4):
                    for h in range(4):
                        a, b = A[i], B[h]
                        A[i], B[h] = b, a
                        ca, cb = ctx.table_cost(A, j), ctx.table_cost(B, k)
                        if ca + cb < costs[j] + costs[k]:
                            costs[j], costs[k] = ca, cb
                            improved = True
                        else:
                            A[i], B[h] = a, b
    return tables, costs


def displacement(ranking: Iterable[int], tables: Iterable[Iterable[int]]) -> int:
    """Total places moved from the standings order (0 = cut straight into fours)."""
    ctx = _Ctx(ranking, [], None)
    return sum(ctx.disp(p, j) for j, tb in enumerate(tables) for p in tb)


def swiss_next_session(
    ranking: Iterable[int], history: Sessions, teams: Teams | None = None, exact_limit: int = 8
) -> list[Table]:
    """Tables for the next session, in wind order, best-ranked table first.

    ``ranking``: players best first; ``history``: finished sessions (lists of
    tables); ``teams``: player -> team.  Winds are chosen per table to even
    out each player's past starting winds.
    """
    ranking = list(ranking)
    if len(set(ranking)) != len(ranking):
        raise SeatingError("the ranking lists a player twice")
    if len(ranking) % 4:
        raise PlayerCountError(len(ranking))
    if not ranking:
        return []
    ctx = _Ctx(ranking, history, teams)
    if len(ranking) <= exact_limit:
        tables = [list(tb) for tb in _exhaustive(ctx, ranking)]
    else:
        tables = _polish(ctx, _greedy(ctx, ranking))
    past = wind_counts(history)
    return [seat_table(sorted(tb, key=ctx.rank.__getitem__), past) for tb in tables]


def mixed_next_session(
    ranking: Sequence[int],
    history: Sessions,
    round_robin_sessions: int,
    teams: Teams | None = None,
    seed: int | str = 0,
) -> list[Table]:
    """Mixed system: the first ``round_robin_sessions`` sessions come from a
    round-robin schedule of the field (players numbered 1..N), later ones are
    Swiss by the standings."""
    from .roundrobin import round_robin

    done = len(history)
    if done < round_robin_sessions:
        n = len(ranking)
        if sorted(ranking) != list(range(1, n + 1)):
            raise SeatingError("mixed seating numbers players 1..N")
        return round_robin(n, round_robin_sessions, teams=teams, seed=seed).sessions[done]
    return swiss_next_session(ranking, history, teams)
