"""Offline search for the schedules shipped in ``data/designs.json``.

    python -m seating.build_data N S [seconds] [layout t,k,m[,short]]

Cases near the repeat-free limits (or where repeats are unavoidable and the
counting bound is hard to reach) take minutes of search, far too long for a
request, so the results are computed once here and stored.  An entry is
either a cyclic layout with its base sessions (tiny) or the full sessions.
Every entry is re-verified by the test suite.
"""
import json
import os
import random
import sys
import time

from seating import cyclic
from seating.localsearch import Schedule0, improve
from seating.metrics import lower_bound, schedule_metrics

PATH = os.path.join(os.path.dirname(cyclic.__file__), "data", "designs.json")


def _load():
    try:
        with open(PATH) as fh:
            return json.load(fh)
    except FileNotFoundError:
        return {}


def _excess(n, sessions):
    return schedule_metrics([[tuple(p + 1 for p in tb) for tb in s] for s in sessions])["repeat_excess"]


def _order(key):
    size, _, teams = key.partition("/")
    n, s = size.split("x")
    return int(n), int(s), teams


def store(n, S, entry, sessions, group=1):
    """Keep the entry if it beats what is stored (re-read to merge runs)."""
    from seating.roundrobin import _designs, _from_data, data_key
    data = _load()
    key = data_key(n, S, group)
    new = _excess(n, sessions)
    old = data.get(key)
    if old is not None:
        cur, _ = _from_data(n, S, group)
        if cur is not None and _excess(n, cur) <= new:
            print(f"{key}: stored entry already has {_excess(n, cur)} repeats, keeping it")
            return
    entry["repeat_excess"] = new
    entry["lower_bound"] = lower_bound(n, S)
    data[key] = entry
    os.makedirs(os.path.dirname(PATH), exist_ok=True)
    tmp = PATH + ".tmp"
    with open(tmp, "w") as fh:
        fh.write("{\n" + ",\n".join(
            f"{json.dumps(k)}: {json.dumps(data[k], separators=(',', ':'))}"
            for k in sorted(data, key=_order)) + "\n}\n")
    os.replace(tmp, PATH)
    _designs.__globals__["_DATA"] = None
    print(f"{key}: stored, {new} repeats (bound {lower_bound(n, S)})")


