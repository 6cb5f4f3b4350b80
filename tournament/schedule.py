"""Wires the pure seating algorithms (package `seating`) to sessions, tables and seats."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

import seating
from scoring.models import ScoreSheet
from tournament.audit import audit
from tournament.models import Seat, Session, Tournament
from tournament.services import _check_organizer, seating_problem, session_seat


def _players(tournament):
    return list(tournament.players.select_related("team").order_by("number"))


def _teams(players):
    """Team map for the engine, keyed by 1-based index into `players`."""
    return {i: p.team_id for i, p in enumerate(players, start=1) if p.team_id}


def _scored(session):
    return (ScoreSheet.objects.filter(table__session=session).exclude(hands=None).exists()
            or ScoreSheet.objects.filter(table__session=session).exclude(penalties=None).exists())


def round_robin_sessions(tournament):
    """Sessions seated round robin: all of them, or the first ones of a mixed tournament."""
    sessions = list(tournament.sessions.order_by("number"))
    if tournament.format == Tournament.Format.SWISS:
        return []
    if tournament.format == Tournament.Format.MIXED:
        return sessions[: tournament.round_robin_sessions]
    return sessions


def schedule_generate(*, tournament, by, seed=0):
    """Seat every round-robin session at once from one schedule with no repeat meetings where possible."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _check_organizer(by, tournament)
        players = _players(tournament)
        problem = seating_problem(len(players))
        if problem:
            raise ValidationError(problem)
        targets = round_robin_sessions(tournament)
        if not targets:
            raise ValidationError(_("This tournament is seated by Swiss pairing, session by session."))
        locked = [s.number for s in targets if s.status == Session.Status.CLOSED or _scored(s)]
        if locked:
            raise ValidationError(
                _("Sessions %(s)s already have scores; a new schedule would change who played whom.")
                % {"s": ", ".join(map(str, locked))})
        try:
            schedule = seating.round_robin(len(players), len(targets), teams=_teams(players), seed=seed)
        except seating.SeatingError as exc:
            raise ValidationError(str(exc))
        for session, tables in zip(targets, schedule.sessions):
            session_seat(session=session, by=by, method="round_robin", seed=seed,
                         tables=[[players[n - 1] for n in table] for table in tables])
        audit(tournament=tournament, actor=by, action="schedule.generate", seed=seed,
              metrics={k: (v if isinstance(v, (int, float, str)) else str(v)) for k, v in schedule.metrics.items()})
        return schedule


def _history(tournament, before):
    """Past tables as tuples of 1-based player indexes, session by session."""
    index = {p.pk: i for i, p in enumerate(_players(tournament), start=1)}
    history = {}
    for seat in Seat.objects.filter(session__tournament=tournament, session__number__lt=before).order_by(
            "session__number", "table__number", "position"):
        history.setdefault(seat.session.number, {}).setdefault(seat.table_id, []).append(index[seat.player_id])
    return [[tuple(t) for t in tables.values()] for _n, tables in sorted(history.items())]


def session_seat_swiss(*, session, by):
    """Seat the next session by current standings: top four together, and so on (Swiss)."""
    from tournament.results import player_standings

    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=session.tournament_id)
        _check_organizer(by, tournament)
        earlier_open = list(tournament.sessions.filter(number__lt=session.number)
                            .exclude(status=Session.Status.CLOSED).values_list("number", flat=True))
        if earlier_open:
            raise ValidationError(_("Close sessions %(s)s before seating session %(n)s by the standings.")
                                  % {"s": ", ".join(map(str, earlier_open)), "n": session.number})
        players = _players(tournament)
        problem = seating_problem(len(players))
        if problem:
            raise ValidationError(problem)
        index = {p.number: i for i, p in enumerate(players, start=1)}
        ranking = [index[row.player.number] for row in player_standings(tournament)]
        # Substitutes are not ranked; they fill the bottom tables.
        ranking += [index[p.number] for p in players if index[p.number] not in ranking]
        try:
            tables = seating.swiss_next_session(ranking, _history(tournament, session.number),
                                                teams=_teams(players))
        except seating.SeatingError as exc:
            raise ValidationError(str(exc))
        return session_seat(session=session, by=by, method="swiss",
                            tables=[[players[n - 1] for n in table] for table in tables])


def schedule_from_chart(*, tournament, chart, by, winds_given=True):
    """Seat sessions from an organizer's chart: player numbers per table per session (appendix 3).

    With winds_given the order inside each table is East, South, West, North; otherwise starting
    winds are assigned so every player's winds come out as even as possible.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        _check_organizer(by, tournament)
        players = {p.number: p for p in _players(tournament)}
        sessions = list(tournament.sessions.order_by("number"))
        if len(chart) > len(sessions):
            raise ValidationError(_("The chart has %(c)s sessions; the tournament has %(s)s.")
                                  % {"c": len(chart), "s": len(sessions)})
        unknown = sorted({n for s in chart for t in s for n in t if n not in players})
        if unknown:
            raise ValidationError(_("The chart names players who are not registered: %(n)s.")
                                  % {"n": ", ".join(map(str, unknown))})
        teams = {n: p.team_id for n, p in players.items() if p.team_id}
        try:
            report = seating.check_chart(chart, teams=teams, winds_given=winds_given)
        except seating.SeatingError as exc:
            raise ValidationError(str(exc))
        seated_chart = chart if winds_given else report["balanced_sessions"]
        for session, tables in zip(sessions, seated_chart):
            session_seat(session=session, by=by, method="chart",
                         tables=[[players[n] for n in table] for table in tables])
        return report


def tournament_schedule_metrics(tournament):
    """Repeat meetings, wind spread and team clashes of the seating so far, for the organizer."""
    players = _players(tournament)
    index = {p.pk: i for i, p in enumerate(players, start=1)}
    sessions = {}
    for seat in Seat.objects.filter(session__tournament=tournament).order_by("session__number", "table__number",
                                                                               "position"):
        sessions.setdefault(seat.session.number, {}).setdefault(seat.table_id, []).append(index[seat.player_id])
    chart = [[t for t in tables.values()] for _n, tables in sorted(sessions.items())]
    if not chart:
        return None
    return seating.schedule_metrics(chart, teams=_teams(players))
