"""Reads of the seating: which sessions each way of seating covers, the seating so far with its figures, the
seating chart and the list posted on the wall. No writes; the services (``schedule.services``,
``schedule.elimination``) and the pages read through these.

Players reach the seating engine as 1-based indexes into the tournament's players ordered by number (so the
engine always sees 1..N, as it requires), except for charts, which the organizer writes in player numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _lazy

import seating
from core.collation import person_sort_key
from rules.rotation import WINDS
from scoring.models import ScoreSheet
from seating.metrics import pair_counts, wind_counts
from tournament.models import Player, Seat, Session, Tournament

MAX_TEAM_APART = 4  # the engine keeps team-mates apart for teams of at most four

# How a session was seated (``Session.seating_method``), in words: the sessions pages, the seating page and
# the audit log all say it this way, never the stored code.
SEATING_METHODS = {
    "round_robin": _lazy("round robin"),
    "swiss": _lazy("Swiss pairing"),
    "chart": _lazy("a chart"),
    "random": _lazy("random draw"),
    "manual": _lazy("by hand"),
    "elimination": _lazy("from the players who go on"),
}


def method_label(method: str) -> str:
    """The words for a seating method; one not known (from an older file) is shown as given."""
    return str(SEATING_METHODS.get(method, method))


@dataclass(frozen=True)
class Priority:
    """One way to generate a round-robin schedule, as the ``seating`` command offers them: what the engine
    minimises first where no schedule has both no repeat meeting and no team-mates at one table."""

    key: str
    label: Any  # lazy translation
    prefer: str  # the engine's ``prefer``
    teams_apart: bool


PRIORITIES = (
    Priority("repeats", _lazy("Avoid repeats first"), "repeats", True),
    Priority("teams", _lazy("Keep teams apart first"), "clashes", True),
    Priority("ignore", _lazy("Ignore teams"), "repeats", False),
)
PRIORITY_BY_KEY = {p.key: p for p in PRIORITIES}


def players_by_number(tournament: Tournament) -> list[Player]:
    """The tournament's players ordered by number, with their teams."""
    return list(tournament.players.select_related("team").order_by("number"))


def team_sizes(players: Iterable[Player]) -> dict[int, int]:
    """How many of ``players`` each team has, by team id."""
    sizes: dict[int, int] = {}
    for p in players:
        if p.team_id:
            sizes[p.team_id] = sizes.get(p.team_id, 0) + 1
    return sizes


def kept_apart(players: list[Player]) -> dict[int, int]:
    """Team map for the engine, keyed by 1-based index into ``players``.

    Teams of more than four cannot all sit at different tables of four in every session, so the
    engine refuses them; they are left out (see ``oversized_teams``) rather than blocking seating.
    """
    sizes = team_sizes(players)
    return {i: p.team_id for i, p in enumerate(players, start=1) if p.team_id and sizes[p.team_id] <= MAX_TEAM_APART}


def oversized_teams(tournament: Tournament) -> list[str]:
    """Names of teams too large to keep apart (more than four players)."""
    players = players_by_number(tournament)
    sizes = team_sizes(players)
    return sorted({p.team.name for p in players if p.team is not None and sizes[p.team.pk] > MAX_TEAM_APART})


def round_robin_sessions(tournament: Tournament) -> list[Session]:
    """Sessions seated round robin: all of them, or the first ones of a mixed tournament."""
    sessions = list(tournament.sessions.order_by("number"))
    if tournament.format in (Tournament.Format.SWISS, Tournament.Format.ELIMINATION):
        return []
    if tournament.format == Tournament.Format.MIXED:
        return sessions[: tournament.round_robin_sessions]
    return sessions


def swiss_sessions(tournament: Tournament) -> list[Session]:
    """Sessions that may be seated by Swiss pairing: after the first one (swiss) or after the
    round-robin sessions (mixed)."""
    sessions = list(tournament.sessions.order_by("number"))
    if tournament.format == Tournament.Format.SWISS:
        return [s for s in sessions if s.number > 1]
    if tournament.format == Tournament.Format.MIXED:
        return [s for s in sessions if s.number > tournament.round_robin_sessions]
    return []


