"""Offline search for the schedules shipped in ``seating/data/designs.json``.

    python -m seating_designs N S [seconds] [layout t,k,m[,short]]
    python -m seating_designs planes32 [seed]      # 32x10, see planes_lift_32
    python -m seating_designs multiplier 40 13 3   # 40x13
    python -m seating_designs sym 36 11 11 3 3 rot # 36x11
    python -m seating_designs exact N S t k [group] [seed]
    python -m seating_designs fill NMIN NMAX SECONDS | sweep ... | td20
    python -m seating_designs N S SECONDS tabu
    python -m seating_designs extend N S [SECONDS [S0]]   # past the limit

This lives beside the ``seating`` package, not in it: the product only reads
the stored results, never searches for them, and this search (minutes of
work, files written, untyped research code) is held neither to the pure
engines' strict typing nor to the product's size limits.  It imports only
``seating`` (tests/test_layers.py).

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
        fh.write(
            "{\n"
            + ",\n".join(
                f"{json.dumps(k)}: {json.dumps(data[k], separators=(',', ':'))}" for k in sorted(data, key=_order)
            )
            + "\n}\n"
        )
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
            if n - 4 >= 3 * S and n >= 16 and data_key(n, S, 4) not in _designs():
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
            if n - 4 >= 3 * S and n >= 16:
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
    start, _, _how, _ = _core(n, S, rng, team_of, False, 1.0)
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


def extend(n, S, seconds, S0=None):
    """Past the repeat-free limit: keep a shipped repeat-free design of S0
    sessions frozen and let tabu search fit the extra sessions to its leave,
    then polish the whole; restarts with new seeds until the time is up or
    the counting bound is met, and stores the best."""
    from seating.roundrobin import _from_data, _greedy, _longer_repeat_free, repeat_free_limit

    S0 = S0 or min(S - 1, repeat_free_limit(n))
    base, _ = _from_data(n, S0)
    if base is None:
        more = _longer_repeat_free(n, S0)
        base = more[:S0] if more is not None else None
    if base is None:
        print(f"{n}x{S}: no stored {n}x{S0} design to extend")
        return
    lb = lower_bound(n, S)
    best, best_cost = None, None
    deadline = time.monotonic() + seconds
    seed = 0
    while time.monotonic() < deadline and (best_cost is None or best_cost[0] > lb):
        rng = random.Random(seed)
        seed += 1
        start = _greedy(n, S, rng, [-1 - i for i in range(n)], start=base)
        sessions, cost = improve(Schedule0(n, start), rng, 50000, target=(lb, 0), stall_limit=5000, first_free=S0)
        sessions, cost = improve(Schedule0(n, sessions), rng, 50000, target=(lb, 0), stall_limit=5000)
        if best_cost is None or cost < best_cost:
            best, best_cost = sessions, cost
            print(f"{n}x{S}: {cost[0]} repeats (seed {seed - 1})", flush=True)
    store(
        n,
        S,
        {
            "sessions": [[list(tb) for tb in ses] for ses in best],
            "construction": f"{n}x{S0} design + {S - S0} session(s) fitted to its leave",
        },
        best,
    )


def main(argv):
    cmd = argv[0]
    if cmd == "extend":
        extend(
            int(argv[1]), int(argv[2]), float(argv[3]) if len(argv) > 3 else 60, int(argv[4]) if len(argv) > 4 else None
        )
        return
    if cmd == "exact":
        n, S, t, k = (int(x) for x in argv[1:5])
        group = int(argv[5]) if len(argv) > 5 else 1
        one_rotational(n, S, t, k, group, seed=int(argv[6]) if len(argv) > 6 else 0)
    elif cmd == "sym":
        n, S, t, k, group = (int(x) for x in argv[1:6])
        opts = argv[8] if len(argv) > 8 else ""
        with_symmetry(
            n,
            S,
            t,
            k,
            group,
            _sym(argv[6], n, t, k),
            seconds=float(argv[7]) if len(argv) > 7 else 600,
            fixed_ok="fixed" in opts,
            short="short" in opts,
        )
    elif cmd == "multiplier":
        with_multiplier(int(argv[1]), int(argv[2]), int(argv[3]), seconds=float(argv[4]) if len(argv) > 4 else 600)
    elif cmd == "planes32":
        planes_lift_32(seed=int(argv[1]) if len(argv) > 1 else 0)
    elif cmd == "td20":
        td20_plus()
    elif cmd == "fill":
        fill(int(argv[1]), int(argv[2]), float(argv[3]))
    elif cmd == "sweep":
        sweep(int(argv[1]), int(argv[2]), float(argv[3]))
    elif len(argv) > 3 and argv[3] == "tabu":
        run_tabu(int(argv[0]), int(argv[1]), float(argv[2]))
    else:
        n, S = int(argv[0]), int(argv[1])
        seconds = float(argv[2]) if len(argv) > 2 else 60
        layout = None
        if len(argv) > 3 and argv[3]:
            parts = [int(x) for x in argv[3].split(",")]
            layout = tuple(parts + [0] * (4 - len(parts)))
        seed = int(argv[4]) if len(argv) > 4 else 1
        group = int(argv[5]) if len(argv) > 5 else 1
        run_cyclic(n, S, seconds, layout, seed, group)


class _Restart(Exception):
    pass


def exact_cover(rows, primary, rng=None, node_limit=None, deadline=None, pinned=()):
    """Algorithm X with dict-of-sets columns: the one solver behind every
    search here.

    ``rows`` maps a row key to its columns; every column in ``primary`` must
    be covered exactly once, any other column at most once.  ``pinned`` rows
    are taken before the search (symmetry breaking).  The search is
    heavy-tailed, so with ``node_limit`` (or ``deadline``) it gives up and the
    caller restarts with another random order.  Returns ``(solution,
    complete)``: a list of row keys or None, and whether the search ran to the
    end (None with complete=True proves there is no solution)."""
    X = {}
    for r, cols in rows.items():
        for c in cols:
            X.setdefault(c, set()).add(r)
    primary = set(primary)
    if not primary <= set(X):
        return None, True

    def select(r):
        saved = []
        for j in rows[r]:
            for i in X[j]:
                for k in rows[i]:
                    if k != j:
                        X[k].discard(i)
            saved.append(X.pop(j))
        return saved

    def deselect(r, saved):
        for j in reversed(rows[r]):
            X[j] = saved.pop()
            for i in X[j]:
                for k in rows[i]:
                    if k != j:
                        X[k].add(i)

    nodes = [0]
    sol = []

    def solve():
        live = [c for c in X if c in primary]
        if not live:
            return True
        nodes[0] += 1
        if node_limit and nodes[0] > node_limit:
            raise _Restart
        if deadline and not nodes[0] & 255 and time.monotonic() > deadline:
            raise _Restart
        c = min(live, key=lambda c: len(X[c]))
        # sorted first so that a seed fixes the order (sets of tuples hash
        # the same way in every run, but not across key types)
        cand = sorted(X[c], key=repr)
        if rng is not None:
            rng.shuffle(cand)
        for r in cand:
            sol.append(r)
            saved = select(r)
            if solve():
                return True
            deselect(r, saved)
            sol.pop()
        return False

    for r in pinned:
        if any(c not in X for c in rows[r]):
            return None, True
        sol.append(r)
        select(r)
    try:
        ok = solve()
    except _Restart:
        return None, False
    return (list(sol) if ok else None), True


def exact_cover_restarts(rows, primary, seed=0, node_limit=None, seconds=600, pinned=()):
    """``exact_cover`` restarted with fresh random orders until a solution,
    a proof of none, or the time limit."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sol, complete = exact_cover(rows, primary, rng, node_limit, deadline, pinned)
        if sol is not None or complete:
            return sol, complete
    return None, False


