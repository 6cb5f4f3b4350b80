"""Seating sessions and running them: every change validates, locks, writes and logs in one transaction.
Reads are in ``schedule.selectors``; deciding who plays on in an elimination tournament in
``schedule.elimination``; the clock and withdrawals in ``schedule.clock`` and ``schedule.withdrawals``.

A ``*_check`` function tells why its service would refuse (a ValidationError), changing nothing, so a page
can ask before confirming and the service runs the same check under its locks.

Lock order, as everywhere (docs/architecture.md, "Locks"): tournament, then session, then the session's
sheets in id order, each ``FOR UPDATE`` of its own row only. Changes that depend on the sheets (seating
again, closing) lock them, so a hand entered at the same moment is either seen or waits.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import seating
from schedule.seating_versions import check_seating_seen, keep_seating_version
from schedule.selectors import (
    MAX_TEAM_APART,
    PRIORITY_BY_KEY,
    has_scores,
    kept_apart,
    players_by_number,
    round_robin_sessions,
    seated_from_results_of,
    seating_history,
    sessions_to_publish,
    swiss_sessions,
    team_sizes,
)
from schedule.withdrawals import fill_field, seating_field
from scoring import lifecycle as sheet_lifecycle
from scoring.appeal_window import appeal_deadline
from scoring.models import ClosedSessionChange, ScoreSheet
from scoring.selectors import open_appeals_by_table, tables_asking_to_reopen
from seating.metrics import pair_counts
from seating.types import ChartReport
from standings.selectors import player_standings
from tournament import mail
from tournament.audit import audit
from tournament.lifecycle import SESSION
from tournament.models import Seat, Session, Table, Tournament
from tournament.services import check_organizer, lock_tournament, player_codes_make_missing, seating_problem

if TYPE_CHECKING:
    from datetime import datetime

    from django.contrib.auth.models import User

    from seating.roundrobin import Schedule
    from tournament.models import Player


def _elimination_seating_message() -> str:
    return _(
        "In an elimination tournament only session 1 seats everyone (a random draw, a chart of one "
        "session, or by hand); each later session is seated from the players who go on, when the "
        "organizer decides who plays on after the session before."
    )


def engine_error(exc: Exception) -> ValidationError:
    """The seating engine's refusal, as the organizer reads it."""
    return ValidationError(_("The seating engine refused: %(e)s") % {"e": exc})


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def lock_sheets(session: Session) -> None:
    """Lock every sheet of the session (after the session), so no score entry crosses the check that
    follows; ``of=("self",)`` keeps the joined tables unlocked."""
    list(
        ScoreSheet.objects.select_for_update(of=("self",))
        .filter(table__session=session)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


# --- Seating ---------------------------------------------------------------------------------------


def check_seating_may_change(sessions: list[Session]) -> None:
    """The one rule for every way of seating: refuse to change the seating of sessions that are closed or
    have scores (it would change who played whom), or whose seating is published (players may have
    seen it)."""
    scored = [s.number for s in sessions if s.is_closed or has_scores(s)]
    if scored:
        raise ValidationError(
            _("Sessions %(s)s already have scores; a new schedule would change who played whom.")
            % {"s": ", ".join(map(str, scored))},
            code="scored",
        )
    published = [s.number for s in sessions if s.is_public]
    if published:
        raise ValidationError(
            _("The seating of sessions %(s)s is already published; players may have seen it, so it is not replaced.")
            % {"s": ", ".join(map(str, published))},
            code="published",
        )


def session_seat(
    *,
    session: Session,
    tables: list[list[Player]],
    by: User | None,
    method: str = "",
    seed: int | None = None,
    replaced_with: str = "",
) -> Session:
    """Seat a session from a list of tables, each a list of four players in East..North order. A seating it
    replaces is kept as a ``SeatingVersion`` first (``replaced_with`` says by what; the method by default)."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        lock_sheets(session)
        check_seating_may_change([session])
        seen = set()
        for table in tables:
            if len(table) != 4:
                raise ValidationError(_("Every table has four players."))
            for player in table:
                if player.tournament_id != tournament.pk:
                    raise ValidationError(_("Player %(p)s is not in this tournament.") % {"p": player})
                if player.pk in seen:
                    raise ValidationError(_("Player %(p)s is seated twice.") % {"p": player})
                seen.add(player.pk)
        keep_seating_version(session, [[p.number for p in t] for t in tables], by, replaced_with or method)
        Seat.objects.filter(session=session).delete()
        Table.objects.filter(session=session).delete()
        # Three inserts for the whole session rather than three per table: a large import seats many.
        created = Table.objects.bulk_create([Table(session=session, number=n) for n in range(1, len(tables) + 1)])
        ScoreSheet.objects.bulk_create([ScoreSheet(table=table) for table in created])
        Seat.objects.bulk_create(
            [
                Seat(table=table, session=session, player=p, position=i)
                for table, players in zip(created, tables)
                for i, p in enumerate(players)
            ]
        )
        session.seating_method = method
        session.seed = seed
        SESSION.move(session, "seat", fields=["seating_method", "seed"])
        audit(
            tournament=tournament,
            actor=by,
            action="session.seat",
            obj=session,
            method=method,
            seed=seed,
            tables=[[p.number for p in t] for t in tables],
        )
        return session


def _field(tournament: Tournament, session_number: int, by: User | None, fill: bool) -> list[Player]:
    """Who is seated in the session: every player not withdrawn by then; with ``fill``, the players and the
    substitutes standing in, filled to a multiple of four with substitutes (``schedule.withdrawals``).
    Call with the tournament locked: filling may create players."""
    if fill:
        return fill_field(tournament=tournament, session_number=session_number, by=by)
    return seating_field(tournament, session_number)


def session_seat_random(
    *,
    session: Session,
    by: User | None,
    seed: int | None = None,
    fill_with_substitutes: bool = False,
    field: list[Player] | None = None,
    seen: str | None = None,
) -> Session:
    """A seeded random draw into tables of four with initial winds (MCR 3.5.1), team-mates at different
    tables whenever each team has no more players than there are tables (``seating.draw_session``).
    ``field``: the players to seat, by number, when the caller decided it (the roll call); else the
    tournament's field for the session. ``seen``: ``seating_versions.seating_seen`` of the session as drawn on."""
    if session.tournament.format == Tournament.Format.ELIMINATION and session.number > 1:
        raise ValidationError(_elimination_seating_message(), code="format")
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        check_seating_seen([session], seen)
        players = field if field is not None else _field(tournament, session.number, by, fill_with_substitutes)
        problem = seating_problem(len(players))
        if problem:
            raise ValidationError(problem)
        if seed is None:
            seed = new_seed()
        try:
            # Every team, however large: the deal spreads even a team too large to keep apart.
            teams = {i: p.team_id for i, p in enumerate(players, start=1) if p.team_id}
            drawn = seating.draw_session(len(players), teams=teams, rng=random.Random(seed))
        except seating.SeatingError as exc:
            raise engine_error(exc) from exc
        tables = [[players[n - 1] for n in table] for table in drawn]
        return session_seat(session=session, tables=tables, by=by, method="random", seed=seed)


def session_publish(*, session: Session, by: User | None) -> Session:
    """Publish a seated session's seating: everyone sees it, and its results, from now on."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        player_codes_make_missing(tournament=session.tournament, by=by)  # the cards print them; before the session lock
        session = Session.objects.select_for_update().get(pk=session.pk)
        SESSION.move(session, "publish")
        audit(tournament=session.tournament, actor=by, action="session.publish", obj=session)
        mail.queue_seats(session)  # written now, sent by the outbox's worker: publishing never waits for mail
        return session


class CloseNeedsOverride(ValidationError):
    """Closing is refused only for what the organizer may take responsibility for (a countersignature
    missing, an appeal window still open, an appeal undecided, a referee's request to reopen a sheet): with a
    reason, they may close anyway."""


def session_close_problems(session: Session, now: datetime | None = None) -> tuple[list[str], list[str]]:
    """Why the session cannot be closed now, table by table: what always stops it (no tables, a sheet not
    signed), and what an organizer may override with a reason (a countersignature the tournament requires, an
    appeal window still open, an appeal not decided, a request to reopen a sheet waiting). Reads only."""
    now = now or timezone.now()
    if session.is_closed:
        return [_("Session %(n)s is already closed.") % {"n": session.number}], []
    tables = list(session.tables.select_related("sheet").order_by("number"))
    if not tables:
        return [_("Session %(n)s has no tables.") % {"n": session.number}], []
    if not session.is_public:
        # Closing would show its results to everyone without the seating ever being published.
        return [_("Publish the seating of session %(n)s before closing it.") % {"n": session.number}], []
    tournament = session.tournament
    blocking, overridable = [], []
    unsigned = [t.number for t in tables if not sheet_lifecycle.is_finished(_sheet_status(t))]
    if unsigned:
        blocking.append(
            ngettext(
                "Table %(t)s has not signed its score sheet.",
                "Tables %(t)s have not signed their score sheets.",
                len(unsigned),
            )
            % {"t": ", ".join(map(str, unsigned))}
        )
    undecided = open_appeals_by_table(tournament)
    asked = tables_asking_to_reopen(session)
    for table in tables:
        sheet = getattr(table, "sheet", None)
        where = {"t": table.number}
        if (session.number, table.number) in undecided:
            overridable.append(_("Table %(t)s: an appeal is not decided yet.") % where)
        if table.number in asked:
            overridable.append(_("Table %(t)s: the referee asks the chief referee to reopen the score sheet.") % where)
        if sheet is None or not sheet.is_signed:
            continue
        if tournament.countersign_required and not sheet.is_final(tournament):
            overridable.append(_("Table %(t)s: the chief referee has not countersigned the score sheet.") % where)
        deadline = appeal_deadline(session, tournament, sheet)
        if deadline is not None and now < deadline:
            overridable.append(
                _("Table %(t)s: the appeal window is open until %(time)s.")
                % {**where, "time": timezone.localtime(deadline).strftime("%H:%M")}
            )
    return blocking, overridable


def _sheet_status(table: Table) -> str:
    sheet = getattr(table, "sheet", None)
    return sheet.status if sheet is not None else sheet_lifecycle.OPEN


def session_close_check(session: Session, override_reason: str = "", by: User | None = None) -> list[str]:
    """Why the session cannot be closed now (a ValidationError; ``CloseNeedsOverride`` when a reason would
    let it close), or the problems the reason overrides. Changes nothing, so a page can ask before confirming.
    Without a user (an import: the file is the record) only what always stops closing is checked."""
    blocking, overridable = session_close_problems(session)
    if blocking:
        raise ValidationError(blocking + overridable)
    if not overridable or by is None:
        return []
    if not override_reason.strip():
        raise CloseNeedsOverride(overridable)
    return overridable


def session_close(*, session: Session, by: User | None, override_reason: str = "") -> Session:
    """Close a session once every table's sheet is signed, countersigned where the tournament requires it,
    every appeal window has ended and no appeal waits for a decision; its results become final. An organizer
    may close despite the last three by giving ``override_reason``, kept in the audit log with what it
    overrode."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        lock_sheets(session)
        overridden = session_close_check(session, override_reason, by)
        session.closed_at = timezone.now()
        session.first_closed_at = session.first_closed_at or session.closed_at
        SESSION.move(session, "close", fields=["closed_at", "first_closed_at"])
        extra = {"override_reason": override_reason.strip()[:200], "overridden": overridden} if overridden else {}
        audit(tournament=session.tournament, actor=by, action="session.close", obj=session, **extra)
        return session


def session_first_closed_load(*, session: Session, first_closed_at: datetime, by: User | None) -> Session:
    """Record when a session was first closed as a tournament file gives it, once the file's status is loaded:
    a session closed once and reopened since stays one whose results were called final, so later changes to
    them are noted (``Session.was_closed``). For imports, whose own audit entry covers the file."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update(of=("self",)).get(pk=session.pk)
        session.first_closed_at = first_closed_at
        session.save(update_fields=["first_closed_at"])
        return session


def session_changes_acknowledge(*, session: Session, by: User | None) -> int:
    """The organizer has seen the changes made to the session's results after it was closed: they leave the
    dashboard and the session's page. Returns how many were acknowledged."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        count = ClosedSessionChange.objects.filter(session=session, acknowledged_at__isnull=True).update(
            acknowledged_at=timezone.now(), acknowledged_by=by
        )
        if not count:
            raise ValidationError(
                _("Nothing has changed in session %(n)s since it was closed.") % {"n": session.number}
            )
        audit(
            tournament=session.tournament,
            actor=by,
            action="session.changes_acknowledge",
            obj=session,
            acknowledged=count,
        )
        return count


def session_reopen_check(session: Session) -> None:
    """Why the session cannot be reopened now (a ValidationError), or nothing."""
    SESSION.check(session, "reopen")
    if session.advance_rule:
        # As with seating (check_seating_may_change): results that decided who plays on stay as they were
        # unless that decision is taken back first, while the next round's seating may still change.
        raise ValidationError(
            _(
                "The results of session %(n)s decided who plays on. Undo that elimination first (possible while "
                "the next session is neither published nor scored), then reopen the session."
            )
            % {"n": session.number},
            code="eliminated",
        )


def session_reopen(*, session: Session, by: User | None, reason: str = "") -> Session:
    """Reopen a closed session: its results stop being final, so its sheets can be reopened and corrected."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        session_reopen_check(session)
        dependents = [s.number for s in seated_from_results_of(session)]
        session.closed_at = None
        SESSION.move(session, "reopen", fields=["closed_at"])
        audit(
            tournament=session.tournament,
            actor=by,
            action="session.reopen",
            obj=session,
            reason=reason,
            **({"seated_from_it": dependents} if dependents else {}),
        )
        return session


def schedule_generate(
    *,
    tournament: Tournament,
    by: User | None,
    seed: int | None = None,
    fill_with_substitutes: bool = False,
    priority: str = "repeats",
    seen: str | None = None,
) -> Schedule:
    """Seat every round-robin session at once from one schedule with no repeat meetings where possible.
    The field is the one of the first session seated (withdrawals starting later need a substitute after).
    ``priority`` (``schedule.selectors.PRIORITIES``) says what to minimise first where both cannot be had:
    repeat meetings ("repeats"), team-mates at one table ("teams"), or neither team ("ignore").

    Returns the engine's Schedule (its ``metrics`` include the counting lower bound on repeats and the
    team-mates at one table, counted against the real teams even when they were ignored).
    """
    if priority not in PRIORITY_BY_KEY:
        raise ValidationError(_("Choose what to avoid first."), code="priority")
    chosen = PRIORITY_BY_KEY[priority]
    if seed is None:
        seed = new_seed()
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        targets = round_robin_sessions(tournament)
        check_seating_seen(targets, seen)  # as for session_seat_random
        # Filling may create substitutes; a refusal below rolls them back with everything else.
        players = _field(tournament, targets[0].number if targets else 1, by, fill_with_substitutes)
        problem = seating_problem(len(players))
        if problem:
            raise ValidationError(problem, code="player_count")
        if not targets:
            if tournament.format == Tournament.Format.ELIMINATION:
                raise ValidationError(_elimination_seating_message(), code="format")
            raise ValidationError(_("This tournament is seated by Swiss pairing, session by session."), code="format")
        check_seating_may_change(targets)
        teams = kept_apart(players)
        try:
            schedule = seating.round_robin(
                len(players),
                len(targets),
                teams=teams if chosen.teams_apart else None,
                seed=seed,
                prefer=chosen.prefer,
            )
        except seating.SeatingError as exc:
            raise engine_error(exc) from exc
        if not chosen.teams_apart:  # the figures still count team-mates who meet
            schedule.metrics = seating.schedule_metrics(schedule.sessions, teams or None)
        for session, tables in zip(targets, schedule.sessions):
            session_seat(
                session=session,
                by=by,
                method="round_robin",
                seed=seed,
                tables=[[players[n - 1] for n in table] for table in tables],
            )
        audit(
            tournament=tournament,
            actor=by,
            action="schedule.generate",
            seed=seed,
            priority=priority,
            sessions=[s.number for s in targets],
            metrics={k: (v if isinstance(v, (int, float, str)) else str(v)) for k, v in schedule.metrics.items()},
        )
        schedule.seed = seed
        return schedule


def session_seat_swiss(
    *,
    session: Session,
    by: User | None,
    fill_with_substitutes: bool = False,
    field: list[Player] | None = None,
    seen: str | None = None,
) -> Session:
    """Seat the next session by current standings: top four together, and so on (Swiss). ``field``: the
    players to seat when the caller decided it (the roll call), ``seen`` the seating paired on, as for
    ``session_seat_random``."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        check_seating_seen([session], seen)
        session = Session.objects.get(pk=session.pk)
        if session.number not in {s.number for s in swiss_sessions(tournament)}:
            if tournament.format == Tournament.Format.ROUND_ROBIN:
                message = _("This tournament is seated round robin; generate the schedule instead.")
            elif tournament.format == Tournament.Format.ELIMINATION:
                message = _elimination_seating_message()
            elif tournament.format == Tournament.Format.MIXED:
                message = _(
                    "Session %(n)s is one of the %(k)s round-robin sessions of this mixed tournament; "
                    "Swiss pairing starts with session %(first)s."
                ) % {
                    "n": session.number,
                    "k": tournament.round_robin_sessions,
                    "first": tournament.round_robin_sessions + 1,
                }
            else:
                message = _("There are no standings before session 1; seat it by random draw.")
            raise ValidationError(message, code="format")
        check_seating_may_change([session])
        earlier_open = list(
            tournament.sessions.open().filter(number__lt=session.number).values_list("number", flat=True)
        )
        if earlier_open:
            raise ValidationError(
                _("Close sessions %(s)s before seating session %(n)s by the standings.")
                % {"s": ", ".join(map(str, earlier_open)), "n": session.number},
                code="earlier_open",
            )
        players = field if field is not None else _field(tournament, session.number, by, fill_with_substitutes)
        problem = seating_problem(len(players))
        if problem:
            raise ValidationError(problem, code="player_count")
        index = {p.number: i for i, p in enumerate(players, start=1)}
        ranking = [index[row.player.number] for row in player_standings(tournament) if row.player.number in index]
        # Substitutes are not ranked; they fill the bottom tables.
        ranked = set(ranking)
        ranking += [index[p.number] for p in players if index[p.number] not in ranked]
        try:
            tables = seating.swiss_next_session(
                ranking, seating_history(tournament, session.number, players), teams=kept_apart(players)
            )
        except seating.SeatingError as exc:
            raise engine_error(exc) from exc
        return session_seat(
            session=session, by=by, method="swiss", tables=[[players[n - 1] for n in table] for table in tables]
        )


