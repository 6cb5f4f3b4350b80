"""The shapes the seating algorithms pass around. Players are numbers (``int``)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypedDict

#: A table: its players in wind order (East, South, West, North).
Table = tuple[int, ...]
#: A schedule or chart as given: ``sessions[s][t]`` is table t of session s, in wind order.
Sessions = Sequence[Sequence[Sequence[int]]]
#: A schedule as the algorithms answer it.
SeatedSessions = list[list[Table]]
#: Player number -> team (any hashable: a team's id or name); players without a team are left out.
Teams = Mapping[int, Hashable]


class Metrics(TypedDict):
    """Figures for a schedule (``metrics.schedule_metrics``)."""

    players: int
    sessions: int
    repeated_pairs: int
    repeat_excess: int
    max_meetings: int
    wind_spread: int
    team_clashes: int
    lower_bound: int


class ChartReport(Metrics):
    """``chart.check_chart``: the metrics, readable findings, and the chart with balanced winds."""

    problems: list[str]
    balanced_sessions: SeatedSessions