def table_orbit_rows(lay, sigma=None, fixed_ok=False, pinned=()):
    """Exact-cover rows for one base session of a cyclic layout whose tables
    come in orbits of ``sigma`` (a permutation of the players mapping pair
    orbits to pair orbits; None for no extra symmetry).

    Columns: the players (exactly once) and the pair orbits (exactly once
    when the layout has exactly as many as a session uses, else at most
    once).  A row is a sigma-orbit of tables whose points and pair orbits are
    all distinct; a table fixed by sigma is kept only with ``fixed_ok`` or
    when pinned.  Two fixed players never share a table (their pair would
    recur in every shift)."""
    from itertools import combinations

    n, nf = lay.n, lay.k * lay.t
    orb = lay.orbit
    sigma = sigma or (lambda p: p)
    pinned = {tuple(sorted(b)) for b in pinned}
    rows = {}
    for B in combinations(range(n), 4):
        if sum(1 for p in B if p >= nf) > 1:
            continue
        if min(orb[a][b] for a, b in combinations(B, 2)) < 0:
            continue
        imgs = [B]
        while True:
            nxt = tuple(sorted(sigma(p) for p in imgs[-1]))
            if nxt == B:
                break
            imgs.append(nxt)
        if min(imgs) != B:
            continue
        pts = [p for blk in imgs for p in blk]
        if len(set(pts)) != len(pts) and not (len(imgs) == 1 and (fixed_ok or B in pinned)):
            continue
        pts = sorted(set(pts))
        os_ = [orb[a][b] for blk in imgs for a, b in combinations(blk, 2)]
        if len(set(os_)) != len(os_):
            continue
        rows[B] = [("p", q) for q in pts] + [("o", o) for o in os_]
    return rows