# --- Predefined charts (appendix 3) ---------------------------------------------------------------


def _chart_errors(tournament: Tournament, chart: list, players: dict[int, Player]) -> list[str]:
    """What makes the chart unplayable in this tournament, before the engine looks at it."""
    sessions = list(tournament.sessions.order_by("number"))
    errors = []
    if len(chart) > len(sessions):
        errors.append(
            _("The chart has %(c)s sessions; the tournament has %(s)s.") % {"c": len(chart), "s": len(sessions)}
        )
    if tournament.format == Tournament.Format.ELIMINATION and len(chart) > 1:
        errors.append(_elimination_seating_message())
    problem = seating_problem(len(players))
    if problem:
        errors.append(problem)
    unknown = sorted({n for s in chart for t in s for n in t if n not in players})
    if unknown:
        errors.append(_("The chart names players who are not registered: %(n)s.") % {"n": ", ".join(map(str, unknown))})
    for s, tables in enumerate(chart, 1):
        missing = sorted(set(players) - {n for t in tables for n in t})
        if missing:
            errors.append(
                _("Session %(s)s does not seat players %(n)s; every player plays every session.")
                % {"s": s, "n": ", ".join(map(str, missing))}
            )
    try:
        check_seating_may_change(sessions[: len(chart)])
    except ValidationError as exc:
        errors.extend(exc.messages)
    return errors


