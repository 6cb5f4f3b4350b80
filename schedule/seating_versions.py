"""A session's replaced seatings, kept and restorable (issue 29): "Draw again" pressed by mistake, a schedule
generated over sessions already seated, a chart uploaded over them, a Swiss pairing made again. Each replaced seating is kept as a
``SeatingVersion`` by ``schedule.services.session_seat`` itself, so every way of seating keeps one; while the
session is unpublished and has no scores, the organizer may put any kept version back
(``schedule.seating_restore``), which keeps the seating it replaces in turn (a restore is undone the same way).

The repeat-meeting figures here are what the confirmation pages show, "before → after", for the whole
tournament's seating with one session's tables replaced.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from seating.metrics import pair_counts
from tournament.models import Seat, SeatingVersion, Session

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def current_tables(session: Session) -> list[list[int]]:
    """The session's seating now: player numbers table by table, East..North; [] when not seated."""
    tables: dict[int, list[int]] = {}
    for table, number in (
        Seat.objects.filter(session=session)
        .order_by("table__number", "position")
        .values_list("table__number", "player__number")
    ):
        tables.setdefault(table, []).append(number)
    return [tables[n] for n in sorted(tables)]


def seating_seen(sessions: list[Session], *, unseated: bool = False) -> str:
    """A short token of the sessions' seating as the organizer sees it now (``unseated``: as seen before any
    seating): a draw or a schedule confirmed on it is refused when it changed meanwhile (``check_seating_seen``)."""
    ordered = sorted(sessions, key=lambda s: s.number)
    tables = [(s.number, [] if unseated else current_tables(s)) for s in ordered]
    return hashlib.sha256(repr(tables).encode()).hexdigest()[:16]


def check_seating_seen(sessions: list[Session], seen: str | None) -> None:
    """Refuse a seating made on a view of ``sessions`` that is no longer theirs: another organizer seated them
    a moment ago (two taps, two people). Called under the tournament's lock; ``seen`` None: nothing to compare."""
    if seen is None or seen == seating_seen(sessions):
        return
    raise ValidationError(
        _(
            "The seating of session %(s)s changed a moment ago (another organizer, or a second tap): look at it, "
            "then seat again if you still want to."
        )
        % {"s": ", ".join(str(s.number) for s in sorted(sessions, key=lambda s: s.number))},
        code="seating_changed",
    )


def keep_seating_version(session: Session, new_tables: list[list[int]], by: User | None, replaced_with: str) -> None:
    """Keep the session's seating before it is replaced by ``new_tables`` (player numbers); nothing to keep
    when it is not seated, or when the new seating is the same (a second tap of the same confirmed draw).
    Called by ``session_seat`` under its locks, before it deletes the tables."""
    tables = current_tables(session)
    if not tables or tables == new_tables:
        return
    SeatingVersion.objects.create(
        session=session,
        tables=tables,
        seating_method=session.seating_method,
        seed=session.seed,
        replaced_by=by,
        replaced_with=replaced_with,
    )


def repeat_excess(chart: list[list[list[int]]]) -> int:
    """Repeat meetings: every meeting of a pair after their first (the figure the seating pages show)."""
    return sum(m - 1 for m in pair_counts(chart).values() if m > 1)


def tournament_tables(session: Session) -> dict[int, list[list[int]]]:
    """Every seated session's tables, player numbers East..North, by session number."""
    out: dict[int, dict[int, list[int]]] = {}
    for number, table, player in (
        Seat.objects.filter(session__tournament_id=session.tournament_id)
        .order_by("session__number", "table__number", "position")
        .values_list("session__number", "table__number", "player__number")
    ):
        out.setdefault(number, {}).setdefault(table, []).append(player)
    return {n: [tables[t] for t in sorted(tables)] for n, tables in sorted(out.items())}


def repeats_before_after(session: Session, replacement: dict[int, list[list[int]]]) -> tuple[int, int]:
    """Repeat meetings over all seated sessions now, and with the sessions of ``replacement`` (session number:
    tables of player numbers) seated that way instead."""
    chart = tournament_tables(session)
    after = {**chart, **replacement}
    return repeat_excess(list(chart.values())), repeat_excess(list(after.values()))