def has_scores(session: Session) -> bool:
    """Whether anything is recorded at the session's tables (a hand or a penalty)."""
    sheets = ScoreSheet.objects.filter(table__session=session)
    return sheets.exclude(hands=None).exists() or sheets.exclude(penalties=None).exists()


def seated_from_results_of(session: Session) -> list[Session]:
    """Later sessions seated by Swiss pairing. Swiss seating needs every earlier session closed, so each of
    them was paired on standings that include this session's results; a correction here does not re-seat
    them."""
    return list(
        session.tournament.sessions.seated()
        .filter(number__gt=session.number, seating_method="swiss")
        .order_by("number")
    )


def sessions_to_publish(tournament: Tournament) -> list[Session]:
    """The seated sessions "publish all" would publish (seated, seating not published yet), in order."""
    return list(Session.objects.filter(tournament=tournament).awaiting_publication().order_by("number"))


def seated_chart(tournament: Tournament, before: int | None = None) -> dict[int, list[list[int]]]:
    """Seated tables per session in seating order: {session number: [[player pk, ...E..N], ...]}."""
    seats = Seat.objects.filter(session__tournament=tournament)
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    out: dict[int, dict[int, list[int]]] = {}
    for number, table_number, player_id in seats.order_by("session__number", "table__number", "position").values_list(
        "session__number", "table__number", "player_id"
    ):
        out.setdefault(number, {}).setdefault(table_number, []).append(player_id)
    return {n: [tables[t] for t in sorted(tables)] for n, tables in sorted(out.items())}


def seating_history(tournament: Tournament, before: int, players: list[Player]) -> list[list[tuple[int, ...]]]:
    """Past tables as tuples of 1-based player indexes, session by session. Players who have left the field
    (withdrawn) get indexes after it, so past tables keep their four seats and winds."""
    index = {p.pk: i for i, p in enumerate(players, start=1)}
    history = []
    for tables in seated_chart(tournament, before).values():
        for t in tables:
            for pk in t:
                index.setdefault(pk, len(index) + 1)
        history.append([tuple(index[pk] for pk in t) for t in tables])
    return history


def tournament_schedule_metrics(tournament: Tournament) -> dict[str, Any] | None:
    """Repeat meetings, wind spread and team clashes of the seating so far, for the organizer.

    None when nothing is seated. Otherwise the engine's figures plus ``seated_sessions`` (their
    numbers), ``repeats`` (pairs meeting more than once: player objects and count) and
    ``wind_counts`` (per player, starts in East, South, West, North).
    """
    players = players_by_number(tournament)
    index = {p.pk: i for i, p in enumerate(players, start=1)}
    seated = seated_chart(tournament)
    chart = [[[index[pk] for pk in t] for t in tables] for tables in seated.values()]
    if not chart:
        return None
    metrics: dict[str, Any] = dict(seating.schedule_metrics(chart, teams=kept_apart(players)))
    metrics["seated_sessions"] = list(seated)
    metrics["repeats"] = [
        {"a": players[a - 1], "b": players[b - 1], "times": m}
        for (a, b), m in sorted(pair_counts(chart).items())
        if m > 1
    ]
    metrics["wind_counts"] = [{"player": players[i - 1], "counts": c} for i, c in sorted(wind_counts(chart).items())]
    return metrics