def _chart_findings(engine: ChartReport, repeats: int, winds_given: bool) -> list[str]:
    """The engine's figures of a playable chart as the organizer reads them; empty for a perfect chart."""
    problems = []
    if repeats:
        problems.append(
            ngettext(
                "%(n)s pair of players meets more than once.",
                "%(n)s pairs of players meet more than once.",
                repeats,
            )
            % {"n": repeats}
        )
    if engine["repeat_excess"] > engine["lower_bound"]:
        problems.append(
            _("Repeat meetings total %(r)s; the counting lower bound for %(p)s players and %(s)s sessions is %(lb)s.")
            % {
                "r": engine["repeat_excess"],
                "p": engine["players"],
                "s": engine["sessions"],
                "lb": engine["lower_bound"],
            }
        )
    if winds_given and engine["wind_spread"] > 1:
        problems.append(
            _(
                "Starting winds are uneven: a player's most and least frequent wind differ by %(d)s. "
                'Untick "the order in each table is East, South, West, North" to balance them '
                "automatically."
            )
            % {"d": engine["wind_spread"]}
        )
    if engine["team_clashes"]:
        problems.append(
            ngettext(
                "Team-mates share a table %(n)s time.", "Team-mates share a table %(n)s times.", engine["team_clashes"]
            )
            % {"n": engine["team_clashes"]}
        )
    return problems


