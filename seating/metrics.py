"""Quality figures for any schedule, and the lower bound on repeats.

A *meeting* is two players at one table in one session.  A pair that meets
``m`` times contributes ``m - 1`` to ``repeat_excess`` (so a schedule where no
pair meets twice scores 0); ``repeated_pairs`` counts the pairs with m >= 2.

Counting bound on ``repeat_excess``: a player meets 3 opponents per session,
3S meetings in all, but has only N - 1 possible opponents (fewer with teams
that must stay apart), so at least 3S - (N - 1) of their meetings are
repeats.  Each repeat is counted from both of its players, hence
``ceil(N * max(0, 3S - (N - 1)) / 2)``.  Summing the same argument over all
players is the global count ``meetings - pairs`` (``3SN/2 - N(N-1)/2``), so
the per-player form is never weaker.  ``lower_bound`` raises it where a finer
argument applies (small fields, proven non-existence).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from .types import Metrics, SeatedSessions, Sessions, Teams


def counting_bound(players: int, sessions: int) -> int:
    return max(0, -(-players * (3 * sessions - (players - 1)) // 2))


# Fields where a repeat-free schedule is proven impossible although counting
# allows it: 20 players x 6 sessions would be a resolvable 4-GDD of type
# 2^10 (each player misses exactly one other), which does not exist (the
# social golfer instance 5-4-6 has no solution).  See docs/seating.md.
NO_REPEAT_FREE = {(20, 6)}


def lower_bound(players: int, sessions: int) -> int:
    """Best proven lower bound on ``repeat_excess``: the counting bound,
    raised where a finer argument applies.

    With fewer than four tables (8 or 12 players) every later session must
    seat, at each table, two players who shared a table in the first
    session (four players drawn from two or three tables), so each session
    after the first adds at least 2 (8 players: 2+2 at both tables) or 1
    (12 players, per table) repeats."""
    best = counting_bound(players, sessions)
    tables = players // 4
    if tables in (2, 3) and sessions > 1:
        per_table = 2 if tables == 2 else 1
        best = max(best, (sessions - 1) * tables * per_table)
    if (players, sessions) in NO_REPEAT_FREE:
        best = max(best, 1)
    return best


def pair_counts(sessions: Iterable[Iterable[Iterable[int]]]) -> Counter[tuple[int, int]]:
    """How many times each pair (lower number first) shares a table."""
    c: Counter[tuple[int, int]] = Counter()
    for tables in sessions:
        for tb in tables:
            seats = list(tb)
            for i in range(len(seats)):
                for j in range(i + 1, len(seats)):
                    a, b = seats[i], seats[j]
                    c[(a, b) if a < b else (b, a)] += 1
    return c


def wind_counts(sessions: Iterable[Iterable[Iterable[int]]]) -> dict[int, list[int]]:
    """Player -> how many times they started East, South, West, North."""
    counts: dict[int, list[int]] = {}
    for tables in sessions:
        for tb in tables:
            for w, p in enumerate(tb):
                counts.setdefault(p, [0, 0, 0, 0])[w] += 1
    return counts


def team_clashes(sessions: Sessions, teams: Teams | None) -> int:
    """How many times two players of one team share a table."""
    return _clashes(pair_counts(sessions), teams)


def _clashes(pc: Counter[tuple[int, int]], teams: Teams | None) -> int:
    if not teams:
        return 0
    n = 0
    for (a, b), m in pc.items():
        ta = teams.get(a)
        if ta is not None and ta == teams.get(b):
            n += m
    return n


def schedule_metrics(sessions: Sessions, teams: Teams | None = None) -> Metrics:
    """Figures for a schedule: ``sessions[s][t]`` is a table in wind order."""
    pc = pair_counts(sessions)
    players = {p for tables in sessions for tb in tables for p in tb}
    wc = wind_counts(sessions)
    return {
        "players": len(players),
        "sessions": len(sessions),
        "repeated_pairs": sum(1 for m in pc.values() if m > 1),
        "repeat_excess": sum(m - 1 for m in pc.values() if m > 1),
        "max_meetings": max(pc.values(), default=0),
        "wind_spread": max((max(v) - min(v) for v in wc.values()), default=0),
        "team_clashes": _clashes(pc, teams),
        "lower_bound": lower_bound(len(players), len(sessions)),
    }


def schedule_score(metrics: Metrics) -> tuple[int, int, int, int, int]:
    """Sort key, lower is better: repeats first, then team clashes, then the
    worst pair, then wind balance (the order the issue ranks them in)."""
    return (
        metrics["repeat_excess"],
        metrics["team_clashes"],
        metrics["max_meetings"],
        metrics["repeated_pairs"],
        metrics["wind_spread"],
    )


def random_draw(players: int, sessions: int, rng: random.Random | int = 0) -> SeatedSessions:
    """Every session an independent shuffle cut into fours: the baseline the
    benchmark and the tests compare schedules against.  ``rng`` is a
    ``random.Random`` or a seed."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    out: SeatedSessions = []
    for _ in range(sessions):
        p = list(range(1, players + 1))
        rng.shuffle(p)
        out.append([tuple(p[i : i + 4]) for i in range(0, players, 4)])
    return out
