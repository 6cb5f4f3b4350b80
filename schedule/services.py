"""Seating sessions and running them: every change validates, locks, writes and logs in one transaction.

Players are handed to the seating engine as 1-based indexes into the tournament's players ordered by
number (so the engine always sees 1..N, as it requires), except for charts, which the organizer
writes in player numbers.

Lock order, as everywhere (docs/architecture.md, "Locks"): tournament, then session, then the session's
sheets in id order, each ``FOR UPDATE`` of its own row only. Changes that depend on the sheets (seating
again, closing) lock them, so a hand entered at the same moment is either seen or waits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import seating
import seating.elimination
from rules.rotation import WINDS
from scoring.models import SIGNED_STATUSES, ScoreSheet
from scoring.results import table_results
from seating.metrics import pair_counts, wind_counts
from standings.selectors import player_standings
from tournament.audit import audit
from tournament.models import AdvanceRule, Elimination, Seat, Session, Table, Tournament
from tournament.names import sort_key
from tournament.services import check_organizer, lock_tournament, player_codes_make_missing, seating_problem

MAX_TEAM_APART = 4  # the engine keeps team-mates apart for teams of at most four

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournament.models import Player


def _players(tournament):
    return list(tournament.players.select_related("team").order_by("number"))


def _team_sizes(players):
    sizes = {}
    for p in players:
        if p.team_id:
            sizes[p.team_id] = sizes.get(p.team_id, 0) + 1
    return sizes


def _teams(players):
    """Team map for the engine, keyed by 1-based index into `players`.

    Teams of more than four cannot all sit at different tables of four in every session, so the
    engine refuses them; they are left out (see `oversized_teams`) rather than blocking seating.
    """
    sizes = _team_sizes(players)
    return {i: p.team_id for i, p in enumerate(players, start=1) if p.team_id and sizes[p.team_id] <= MAX_TEAM_APART}


def oversized_teams(tournament: Tournament) -> list[str]:
    """Names of teams too large to keep apart (more than four players)."""
    players = _players(tournament)
    sizes = _team_sizes(players)
    return sorted({p.team.name for p in players if p.team_id and sizes[p.team_id] > MAX_TEAM_APART})


def _elimination_seating_message():
    return _(
        "In an elimination tournament only session 1 seats everyone (a random draw, a chart of one "
        "session, or by hand); each later session is seated from the players who go on, when the "
        "organizer decides who plays on after the session before."
    )


def _engine_error(exc):
    return ValidationError(_("The seating engine refused: %(e)s") % {"e": exc})


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


def _lock_sheets(session):
    """Lock every sheet of the session (after the session), so no score entry crosses the check that
    follows; ``of=("self",)`` keeps the joined tables unlocked."""
    list(
        ScoreSheet.objects.select_for_update(of=("self",))
        .filter(table__session=session)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _has_scores(session):
    sheets = ScoreSheet.objects.filter(table__session=session)
    return sheets.exclude(hands=None).exists() or sheets.exclude(penalties=None).exists()


def check_seating_may_change(sessions: list[Session]) -> None:
    """The one rule for every way of seating: refuse to change the seating of sessions that are closed or
    have scores (it would change who played whom), or whose seating is published (players may have
    seen it)."""
    scored = [s.number for s in sessions if s.status == Session.Status.CLOSED or _has_scores(s)]
    if scored:
        raise ValidationError(
            _("Sessions %(s)s already have scores; a new schedule would change who played whom.")
            % {"s": ", ".join(map(str, scored))},
            code="scored",
        )
    published = [s.number for s in sessions if s.status == Session.Status.PUBLISHED]
    if published:
        raise ValidationError(
            _("The seating of sessions %(s)s is already published; players may have seen it, so it is not replaced.")
            % {"s": ", ".join(map(str, published))},
            code="published",
        )


def session_seat(
    *, session: Session, tables: list[list[Player]], by: User | None, method: str = "", seed: int | None = None
) -> Session:
    """Seat a session from a list of tables, each a list of four players in East..North order."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        _lock_sheets(session)
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
        session.status = Session.Status.SEATED
        session.seating_method = method
        session.seed = seed
        session.save(update_fields=["status", "seating_method", "seed"])
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
    from schedule.withdrawals import fill_field, seating_field

    if fill:
        return fill_field(tournament=tournament, session_number=session_number, by=by)
    return seating_field(tournament, session_number)


