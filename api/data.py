"""What the API returns, as plain JSON-ready data: one function per resource (docs/api.md).

Every function takes ``organizer``: False is the public view (what anyone may see on the site), True the
view of an organizer token. The hall display renders the same data, so page and API never disagree.
Reads only; a bounded number of queries per call.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Count, IntegerField, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse

from rules.rotation import WINDS
from scoring.progress import session_progress
from scoring.results import TableResult, table_results
from scoring.selectors import open_appeals_by_table, players_under_appeal
from standings import selectors
from standings.management.commands.standings import command_row
from standings.weight import tournament_weight, weight_json
from tournament import floor
from tournament import lifecycle as session_lifecycle
from tournament.clock import clock_data, next_session_start, start_data
from tournament.models import Elimination, Player, Seat, Session, Team, Tournament


class TableCount(TypedDict):
    table_count: int


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    # A session read with its number of tables (``SessionQuerySet.with_table_count``).
    CountedSession = WithAnnotations[Session, TableCount]


def points(value: Fraction | float | None) -> float | None:
    """Table points as a JSON number, rounded as the ``standings`` command rounds them."""
    return None if value is None else round(float(value), 2)


def _number(value: Fraction | float) -> int | float:
    """An exact value (Fraction) as an int when whole, else a float."""
    return int(value) if value == int(value) else float(value)


def visible_sessions(tournament: Tournament, organizer: bool) -> list[CountedSession]:
    """The sessions a caller may see, in order, each with ``table_count``. The public sees a session once
    it is public (``Session.is_public``: its seating published); its results with it."""
    sessions = tournament.sessions.with_table_count().order_by("number")
    return [s for s in sessions if organizer or s.is_public]


def current_session(sessions: Sequence[Session]) -> Session | None:
    """The session the hall is about: the lowest-numbered one being played (seating published, not
    closed), else the last one with published seating."""
    public = [s for s in sessions if s.is_public]
    playing = [s for s in public if not s.is_closed]
    if playing:
        return playing[0]
    return public[-1] if public else None


def tournament_over(tournament: Tournament) -> bool:
    """Every session of the tournament is closed: its standings are final."""
    return tournament.is_over


def session_clock(session: Session) -> dict | None:
    """The session clock (``tournament.clock.clock_data``): ``starts_at``, ``ends_at`` (ISO 8601), ``minutes``,
    ``state`` (scheduled, running, warning, ended) and ``server_now``; None until an organizer starts or
    schedules it. The hall display (static/js/hall.js) counts down to ``ends_at``."""
    return clock_data(session)


def tournament_summary(tournament: Tournament) -> dict:
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        "end_date": tournament.end_date.isoformat() if tournament.end_date else None,
        "venue": tournament.venue,
        "url": reverse("api-tournament", args=[tournament.slug]),
        "web_url": tournament.get_absolute_url(),
    }


def tournaments_data(tournaments: Iterable[Tournament]) -> list[dict]:
    return [tournament_summary(t) for t in tournaments]


class SessionNotes:
    """What the session summaries add to each session, read for the whole tournament in two queries (so a
    list of sessions costs the same whatever its length): the tables whose result is under appeal (an
    appeal still undecided) and, in an elimination tournament, the players knocked out after the session."""

    def __init__(self, tournament: Tournament) -> None:
        self.appealed: dict[int, list[int]] = {}
        for session, table in sorted(open_appeals_by_table(tournament)):
            self.appealed.setdefault(session, []).append(table)
        # The phase people see (``tournament.lifecycle``), counted for the whole tournament at once.
        self.phases = {p.session.number: p.phase for p in session_progress(tournament)}
        self.eliminated: dict[int, list[dict]] = {}
        if tournament.format != Tournament.Format.ELIMINATION:
            return  # no one is knocked out: no query
        for out in (
            Elimination.objects.filter(tournament=tournament)
            .select_related("session", "player__team")
            .order_by("final_rank", "player__number")
        ):
            self.eliminated.setdefault(out.session.number, []).append(
                {**player_brief(out.player), "final_rank": out.final_rank}
            )


def session_summary(tournament: Tournament, session: CountedSession, notes: SessionNotes | None = None) -> dict:
    notes = notes or SessionNotes(tournament)
    return {
        "number": session.number,
        "status": session.status,
        "phase": notes.phases.get(session.number, session_lifecycle.PHASE_PLANNED),
        "tables": session.table_count,
        "url": reverse("api-session", args=[tournament.slug, session.number]),
        "results_url": reverse("api-session-results", args=[tournament.slug, session.number]),
        "tables_under_appeal": notes.appealed.get(session.number, []),
        "eliminated": notes.eliminated.get(session.number, []),
        # When it begins (the clock's start, else the timetable's) and its day, for multi-day events.
        "starts_at": session.start_time.isoformat() if session.start_time else None,
        "day": session.day.isoformat() if session.day else None,
    }


def sessions_data(tournament: Tournament, sessions: list[CountedSession]) -> list[dict]:
    notes = SessionNotes(tournament)
    return [session_summary(tournament, s, notes) for s in sessions]


def _counts(tournament: Tournament) -> dict[str, int]:
    """How many players (substitutes not counted) and teams, in one query."""

    def count(queryset) -> Coalesce:
        rows = queryset.filter(tournament=OuterRef("pk")).order_by().values("tournament").annotate(n=Count("pk"))
        return Coalesce(Subquery(rows.values("n"), output_field=IntegerField()), 0)

    row = (
        Tournament.objects.filter(pk=tournament.pk)
        .values(
            player_count=count(Player.objects.filter(is_substitute=False)),
            team_count=count(Team.objects.all()),
        )
        .get()
    )
    return {"players": row["player_count"], "teams": row["team_count"]}


def tournament_data(tournament: Tournament, organizer: bool) -> dict:
    sessions = visible_sessions(tournament, organizer)
    current = current_session(sessions)
    slug = tournament.slug
    data = tournament_summary(tournament)
    data.update(
        {
            "rules": tournament.rules,
            "rule_options": dict(tournament.rule_set.options),
            "format": tournament.format,
            "round_robin_sessions": tournament.round_robin_sessions,
            "session_count": tournament.session_count,
            "hands_per_session": tournament.hands_per_session,
            "session_minutes": tournament.session_minutes,
            "table_points": [_number(v) for v in tournament.table_points_values()],
            "tiebreaks": tournament.tiebreak_keys(),
            "appeal_minutes": tournament.appeal_minutes,
            "published": tournament.published,
            "city": tournament.city,
            "country": tournament.country,
            "qualification_required": tournament.qualification_required,
            # The EMA's MERS weight with its parts (standings.weight), from what the caller may see.
            "mers_weight": weight_json(tournament_weight(tournament, public=not organizer)),
            **_counts(tournament),
            "current_session": current.number if current else None,
            # The next session to begin, published or not: its number and time are the timetable's, public.
            "next_session": start_data(next_session_start(tournament)),
            "over": tournament_over(tournament),
            "sessions": sessions_data(tournament, sessions),
            "announcements": announcements_data(tournament),
            "referee_calls": referee_calls_data(tournament),
            "links": {
                "players": reverse("api-players", args=[slug]),
                "sessions": reverse("api-sessions", args=[slug]),
                "standings": reverse("api-standings", args=[slug]),
                "team_standings": reverse("api-team-standings", args=[slug]),
            },
        }
    )
    return data


def announcements_data(tournament: Tournament) -> list[dict]:
    """The announcements shown now, in the order posted (``tournament.floor``): public, as on the hall's screen."""
    return [
        {
            "id": a.pk,
            "text": a.text,
            "posted_at": a.posted_at.isoformat(),
            "session": a.session.number if a.session is not None else None,
            "until": a.until.isoformat() if a.until else None,
        }
        for a in floor.announcements_shown(tournament)
    ]