def chart_check(tournament: Tournament, chart: list, winds_given: bool = True) -> dict[str, Any]:
    """Check a chart (player numbers) against the tournament without changing anything.

    Returns a dict: ``errors`` (blocking messages), and when the chart is playable the engine's
    figures (``repeated_pairs``, ``repeat_excess``, ``max_meetings``, ``wind_spread``, ``team_clashes``,
    ``lower_bound``), ``problems`` (readable findings, empty for a perfect chart), ``repeats``
    (pairs meeting more than once, with the count) and ``sessions`` (the tables as they would be
    seated, East..North, in player numbers).
    """
    players = {p.number: p for p in players_by_number(tournament)}
    errors = _chart_errors(tournament, chart, players)
    report: dict[str, Any] = {"errors": errors, "problems": [], "repeats": [], "sessions": []}
    if errors:
        return report
    sizes = team_sizes(players.values())
    teams = {n: p.team_id for n, p in players.items() if p.team_id and sizes[p.team_id] <= MAX_TEAM_APART}
    try:
        engine = seating.check_chart(chart, teams=teams, winds_given=winds_given)
    except seating.SeatingError as exc:
        errors.append(str(engine_error(exc).messages[0]))
        return report
    report.update({k: v for k, v in engine.items() if k not in ("problems", "balanced_sessions")})
    seated = chart if winds_given else engine["balanced_sessions"]
    report["sessions"] = [[list(t) for t in tables] for tables in seated]
    repeats = sorted((pair, m) for pair, m in pair_counts(chart).items() if m > 1)
    report["repeats"] = [{"a": a, "b": b, "times": m} for (a, b), m in repeats]
    report["problems"] = _chart_findings(engine, len(repeats), winds_given)
    return report


