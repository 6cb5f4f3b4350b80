"""Seating for MCR tournaments: round robin, Swiss, mixed and fixed charts.

Pure Python, no Django: the web app and the ``seating`` command call in here.
"""
from .errors import PlayerCountError, SeatingError
from .metrics import lower_bound, schedule_metrics, schedule_score
from .roundrobin import Schedule, round_robin

__all__ = [
    "PlayerCountError", "Schedule", "SeatingError", "lower_bound", "round_robin",
    "schedule_metrics", "schedule_score",
]
from .swiss import displacement, mixed_next_session, swiss_next_session  # noqa: E402

__all__ += ["displacement", "mixed_next_session", "swiss_next_session"]
from .chart import check_chart  # noqa: E402

__all__ += ["check_chart"]
