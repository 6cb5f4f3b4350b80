"""Predefined charts (MCR appendix 3: player numbers per table per session)."""

from __future__ import annotations

from .errors import PlayerCountError, SeatingError
from .metrics import pair_counts, schedule_metrics
from .types import ChartReport, Sessions, Teams
from .winds import balance_winds


def _validate(sessions: Sessions) -> set[int]:
    """The chart's players; SeatingError, saying where, for a chart that cannot be played."""
    if not sessions:
        raise SeatingError("the chart has no sessions")
    field: set[int] | None = None
    for s, tables in enumerate(sessions, 1):
        if not tables:
            raise SeatingError(f"session {s} has no tables")
        where: dict[int, int] = {}
        for t, tb in enumerate(tables, 1):
            seats = list(tb)
            if len(seats) != 4:
                raise SeatingError(
                    f"session {s}, table {t} seats {len(seats)} player{'s' if len(seats) != 1 else ''}; "
                    f"every table seats exactly four"
                )
            for p in seats:
                if isinstance(p, bool) or not isinstance(p, int):
                    raise SeatingError(f"session {s}, table {t}: {p!r} is not a player number")
                if p in where:
                    other = where[p]
                    raise SeatingError(
                        f"session {s}: player {p} is seated twice "
                        + (f"(tables {other} and {t})" if other != t else f"(twice at table {t})")
                    )
                where[p] = t
        players = set(where)
        if field is None:
            field = players
            if len(field) % 4:
                raise PlayerCountError(len(field))
        elif players != field:
            missing = sorted(field - players)
            extra = sorted(players - field)
            parts = []
            if missing:
                parts.append("missing player" + ("s " if len(missing) > 1 else " ") + ", ".join(map(str, missing)))
            if extra:
                parts.append(
                    "player"
                    + ("s " if len(extra) > 1 else " ")
                    + ", ".join(map(str, extra))
                    + " not seated in session 1"
                )
            raise SeatingError(f"session {s}: " + "; ".join(parts) + " (each player plays exactly once per session)")
    assert field is not None  # the chart has a session
    return field


def check_chart(sessions: Sessions, teams: Teams | None = None, winds_given: bool = True) -> ChartReport:
    """Validate a chart and report its quality.

    Raises ``SeatingError`` for a chart that cannot be played.  Otherwise
    returns the metrics (as ``schedule_metrics``) plus ``problems`` (readable
    findings, empty for a perfect chart) and ``balanced_sessions``: the same
    tables with starting winds assigned so that every player's winds are as
    even as possible.  With ``winds_given=False`` the order inside a table
    carries no meaning, so wind balance is judged on the balanced version.
    """
    _validate(sessions)
    tables = [[tuple(tb) for tb in ses] for ses in sessions]
    balanced = balance_winds(tables)
    report = schedule_metrics(tables if winds_given else balanced, teams)
    problems = []
    pc = pair_counts(tables)
    rep = sorted((pair, m) for pair, m in pc.items() if m > 1)
    if rep:
        shown = ", ".join(f"{a}&{b} ({m}x)" for (a, b), m in rep[:10])
        more = f" and {len(rep) - 10} more" if len(rep) > 10 else ""
        problems.append(f"{len(rep)} pair{'s' if len(rep) > 1 else ''} meet more than once: {shown}{more}")
    if report["lower_bound"] < report["repeat_excess"]:
        problems.append(
            f"repeats total {report['repeat_excess']}; the counting lower bound for "
            f"{report['players']} players and {report['sessions']} sessions is {report['lower_bound']}"
        )
    if report["wind_spread"] > 1:
        problems.append(
            f"starting winds are uneven (a player's most and least frequent wind differ by "
            f"{report['wind_spread']}); balanced_sessions reorders each table to fix that"
        )
    if report["team_clashes"]:
        problems.append(
            f"team-mates share a table {report['team_clashes']} time{'s' if report['team_clashes'] > 1 else ''}"
        )
    return {**report, "problems": problems, "balanced_sessions": balanced}