def referee_calls_data(tournament: Tournament) -> list[dict]:
    """The tables calling a referee now (published sessions only), the longest waiting first, for the floor
    staff watching the hall display: which table, since when, and whether a referee is on the way."""
    return [
        {
            "session": call.table.session.number,
            "table": call.table.number,
            "called_at": call.called_at.isoformat(),
            "taken": call.is_taken,
        }
        for call in floor.calls_live(tournament)
        if call.table.session.is_public
    ]


def _team(player: Player) -> str | None:
    return player.team.name if player.team is not None else None


def player_brief(player: Player) -> dict:
    return {"number": player.number, "name": player.name, "team": _team(player)}


def player_data(player: Player, organizer: bool) -> dict:
    data = {
        "number": player.number,
        "name": player.name,
        "country": player.country,
        "club": player.club,
        "team": _team(player),
        "substitute": player.is_substitute,
        "url": reverse("api-player", args=[player.tournament.slug, player.number]),
    }
    if organizer:
        data["ema_id"] = player.ema_id  # not on the public pages either
    return data


def players_data(tournament: Tournament, organizer: bool) -> list[dict]:
    players = tournament.players.select_related("team", "tournament").order_by("number")
    return [player_data(p, organizer) for p in players]


def player_detail_data(tournament: Tournament, player: Player, organizer: bool) -> dict:
    """A player, their standing and, per visible session, their table, wind and result there."""
    data = player_data(player, organizer)
    visible = {s.pk for s in visible_sessions(tournament, organizer)}
    results = table_results(tournament, public=not organizer)
    lines = []
    for seat in Seat.objects.filter(player=player).select_related("table", "session").order_by("session__number"):
        if seat.session_id not in visible:
            continue
        result = results.get(seat.table_id)
        i = seat.position
        line = {"session": seat.session.number, "table": seat.table.number, "wind": WINDS[i]}
        if result is not None and result.started:
            line.update(score=result.scores[i], place=result.ranks[i], table_points=points(result.table_points[i]))
        else:
            line.update(score=None, place=None, table_points=None)
        line["submitted"] = bool(result and result.submitted)
        lines.append(line)
    data["sessions"] = lines
    row = next((r for r in standings_data(tournament, organizer) if r["number"] == player.number), None)
    data["standing"] = None if row is None else {k: row[k] for k in ("rank", "table_points", "score")}
    return data