def tournament_chart(tournament: Tournament, sessions: Iterable[Session]) -> dict[str, list[dict[str, Any]]]:
    """The seating of the given sessions, for the chart page.

    Returns ``sessions``: per session, its tables (each the players East..North), and ``rows``: per
    player, per session, its table, wind and wind letter, or None.
    """
    sessions = list(sessions)
    numbers = [s.number for s in sessions]
    seats = (
        Seat.objects.filter(session__tournament=tournament, session__number__in=numbers)
        .select_related("player", "table", "session")
        .order_by("session__number", "table__number", "position")
    )
    tables: dict[int, dict[int, list[Player]]] = {n: {} for n in numbers}
    where = {}
    for seat in seats:
        tables[seat.session.number].setdefault(seat.table.number, []).append(seat.player)
        where[(seat.player_id, seat.session.number)] = (seat.table.number, seat.position)
    by_session = [
        {"session": s, "tables": [{"number": t, "players": tables[s.number][t]} for t in sorted(tables[s.number])]}
        for s in sessions
    ]
    rows = []
    for p in tournament.players.select_related("team").order_by("number"):
        cells = []
        for n in numbers:
            w = where.get((p.pk, n))
            cells.append({"table": w[0], "wind": Seat.wind_name_of(w[1]), "wind_letter": WINDS[w[1]]} if w else None)
        rows.append({"player": p, "cells": cells})
    return {"sessions": by_session, "rows": rows}


def seat_list(session: Session) -> list[dict[str, Any]]:
    """Everyone seated in the session, sorted by name in the reader's language (core/collation.py: pinyin
    for Chinese names, ñ after n in Spanish), with table and wind: the list posted on the wall."""
    seats = Seat.objects.filter(session=session).select_related("player", "table")
    rows = [
        {
            "player": s.player,
            "table": s.table.number,
            "wind": Seat.wind_name_of(s.position),
            "wind_letter": WINDS[s.position],
        }
        for s in seats
    ]
    language = get_language()
    rows.sort(key=lambda r: (person_sort_key(r["player"].name, language), r["player"].number))
    return rows


def generate_field(tournament: Tournament, fill: bool) -> tuple[list[Player], int]:
    """Who a generated round-robin schedule seats: the players of its first session (see
    ``schedule.withdrawals.seating_field``), and how many new substitutes filling the field would add
    after them (they join no team). What ``schedule_generate`` seats, read without changing anything."""
    from schedule.withdrawals import fill_plan, seating_field

    targets = round_robin_sessions(tournament)
    first = targets[0].number if targets else 1
    if fill:
        plan = fill_plan(tournament, first)
        return plan.field, len(plan.new_names)
    return seating_field(tournament, first), 0


def schedule_choices(tournament: Tournament, *, seed: int, fill: bool = False) -> list[dict[str, Any]]:
    """The figures each priority would give for this seed: repeat meetings (beyond the first) and how many
    pairs meet more than once, team-mates at one table, wind spread. The same engine calls as
    ``schedule_generate``, so generating afterwards with the same seed gives exactly these figures. Without
    teams to keep apart only the first priority is listed (the others would give the same). Empty when the
    field cannot be seated (the page says why)."""
    from tournament.services import seating_problem

    players, new = generate_field(tournament, fill)
    sessions = len(round_robin_sessions(tournament))
    count = len(players) + new
    if not sessions or seating_problem(count):
        return []
    teams = kept_apart(players)
    choices = PRIORITIES if teams else PRIORITIES[:1]
    out = []
    for priority in choices:
        try:
            schedule = seating.round_robin(
                count, sessions, teams=teams if priority.teams_apart else None, seed=seed, prefer=priority.prefer
            )
        except seating.SeatingError:
            continue
        m = seating.schedule_metrics(schedule.sessions, teams or None)
        out.append(
            {
                "key": priority.key,
                "label": priority.label,
                "repeat_excess": m["repeat_excess"],
                "repeated_pairs": m["repeated_pairs"],
                "team_clashes": m["team_clashes"],
                "wind_spread": m["wind_spread"],
                "lower_bound": m["lower_bound"],
            }
        )
    return out


def next_field(tournament: Tournament) -> tuple[int, Any] | None:
    """The first session not yet public and who it would seat (``schedule.withdrawals.fill_plan``: the
    players, bench substitutes only to fill tables of four, and the new substitutes still missing), or None
    when every session is public. The pages' "cannot fill tables of four" warning reads this, so it warns
    about exactly what seating would refuse."""
    from schedule.withdrawals import fill_plan

    first = tournament.sessions.not_public().order_by("number").first()
    if first is None:
        return None
    return first.number, fill_plan(tournament, first.number)
