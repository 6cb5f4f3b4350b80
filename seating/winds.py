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

from itertools import permutations

_PERMS = list(permutations(range(4)))


def balance_winds(sessions, rng=None):
    """Return the sessions with every table re-ordered (East, South, West, North)."""
    players = sorted({p for tables in sessions for tb in tables for p in tb})
    # chunk node per (player, block of four of their sessions)
    node_of = {}
    left_count = 0
    edges = []  # (left node, right node, session, table, player)
    right = 0
    seen = {}
    for s, tables in enumerate(sessions):
        for t, tb in enumerate(tables):
            for p in tb:
                k = seen.get(p, 0)
                seen[p] = k + 1
                key = (p, k // 4) if rng is None else (p, k)
                edges.append([key, right, s, t, p])
            right += 1
    if rng is not None:
        # vary which sessions share a chunk, so seeds give different winds
        order = {}
        for p in players:
            idx = list(range(seen[p]))
            rng.shuffle(idx)
            order[p] = idx
        for e in edges:
            p, k = e[0]
            e[0] = (p, order[p][k] // 4)
    for e in edges:
        key = e[0]
        if key not in node_of:
            node_of[key] = left_count
            left_count += 1
        e[0] = node_of[key]
    # colour slots: L[node][c] / R[node][c] = edge index or -1
    L = [[-1] * 4 for _ in range(left_count)]
    R = [[-1] * 4 for _ in range(right)]
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
                # Swap colours a/b along the path from v that starts with a;
                # in a bipartite graph it cannot end at u, so a frees at v.
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
                c = a
        col[ei] = c
        L[u][c] = ei
        R[v][c] = ei
    out = [[[None] * 4 for _ in tables] for tables in sessions]
    for ei, (_u, _v, s, t, p) in enumerate(edges):
        out[s][t][col[ei]] = p
    return [[tuple(tb) for tb in tables] for tables in out]


def seat_table(players, past):
    """Best wind order for one table given ``past[p] = [E, S, W, N]`` counts."""
    best = None
    for perm in _PERMS:
        # perm[i] = wind of players[i]; minimise the worst resulting spread,
        # then the sum of squares (how lopsided the counts are)
        worst = 0
        sq = 0
        for i, p in enumerate(players):
            c = list(past.get(p, (0, 0, 0, 0)))
            c[perm[i]] += 1
            worst = max(worst, max(c) - min(c))
            sq += sum(x * x for x in c)
        key = (worst, sq)
        if best is None or key < best[0]:
            best = (key, perm)
    seat = [None] * 4
    for i, p in enumerate(players):
        seat[best[1][i]] = p
    return tuple(seat)