def _solve_base(n, S, lay, rows, pinned, seconds, seed, node_limit, construction, group, imgs_of):
    primary = {("p", q) for q in range(n)}
    if lay.orbit_count == (n // 4) * 6:
        primary |= {("o", o) for o in range(lay.orbit_count)}
    print(f"{n}x{S}: {len(rows)} rows", flush=True)
    res, complete = exact_cover_restarts(rows, primary, seed, node_limit, seconds, pinned)
    if res is None:
        print(f"{n}x{S}: " + ("no solution with this symmetry" if complete else "none found in time"))
        return False
    base = [list(blk) for r in res for blk in imgs_of(r)]
    entry = {"layout": [lay.t, lay.k, 1], "bases": [base], "construction": construction}
    if group > 1:
        entry["group"] = group
    if lay.allow_short:
        entry["short"] = 1
    # a group layout with groups of three is a plain schedule to the run-time
    # code (teams of four are not what it keeps apart)
    store(n, S, entry, lay.develop([base]), group if group == 4 else 1)
    return True


def _orbit_of(sigma):
    def imgs(B):
        out = [tuple(B)]
        while True:
            nxt = tuple(sorted(sigma(p) for p in out[-1]))
            if nxt == out[0]:
                return out
            out.append(nxt)

    return imgs


def one_rotational(n, S, t, k, group=1, seed=0, node_limit=1500, seconds=3600):
    """One base session of the layout (t, k) shifted t times (S = t), as an
    exact cover.  With three orbits and no team groups, translating each
    orbit separately is a symmetry, so the first fixed player's table is
    pinned to ``(0,0), (1,0), (2,0)``."""
    lay = cyclic.Layout(n, t, k, 1, group)
    pin = [(0, t, 2 * t, k * t)] if group == 1 and k == 3 and lay.f >= 1 else []
    rows = table_orbit_rows(lay, pinned=pin)
    return _solve_base(n, S, lay, rows, pin, seconds, seed, node_limit, "exact cover", group, lambda r: [r])


def with_multiplier(n, S, mu, seed=0, seconds=600):
    """1-rotational layout (t = S, three orbits plus one fixed player) whose
    base session is also invariant under ``x -> mu*x`` (mu of order 3 mod t):
    the table of the fixed player is ``{inf, (0,0), (1,0), (2,0)}`` and the
    other tables come in triples ``B, mu B, mu^2 B``.  The extra symmetry
    shrinks the exact cover to a few blocks, which is how 40x13 (every pair
    meets exactly once: a resolvable 2-(40,4,1) design) becomes reachable."""
    t = S
    assert n == 3 * t + 1 and pow(mu, 3, t) == 1 and mu % t != 1
    lay = cyclic.Layout(n, t, 3, 1)
    sigma = _sym(f"mul{mu}", n, t, 3)
    pin = [(0, t, 2 * t, 3 * t)]
    rows = table_orbit_rows(lay, sigma, pinned=pin)
    return _solve_base(n, S, lay, rows, pin, seconds, seed, None, f"1-rotational, multiplier {mu}", 1, _orbit_of(sigma))


def with_symmetry(n, S, t, k, group, sigma, seconds=600, seed=0, fixed_ok=False, short=False):
    """Exact cover for one base session that is invariant under ``sigma``, a
    permutation of the players that maps pair orbits to pair orbits (a
    multiplier ``x -> u*x``, or a rotation of the orbits ``(o, x) ->
    (o+1, x)``).  Tables then come in sigma-orbits, so the cover has a few
    rows instead of a whole session's worth.  ``sigma`` is given on player
    indices.  A table fixed by sigma is allowed when ``fixed_ok``."""
    lay = cyclic.Layout(n, t, k, 1, group, allow_short=short)
    rows = table_orbit_rows(lay, sigma, fixed_ok=fixed_ok)
    return _solve_base(
        n, S, lay, rows, (), seconds, seed, None, "cyclic + extra symmetry, exact cover", group, _orbit_of(sigma)
    )


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
    store(
        20,
        6,
        {
            "sessions": [[list(tb) for tb in ses] for ses in sessions],
            "construction": "TD(4,5) + one session inside the groups",
        },
        sessions,
    )


def _gf4_plane():
    """AG(2,4): points (x, y) of GF(4)^2 numbered 4x + y, lines in its five
    parallel classes (slopes 0..3 and vertical)."""
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]  # GF(4) = {0, 1, w, w^2}
    classes = [[sorted(4 * x + (mul[m][x] ^ b) for x in range(4)) for b in range(4)] for m in range(4)]
    classes.append([[4 * b + y for y in range(4)] for b in range(4)])
    return classes