def session_seat_random(
    *, session: Session, by: User | None, seed: int | None = None, fill_with_substitutes: bool = False
) -> Session:
    """A seeded random draw into tables of four with initial winds (MCR 3.5.1)."""
    if session.tournament.format == Tournament.Format.ELIMINATION and session.number > 1:
        raise ValidationError(_elimination_seating_message(), code="format")
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        players = _field(tournament, session.number, by, fill_with_substitutes)
        problem = seating_problem(len(players))
        if problem:
            raise ValidationError(problem)
        if seed is None:
            seed = new_seed()
        rng = random.Random(seed)
        rng.shuffle(players)
        tables = [players[i : i + 4] for i in range(0, len(players), 4)]
        return session_seat(session=session, tables=tables, by=by, method="random", seed=seed)


def session_publish(*, session: Session, by: User | None) -> Session:
    with transaction.atomic():
        check_organizer(by, session.tournament)
        player_codes_make_missing(tournament=session.tournament, by=by)  # the cards print them; before the session lock
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.status != Session.Status.SEATED:
            raise ValidationError(_("Only a seated session can be published."))
        session.status = Session.Status.PUBLISHED
        session.save(update_fields=["status"])
        audit(tournament=session.tournament, actor=by, action="session.publish", obj=session)
        return session


def session_close_check(session: Session) -> None:
    """Why the session cannot be closed now (a ValidationError), or nothing. Changes nothing, so a page can
    ask before confirming."""
    if session.status == Session.Status.CLOSED:
        raise ValidationError(_("Session %(n)s is already closed.") % {"n": session.number})
    if not session.tables.exists():
        raise ValidationError(_("Session %(n)s has no tables.") % {"n": session.number})
    final = [ScoreSheet.Status.COUNTERSIGNED] if session.tournament.countersign_required else list(SIGNED_STATUSES)
    open_tables = list(session.tables.exclude(sheet__status__in=final).values_list("number", flat=True))
    if open_tables:
        if session.tournament.countersign_required:
            message = _("Tables %(t)s have not submitted their score sheets signed and countersigned.")
        else:
            message = _("Tables %(t)s have not submitted their signed score sheets.")
        raise ValidationError(message % {"t": ", ".join(map(str, open_tables))})


def session_close(*, session: Session, by: User | None) -> Session:
    """Close a session once every table's sheet is signed (and countersigned where the tournament requires
    it); its results become final."""
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        _lock_sheets(session)
        session_close_check(session)
        session.status = Session.Status.CLOSED
        session.closed_at = timezone.now()
        session.save(update_fields=["status", "closed_at"])
        audit(tournament=session.tournament, actor=by, action="session.close", obj=session)
        return session


def session_reopen_check(session: Session) -> None:
    if session.status != Session.Status.CLOSED:
        raise ValidationError(_("Session %(n)s is not closed.") % {"n": session.number})
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


def seated_from_results_of(session: Session) -> list[Session]:
    """Later sessions seated by Swiss pairing. Swiss seating needs every earlier session closed, so each of
    them was paired on standings that include this session's results; a correction here does not re-seat
    them."""
    return list(
        session.tournament.sessions.filter(number__gt=session.number, seating_method="swiss")
        .exclude(status=Session.Status.PLANNED)
        .order_by("number")
    )


