"""Repeat-free schedules developed from base sessions under a cyclic group.

Players are split into ``k`` orbits of size ``t`` (player ``(o, x)`` with
``x`` in Z_t) plus ``f`` fixed players.  ``m`` base sessions are each shifted
``t`` times (``x -> x + 1``), giving ``S = m * t`` sessions.  Two players meet
at most once over the whole schedule exactly when the pairs seated together in
the base sessions all lie in different *pair orbits* of full length ``t``:
if ``{u, v}`` met in shifts ``i`` and ``j`` then ``{u - i, v - i}`` and
``{u - j, v - j}`` would be two base pairs in one orbit.  That turns a search
over whole schedules into a small exact-packing search over one or a few base
sessions, which is what makes the limit cases (16x5, 28x9, 40x13, ...)
reachable in seconds instead of never.

Team groups are encoded as forbidden pair orbits, and must be mapped onto
groups by the shift: either the orbits ``g*j .. g*j+g-1`` at the same ``x``,
or (``spread``) the points of one orbit ``t/g`` apart; fixed players form
groups of ``g`` on their own (two fixed players never meet anyway).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .types import SeatedSessions

#: A pair orbit's name: its kind ("W" within an orbit, "H" half-length, "B" between orbits, "F" with a
#: fixed player) and what identifies it.
_OrbitKey = tuple[object, ...]
#: Base sessions: per base session, its tables of four players.
Bases = list[list[tuple[int, ...]]]


class Layout:
    """``k`` orbits of ``t`` players, ``f`` fixed players, ``m`` base sessions shifted ``t`` times."""

    def __init__(
        self,
        players: int,
        t: int,
        k: int,
        m: int,
        group: int = 1,
        allow_short: bool = False,
        spread: bool = False,
    ):
        self.allow_short = allow_short
        self.spread = spread
        self.n = players
        self.t = t
        self.k = k
        self.m = m
        self.f = players - k * t
        self.group = group
        if self.f < 0:
            raise ValueError("layout does not fit")
        self._build_ids()

    def _build_ids(self) -> None:
        n, t, k = self.n, self.t, self.k
        ids: dict[_OrbitKey, int] = {}
        table = [[-1] * n for _ in range(n)]
        g = self.group

        def key(p: int, q: int) -> _OrbitKey | None:
            if p >= k * t and q >= k * t:
                return None  # two fixed players: the pair would recur every shift
            if p >= k * t:
                p, q = q, p
            o1, x1 = divmod(p, t)
            if q >= k * t:
                return ("F", q - k * t, o1)
            o2, x2 = divmod(q, t)
            if o1 == o2:
                d = (x2 - x1) % t
                if self.spread and g > 1 and d % (t // g) == 0:
                    return None  # team-mates
                if 2 * d == t:
                    # half-length orbit: its pairs meet twice, which is only
                    # worth allowing when repeats are unavoidable anyway
                    return ("H", o1, d) if self.allow_short else None
                return ("W", o1, min(d, t - d))
            if o1 > o2:
                o1, o2, x1, x2 = o2, o1, x2, x1
            d = (x2 - x1) % t
            if g > 1 and not self.spread and d == 0 and o1 // g == o2 // g:
                return None  # team-mates
            return ("B", o1, o2, d)

        for p in range(n):
            row = table[p]
            for q in range(p + 1, n):
                kk = key(p, q)
                if kk is None:
                    continue
                i = ids.setdefault(kk, len(ids))
                row[q] = i
                table[q][p] = i
        self.orbit = table
        self.orbit_count = len(ids)

    def develop(self, bases: Sequence[Sequence[Sequence[int]]]) -> SeatedSessions:
        """Shift every base session through Z_t; players numbered from 0."""
        t, k = self.t, self.k
        sessions = []
        for base in bases:
            for s in range(t):
                tables = []
                for blk in base:
                    tables.append(tuple(p if p >= k * t else (p // t) * t + (p % t + s) % t for p in blk))
                sessions.append(tables)
        return sessions

    def groups(self) -> list[list[int]]:
        """Player sets that never share a table by construction (for teams)."""
        g, t, k = self.group, self.t, self.k
        out: list[list[int]] = []
        if g <= 1:
            return out
        if self.spread:
            step = t // g
            for o in range(k):
                for x in range(step):
                    out.append([o * t + x + j * step for j in range(g)])
        for j in range(k // g if not self.spread else 0):
            for x in range(t):
                out.append([(j * g + a) * t + x for a in range(g)])
        fixed = list(range(k * t, self.n))
        for i in range(0, len(fixed), g):
            out.append(fixed[i : i + g])
        return out


def search(
    layout: Layout, rng: random.Random, deadline: float, node_limit: int = 200000, attempts: int | None = None
) -> Bases | None:
    """Randomised depth-first packing of base sessions; None on time-out."""
    n, m = layout.n, layout.m
    if layout.f > n // 4:
        return None
    need = m * (n // 4) * 6
    if need > layout.orbit_count:
        return None
    tries = 0
    while time.monotonic() < deadline and (attempts is None or tries < attempts):
        tries += 1
        res = _attempt(layout, rng, deadline, node_limit)
        if res is not None:
            return res
    return None


def _attempt(layout: Layout, rng: random.Random, deadline: float, node_limit: int) -> Bases | None:
    packing = _Packing(layout, rng, deadline, node_limit)
    try:
        if packing.fill():
            return packing.bases
    except _Abort:
        pass
    return None


#: A table that can open around a player: its three other players, and the six pair orbits it uses.
_Option = tuple[int, int, int, tuple[int, int, int, int, int, int]]


class _Packing:
    """One randomised depth-first try at packing the base sessions with tables whose pairs all lie in
    different pair orbits."""

    def __init__(self, layout: Layout, rng: random.Random, deadline: float, node_limit: int):
        n, m = layout.n, layout.m
        self.rng, self.deadline, self.node_limit = rng, deadline, node_limit
        self.m = m
        self.orbit = layout.orbit
        self.used = bytearray(layout.orbit_count)
        order = list(range(n))
        rng.shuffle(order)
        # Fixed players first: each must open its own table.
        fixed = [p for p in order if p >= layout.k * layout.t]
        self.order = fixed + [p for p in order if p < layout.k * layout.t]
        self.free = [set(range(n)) for _ in range(m)]
        self.bases: Bases = [[] for _ in range(m)]
        self.nodes = 0

    def options(self, c: int, p: int) -> list[_Option]:
        """Up to 12 tables that can open around player p in base session c."""
        orbit, used = self.orbit, self.used
        fr = self.free[c]
        cand = [q for q in fr if q != p and orbit[p][q] >= 0 and not used[orbit[p][q]]]
        self.rng.shuffle(cand)
        out: list[_Option] = []
        L = len(cand)
        for i in range(L):
            a = cand[i]
            oa = orbit[p][a]
            ra = orbit[a]
            for j in range(i + 1, L):
                b = cand[j]
                ob = orbit[p][b]
                ab = ra[b]
                if ob == oa or ab < 0 or used[ab] or ab in (oa, ob):
                    continue
                rb = orbit[b]
                for h in range(j + 1, L):
                    c3 = cand[h]
                    oc = orbit[p][c3]
                    if oc in (oa, ob, ab):
                        continue
                    ac = ra[c3]
                    bc = rb[c3]
                    if ac < 0 or bc < 0 or used[ac] or used[bc]:
                        continue
                    s6 = {oa, ob, oc, ab, ac, bc}
                    if len(s6) == 6:
                        out.append((a, b, c3, (oa, ob, oc, ab, ac, bc)))
                        if len(out) >= 12:
                            return out
        return out

    def fill(self) -> bool:
        """Seat every player of every base session, or False; raises _Abort past the budget."""
        self.nodes += 1
        if self.nodes > self.node_limit or ((self.nodes & 1023) == 0 and time.monotonic() > self.deadline):
            raise _Abort
        # Most constrained (class, player) first keeps tight cases tractable.
        best: tuple[int, int, list[_Option]] | None = None
        for c in range(self.m):
            if not self.free[c]:
                continue
            p = next(q for q in self.order if q in self.free[c])
            opts = self.options(c, p)
            if best is None or len(opts) < len(best[2]):
                best = (c, p, opts)
                if not opts:
                    return False
        if best is None:
            return True
        c, p, opts = best
        used = self.used
        for a, b, c3, os6 in opts:
            for o in os6:
                used[o] = 1
            fr = self.free[c]
            fr.difference_update((p, a, b, c3))
            self.bases[c].append((p, a, b, c3))
            if self.fill():
                return True
            self.bases[c].pop()
            fr.update((p, a, b, c3))
            for o in os6:
                used[o] = 0
        return False


class _Abort(Exception):
    pass


def layouts(players: int, sessions: int, group: int = 1, spread: bool = False) -> list[tuple[int, int, int]]:
    """Candidate (t, k, m) layouts, most promising first."""
    out = []
    if spread:
        return [
            (t, k, m) for t, k, m in layouts(players, sessions) if t % group == 0 and (players - k * t) % group == 0
        ]
    for t in range(sessions, 1, -1):
        if sessions % t:
            continue
        m = sessions // t
        for k in range(players // t, -1, -1):
            f = players - k * t
            if f > players // 4:
                break
            if group > 1 and (k % group or f % group):
                continue
            out.append((t, k, m))
    return out


def anneal(
    layout: Layout, rng: random.Random, deadline: float, iters_per_temp: int = 2000, max_rounds: int | None = None
) -> Bases | None:
    """Local search on the base sessions: swap two players between tables of
    one base session, scoring pair-orbit collisions.  Finds the tight
    (exact-packing) layouts that the depth-first search gives up on."""
    n, m = layout.n, layout.m
    if layout.f > n // 4:
        return None
    if m * (n // 4) * 6 > layout.orbit_count:
        return None
    rounds = 0
    # max_rounds (not the clock) bounds runtime calls, so results are
    # reproducible; the deadline is only a safety net
    while time.monotonic() < deadline and (max_rounds is None or rounds < max_rounds):
        bases = _AnnealedBases(layout, rng)
        cur = bases.cost()
        temp = 1.5
        stall = 0
        best = cur
        while cur > 0 and time.monotonic() < deadline:
            rounds += 1
            if max_rounds is not None and rounds > max_rounds:
                break
            for _ in range(iters_per_temp):
                cur += bases.try_swap(rng, temp)
                if cur == 0:
                    break
            if cur < best:
                best = cur
                stall = 0
            else:
                stall += 1
            temp = max(0.15, temp * 0.97)
            if stall > 200:
                break  # restart from a fresh random base
        if cur == 0:
            return [[tuple(tb) for tb in tabs] for tabs in bases.tables]
    return None


class _AnnealedBases:
    """Random base sessions (fixed players one per table), and how often each pair orbit is used."""

    def __init__(self, layout: Layout, rng: random.Random):
        n, m, t, k = layout.n, layout.m, layout.t, layout.k
        self.n, self.m, self.nf = n, m, k * t
        self.orbit = orbit = layout.orbit
        self.BAD = BAD = layout.orbit_count  # slot counting forbidden pairs
        T = n // 4
        self.cnt = cnt = [0] * (layout.orbit_count + 1)
        self.tables: list[list[list[int]]] = []
        self.where: list[list[int]] = []  # per class: player -> table index
        for _class in range(m):
            fixed = list(range(self.nf, n))
            rest = list(range(self.nf))
            rng.shuffle(rest)
            tabs = [[fx] for fx in fixed]
            while len(tabs) < T:
                tabs.append([])
            it = iter(rest)
            for tb in tabs:
                while len(tb) < 4:
                    tb.append(next(it))
            self.tables.append(tabs)
            w = [0] * n
            for i, tb in enumerate(tabs):
                for p in tb:
                    w[p] = i
            self.where.append(w)
            for tb in tabs:
                for i in range(4):
                    for j in range(i + 1, 4):
                        o = orbit[tb[i]][tb[j]]
                        cnt[o if o >= 0 else BAD] += 1

    def cost(self) -> int:
        """Pair orbits used more than once, and forbidden pairs (twice as bad)."""
        cnt, BAD = self.cnt, self.BAD
        return sum(max(0, v - 1) for v in cnt[:BAD]) + cnt[BAD] * 2

    def try_swap(self, rng: random.Random, temp: float) -> int:
        """Swap two random players of one base session between their tables if the annealing accepts
        it; the change in cost (0 when nothing moved)."""
        n, nf, orbit, cnt, BAD = self.n, self.nf, self.orbit, self.cnt, self.BAD
        c = rng.randrange(self.m)
        tabs = self.tables[c]
        w = self.where[c]
        a = rng.randrange(n)
        b = rng.randrange(n)
        ta, tb_ = w[a], w[b]
        if ta == tb_:
            return 0
        # fixed players stay one per table: only swap like with like
        if (a >= nf) != (b >= nf):
            return 0
        A = tabs[ta]
        B = tabs[tb_]
        delta = 0
        rem = []
        add = []
        for x in A:
            if x != a:
                rem.append(orbit[a][x])
                add.append(orbit[b][x])
        for y in B:
            if y != b:
                rem.append(orbit[b][y])
                add.append(orbit[a][y])
        for o in rem:
            if o < 0:
                cnt[BAD] -= 1
                delta -= 2
            else:
                cnt[o] -= 1
                if cnt[o] >= 1:
                    delta -= 1
        for o in add:
            if o < 0:
                cnt[BAD] += 1
                delta += 2
            else:
                if cnt[o] >= 1:
                    delta += 1
                cnt[o] += 1
        if delta <= 0 or rng.random() < pow(2.718281828, -delta / temp):
            A[A.index(a)] = b
            B[B.index(b)] = a
            w[a], w[b] = tb_, ta
            return delta
        for o in add:
            cnt[o if o >= 0 else BAD] -= 1
        for o in rem:
            cnt[o if o >= 0 else BAD] += 1
        return 0