def seating_data(tournament: Tournament, session: Session) -> list[dict]:
    """The session's tables in order, each with its four seats East..North, its extra time in minutes and its
    own end (the session clock's end plus its extra time; None without a clock)."""
    tables = session.tables.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player__team"))
    ).order_by("number")
    rows = []
    for table in tables:
        table.session = session  # its own end is the session's plus its extra time (``Table.ends_at``)
        ends_at = table.ends_at
        rows.append(
            {
                "number": table.number,
                "seats": [
                    {"wind": WINDS[seat.position], "player": player_brief(seat.player)}
                    for seat in sorted(table.seats.all(), key=lambda s: s.position)
                ],
                "extra_minutes": table.extra_minutes,
                "ends_at": ends_at.isoformat() if ends_at is not None else None,
            }
        )
    return rows


def session_data(tournament: Tournament, session: CountedSession) -> dict:
    data = session_summary(tournament, session)
    data.update(clock=session_clock(session), seating=seating_data(tournament, session))
    return data


def _team_names(tournament: Tournament) -> dict:
    return dict(tournament.teams.values_list("pk", "name"))


def table_result_data(
    tournament: Tournament, result: TableResult, teams: dict[int, str], appealed: Collection[tuple[int, int]] = ()
) -> dict:
    """One table's result; `teams` maps team ids to names (the results carry players without their teams),
    `appealed` holds the (session, table) numbers with an appeal still undecided."""
    started = result.started
    return {
        "session": result.session,
        "table": result.table,
        "hands_entered": result.hands_entered,
        "hands_per_session": tournament.hands_per_session,
        "started": started,
        "submitted": result.submitted,
        "sheet_status": result.sheet_status,
        "under_appeal": (result.session, result.table) in appealed,
        "players": [
            {
                "wind": WINDS[i],
                "number": player.number,
                "name": player.name,
                "team": teams.get(player.team_id) if player.team_id is not None else None,
                "hand_score": result.hand_scores[i],
                "penalties": result.penalty_scores[i],
                "score": result.scores[i],
                "place": result.ranks[i] if started else None,
                "table_points": points(result.table_points[i]) if started else None,
            }
            for i, player in enumerate(result.players)
        ],
    }


def session_results_data(tournament: Tournament, session: Session) -> list[dict]:
    results = sorted(table_results(tournament, session).values(), key=lambda r: r.table)
    teams = _team_names(tournament)
    appealed = set(open_appeals_by_table(tournament))
    return [table_result_data(tournament, r, teams, appealed) for r in results]


def standings_data(tournament: Tournament, organizer: bool) -> list[dict]:
    """The rows of ``manage.py standings SLUG --format json`` (one implementation, the command's), each
    followed by fields the command does not print: ``under_appeal`` (the player sat at a table whose
    appeal is undecided, so the row may change), ``eliminated_in`` (elimination tournaments: the session
    after which the player went out, else null) and ``played`` (false before the player's first result,
    when their rank says nothing yet: the pages show a dash).

    The public view counts the public sessions only (``Session.objects.public()``), as the public standings
    page and ``standings --public`` do; the organizer view counts every session, as organizers see them.
    """
    appealed = players_under_appeal(tournament)
    return [
        {
            **command_row(r),
            "under_appeal": r["player"].pk in appealed,
            "eliminated_in": r["eliminated_in"],
            "played": r["played"],
        }
        for r in selectors.standings_rows(tournament, public=not organizer)
    ]


def team_standings_data(tournament: Tournament, organizer: bool) -> list[dict]:
    return [
        {
            "rank": row.rank,
            "team": row.team.name,
            "table_points": points(row.table_points),
            "score": row.score,
            "members": [player_brief(m.player) for m in row.members],
        }
        for row in selectors.team_standings(tournament, public=not organizer)
    ]