def session_reopen(*, session: Session, by: User | None, reason: str = "") -> Session:
    with transaction.atomic():
        check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        session_reopen_check(session)
        dependents = [s.number for s in seated_from_results_of(session)]
        session.status = Session.Status.PUBLISHED
        session.closed_at = None
        session.save(update_fields=["status", "closed_at"])
        audit(
            tournament=session.tournament,
            actor=by,
            action="session.reopen",
            obj=session,
            reason=reason,
            **({"seated_from_it": dependents} if dependents else {}),
        )
        return session


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def schedule_generate(
    *, tournament: Tournament, by: User | None, seed: int | None = None, fill_with_substitutes: bool = False
):
    """Seat every round-robin session at once from one schedule with no repeat meetings where possible.
    The field is the one of the first session seated (withdrawals starting later need a substitute after).

    Returns the engine's Schedule (its ``metrics`` include the counting lower bound on repeats).
    """
    if seed is None:
        seed = new_seed()
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        targets = round_robin_sessions(tournament)
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
        try:
            schedule = seating.round_robin(len(players), len(targets), teams=_teams(players), seed=seed)
        except seating.SeatingError as exc:
            raise _engine_error(exc) from exc
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
            sessions=[s.number for s in targets],
            metrics={k: (v if isinstance(v, (int, float, str)) else str(v)) for k, v in schedule.metrics.items()},
        )
        schedule.seed = seed
        return schedule


def _seated_chart(tournament, before=None):
    """Seated tables per session in seating order: {session number: [[player pk, ...E..N], ...]}."""
    seats = Seat.objects.filter(session__tournament=tournament)
    if before is not None:
        seats = seats.filter(session__number__lt=before)
    out = {}
    for number, table_number, player_id in seats.order_by("session__number", "table__number", "position").values_list(
        "session__number", "table__number", "player_id"
    ):
        out.setdefault(number, {}).setdefault(table_number, []).append(player_id)
    return {n: [tables[t] for t in sorted(tables)] for n, tables in sorted(out.items())}


def _history(tournament, before, players):
    """Past tables as tuples of 1-based player indexes, session by session. Players who have left the field
    (withdrawn) get indexes after it, so past tables keep their four seats and winds."""
    index = {p.pk: i for i, p in enumerate(players, start=1)}
    history = []
    for _n, tables in _seated_chart(tournament, before).items():
        for t in tables:
            for pk in t:
                index.setdefault(pk, len(index) + 1)
        history.append([tuple(index[pk] for pk in t) for t in tables])
    return history


