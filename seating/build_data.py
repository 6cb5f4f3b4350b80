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

from . import cyclic
from .localsearch import Schedule0, improve
from .metrics import lower_bound, schedule_metrics

PATH = os.path.join(os.path.dirname(__file__), "data", "designs.json")


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
    from .roundrobin import _designs, _from_data, data_key
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
        store(n, S, entry, lay.develop(bases), group)
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


def sweep(nmin, nmax, seconds):
    """Store a design for every field the run-time search does not solve
    quickly: all session counts up to the repeat-free limit, with and
    without teams of four."""
    from .roundrobin import repeat_free_limit, round_robin
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
    from .roundrobin import _core, _team_list
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
    if argv[0] == "pg33":
        pg33_packing()
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


def pg33_packing():
    """40 players x 13 sessions: a packing of PG(3,3) (Denniston).

    Points of PG(3,3) are the 40 lines of GF(3)^4 = GF(27) + GF(3); its 130
    lines (4 points each) contain every pair of points once.  ``(x, c) ->
    (w^2 x, c)``, with w primitive in GF(27), has order 13, fixes one point
    and moves the other 39 in three orbits: exactly the 1-rotational layout
    t=13, k=3.  A spread (10 disjoint lines covering all points) holding one
    line of each of the 10 line orbits, shifted 13 times, uses every line
    once, so it is a repeat-free 13-session schedule.
    """
    # GF(27) = GF(3)[a]/(a^3 - a - 1), elements as coefficient triples
    def mul(u, v):
        r = [0] * 5
        for i in range(3):
            for j in range(3):
                r[i + j] += u[i] * v[j]
        for d in (4, 3):  # a^3 = a + 1
            c = r[d]
            r[d] = 0
            r[d - 3] += c
            r[d - 2] += c
        return tuple(x % 3 for x in r[:3])

    elems = [(a, b, c) for a in range(3) for b in range(3) for c in range(3)]
    one = (1, 0, 0)

    def order(w):
        x, k = w, 1
        while x != one:
            x, k = mul(x, w), k + 1
        return k
    w = next(e for e in elems if e != (0, 0, 0) and order(e) == 26)
    w2 = mul(w, w)

    def norm(v):  # projective representative: first non-zero coordinate 1
        for x in v:
            if x:
                return v if x == 1 else tuple((-y) % 3 for y in v)
    vecs = {norm(v) for v in ((a, b, c, d) for a in range(3) for b in range(3) for c in range(3) for d in range(3))
            if any(v)}
    pts = sorted(vecs)
    assert len(pts) == 40

    def g(p):
        return norm(mul(p[:3], w2) + (p[3],))
    lines = set()
    for i, u in enumerate(pts):
        for v in pts[i + 1:]:
            span = {norm(tuple((a * x + b * y) % 3 for x, y in zip(u, v)))
                    for a in range(3) for b in range(3) if a or b}
            lines.add(frozenset(span))
    assert len(lines) == 130
    fixed = [p for p in pts if g(p) == p]
    assert len(fixed) == 1
    label = {fixed[0]: 39}
    o = 0
    for p in pts:
        if p in label:
            continue
        q = p
        for x in range(13):
            label[q] = o * 13 + x
            q = g(q)
        o += 1
    line_orbit = {}
    for k, L in enumerate(sorted(lines, key=sorted)):
        if L in line_orbit:
            continue
        cur = L
        for _ in range(13):
            line_orbit[cur] = k
            cur = frozenset(g(p) for p in cur)
    orbits = set(line_orbit.values())
    assert len(orbits) == 10
    through = {p: [L for L in lines if p in L] for p in pts}

    def dfs(covered, used, chosen):
        if len(covered) == 40:
            return list(chosen)
        p = next(q for q in pts if q not in covered)
        for L in through[p]:
            if line_orbit[L] in used or L & covered:
                continue
            chosen.append(L)
            r = dfs(covered | L, used | {line_orbit[L]}, chosen)
            if r:
                return r
            chosen.pop()
        return None
    spread = dfs(frozenset(), frozenset(), [])
    if spread is None:
        raise SystemExit(f'no spread with one line per orbit; orbit sizes {sorted(__import__("collections").Counter(line_orbit.values()).values())}')
    base = [sorted(label[p] for p in L) for L in spread]
    lay = cyclic.Layout(40, 13, 3, 1)
    store(40, 13, {"layout": [13, 3, 1], "bases": [base], "construction": "PG(3,3) packing"},
          lay.develop([base]))


if __name__ == "__main__":
    main(sys.argv[1:])