def schedule_from_chart(
    *, tournament: Tournament, chart: list, by: User | None, winds_given: bool = True, seen: str | None = None
) -> dict[str, Any]:
    """Seat sessions 1..k from an organizer's chart: player numbers per table per session (appendix 3).

    With winds_given the order inside each table is East, South, West, North; otherwise starting
    winds are assigned so every player's winds come out as even as possible. All or nothing. ``seen``:
    ``seating_versions.seating_seen`` of sessions 1..k as previewed (refused when they changed meanwhile).
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        sessions = list(tournament.sessions.order_by("number"))
        check_seating_seen(sessions[: len(chart)], seen)
        report = chart_check(tournament, chart, winds_given=winds_given)
        if report["errors"]:
            raise ValidationError(report["errors"])
        players = {p.number: p for p in players_by_number(tournament)}
        for session, tables in zip(sessions, report["sessions"]):
            session_seat(
                session=session, by=by, method="chart", tables=[[players[n] for n in table] for table in tables]
            )
        audit(
            tournament=tournament,
            actor=by,
            action="schedule.chart",
            winds_given=winds_given,
            sessions=[s.number for s in sessions[: len(chart)]],
            metrics={
                k: report[k] for k in ("repeat_excess", "max_meetings", "wind_spread", "team_clashes", "lower_bound")
            },
        )
        return report


# --- Publishing all --------------------------------------------------------------------------------


def schedule_publish_all_check(tournament: Tournament) -> list[Session]:
    """The sessions "publish all" would publish; a ValidationError when none is seated and waiting."""
    sessions = sessions_to_publish(tournament)
    if not sessions:
        raise ValidationError(_("No session is seated and waiting to be published."))
    return sessions


def schedule_publish_all(*, tournament: Tournament, by: User | None) -> list[int]:
    """Publish the seating of every seated (not yet published) session. Returns their numbers."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        schedule_publish_all_check(tournament)
        player_codes_make_missing(tournament=tournament, by=by)  # the player cards print them
        sessions = list(
            Session.objects.select_for_update().filter(tournament=tournament).awaiting_publication().order_by("number")
        )
        for session in sessions:
            SESSION.move(session, "publish")
            audit(tournament=tournament, actor=by, action="session.publish", obj=session)
            mail.queue_seats(session)
        return [s.number for s in sessions]