def session_seat_swiss(*, session: Session, by: User | None, fill_with_substitutes: bool = False) -> Session:
    """Seat the next session by current standings: top four together, and so on (Swiss)."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
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
            tournament.sessions.filter(number__lt=session.number)
            .exclude(status=Session.Status.CLOSED)
            .values_list("number", flat=True)
        )
        if earlier_open:
            raise ValidationError(
                _("Close sessions %(s)s before seating session %(n)s by the standings.")
                % {"s": ", ".join(map(str, earlier_open)), "n": session.number},
                code="earlier_open",
            )
        players = _field(tournament, session.number, by, fill_with_substitutes)
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
                ranking, _history(tournament, session.number, players), teams=_teams(players)
            )
        except seating.SeatingError as exc:
            raise _engine_error(exc) from exc
        return session_seat(
            session=session, by=by, method="swiss", tables=[[players[n - 1] for n in table] for table in tables]
        )


# --- Predefined charts (appendix 3) ---------------------------------------------------------------


def chart_check(tournament: Tournament, chart: list, winds_given: bool = True) -> dict:
    """Check a chart (player numbers) against the tournament without changing anything.

    Returns a dict: ``errors`` (blocking messages), and when the chart is playable the engine's
    figures (``repeated_pairs``, ``repeat_excess``, ``max_meetings``, ``wind_spread``, ``team_clashes``,
    ``lower_bound``), ``problems`` (readable findings, empty for a perfect chart), ``repeats``
    (pairs meeting more than once, with the count) and ``sessions`` (the tables as they would be
    seated, East..North, in player numbers).
    """
    players = {p.number: p for p in _players(tournament)}
    sessions = list(tournament.sessions.order_by("number"))
    errors = []
    report = {"errors": errors, "problems": [], "repeats": [], "sessions": []}
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
        seated = {n for t in tables for n in t}
        missing = sorted(set(players) - seated)
        if missing:
            errors.append(
                _("Session %(s)s does not seat players %(n)s; every player plays every session.")
                % {"s": s, "n": ", ".join(map(str, missing))}
            )
    try:
        check_seating_may_change(sessions[: len(chart)])
    except ValidationError as exc:
        errors.extend(exc.messages)
    if errors:
        return report
    sizes = _team_sizes(players.values())
    teams = {n: p.team_id for n, p in players.items() if p.team_id and sizes[p.team_id] <= MAX_TEAM_APART}
    try:
        engine = seating.check_chart(chart, teams=teams, winds_given=winds_given)
    except seating.SeatingError as exc:
        errors.append(str(_engine_error(exc).messages[0]))
        return report
    report.update({k: v for k, v in engine.items() if k not in ("problems", "balanced_sessions")})
    seated = chart if winds_given else engine["balanced_sessions"]
    report["sessions"] = [[list(t) for t in tables] for tables in seated]
    repeats = sorted((pair, m) for pair, m in pair_counts(chart).items() if m > 1)
    report["repeats"] = [{"a": a, "b": b, "times": m} for (a, b), m in repeats]
    problems = report["problems"]
    if repeats:
        problems.append(
            ngettext(
                "%(n)s pair of players meets more than once.",
                "%(n)s pairs of players meet more than once.",
                len(repeats),
            )
            % {"n": len(repeats)}
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
    return report


def schedule_from_chart(*, tournament: Tournament, chart: list, by: User | None, winds_given: bool = True) -> dict:
    """Seat sessions 1..k from an organizer's chart: player numbers per table per session (appendix 3).

    With winds_given the order inside each table is East, South, West, North; otherwise starting
    winds are assigned so every player's winds come out as even as possible. All or nothing.
    """
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        report = chart_check(tournament, chart, winds_given=winds_given)
        if report["errors"]:
            raise ValidationError(report["errors"])
        players = {p.number: p for p in _players(tournament)}
        sessions = list(tournament.sessions.order_by("number"))
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


# --- Publishing and reading ---------------------------------------------------------------------


def sessions_to_publish(tournament: Tournament) -> list[Session]:
    """The seated sessions "publish all" would publish; a ValidationError when there are none."""
    sessions = list(Session.objects.filter(tournament=tournament, status=Session.Status.SEATED).order_by("number"))
    if not sessions:
        raise ValidationError(_("No session is seated and waiting to be published."))
    return sessions


def schedule_publish_all(*, tournament: Tournament, by: User | None) -> list[int]:
    """Publish the seating of every seated (not yet published) session. Returns their numbers."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        sessions_to_publish(tournament)
        player_codes_make_missing(tournament=tournament, by=by)  # the player cards print them
        sessions = list(
            Session.objects.select_for_update()
            .filter(tournament=tournament, status=Session.Status.SEATED)
            .order_by("number")
        )
        for session in sessions:
            session.status = Session.Status.PUBLISHED
            session.save(update_fields=["status"])
            audit(tournament=tournament, actor=by, action="session.publish", obj=session)
        return [s.number for s in sessions]


def tournament_schedule_metrics(tournament: Tournament) -> dict | None:
    """Repeat meetings, wind spread and team clashes of the seating so far, for the organizer.

    None when nothing is seated. Otherwise the engine's figures plus ``seated_sessions`` (their
    numbers), ``repeats`` (pairs meeting more than once: player objects and count) and
    ``wind_counts`` (per player, starts in East, South, West, North).
    """
    players = _players(tournament)
    index = {p.pk: i for i, p in enumerate(players, start=1)}
    seated = _seated_chart(tournament)
    chart = [[[index[pk] for pk in t] for t in tables] for tables in seated.values()]
    if not chart:
        return None
    metrics = dict(seating.schedule_metrics(chart, teams=_teams(players)))
    metrics["seated_sessions"] = list(seated)
    metrics["repeats"] = [
        {"a": players[a - 1], "b": players[b - 1], "times": m}
        for (a, b), m in sorted(pair_counts(chart).items())
        if m > 1
    ]
    metrics["wind_counts"] = [{"player": players[i - 1], "counts": c} for i, c in sorted(wind_counts(chart).items())]
    return metrics


