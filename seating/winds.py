"""Starting winds.

Whole schedules: each player has S sessions; split them into chunks of at
most four.  The graph with one node per chunk, one node per (session, table)
and an edge per seat is bipartite with maximum degree 4, so by Koenig's
theorem its edges can be coloured with 4 colours, no colour twice at a node.
Reading colour as wind, every table gets the four winds and each player gets
each wind once per full chunk and at most once in the last one: exactly
floor(S/4) or ceil(S/4) times.  The colouring uses the classic alternating
path (Kempe chain) swap, which is what makes the balance exact rather than
"usually good".

Single sessions (Swiss): each table picks, among the 24 orders, the one that
evens out its players' past winds best.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import cast

from .types import SeatedSessions, Sessions, Table

_PERMS = list(permutations(range(4)))
#: One seat of the schedule as an edge of the colouring graph: (chunk node, table node, session,
#: table, player); its colour is the seat's wind.
_Edge = tuple[int, int, int, int, int]


def balance_winds(sessions: Sessions, rng: random.Random | None = None) -> SeatedSessions:
    """Return the sessions with every table re-ordered (East, South, West, North)."""
    edges, left_count, right_count = _seat_edges(sessions, rng)
    colour = _colour_edges(edges, left_count, right_count)
    out: list[list[list[int | None]]] = [[[None] * 4 for _ in tables] for tables in sessions]
    for ei, (_u, _v, s, t, p) in enumerate(edges):
        out[s][t][colour[ei]] = p
    # A table of four gets its four winds, so no seat is left empty.
    return [[cast(Table, tuple(tb)) for tb in tables] for tables in out]


def _seat_edges(sessions: Sessions, rng: random.Random | None) -> tuple[list[_Edge], int, int]:
    """The seats as edges between a chunk node per (player, block of four of their sessions) and a node
    per (session, table); with ``rng``, which sessions share a chunk is drawn at random."""
    players = sorted({p for tables in sessions for tb in tables for p in tb})
    keys = []  # per seat: (player, index of the session among theirs, or its block of four)
    seats = []  # per seat: (table node, session, table, player)
    right = 0
    seen: dict[int, int] = {}
    for s, tables in enumerate(sessions):
        for t, tb in enumerate(tables):
            for p in tb:
                k = seen.get(p, 0)
                seen[p] = k + 1
                keys.append((p, k // 4) if rng is None else (p, k))
                seats.append((right, s, t, p))
            right += 1
    if rng is not None:
        # vary which sessions share a chunk, so seeds give different winds
        order = {}
        for p in players:
            idx = list(range(seen[p]))
            rng.shuffle(idx)
            order[p] = idx
        keys = [(p, order[p][k] // 4) for p, k in keys]
    node_of: dict[tuple[int, int], int] = {}
    for key in keys:
        if key not in node_of:
            node_of[key] = len(node_of)
    edges = [(node_of[key], v, s, t, p) for key, (v, s, t, p) in zip(keys, seats)]
    return edges, len(node_of), right


def _colour_edges(edges: list[_Edge], left_count: int, right_count: int) -> list[int]:
    """A colour 0..3 per edge, no colour twice at a node (every node has at most four edges)."""
    # colour slots: L[node][c] / R[node][c] = edge index or -1
    L = [[-1] * 4 for _ in range(left_count)]
    R = [[-1] * 4 for _ in range(right_count)]
    col = [-1] * len(edges)
    for ei, (u, v, _s, _t, _p) in enumerate(edges):
        Lu, Rv = L[u], R[v]
        a = next(c for c in range(4) if Lu[c] < 0)
        if Rv[a] < 0:
            c = a
        else:
            b = next(c for c in range(4) if Rv[c] < 0)
            if Lu[b] < 0:
                c = b
            else:
                _swap_along_path(edges, L, R, col, v, a, b)
                c = a
        col[ei] = c
        L[u][c] = ei
        R[v][c] = ei
    return col


def _swap_along_path(
    edges: list[_Edge], L: list[list[int]], R: list[list[int]], col: list[int], v: int, a: int, b: int
) -> None:
    """Swap colours a/b along the path from table node v that starts with a; in a bipartite graph it
    cannot end at the other end of the new edge, so a becomes free at v (a Kempe chain)."""
    path = []
    node, side, want = v, 1, a
    while True:
        slot = (R if side else L)[node]
        e2 = slot[want]
        if e2 < 0:
            break
        path.append(e2)
        eu, ev = edges[e2][0], edges[e2][1]
        node = eu if side else ev
        side ^= 1
        want = b if want == a else a
    for e2 in path:
        eu, ev = edges[e2][0], edges[e2][1]
        old = col[e2]
        if L[eu][old] == e2:
            L[eu][old] = -1
        if R[ev][old] == e2:
            R[ev][old] = -1
    for e2 in path:
        eu, ev = edges[e2][0], edges[e2][1]
        new = b if col[e2] == a else a
        col[e2] = new
        L[eu][new] = e2
        R[ev][new] = e2


def seat_table(players: Sequence[int], past: Mapping[int, Sequence[int]]) -> Table:
    """Best wind order for one table given ``past[p] = [E, S, W, N]`` counts."""

    def lopsided(perm: tuple[int, ...]) -> tuple[int, int]:
        # perm[i] = wind of players[i]; minimise the worst resulting spread,
        # then the sum of squares (how lopsided the counts are)
        worst = 0
        sq = 0
        for i, p in enumerate(players):
            c = list(past.get(p, (0, 0, 0, 0)))
            c[perm[i]] += 1
            worst = max(worst, max(c) - min(c))
            sq += sum(x * x for x in c)
        return worst, sq

    best = min(_PERMS, key=lopsided)  # the first of equally good orders
    seat: list[int | None] = [None] * 4
    for i, p in enumerate(players):
        seat[best[i]] = p
    return cast(Table, tuple(seat))
