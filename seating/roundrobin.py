"""Whole round-robin schedules.

Pipeline (players are 0-based inside, 1-based outside):

1. *Repeat-free core.*  Shipped data (``data/designs.json``, computed offline
   by ``python -m seating_designs``) for the cases near the limits, else a
   cyclic development (see ``cyclic.py``) found at run time, else a greedy
   session-by-session draw.  With teams, the cyclic layout reserves groups of
   four players that never meet, and teams are packed into those groups.
2. *Repair.*  Tabu search (``localsearch.py``) removes what is left of
   repeats and team clashes, down to the counting lower bound when it can.
3. *Variety.*  The seed relabels players (team-mates stay in their groups),
   and shuffles sessions and tables, so a different seed gives a different
   but equally good schedule, and the same seed the same one.
4. *Winds* by exact edge colouring (``winds.py``).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from . import cyclic
from .errors import PlayerCountError, SeatingError
from .localsearch import Schedule0, improve, relabel_for_teams
from .metrics import lower_bound, schedule_metrics
from .types import Metrics, SeatedSessions, Sessions, Table, Teams
from .winds import balance_winds

# The shipped designs (data/designs.json), read once: "NxS" or "NxS/teamsG" -> a design, as JSON
# gives it (its "sessions", or a cyclic "layout" with its "bases").
_DATA: dict[str, Any] | None = None
MAX_PLAYERS = 1000


def _designs() -> dict[str, Any]:
    global _DATA
    if _DATA is None:
        path = os.path.join(os.path.dirname(__file__), "data", "designs.json")
        try:
            with open(path) as fh:
                _DATA = json.load(fh)
        except FileNotFoundError:
            _DATA = {}
    return _DATA


class Schedule:
    """``sessions[s][t]`` = (East, South, West, North) player numbers; ``seed`` the one it was drawn with."""

    def __init__(self, sessions: list[list[Table]], metrics: Metrics, method: str = "", seed: int | str = 0):
        self.sessions = sessions
        self.metrics = metrics
        self.method = method
        self.seed = seed

    def as_dict(self) -> dict[str, object]:
        return {"sessions": [[list(tb) for tb in ses] for ses in self.sessions], "metrics": self.metrics}

    def __repr__(self) -> str:
        return f"<Schedule {self.metrics.get('players')}x{self.metrics.get('sessions')} {self.method}>"


def repeat_free_limit(players: int) -> int:
    """Sessions a field can always play with nobody meeting twice (proven by
    the constructions shipped here; ``(N-1)//3`` is the counting ceiling)."""
    known = {4: 1, 8: 1, 12: 1, 16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13}
    if players in known:
        return known[players]
    return min(10, (players - 1) // 3)


def validate(players: object, sessions: object, teams: Teams | None) -> None:
    if not isinstance(players, int) or players < 4:
        raise SeatingError(f"need at least 4 players, got {players!r}")
    if players % 4:
        raise PlayerCountError(players)
    if players > MAX_PLAYERS:
        raise SeatingError(f"at most {MAX_PLAYERS} players are supported, got {players}")
    if not isinstance(sessions, int) or sessions < 1:
        raise SeatingError(f"need at least one session, got {sessions!r}")
    if teams:
        sizes: dict[Hashable, int] = {}
        for p, t in teams.items():
            if not 1 <= p <= players:
                raise SeatingError(f"team map names player {p}, but players are numbered 1 to {players}")
            sizes[t] = sizes.get(t, 0) + 1
        big = [t for t, k in sizes.items() if k > 4]
        if big:
            raise SeatingError(f"team {big[0]!r} has {sizes[big[0]]} players; teams have at most four")


def _team_list(players: int, teams: Teams | None) -> list[int]:
    """0-based team index per player; players without a team get their own."""
    ids: dict[Hashable, int] = {}
    out = []
    for p in range(1, players + 1):
        t = teams.get(p) if teams else None
        if t is None:
            out.append(-p)
        else:
            out.append(ids.setdefault(t, len(ids)))
    return out


def _pack_groups(team_of: Sequence[int], n: int) -> list[list[int]] | None:
    """Pack teams into bins of four (first fit decreasing); None if it takes
    more than n/4 bins."""
    members: dict[int, list[int]] = {}
    for p, t in enumerate(team_of):
        members.setdefault(t, []).append(p)
    teams = sorted(members.values(), key=len, reverse=True)
    bins: list[list[int]] = []
    for mem in teams:
        for b in bins:
            if len(b) + len(mem) <= 4:
                b.extend(mem)
                break
        else:
            bins.append(list(mem))
    if len(bins) > n // 4:
        return None
    # players without a team were packed as teams of one, so the bins hold
    # everybody; empty bins only appear when groups are larger than needed
    while len(bins) < n // 4:
        bins.append([])
    return bins


def _greedy(
    n: int, S: int, rng: random.Random, team_of: Sequence[int], start: Sessions | None = None
) -> list[list[list[int]]]:
    """Session by session: fill tables with players who have not met."""
    met = set()
    sessions = [[list(tb) for tb in ses] for ses in (start or [])]
    for ses in sessions:
        for tb in ses:
            for a in tb:
                for b in tb:
                    if a < b:
                        met.add((a, b))
    while len(sessions) < S:
        pool = list(range(n))
        rng.shuffle(pool)
        tables = []
        while pool:
            tb = [pool.pop()]
            i = len(pool) - 1
            while len(tb) < 4 and i >= 0:
                q = pool[i]
                if all(((q, x) if q < x else (x, q)) not in met and team_of[q] != team_of[x] for x in tb):
                    tb.append(pool.pop(i))
                i -= 1
            while len(tb) < 4:
                tb.append(pool.pop())
            tables.append(tb)
        for tb in tables:
            for a in tb:
                for b in tb:
                    if a < b:
                        met.add((a, b))
        sessions.append(tables)
    return sessions


def data_key(n: int, S: int, group: int = 1) -> str:
    return f"{n}x{S}" + (f"/teams{group}" if group > 1 else "")


def _from_data(n: int, S: int, group: int = 1) -> tuple[SeatedSessions | None, cyclic.Layout | None]:
    """Shipped schedule (0-based) and its layout (None for plain sessions)."""
    d = _designs().get(data_key(n, S, group))
    if not d:
        return None, None
    if "sessions" in d:
        return [[tuple(tb) for tb in ses] for ses in d["sessions"]], None
    t, k, m = d["layout"]
    lay = cyclic.Layout(n, t, k, m, d.get("group", 1), allow_short=bool(d.get("short")), spread=bool(d.get("spread")))
    return lay.develop(d["bases"]), lay


def _is_repeat_free(sessions: Sessions) -> bool:
    seen = set()
    for ses in sessions:
        for tb in ses:
            for i in range(4):
                for j in range(i + 1, 4):
                    a, b = tb[i], tb[j]
                    key = (a, b) if a < b else (b, a)
                    if key in seen:
                        return False
                    seen.add(key)
    return True


def _cyclic(
    n: int, S: int, rng: random.Random, group: int, effort: float
) -> tuple[SeatedSessions, cyclic.Layout] | None:
    # Budgets are counted in search nodes and annealing rounds, never in
    # seconds, so a seed always gives the same schedule; the deadline is only
    # a safety net for a loaded machine.
    if n * n > 250000:
        return None  # the pair-orbit table would cost more than a greedy draw
    deadline = time.monotonic() + 2 * effort
    lays = []
    for spread in [False, True] if group > 1 else [False]:
        for t, k, m in cyclic.layouts(n, S, group, spread)[:4]:
            lay = cyclic.Layout(n, t, k, m, group, spread=spread)
            if m * (n // 4) * 6 <= lay.orbit_count:
                lays.append(lay)
    # Cheap depth-first tries, round-robin over the layouts: a single try
    # succeeds about half the time on the feasible ones, so several short
    # tries beat one long one.
    for _ in range(max(1, int(6 * effort))):
        for lay in lays:
            bases = cyclic.search(lay, rng, deadline, node_limit=2000, attempts=1)
            if bases is not None:
                return lay.develop(bases), lay
    for lay in lays[:3]:
        bases = cyclic.anneal(lay, rng, deadline, iters_per_temp=1000, max_rounds=int(15 * effort))
        if bases is not None:
            return lay.develop(bases), lay
    return None


def _longer_repeat_free(n: int, S: int) -> SeatedSessions | None:
    """A shipped repeat-free design with more than S sessions, if any: its
    first S sessions are a repeat-free S-session schedule, and each dropped
    session's tables are foursomes that never meet in the kept ones."""
    for S2 in range(S + 1, S + 6):
        more, _ = _from_data(n, S2)
        if more is not None and _is_repeat_free(more):
            return more
    return None


#: A core schedule (0-based), the player groups kept apart for teams (or None), how it was made, and how
#: many leading sessions are a repeat-free design to keep.
_Core = tuple[Sessions, list[list[int]] | None, str, int]


def _core(n: int, S: int, rng: random.Random, team_of: Sequence[int], has_teams: bool, effort: float) -> _Core:
    """A schedule (0-based), with teams the player groups kept apart, how it
    was made, and how many leading sessions are a repeat-free design that
    the first repair phase keeps (0: none)."""
    slack = (n - 1) - 3 * S
    data, _ = _from_data(n, S)
    more = _longer_repeat_free(n, S) if slack >= 0 else None
    if data is not None and more is not None and not _is_repeat_free(data):
        data = more[:S]  # e.g. 40x12 cut from the 40x13 design
    elif data is None and more is not None:
        data = more[:S]
    if data is not None and not has_teams:
        return data, None, "data", 0
    if has_teams and slack >= 3:
        with_teams = _core_with_teams(n, S, rng, team_of, effort, more)
        if with_teams is not None:
            return with_teams
    if data is not None:
        return data, None, "data", 0
    if slack >= 0 and n >= 3 * S * 2:
        return _greedy(n, S, rng, team_of), None, "greedy", 0
    if slack >= 0:
        found = _cyclic(n, S, rng, 1, effort)
        if found is not None:
            return found[0], None, "cyclic", 0
    # Repeats unavoidable (or not found): extend the best repeat-free start.
    base = _repeat_free_start(n, S, rng, effort)
    return _greedy(n, S, rng, team_of, start=base), None, "extended", len(base or [])


def _core_with_teams(
    n: int, S: int, rng: random.Random, team_of: Sequence[int], effort: float, more: Sessions | None
) -> _Core | None:
    """A core schedule whose player groups keep teams apart, when one is found."""
    sessions, lay = _from_data(n, S, 4)
    if sessions is not None:
        return sessions, lay.groups() if lay is not None else None, "data+teams", 0
    if more is not None:
        return more[:S], [list(tb) for tb in more[S]], "data-1+teams", 0
    if n >= 3 * S * 2:
        return _greedy(n, S, rng, team_of), None, "greedy+teams", 0
    found = _cyclic(n, S, rng, 4, effort)
    if found is not None:
        return found[0], found[1].groups(), "cyclic+teams", 0
    return None


def _repeat_free_start(n: int, S: int, rng: random.Random, effort: float) -> SeatedSessions | None:
    """The longest repeat-free start (fewer than S sessions) to extend when repeats cannot be avoided."""
    base: SeatedSessions | None = None
    for s0 in range(min(S - 1, repeat_free_limit(n)), 0, -1):
        base, _ = _from_data(n, s0)
        if base is not None and not _is_repeat_free(base):
            base = None
        if base is None and (n - 1) - 3 * s0 >= 0:
            more = _longer_repeat_free(n, s0)
            base = more[:s0] if more is not None else None
        if base is None and (n - 1) - 3 * s0 >= 0:
            found = _cyclic(n, s0, rng, 1, effort * 0.5)
            base = found[0] if found is not None else None
        if base is not None:
            break
    return base


def _place_teams(
    n: int, team_of: Sequence[int], groups: Sequence[Sequence[int]] | None, rng: random.Random
) -> list[int] | None:
    """pos[player] = schedule slot, putting each bin of teams in one group."""
    bins = _pack_groups(team_of, n)
    if bins is None or groups is None:
        return None
    shuffled = [list(g) for g in groups]
    rng.shuffle(shuffled)
    rng.shuffle(bins)
    pos: list[int | None] = [None] * n
    free_slots: list[int] = []
    for g, b in zip(shuffled, bins):
        rng.shuffle(g)
        for p, slot in zip(b, g):
            pos[p] = slot
        free_slots.extend(g[len(b) :])
    rng.shuffle(free_slots)
    it = iter(free_slots)
    return [next(it) if slot is None else slot for slot in pos]


PRIORITIES = ("repeats", "clashes")


def _teams_apart_bound(n: int, S: int, team_of: Sequence[int]) -> int:
    """Counting bound on repeats once team-mates never meet: a player of a
    team of k has only N - k possible opponents."""
    sizes = Counter(team_of)
    return max(0, -(-sum(max(0, 3 * S - (n - sizes[t])) for t in team_of) // 2))


def round_robin(
    players: int,
    sessions: int,
    teams: Teams | None = None,
    seed: int | str = 0,
    effort: float = 1.0,
    prefer: str = "repeats",
) -> Schedule:
    """Seat ``players`` (numbered 1..N) for ``sessions`` sessions.

    ``teams`` maps player number -> team (any hashable); team-mates are kept
    apart whenever the search manages to.  Where no schedule has both no
    repeats and no team clash, ``prefer`` says which to minimise first:
    ``"repeats"`` (default) or ``"clashes"``.  ``effort`` scales search
    budgets.
    """
    validate(players, sessions, teams)
    if prefer not in PRIORITIES:
        raise SeatingError(f"prefer must be one of {', '.join(PRIORITIES)}, got {prefer!r}")
    n, S = players, sessions
    rng = random.Random(f"round-robin:{n}:{S}:{seed}")
    team_of = _team_list(n, teams)
    sizes = Counter(t for t in team_of if t >= 0)
    has_teams = any(k > 1 for k in sizes.values())
    core, groups, method, kept = _core(n, S, rng, team_of, has_teams, effort)

    # pos[player] = slot in the core schedule
    pos = None
    if has_teams and method == "greedy+teams":
        pos = list(range(n))  # the draw already knows the real teams
    elif has_teams:
        pos = _place_teams(n, team_of, groups, rng)
        if pos is None:
            pos = relabel_for_teams(core, n, team_of, rng, max_iters=int(20000 * effort))
    else:
        pos = list(range(n))
        rng.shuffle(pos)
    slot_player = [0] * n
    for p, sl in enumerate(pos):
        slot_player[sl] = p
    sched = [[tuple(slot_player[x] for x in tb) for tb in ses] for ses in core]

    clashes_first = has_teams and prefer == "clashes"
    lb = _teams_apart_bound(n, S, team_of) if clashes_first else lower_bound(n, S)
    sch = Schedule0(n, sched, team_of if has_teams else None, clashes_first)
    if sch.value(sch.cost()) > sch.value((lb, 0)):
        iters = int(effort * max(2000, 200000 // max(n, 16)))
        if kept:
            # Past a repeat-free design, the new sessions first adapt to the
            # design's leave (the pairs it never seats together) with the
            # design frozen: a free search breaks the design for small gains
            # (32x11: 41 repeats free, 32 = the bound frozen).
            sched, _ = improve(sch, rng, iters, target=(lb, 0), stall_limit=int(1500 * effort), first_free=kept)
            sch = Schedule0(n, sched, team_of if has_teams else None, clashes_first)
        sched, (_rep, _cl) = improve(sch, rng, iters, target=(lb, 0), stall_limit=int(1500 * effort))
        method += "+tabu"

    sched = [list(ses) for ses in sched]
    rng.shuffle(sched)
    for ses in sched:
        rng.shuffle(ses)
    sched = balance_winds(sched, rng)
    out = [[tuple(p + 1 for p in tb) for tb in ses] for ses in sched]
    metrics = schedule_metrics(out, teams)
    return Schedule(out, metrics, method, seed)