def tournament_chart(tournament: Tournament, sessions) -> dict:
    """The seating of the given sessions, for the chart page.

    Returns ``tables``: per session, its tables (each the players East..North), and ``rows``: per
    player, per session, (table number, wind index) or None.
    """
    sessions = list(sessions)
    numbers = [s.number for s in sessions]
    seats = (
        Seat.objects.filter(session__tournament=tournament, session__number__in=numbers)
        .select_related("player", "table", "session")
        .order_by("session__number", "table__number", "position")
    )
    tables = {n: {} for n in numbers}
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


def seat_list(session: Session) -> list[dict]:
    """Everyone seated in the session, sorted by name (accents and case aside), with table and wind: the
    list posted on the wall."""
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
    rows.sort(key=lambda r: (sort_key(r["player"].name), r["player"].number))
    return rows


# --- Elimination (MCR 3.5.4; docs/elimination.md) --------------------------------------------------

ADVANCE_ORDERS = ("standings", "draw")


def elimination_rule(kind: str, count: int | None = None) -> seating.Rule:
    """The pure rule for an organizer's choice; a ValidationError saying what is wrong otherwise."""
    try:
        if kind == AdvanceRule.TABLE_WINNER:
            return seating.Rule.table_winner()
        if kind == AdvanceRule.BEST_PER_TABLE:
            if count is None or not 1 <= count <= 3:
                raise ValidationError(_("The best k of each table play on: k is 1, 2 or 3."), code="rule_count")
            return seating.Rule.best_per_table(count)
        if kind == AdvanceRule.BEST_OVERALL:
            if count is None or count < 4 or count % 4:
                raise ValidationError(
                    _("The best n overall play on: n is a multiple of four (4, 8, 12...)."), code="rule_count"
                )
            return seating.Rule.best_overall(count)
        if kind == AdvanceRule.FINAL:
            return seating.Rule.final()
    except seating.SeatingError as exc:
        raise _engine_error(exc) from exc
    raise ValidationError(_("Choose who plays on."), code="rule")


def _rule_stored(rule: seating.Rule) -> tuple[str, int]:
    """(advance_rule, advance_count) as the Session stores them."""
    if rule.kind == seating.elimination.BEST_OVERALL and rule.count == 0:
        return AdvanceRule.FINAL, 0
    return rule.kind, rule.count


@dataclass
class EliminationOutcome:
    """Who plays on after a round and who goes out with which final rank; nothing written yet."""

    session: Session
    rule: seating.Rule
    survivors: list  # Players, best first
    eliminated: list  # (Player, final rank), best first
    next_session: Session | None


def _players_label(players) -> str:
    return ", ".join(f"{p.number} {p.name}" for p in players)


