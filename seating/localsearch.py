"""Tabu search on whole schedules (players numbered 0..n-1).

Cost is lexicographic: by default every repeat (a meeting beyond a pair's
first) weighs more than any number of team clashes; with ``clashes_first``
the organizer's other order, every team clash weighs more than any number of
repeats.  Two move kinds:

* swap two players between tables of one session (changes who meets whom);
* swap two players' labels across the whole schedule (keeps the meeting
  structure, so it never adds a repeat, but can move team-mates onto pairs
  that never meet).

Both are scored in O(1) from the pair-meeting matrix, which is what keeps a
few thousand moves per second in pure Python.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .types import SeatedSessions, Sessions

BIG = 1 << 20  # above any count of the other kind
#: (repeats, team clashes)
Cost = tuple[int, int]


class Schedule0:
    """A whole schedule (players 0..n-1) with its pair-meeting matrix, changed one swap at a time."""

    def __init__(self, n: int, sessions: Sessions, team_of: Sequence[int] | None = None, clashes_first: bool = False):
        self.n = n
        self.wr, self.wc = (1, BIG) if clashes_first else (BIG, 1)
        self.S = len(sessions)
        self.tables = [[list(tb) for tb in ses] for ses in sessions]
        self.table_of: list[list[int]] = []
        for ses in self.tables:
            w = [0] * n
            for i, tb in enumerate(ses):
                for p in tb:
                    w[p] = i
            self.table_of.append(w)
        self.team = team_of or [-1 - i for i in range(n)]  # distinct negatives: no team
        self.meet = [0] * (n * n)
        for ses in self.tables:
            for tb in ses:
                for i in range(4):
                    for j in range(i + 1, 4):
                        a, b = tb[i], tb[j]
                        self.meet[a * n + b] += 1
                        self.meet[b * n + a] += 1
        self.bad: set[tuple[int, int]] = set()
        for ses in self.tables:
            for tb in ses:
                for i in range(4):
                    for j in range(i + 1, 4):
                        a, b = tb[i], tb[j]
                        if self._is_bad(a, b):
                            self.bad.add((a, b) if a < b else (b, a))

    def _is_bad(self, a: int, b: int) -> bool:
        m = self.meet[a * self.n + b]
        return m > 1 or bool(m and self.team[a] == self.team[b])

    def cost(self) -> Cost:
        n, meet, team = self.n, self.meet, self.team
        rep = cl = 0
        for a, b in self.bad:
            m = meet[a * n + b]
            if m > 1:
                rep += m - 1
            if team[a] == team[b]:
                cl += m
        return rep, cl

    def _upd(self, a: int, b: int, d: int) -> None:
        n = self.n
        self.meet[a * n + b] += d
        self.meet[b * n + a] += d
        key = (a, b) if a < b else (b, a)
        if self._is_bad(a, b):
            self.bad.add(key)
        else:
            self.bad.discard(key)

    def value(self, cost: Cost) -> int:
        return cost[0] * self.wr + cost[1] * self.wc

    def decode(self, v: int) -> Cost:
        """(repeats, clashes) from a weighted value."""
        if self.wr > self.wc:
            return v // self.wr, v % self.wr
        return v % self.wc, v // self.wc

    def swap_delta(self, s: int, p: int, q: int) -> int:
        """Change in weighted cost if p and q swap tables in session s."""
        A = self.tables[s][self.table_of[s][p]]
        B = self.tables[s][self.table_of[s][q]]
        return self._move_delta(A, p, q) + self._move_delta(B, q, p)

    def _move_delta(self, table: list[int], leaving: int, joining: int) -> int:
        """Cost change at one table when `leaving` makes way for `joining`: the meetings and team
        clashes `leaving` had there go, those `joining` would have come."""
        n, meet, team = self.n, self.meet, self.team
        WR, WC = self.wr, self.wc
        t_leave, t_join = team[leaving], team[joining]
        d = 0
        for x in table:
            if x == leaving:
                continue
            tx = team[x]
            if meet[leaving * n + x] >= 2:
                d -= WR
            if tx == t_leave:
                d -= WC
            if meet[joining * n + x] >= 1:
                d += WR
            if tx == t_join:
                d += WC
        return d

    def swap(self, s: int, p: int, q: int) -> None:
        ta, tb = self.table_of[s][p], self.table_of[s][q]
        A, B = self.tables[s][ta], self.tables[s][tb]
        for x in A:
            if x != p:
                self._upd(p, x, -1)
                self._upd(q, x, 1)
        for y in B:
            if y != q:
                self._upd(q, y, -1)
                self._upd(p, y, 1)
        A[A.index(p)] = q
        B[B.index(q)] = p
        self.table_of[s][p], self.table_of[s][q] = tb, ta

    def sessions(self) -> SeatedSessions:
        return [[tuple(tb) for tb in ses] for ses in self.tables]


def improve(
    sch: Schedule0,
    rng: random.Random,
    max_iters: int,
    target: Cost = (0, 0),
    stall_limit: int | None = None,
    first_free: int = 0,
) -> tuple[SeatedSessions, Cost]:
    """Min-conflicts tabu search; returns the best sessions seen and its cost.
    Sessions before ``first_free`` are never changed (a design being
    extended keeps its structure while the new sessions adapt to it)."""
    n, S = sch.n, sch.S
    cur = sch.cost()
    best_cost = cur
    best = sch.sessions()
    target_v = sch.value(target)
    if sch.value(cur) <= target_v or n <= 4:
        return best, best_cost
    tabu = [[0] * n for _ in range(S)]
    curv = sch.value(cur)
    bestv = curv
    last_gain = 0
    stall_limit = stall_limit or max_iters
    for it in range(1, max_iters + 1):
        if not sch.bad:
            break
        a, b = rng.choice(tuple(sch.bad)) if len(sch.bad) < 64 else _sample(sch.bad, rng)
        where = [s for s in range(first_free, S) if sch.table_of[s][a] == sch.table_of[s][b]]
        if not where:
            continue
        s = rng.choice(where)
        p = a if rng.random() < 0.5 else b
        tp = sch.table_of[s][p]
        moves = []
        bd: int | None = None
        for q in range(n):
            if sch.table_of[s][q] == tp:
                continue
            d = sch.swap_delta(s, p, q)
            if tabu[s][q] > it and curv + d >= bestv:
                continue
            if bd is None or d < bd:
                bd = d
                moves = [q]
            elif d == bd:
                moves.append(q)
        if not moves or bd is None:
            continue
        q = rng.choice(moves)
        sch.swap(s, p, q)
        tabu[s][p] = it + 5 + rng.randrange(10)
        tabu[s][q] = it + 5 + rng.randrange(10)
        curv += bd
        if curv < bestv:
            bestv = curv
            best = sch.sessions()
            best_cost = sch.decode(curv)
            last_gain = it
            if curv <= target_v:
                break
        elif it - last_gain > stall_limit:
            break
    return best, best_cost


def _sample(bad: set[tuple[int, int]], rng: random.Random) -> tuple[int, int]:
    # set has no O(1) random access; a short iteration is cheap enough and the
    # pick only needs to be spread, not uniform
    k = rng.randrange(min(len(bad), 64))
    for i, x in enumerate(bad):
        if i == k:
            return x
    raise AssertionError("unreachable: k is below the size of the set")


def relabel_for_teams(
    sessions: Sessions, n: int, team_of: Sequence[int], rng: random.Random, max_iters: int
) -> list[int]:
    """Permute player labels (team membership fixed) to put team-mates on
    pairs that meet least; never changes the repeat figures."""
    meet = [0] * (n * n)
    for ses in sessions:
        for tb in ses:
            for i in range(4):
                for j in range(i + 1, 4):
                    meet[tb[i] * n + tb[j]] += 1
                    meet[tb[j] * n + tb[i]] += 1
    # pos[player] = schedule slot the player takes
    pos = list(range(n))
    rng.shuffle(pos)
    mates: dict[int, list[int]] = {}
    for p in range(n):
        mates.setdefault(team_of[p], []).append(p)
    mate_list = [[q for q in mates[team_of[p]] if q != p] for p in range(n)]

    def pcost(p: int, at: int) -> int:
        return sum(meet[at * n + pos[q]] for q in mate_list[p])

    total = sum(pcost(p, pos[p]) for p in range(n)) // 2
    if total == 0:
        return pos
    involved = [p for p in range(n) if mate_list[p]]
    for _ in range(max_iters):
        p = rng.choice(involved)
        if pcost(p, pos[p]) == 0:
            continue
        q = rng.randrange(n)
        if q == p or team_of[q] == team_of[p]:
            continue
        before = pcost(p, pos[p]) + pcost(q, pos[q])
        pos[p], pos[q] = pos[q], pos[p]
        after = pcost(p, pos[p]) + pcost(q, pos[q])
        if after > before or (after == before and rng.random() < 0.5):
            pos[p], pos[q] = pos[q], pos[p]
        else:
            total += after - before
            if total == 0:
                break
    return pos