def run_cyclic(n, S, seconds, layout=None, seed=1, group=1):
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    if layout:
        cands = [layout]
    else:
        cands = [(t, k, m, 0) for t, k, m in cyclic.layouts(n, S, group)]
    lays = []
    for t, k, m, short in cands:
        lay = cyclic.Layout(n, t, k, m, group, allow_short=bool(short))
        if m * (n // 4) * 6 <= lay.orbit_count and lay.f <= n // 4:
            lays.append(lay)
    if group > 1 and not layout:
        for t, k, m in cyclic.layouts(n, S, group, spread=True):
            lay = cyclic.Layout(n, t, k, m, group, spread=True)
            if m * (n // 4) * 6 <= lay.orbit_count and lay.f <= n // 4:
                lays.insert(0, lay)
    if not lays:
        return False
    per = seconds / len(lays)

    def keep(lay, bases, how):
        print(f"{n}x{S} group {group} layout t={lay.t} k={lay.k} m={lay.m}: found by {how}", flush=True)
        entry = {"layout": [lay.t, lay.k, lay.m], "bases": [[list(b) for b in base] for base in bases]}
        if lay.allow_short:
            entry["short"] = 1
        if group > 1:
            entry["group"] = group
        if lay.spread:
            entry["spread"] = 1
        # groups of other sizes only shape the search (e.g. the groups of
        # three of 36x11); to the run-time code it is a plain schedule
        store(n, S, entry, lay.develop(bases), group if group == 4 else 1)
        return True

    for lay in lays:
        bases = cyclic.search(lay, rng, min(deadline, time.monotonic() + per / 4), node_limit=20000)
        if bases:
            return keep(lay, bases, "search")
    for lay in lays:
        bases = cyclic.anneal(lay, rng, min(deadline, time.monotonic() + per * 3 / 4))
        if bases:
            return keep(lay, bases, "annealing")
    print(f"{n}x{S} group {group}: nothing found", flush=True)
    return False


def fill(nmin, nmax, seconds):
    """Store a design for every field and session count up to the limit that
    has none yet (with and without teams of four), so that small and middle
    fields never depend on a run-time search."""
    from seating.roundrobin import _designs, data_key, repeat_free_limit
    for n in range(nmin, nmax + 1, 4):
        for S in range(2, repeat_free_limit(n) + 1):
            if data_key(n, S) not in _designs():
                run_cyclic(n, S, seconds)
            if 3 * S <= n - 4 and n >= 16 and data_key(n, S, 4) not in _designs():
                run_cyclic(n, S, seconds, group=4)


def sweep(nmin, nmax, seconds):
    """Store a design for every field the run-time search does not solve
    quickly: all session counts up to the repeat-free limit, with and
    without teams of four."""
    from seating.roundrobin import repeat_free_limit, round_robin
    for n in range(nmin, nmax + 1, 4):
        for S in range(2, repeat_free_limit(n) + 1):
            t0 = time.monotonic()
            m = round_robin(n, S).metrics
            if m["repeat_excess"] or time.monotonic() - t0 > 0.3:
                run_cyclic(n, S, seconds)
            if 3 * S <= n - 4 and n >= 16:
                teams = {p: (p - 1) // 4 for p in range(1, n + 1)}
                t0 = time.monotonic()
                m = round_robin(n, S, teams=teams).metrics
                if m["repeat_excess"] or m["team_clashes"] or time.monotonic() - t0 > 0.3:
                    run_cyclic(n, S, seconds, group=4)


def run_tabu(n, S, seconds, seed=1):
    """Long tabu run from the current best schedule (or a greedy draw)."""
    from seating.roundrobin import _core, _team_list
    rng = random.Random(seed)
    team_of = _team_list(n, None)
    start, _, how = _core(n, S, rng, team_of, False, 1.0)
    sch = Schedule0(n, start)
    best = start
    best_cost = sch.cost()
    lb = lower_bound(n, S)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and best_cost[0] > lb:
        sessions, cost = improve(sch, rng, 20000, target=(lb, 0))
        if cost < best_cost:
            best, best_cost = sessions, cost
            print(f"{n}x{S}: {cost[0]} repeats", flush=True)
        sch = Schedule0(n, best)
        # perturb: a few random swaps so the next round explores elsewhere
        for _ in range(n // 4):
            s = rng.randrange(S)
            p, q = rng.sample(range(n), 2)
            if sch.table_of[s][p] != sch.table_of[s][q]:
                sch.swap(s, p, q)
    store(n, S, {"sessions": [[list(tb) for tb in ses] for ses in best]}, best)


def main(argv):
    if argv[0] == "exact":
        n, S, t, k, m = (int(x) for x in argv[1:6])
        group = int(argv[6]) if len(argv) > 6 else 1
        exact_cover(n, S, t, k, m, group, seed=int(argv[7]) if len(argv) > 7 else 0)
        return
    if argv[0] == "sym":
        n, S, t, k, group = (int(x) for x in argv[1:6])
        with_symmetry(n, S, t, k, group, _sym(argv[6], n, t, k), seconds=float(argv[7]) if len(argv) > 7 else 600,
                      fixed_ok=len(argv) > 8 and "fixed" in argv[8], short=len(argv) > 8 and "short" in argv[8])
        return
    if argv[0] == "gdd32":
        type_2_16(seconds=float(argv[1]) if len(argv) > 1 else 600, seed=int(argv[2]) if len(argv) > 2 else 0,
                  use_sigma=not (len(argv) > 3 and argv[3] in ("nosigma", "inv", "mul2")),
                  tau_is_sigma=(argv[3] if argv[3] == "mul2" else argv[3] == "inv") if len(argv) > 3 else False)
        return
    if argv[0] == "swap32":
        def sigma(p):
            if p >= 30:
                return 30 + (p - 30 + 1) % 2
            o, x = divmod(p, 5)
            return ((o + 3) % 6) * 5 + x
        with_swap(32, 10, 5, 6, sigma, seconds=float(argv[1]) if len(argv) > 1 else 600,
                  seed=int(argv[2]) if len(argv) > 2 else 0)
        return
    if argv[0] == "multiplier":
        with_multiplier(int(argv[1]), int(argv[2]), int(argv[3]), seconds=float(argv[4]) if len(argv) > 4 else 600)
        return
    if argv[0] == "td20":
        td20_plus()
        return
    if argv[0] == "fill":
        fill(int(argv[1]), int(argv[2]), float(argv[3]))
        return
    if argv[0] == "sweep":
        sweep(int(argv[1]), int(argv[2]), float(argv[3]))
        return
    n, S = int(argv[0]), int(argv[1])
    seconds = float(argv[2]) if len(argv) > 2 else 60
    if len(argv) > 3 and argv[3] == "tabu":
        run_tabu(n, S, seconds)
        return
    layout = None
    if len(argv) > 3 and argv[3]:
        parts = [int(x) for x in argv[3].split(",")]
        layout = tuple(parts + [0] * (4 - len(parts)))
    seed = int(argv[4]) if len(argv) > 4 else 1
    group = int(argv[5]) if len(argv) > 5 else 1
    run_cyclic(n, S, seconds, layout, seed, group)


def exact_cover(n, S, t, k, m, group=1, seed=0, node_limit=1500, seconds=3600):
    """Algorithm X (dancing-links style, with dict-of-sets columns) on one
    base session: columns are the players (exactly once) and the pair orbits
    (exactly once when the layout has exactly as many as a session uses,
    otherwise at most once).  Heavy-tailed, so it restarts every
    ``node_limit`` nodes with a new random order.  With three orbits and no
    team groups, translating each orbit separately is a symmetry, so the
    first fixed player's table is pinned to ``(0,0), (1,0), (2,0)``."""
    from itertools import combinations
    assert m == 1
    lay = cyclic.Layout(n, t, k, m, group)
    orb = lay.orbit
    exact = lay.orbit_count == (n // 4) * 6
    nf = k * t
    rows = {}
    for q in combinations(range(n), 4):
        if sum(1 for p in q if p >= nf) > 1:
            continue
        os_ = [orb[a][b] for a, b in combinations(q, 2)]
        if min(os_) < 0 or len(set(os_)) < 6:
            continue
        rows[q] = [("p", p) for p in q] + [("o", o) for o in os_]
    primary = {("p", p) for p in range(n)}
    if exact:
        primary |= {("o", o) for o in range(lay.orbit_count)}
    rng = random.Random(seed)

    def build():
        X = {}
        for r, cols in rows.items():
            for c in cols:
                X.setdefault(c, set()).add(r)
        return X

    def select(X, r):
        cols = []
        for j in rows[r]:
            for i in X[j]:
                for kk in rows[i]:
                    if kk != j:
                        X[kk].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(X, r, cols):
        for j in reversed(rows[r]):
            X[j] = cols.pop()
            for i in X[j]:
                for kk in rows[i]:
                    if kk != j:
                        X[kk].add(i)

    class Restart(Exception):
        pass

    def solve(X, sol, nodes):
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise Restart
        live = [c for c in X if c in primary]
        if not live:
            return list(sol)
        c = min(live, key=lambda c: len(X[c]))
        cand = list(X[c])
        rng.shuffle(cand)
        for r in cand:
            sol.append(r)
            cols = select(X, r)
            res = solve(X, sol, nodes)
            if res:
                return res
            deselect(X, r, cols)
            sol.pop()
        return None

    pin = None
    if group == 1 and k == 3 and lay.f >= 1:
        pin = (0, t, 2 * t, k * t)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        X = build()
        sol = []
        if pin:
            select(X, pin)
            sol.append(pin)
        try:
            res = solve(X, sol, [0])
        except Restart:
            continue
        if res is None and not pin:
            print(f"{n}x{S}: layout has no solution")
            return False
        if res:
            base = [list(b) for b in res]
            entry = {"layout": [t, k, m], "bases": [base], "construction": "exact cover"}
            if group > 1:
                entry["group"] = group
            sessions = lay.develop([res])
            # a group layout with group size 3 is a plain schedule to the
            # run-time code (teams of four are not what it keeps apart)
            store(n, S, entry, sessions, group if group == 4 else 1)
            return True
    return False


def with_multiplier(n, S, mu, seed=0, seconds=600):
    """1-rotational layout (t = S, three orbits plus one fixed player) whose
    base session is also invariant under ``x -> mu*x`` (mu of order 3 mod t):
    the table of the fixed player is ``{inf, (0,0), (1,0), (2,0)}`` and the
    other tables come in triples ``B, mu B, mu^2 B``.  The extra symmetry
    shrinks the exact cover to a few blocks, which is how 40x13 (every pair
    meets exactly once: a resolvable 2-(40,4,1) design) becomes reachable."""
    from itertools import combinations
    t = S
    assert n == 3 * t + 1 and pow(mu, 3, t) == 1 and mu % t != 1
    lay = cyclic.Layout(n, t, 3, 1)
    orb = lay.orbit
    inf = 3 * t
    fixed_block = (0, t, 2 * t, inf)
    fixed_orbits = {orb[a][b] for a, b in combinations(fixed_block, 2)}

    def m(p):
        if p == inf:
            return p
        j, x = divmod(p, t)
        return j * t + (mu * x) % t

    movable = [p for p in range(n) if p not in fixed_block]
    porbit = {}
    for p in movable:
        porbit.setdefault(p, min(p, m(p), m(m(p))))
    rows = {}
    for B in combinations(movable, 4):
        B1 = tuple(sorted(m(p) for p in B))
        B2 = tuple(sorted(m(p) for p in B1))
        key = min(B, B1, B2)
        if key in rows or key != B:
            continue
        pts = set(B) | set(B1) | set(B2)
        if len(pts) != 12:
            continue
        os_ = [orb[a][b] for blk in (B, B1, B2) for a, b in combinations(blk, 2)]
        if min(os_) < 0 or len(set(os_)) != 18 or fixed_orbits & set(os_):
            continue
        rows[key] = [("p", q) for q in sorted({porbit[p] for p in pts})] + [("o", o) for o in os_]
    print(f"{n}x{S}: {len(rows)} block triples", flush=True)
    rng = random.Random(seed)
    X = {}
    for r, cols in rows.items():
        for c in cols:
            X.setdefault(c, set()).add(r)
    need = {("o", o) for o in range(lay.orbit_count)} - {("o", o) for o in fixed_orbits}
    need |= {("p", q) for q in set(porbit.values())}
    if set(X) != need:
        print("some column cannot be covered")
        return False

    def select(r):
        cols = []
        for j in rows[r]:
            for i in X[j]:
                for kk in rows[i]:
                    if kk != j:
                        X[kk].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r, cols):
        for j in reversed(rows[r]):
            X[j] = cols.pop()
            for i in X[j]:
                for kk in rows[i]:
                    if kk != j:
                        X[kk].add(i)

    deadline = time.monotonic() + seconds

    def solve(sol):
        if not X:
            return list(sol)
        if time.monotonic() > deadline:
            return None
        c = min(X, key=lambda c: len(X[c]))
        cand = list(X[c])
        rng.shuffle(cand)
        for r in cand:
            sol.append(r)
            cols = select(r)
            res = solve(sol)
            if res:
                return res
            deselect(r, cols)
            sol.pop()
        return None

    res = solve([])
    if not res:
        print(f"{n}x{S}: none with multiplier {mu}")
        return False
    base = [list(fixed_block)]
    for B in res:
        B1 = tuple(sorted(m(p) for p in B))
        B2 = tuple(sorted(m(p) for p in B1))
        base += [list(B), list(B1), list(B2)]
    entry = {"layout": [t, 3, 1], "bases": [base], "construction": f"1-rotational, multiplier {mu}"}
    store(n, S, entry, lay.develop([base]))
    return True


def with_symmetry(n, S, t, k, group, sigma, seconds=600, seed=0, fixed_ok=False, short=False):
    """Exact cover for one base session that is invariant under ``sigma``, a
    permutation of the players that maps pair orbits to pair orbits (a
    multiplier ``x -> u*x``, or a rotation of the orbits ``(o, x) ->
    (o+1, x)``).  Tables then come in sigma-orbits, so the cover has a few
    rows instead of a whole session's worth.  ``sigma`` is given on player
    indices.  A table fixed by sigma is allowed when ``fixed_ok``."""
    from itertools import combinations
    lay = cyclic.Layout(n, t, k, 1, group, allow_short=short)
    orb = lay.orbit
    need = (n // 4) * 6
    exact = lay.orbit_count == need
    nf = k * t

    def img(B):
        return tuple(sorted(sigma(p) for p in B))

    rows = {}
    for B in combinations(range(n), 4):
        if sum(1 for p in B if p >= nf) > 1:
            continue
        os0 = [orb[a][b] for a, b in combinations(B, 2)]
        if min(os0) < 0 or len(set(os0)) < 6:
            continue
        imgs = [B]
        while True:
            nxt = img(imgs[-1])
            if nxt == B:
                break
            imgs.append(nxt)
        key = min(imgs)
        if key != B:
            continue
        pts = [p for blk in imgs for p in blk]
        if len(set(pts)) != len(pts):
            if not (fixed_ok and len(imgs) == 1):
                continue
        os_ = [orb[a][b] for blk in imgs for a, b in combinations(blk, 2)]
        if len(set(os_)) != len(os_):
            continue
        rows[B] = ([("p", q) for q in pts] + [("o", o) for o in os_], imgs)
    print(f"{n}x{S}: {len(rows)} table orbits, exact={exact}", flush=True)
    primary = {("p", q) for q in range(n)}
    if exact:
        primary |= {("o", o) for o in range(lay.orbit_count)}
    rng = random.Random(seed)
    X = {}
    for r, (cols, _) in rows.items():
        for c in cols:
            X.setdefault(c, set()).add(r)
    if not primary <= set(X):
        print("some column cannot be covered")
        return False

    def select(r):
        cols = []
        for j in rows[r][0]:
            for i in X[j]:
                for kk in rows[i][0]:
                    if kk != j:
                        X[kk].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r, cols):
        for j in reversed(rows[r][0]):
            X[j] = cols.pop()
            for i in X[j]:
                for kk in rows[i][0]:
                    if kk != j:
                        X[kk].add(i)

    deadline = time.monotonic() + seconds

    def solve(sol):
        live = [c for c in X if c in primary]
        if not live:
            return list(sol)
        if time.monotonic() > deadline:
            return None
        c = min(live, key=lambda c: len(X[c]))
        cand = list(X[c])
        rng.shuffle(cand)
        for r in cand:
            sol.append(r)
            cols = select(r)
            res = solve(sol)
            if res:
                return res
            deselect(r, cols)
            sol.pop()
        return None

    res = solve([])
    if not res:
        print(f"{n}x{S}: none with this symmetry")
        return False
    base = [list(blk) for r in res for blk in rows[r][1]]
    entry = {"layout": [t, k, 1], "bases": [base], "construction": "cyclic + extra symmetry, exact cover"}
    if group > 1:
        entry["group"] = group
    if short:
        entry["short"] = 1
    store(n, S, entry, lay.develop([base]), group if group == 4 else 1)
    return True


def _sym(name, n, t, k):
    """Named symmetries for ``with_symmetry``."""
    nf = k * t
    f = n - nf
    if name.startswith("mul"):
        u = int(name[3:])
        return lambda p: p if p >= nf else (p // t) * t + (u * (p % t)) % t
    if name == "rot":  # rotate the orbits (k=3) and the fixed players (f=3 or 0)
        def s(p):
            if p >= nf:
                return nf + (p - nf + 1) % f if f else p
            o, x = divmod(p, t)
            return ((o + 1) % k) * t + x
        return s
    if name.startswith("rotmul"):  # rotation combined with a multiplier
        u = int(name[6:])
        r = _sym("rot", n, t, k)
        mm = _sym(f"mul{u}", n, t, k)
        return lambda p: mm(r(p))
    raise ValueError(name)


def with_swap(n, S, t, k, sigma, seconds=600, seed=0):
    """Two base sessions A and sigma(A) (m = 2): only A is searched, and a
    table's pair orbits together with their sigma-images must all differ.
    For 32x10: t=5, six orbits, two fixed players, sigma turns orbit o into
    o+3 and swaps the fixed players."""
    from itertools import combinations
    lay = cyclic.Layout(n, t, k, 2)
    orb = lay.orbit
    nf = k * t
    exact = lay.orbit_count - sum(
        1 for a in range(n) for b in range(a + 1, n)
        if orb[a][b] >= 0 and orb[sigma(a)][sigma(b)] == orb[a][b]) // t == 2 * (n // 4) * 6
    rows = {}
    for B in combinations(range(n), 4):
        if sum(1 for p in B if p >= nf) > 1:
            continue
        os_ = [orb[a][b] for a, b in combinations(B, 2)]
        os_ += [orb[sigma(a)][sigma(b)] for a, b in combinations(B, 2)]
        if min(os_) < 0 or len(set(os_)) < 12:
            continue
        rows[B] = [("p", q) for q in B] + [("o", o) for o in os_]
    print(f"{n}x{S}: {len(rows)} tables, exact={exact}", flush=True)
    primary = {("p", q) for q in range(n)}
    if exact:
        primary |= {c for cols in rows.values() for c in cols if c[0] == "o"}
    rng = random.Random(seed)
    X = {}
    for r, cols in rows.items():
        for c in cols:
            X.setdefault(c, set()).add(r)

    def select(r):
        cols = []
        for j in rows[r]:
            for i in X[j]:
                for kk in rows[i]:
                    if kk != j:
                        X[kk].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r, cols):
        for j in reversed(rows[r]):
            X[j] = cols.pop()
            for i in X[j]:
                for kk in rows[i]:
                    if kk != j:
                        X[kk].add(i)

    deadline = time.monotonic() + seconds

    def solve(sol):
        live = [c for c in X if c in primary]
        if not live:
            return list(sol)
        if time.monotonic() > deadline:
            return None
        c = min(live, key=lambda c: len(X[c]))
        cand = list(X[c])
        rng.shuffle(cand)
        for r in cand:
            sol.append(r)
            cols = select(r)
            res = solve(sol)
            if res:
                return res
            deselect(r, cols)
            sol.pop()
        return None

    res = solve([])
    if not res:
        print(f"{n}x{S}: none")
        return False
    A = [list(b) for b in res]
    B = [sorted(sigma(p) for p in b) for b in res]
    entry = {"layout": [t, k, 2], "bases": [A, B], "construction": "two base sessions A, sigma(A); exact cover"}
    store(n, S, entry, lay.develop([A, B]))
    return True


def type_2_16(seconds=600, seed=0, use_sigma=True, tau_is_sigma=False):
    """32x10 as a resolvable group divisible design of type 2^16, modelled on
    GF(16)* = Z_3 x Z_5 acting on two copies of GF(16)* plus the pair {0, 0'}.

    Players: orbits 2a+l (a in Z_3 = the Z_5-coset, l = copy) of size t=5,
    and two fixed players.  Groups (never meet): {(2a, x), (2a+1, x)} and
    the two fixed players.  Sessions: base A and sigma(A), each shifted five
    times; A is invariant under tau (a -> a+1: multiplying by w^5), and sigma
    swaps the copies.  Rows of the exact cover are tau-orbits of tables, with
    the pair orbits of the tables and of their sigma-images as columns."""
    from itertools import combinations
    n, t, k = 32, 5, 6
    nf = k * t
    lay = cyclic.Layout(n, t, k, 2, group=2)
    orb = lay.orbit

    def tau(p):
        if p >= nf:
            return p
        o, x = divmod(p, t)
        a, l = divmod(o, 2)
        return (2 * ((a + 1) % 3) + l) * t + x

    def sigma(p):
        if p >= nf:
            return nf + 1 - (p - nf)
        o, x = divmod(p, t)
        return (o ^ 1) * t + x

    if tau_is_sigma == "mul2":
        # each base session invariant under x -> 2x (order 4) instead
        def tau(p):  # noqa: F811
            if p >= nf:
                return p
            o, x = divmod(p, t)
            return o * t + (2 * x) % t
    elif tau_is_sigma:
        # each base session invariant under swapping the copies instead
        tau = sigma  # noqa: F811
    rows = {}
    for c, B in ((c, B) for c in ((0,) if use_sigma else (0, 1)) for B in combinations(range(n), 4)):
        if sum(1 for p in B if p >= nf) > 1:
            continue
        imgs = [B]
        while True:
            nxt = tuple(sorted(tau(p) for p in imgs[-1]))
            if nxt == B:
                break
            imgs.append(nxt)
        if min(imgs) != B:
            continue
        key = (c, B)
        pts = [p for b in imgs for p in b]
        if len(set(pts)) != len(pts):
            continue
        os_ = []
        for b in imgs:
            for a_, b_ in combinations(b, 2):
                os_.append(orb[a_][b_])
                if use_sigma:
                    os_.append(orb[sigma(a_)][sigma(b_)])
        if min(os_) < 0 or len(set(os_)) != len(os_):
            continue
        rows[key] = ([("p", c, q) for q in pts] + [("o", o) for o in os_], imgs)
    print(f"32x10: {len(rows)} table orbits, {lay.orbit_count} pair orbits", flush=True)
    rng = random.Random(seed)
    X = {}

    def build():
        X.clear()
        for r, (cols, _) in rows.items():
            for c in cols:
                X.setdefault(c, set()).add(r)
    build()
    if len(X) != n * (1 if use_sigma else 2) + lay.orbit_count:
        print("some column cannot be covered")
        return False

    def select(r):
        cols = []
        for j in rows[r][0]:
            for i in X[j]:
                for kk in rows[i][0]:
                    if kk != j:
                        X[kk].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r, cols):
        for j in reversed(rows[r][0]):
            X[j] = cols.pop()
            for i in X[j]:
                for kk in rows[i][0]:
                    if kk != j:
                        X[kk].add(i)

    deadline = time.monotonic() + seconds
    nodes = [0]

    class Restart(Exception):
        pass

    def solve(sol):
        if not X:
            return list(sol)
        nodes[0] += 1
        if nodes[0] > 3000 or time.monotonic() > deadline:
            raise Restart
        c = min(X, key=lambda c: len(X[c]))
        cand = list(X[c])
        rng.shuffle(cand)
        for r in cand:
            sol.append(r)
            cols = select(r)
            res = solve(sol)
            if res:
                return res
            deselect(r, cols)
            sol.pop()
        return None

    res = None
    while res is None and time.monotonic() < deadline:
        try:
            nodes[0] = 0
            res = solve([])
            if res is None:
                print("32x10: no solution with this symmetry")
                return False
        except Restart:
            build()
    if not res:
        print("32x10: none found in time")
        return False
    A = [list(b) for r in res if r[0] == 0 for b in rows[r][1]]
    if use_sigma:
        Bs = [sorted(sigma(p) for p in b) for b in A]
    else:
        Bs = [list(b) for r in res if r[0] == 1 for b in rows[r][1]]
    entry = {"layout": [t, k, 2], "group": 2, "bases": [A, Bs],
             "construction": "type 2^16 over GF(16)*: tau-invariant base session A and sigma(A)"}
    store(n, 10, entry, lay.develop([A, Bs]))
    return True


def td20_plus():
    """20 players x 6 sessions with 6 repeats (published tables: 22).

    Sessions 1-5 are the resolvable transversal design TD(4,5): player
    ``(g, x)``, g in 0..3, x in Z_5; session b seats ``{(g, a + g*b)}`` for each
    a.  Every two players of different groups meet exactly once, and the four
    groups of five never meet.  Session 6 seats four players of one group at
    each of four tables (24 new pairs) and the four players left over, one per
    group, together: only those 6 pairs repeat.
    """
    def pid(g, x):
        return g * 5 + x % 5
    sessions = [[tuple(pid(g, a + g * b) for g in range(4)) for a in range(5)] for b in range(5)]
    sessions.append([tuple(pid(g, x) for x in range(4)) for g in range(4)] + [tuple(pid(g, 4) for g in range(4))])
    store(20, 6, {"sessions": [[list(tb) for tb in ses] for ses in sessions],
                  "construction": "TD(4,5) + one session inside the groups"}, sessions)


if __name__ == "__main__":
    main(sys.argv[1:])