def elimination_check(session: Session, *, rule: seating.Rule, decided_order=()) -> EliminationOutcome:
    """Who would play on after ``session`` under ``rule``, without changing anything: the preview the
    organizer confirms, and the check ``session_eliminate_and_seat`` runs under its locks.

    Order: table points, then session score, then the ranking before this round, then ``decided_order``
    (player numbers, best first: the outcome of a play-off or a draw). Players still level at the cut
    raise a ValidationError naming them; level players away from the cut share the better rank."""
    tournament = session.tournament
    if tournament.format != Tournament.Format.ELIMINATION:
        raise ValidationError(_("Only an elimination tournament eliminates players after a session."), code="format")
    final = tournament.sessions.filter(advance_rule=AdvanceRule.FINAL).first()
    if final is not None:
        raise ValidationError(
            _("The final was played in session %(n)s; the final ranking is complete.") % {"n": final.number},
            code="final_played",
        )
    if session.advance_rule:
        raise ValidationError(
            _("Who plays on after session %(n)s is already decided.") % {"n": session.number}, code="decided"
        )
    if session.status != Session.Status.CLOSED:
        raise ValidationError(
            _("Close session %(n)s first: its final results decide who plays on.") % {"n": session.number},
            code="not_closed",
        )
    undecided = list(
        tournament.sessions.filter(number__lt=session.number, advance_rule="").values_list("number", flat=True)
    )
    if undecided:
        raise ValidationError(
            _("Decide who plays on after sessions %(s)s first.") % {"s": ", ".join(map(str, undecided))},
            code="earlier_undecided",
        )
    results = list(table_results(tournament, session).values())
    if not results:
        raise ValidationError(_("Session %(n)s has no tables.") % {"n": session.number}, code="no_tables")
    field_size = 4 * len(results)
    if rule.kind == seating.elimination.BEST_OVERALL and rule.count >= field_size:
        raise ValidationError(
            _("%(p)s players played session %(n)s: the best n overall must be fewer.")
            % {"p": field_size, "n": session.number},
            code="rule_count",
        )
    next_session = None
    if rule.count:
        next_session = tournament.sessions.filter(number=session.number + 1).first()
        if next_session is None:
            raise ValidationError(
                _(
                    "The tournament has %(n)s sessions: raise the number of sessions to seat another round, or "
                    "choose the final."
                )
                % {"n": tournament.session_count},
                code="no_next_session",
            )
        check_seating_may_change([next_session])

    players = {p.pk: p for r in results for p in r.players}
    before = {row.player.pk: row.rank for row in player_standings(tournament, before=session.number)}
    decided = {number: i for i, number in enumerate(decided_order)}
    unknown = sorted(set(decided) - {p.number for p in players.values()})
    if unknown:
        raise ValidationError(
            _("Players %(p)s did not play session %(n)s.") % {"p": ", ".join(map(str, unknown)), "n": session.number},
            code="decided_order",
        )

    def key(pk):
        return before.get(pk, len(players) + 1), decided.get(players[pk].number, len(decided))

    tables = [
        [seating.elimination.Result(p.pk, r.table_points[i], r.scores[i]) for i, p in enumerate(r.players)]
        for r in sorted(results, key=lambda r: r.table)
    ]
    # The pure engine needs a complete order; player numbers complete it both ways round, and where
    # the two disagree on who plays on, only the number decided: a tie for the organizer.
    try:
        up = seating.eliminate(tables, rule, seeding=sorted(players, key=lambda pk: (key(pk), players[pk].number)))
        down = seating.eliminate(tables, rule, seeding=sorted(players, key=lambda pk: (key(pk), -players[pk].number)))
    except seating.SeatingError as exc:
        raise _engine_error(exc) from exc
    if len(up.survivors) % 4:
        raise ValidationError(str(seating.elimination.SurvivorCountError(len(up.survivors))), code="survivors")
    result_of = {res.player: (t, res) for t, table in enumerate(tables) for res in table}

    def level(a, b, *, cut=False):
        """Nothing but the player number separates them; at a per-table cut, only at the same table."""
        (ta, ra), (tb, rb) = result_of[a], result_of[b]
        if cut and rule.kind != seating.elimination.BEST_OVERALL and ta != tb:
            return False
        return ra.table_points == rb.table_points and ra.score == rb.score and key(a) == key(b)

    undecided_cut = set(up.survivors) ^ set(down.survivors)
    if undecided_cut:
        tied = sorted(
            {pk for pk in players for u in undecided_cut if level(pk, u, cut=True)}, key=lambda pk: players[pk].number
        )
        raise ValidationError(
            _(
                "Players %(p)s are level on table points, score and the ranking before this round, and only some "
                "of them can play on. Decide by a play-off or a draw, then give their order (player numbers, best "
                "first)."
            )
            % {"p": _players_label(players[pk] for pk in tied)},
            code="tie",
            params={"players": [players[pk].number for pk in tied]},
        )
    ranks, previous = {}, None
    for pk in up.eliminated:
        ranks[pk] = ranks[previous] if previous is not None and level(previous, pk) else up.ranks[pk]
        previous = pk
    return EliminationOutcome(
        session=session,
        rule=rule,
        survivors=[players[pk] for pk in up.survivors],
        eliminated=[(players[pk], ranks[pk]) for pk in up.eliminated],
        next_session=next_session,
    )


