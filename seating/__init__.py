"""Seating for MCR tournaments: round robin, Swiss, mixed and fixed charts.

Pure Python, no Django: the web app and the ``seating`` command call in here.
See docs/seating.md for the constructions and the figures.
"""

from .chart import check_chart
from .draw import draw_session
from .elimination import EliminationTie, Rule, eliminate, seat_next_round
from .errors import PlayerCountError, SeatingError
from .metrics import lower_bound, schedule_metrics, schedule_score
from .roundrobin import Schedule, round_robin
from .swiss import displacement, mixed_next_session, swiss_next_session

__all__ = [
    "EliminationTie",
    "PlayerCountError",
    "Rule",
    "Schedule",
    "SeatingError",
    "check_chart",
    "displacement",
    "draw_session",
    "eliminate",
    "lower_bound",
    "mixed_next_session",
    "round_robin",
    "schedule_metrics",
    "schedule_score",
    "seat_next_round",
    "swiss_next_session",
]