def _solve_gf2(equations):
    """Gauss-Jordan over GF(2); an equation is (bitmask of variables, rhs).
    Returns one solution as a bitmask (free variables 0), or None."""
    pivots = {}
    for mask, rhs in equations:
        for bit, (pm, pr) in pivots.items():
            if mask >> bit & 1:
                mask ^= pm
                rhs ^= pr
        if not mask:
            if rhs:
                return None
            continue
        bit = mask.bit_length() - 1
        for b2, (pm, pr) in list(pivots.items()):
            if pm >> bit & 1:
                pivots[b2] = (pm ^ mask, pr ^ rhs)
        pivots[bit] = (mask, rhs)
    return sum(1 << bit for bit, (_, rhs) in pivots.items() if rhs)


def planes_lift_32(seed=0, tries=1000, save=True):
    """32x10 repeat-free: a resolvable 4-GDD of type 2^16 (players v and
    v + 16 never meet, everybody else exactly once).

    Quotient: 16 points carrying two affine planes of order 4 with no three
    points of a line of one plane on a line of the other (the second plane's
    lines are 4-arcs of the first; found as an exact cover of the 120 pairs
    by arcs).  Together their ten parallel classes cover every pair twice.
    Lift: each line L becomes two tables {(a, s_L(a))} and {(a, 1 - s_L(a))}
    on the copies a and a + 16, so each quotient class becomes a session of
    eight tables.  A quotient pair {a, b} lies on one line of each plane; the
    lifted pairs it stands for are all met exactly once when the two lines
    give it opposite relative signs, s_L(a) + s_L(b) + s_M(a) + s_M(b) = 1
    (mod 2): one linear equation per pair, solved by elimination.  The arc
    condition is necessary (three common points would demand an odd sum
    around a triangle on one line and an even one on the other); the first
    arc plane found was already solvable."""
    from itertools import combinations

    plane1 = _gf4_plane()
    lines1 = [set(b) for c in plane1 for b in c]
    arcs = [q for q in combinations(range(16), 4) if all(len(set(q) & L) <= 2 for L in lines1)]
    rows = {q: [("e", a, b) for a, b in combinations(q, 2)] for q in arcs}
    primary = [("e", a, b) for a, b in combinations(range(16), 2)]
    rng = random.Random(seed)
    for _ in range(tries):
        sol, _ = exact_cover(rows, primary, rng, node_limit=2000)
        if sol is None:
            continue
        # a 2-(16,4,1) design is an affine plane: parallel = disjoint
        plane2 = []
        left = [set(b) for b in sol]
        while left:
            first = left.pop(0)
            cls = [first] + [b for b in left if not b & first]
            left = [b for b in left if b & first]
            plane2.append([sorted(b) for b in cls])
        sessions = _lift(plane1 + plane2)
        if sessions is not None:
            break
    else:
        print("32x10: no liftable pair of planes found")
        return None
    if save:
        store(
            32,
            10,
            {
                "sessions": [[list(tb) for tb in ses] for ses in sessions],
                "construction": "two affine planes of order 4 lifted to two copies (GF(2) signs)",
            },
            sessions,
        )
    return sessions


def _lift(quotient_classes):
    from itertools import combinations

    lines = [b for c in quotient_classes for b in c]
    var = {}
    for li, b in enumerate(lines):
        for p in b:
            var[(li, p)] = len(var)
    on = {}
    for li, b in enumerate(lines):
        for a, c in combinations(b, 2):
            on.setdefault((a, c), []).append(li)
    eqs = []
    for (a, c), (l1, l2) in on.items():
        eqs.append(((1 << var[(l1, a)]) ^ (1 << var[(l1, c)]) ^ (1 << var[(l2, a)]) ^ (1 << var[(l2, c)]), 1))
    x = _solve_gf2(eqs)
    if x is None:
        return None
    sign = {k: x >> v & 1 for k, v in var.items()}
    sessions = []
    li = 0
    for c in quotient_classes:
        tables = []
        for b in c:
            tables.append(tuple(p + 16 * sign[(li, p)] for p in b))
            tables.append(tuple(p + 16 * (1 - sign[(li, p)]) for p in b))
            li += 1
        sessions.append(tables)
    return sessions


if __name__ == "__main__":
    main(sys.argv[1:])