def session_eliminate_and_seat(
    *,
    session: Session,
    rule: seating.Rule,
    by: User | None,
    decided_order=(),
    order: str = "standings",
    seed: int | None = None,
    seat_next: bool = True,
) -> EliminationOutcome:
    """After a closed round of an elimination tournament: record who goes out with their final rank, and
    seat the next session from the players who go on only (no meeting repeated where avoidable, winds
    evened out). ``order``: ``standings`` seats best with best, ``draw`` by a seeded draw. The final rule
    ranks the last table and seats nothing. ``seat_next=False`` leaves the next session to be seated by
    the caller (an import, whose file gives that seating)."""
    if order not in ADVANCE_ORDERS:
        raise ValidationError(_("Seat the next round by the standings or by a draw."), code="order")
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        outcome = elimination_check(session, rule=rule, decided_order=decided_order)
        for player, rank in outcome.eliminated:
            out = Elimination(tournament=tournament, session=session, player=player, final_rank=rank)
            out.full_clean()
            out.save()
        session.advance_rule, session.advance_count = _rule_stored(rule)
        session.advance_order = list(decided_order)
        session.full_clean()
        session.save(update_fields=["advance_rule", "advance_count", "advance_order"])
        audit(
            tournament=tournament,
            actor=by,
            action="session.eliminate",
            obj=session,
            rule=session.advance_rule,
            count=session.advance_count,
            survivors=[p.number for p in outcome.survivors],
            eliminated={str(p.number): rank for p, rank in outcome.eliminated},
            decided_order=list(decided_order),
        )
        if outcome.next_session is not None and seat_next:
            if order == "draw" and seed is None:
                seed = new_seed()
            index = {p.pk: p for p in outcome.survivors}
            history = [
                [tuple(t) for t in tables] for tables in _seated_chart(tournament, outcome.next_session.number).values()
            ]
            all_players = _players(tournament)
            sizes = _team_sizes(all_players)
            teams = {p.pk: p.team_id for p in all_players if p.team_id and sizes[p.team_id] <= MAX_TEAM_APART}
            try:
                tables = seating.seat_next_round(list(index), history, order=order, seed=seed or 0, teams=teams)
            except seating.SeatingError as exc:
                raise _engine_error(exc) from exc
            session_seat(
                session=outcome.next_session,
                by=by,
                method="elimination",
                seed=seed if order == "draw" else None,
                tables=[[index[pk] for pk in table] for table in tables],
            )
            outcome.next_session.refresh_from_db()
        return outcome


def session_elimination_undo_check(session: Session) -> Session | None:
    """Why the elimination after ``session`` cannot be undone (a ValidationError), or the next session it
    seated (None after the final). Undoing is possible while that seating could still change."""
    if not session.advance_rule:
        raise ValidationError(
            _("Nobody has been eliminated after session %(n)s.") % {"n": session.number}, code="not_decided"
        )
    following = None
    if session.advance_rule != AdvanceRule.FINAL:
        following = session.tournament.sessions.filter(number=session.number + 1).first()
        if following is not None:
            check_seating_may_change([following])
    return following


def session_elimination_undo(*, session: Session, by: User | None) -> Session:
    """Take back the elimination after ``session`` (its eliminations, and the seating of the next
    session made from it), so the session can be reopened and corrected."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        following = session_elimination_undo_check(session)
        if following is not None:
            following = Session.objects.select_for_update().get(pk=following.pk)
            _lock_sheets(following)
            check_seating_may_change([following])
            Seat.objects.filter(session=following).delete()
            Table.objects.filter(session=following).delete()
            following.status, following.seating_method, following.seed = Session.Status.PLANNED, "", None
            following.save(update_fields=["status", "seating_method", "seed"])
        eliminated = {
            str(e.player.number): e.final_rank
            for e in Elimination.objects.filter(session=session).select_related("player")
        }
        Elimination.objects.filter(session=session).delete()
        rule, count = session.advance_rule, session.advance_count
        session.advance_rule, session.advance_count, session.advance_order = "", 0, []
        session.save(update_fields=["advance_rule", "advance_count", "advance_order"])
        audit(
            tournament=tournament,
            actor=by,
            action="session.eliminate_undo",
            obj=session,
            rule=rule,
            count=count,
            eliminated=eliminated,
            **({"unseated": following.number} if following is not None else {}),
        )
        return session
