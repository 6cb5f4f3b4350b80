"""What the organizer and the referees see first: a tournament's state with its problems and the next
steps (organizers), and the tables of the session being played (referees). Reads only."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from schedule.selectors import next_field, swiss_sessions
from scoring import lifecycle as sheet_lifecycle
from scoring import progress as pg
from scoring import queues
from scoring.appeal_window import window_end
from scoring.results import table_results
from scoring.selectors import changes_after_closing, tables_asking_to_reopen
from standings.weight import TournamentWeight, tournament_weight
from tournament.models import AdvanceRule, Elimination, Session, Tournament, TournamentRole
from tournament.services import seating_problem


@dataclass
class Item:
    """A problem or a next step: a sentence and where to act on it."""

    text: str
    url: str = ""
    link: str = ""


@dataclass
class Dashboard:
    tournament: Tournament
    sessions: list[pg.SessionProgress]
    player_count: int
    problems: list[Item] = field(default_factory=list)
    next_steps: list[Item] = field(default_factory=list)
    # Closed sessions whose results changed since (scoring.selectors.changes_after_closing), until acknowledged.
    changed_after_closing: list = field(default_factory=list)
    # The EMA's MERS weight as the tournament stands (standings.weight), with its parts.
    weight: TournamentWeight | None = None

    @property
    def current(self) -> pg.SessionProgress | None:
        return pg.current_session(self.sessions)


def _numbers(progress_list: list[pg.SessionProgress]) -> str:
    return ", ".join(str(p.session.number) for p in progress_list)


def _withdrawn_still_seated(tournament: Tournament, url: _Url) -> list[Item]:
    """A withdrawn player without a substitute who still has seats in sessions not closed: those tables
    would play three-handed."""
    from tournament.models import Seat, Withdrawal

    items = []
    for w in Withdrawal.objects.filter(
        tournament=tournament, undone_at__isnull=True, substitute__isnull=True
    ).select_related("player", "from_session"):
        numbers = sorted(
            Seat.objects.filter(
                player=w.player, session__number__gte=w.from_session.number, session__in=Session.objects.open()
            ).values_list("session__number", flat=True)
        )
        if numbers:
            items.append(
                Item(
                    _("%(player)s is withdrawn but still seated in sessions %(s)s: name a substitute.")
                    % {"player": w.player, "s": ", ".join(map(str, numbers))},
                    url("manage-withdrawals", anchor=f"#withdrawal-{w.pk}"),
                    _("Withdrawals"),
                )
            )
    return items


def _seated_nowhere(tournament: Tournament, url: _Url) -> list[Item]:
    """A player in the tournament (not a substitute, not withdrawn by then) without a seat in a published
    session still open: a player back from a withdrawal whose seat could not be given back, or one left out by
    hand. They would come to the hall and find no table."""
    from tournament.models import Seat, Withdrawal

    sessions = list(Session.objects.public().open().filter(tournament=tournament).order_by("number"))
    if not sessions:
        return []
    seated = set(Seat.objects.filter(session__in=sessions).values_list("session_id", "player_id"))
    out = list(
        Withdrawal.objects.filter(tournament=tournament, undone_at__isnull=True).values_list(
            "player_id", "from_session__number"
        )
    )
    # Back from a withdrawal from a later session on (their table had begun, or they came over 15 minutes late,
    # MCR 3.11.2): the substitute finishes the sessions before.
    excused = {
        (n, pk)
        for pk, start, back in Withdrawal.objects.filter(
            tournament=tournament, undone_at__isnull=False, back_from__isnull=False
        ).values_list("player_id", "from_session__number", "back_from")
        for n in range(start, back or start)
    }
    # Knocked out of an elimination tournament after a round: not seated in the later ones.
    out += [
        (pk, n + 1)
        for pk, n in Elimination.objects.filter(tournament=tournament).values_list("player_id", "session__number")
    ]
    players = list(tournament.players.filter(is_substitute=False).order_by("number"))
    items = []
    for session in sessions:
        gone = {pk for pk, n in out if n <= session.number}
        missing = [
            p
            for p in players
            if p.pk not in gone and (session.pk, p.pk) not in seated and (session.number, p.pk) not in excused
        ]
        if missing:
            items.append(
                Item(
                    ngettext(
                        "Session %(n)s: %(players)s is seated nowhere though not withdrawn.",
                        "Session %(n)s: %(players)s are seated nowhere though not withdrawn.",
                        len(missing),
                    )
                    % {"n": session.number, "players": ", ".join(str(p) for p in missing)},
                    url("manage-withdrawals"),
                    _("Withdrawals"),
                )
            )
    return items


class _Url:
    """Addresses of the tournament's pages, for the items' links."""

    def __init__(self, tournament: Tournament) -> None:
        self.slug = tournament.slug

    def __call__(self, name: str, *args: object, anchor: str = "") -> str:
        return reverse(name, args=[self.slug, *args]) + anchor


def _late_tables(tournament: Tournament, sessions: list[pg.SessionProgress], now: datetime, url: _Url) -> list[Item]:
    """Sessions whose tables are still open after the bell or, without a clock, past the time limit counted
    from the first hand."""
    items = []
    for p in sessions:
        bell = p.session.ends_at
        if bell is not None:
            # With a clock the limit is its bell, not a count from the first hand.
            open_tables = _open_tables(p.session, now) if p.phase == pg.IN_PLAY and now >= bell else []
            if open_tables:
                items.append(
                    Item(
                        ngettext(
                            "Session %(n)s: table %(t)s is still open; the bell rang at %(time)s.",
                            "Session %(n)s: tables %(t)s are still open; the bell rang at %(time)s.",
                            len(open_tables),
                        )
                        % {
                            "n": p.session.number,
                            "t": ", ".join(map(str, open_tables)),
                            "time": timezone.localtime(bell).strftime("%H:%M"),
                        },
                        url("session-detail", p.session.number),
                        _("See the tables"),
                    )
                )
            continue
        if p.overdue(tournament.session_minutes, now) and p.first_entry_at is not None:
            open_tables = _open_tables(p.session)
            minutes = int((now - p.first_entry_at).total_seconds() // 60)
            items.append(
                Item(
                    ngettext(
                        "Session %(n)s: table %(t)s is still open %(m)s minutes after the first hand "
                        "(time limit %(limit)s minutes).",
                        "Session %(n)s: tables %(t)s are still open %(m)s minutes after the first hand "
                        "(time limit %(limit)s minutes).",
                        len(open_tables),
                    )
                    % {
                        "n": p.session.number,
                        "t": ", ".join(map(str, open_tables)),
                        "m": minutes,
                        "limit": tournament.session_minutes,
                    },
                    url("session-detail", p.session.number),
                    _("See the tables"),
                )
            )
    return items


def _unseated(tournament: Tournament, sessions: list[pg.SessionProgress], url: _Url) -> list[Item]:
    """The session after the last one played is not seated yet, though it could be."""
    played_on = [p for p in sessions if p.phase in (pg.IN_PLAY, pg.FINISHED, pg.CLOSED)]
    if not played_on:
        return []
    last_played = played_on[-1].session.number
    swiss = {s.number for s in swiss_sessions(tournament)}
    elimination = tournament.format == Tournament.Format.ELIMINATION

    def can_be_seated(p: pg.SessionProgress) -> bool:
        if elimination:
            # Seated from the players who go on: it waits for the decision after the session before.
            before = next((q.session for q in sessions if q.session.number == p.session.number - 1), None)
            return before is None or before.advance_rule not in ("", AdvanceRule.FINAL)
        # A Swiss session waits for every earlier one to close; until then it is not late.
        return p.session.number not in swiss or all(
            q.phase == pg.CLOSED for q in sessions if q.session.number < p.session.number
        )

    unseated = [
        p for p in sessions if p.phase == pg.PLANNED and p.session.number <= last_played + 1 and can_be_seated(p)
    ]
    if not unseated:
        return []
    return [
        Item(
            ngettext("Session %(s)s is not seated yet.", "Sessions %(s)s are not seated yet.", len(unseated))
            % {"s": _numbers(unseated)},
            url("manage-seating"),
            _("Seat it"),
        )
    ]


def _setting_up(board: Dashboard, player_problem: str | None, url: _Url) -> list[Item]:
    """The first steps: players, referees, seating, publishing."""
    tournament, sessions, steps = board.tournament, board.sessions, []
    if not board.player_count:
        steps.append(
            Item(_("Add the players, one by one or from a spreadsheet."), url("manage-import"), _("Import players"))
        )
    if not tournament.roles.filter(role=TournamentRole.Role.REFEREE).exists():
        steps.append(
            Item(_("Give your referees an account and the referee role."), url("manage-roles"), _("Roles and accounts"))
        )
    without_code = tournament.players.filter(code="").count() if board.player_count else 0
    if without_code:
        steps.append(
            Item(
                ngettext(
                    "%(n)s player has no code yet to confirm score sheets with: make the missing codes "
                    "before printing the player cards.",
                    "%(n)s players have no code yet to confirm score sheets with: make the missing codes "
                    "before printing the player cards.",
                    without_code,
                )
                % {"n": without_code},
                url("manage-player-codes"),
                _("Player codes"),
            )
        )
    if board.player_count and not player_problem and not any(p.tables for p in sessions):
        steps.append(
            Item(
                _("Seat the sessions: a round-robin schedule, a chart, or session by session."),
                url("manage-seating"),
                _("Seating"),
            )
        )
    seated = [p for p in sessions if p.phase == pg.SEATED]
    if seated:
        steps.append(
            Item(
                ngettext(
                    "Publish the seating of session %(s)s so the players see it and its results.",
                    "Publish the seating of sessions %(s)s so the players see them and their results.",
                    len(seated),
                )
                % {"s": _numbers(seated)},
                url("manage-seating", anchor="#sessions"),
                _("Publish"),
            )
        )
    return steps


def _playing(
    sessions: list[pg.SessionProgress],
    url: _Url,
    countersign_required: bool = False,
    appeal_minutes: int = 0,
    now: datetime | None = None,
) -> list[Item]:
    """Sessions in play to follow, and those whose sheets are all in, to close (once countersigned where
    required and their appeal windows have ended, as closing asks: ``schedule.services.session_close``)."""
    steps = []

    def windows_end(p: pg.SessionProgress) -> datetime | None:
        if p.last_signed_at is None or now is None:
            return None
        end = window_end(p.last_signed_at, appeal_minutes)
        return end if end is not None and now < end else None

    for p in sessions:
        if p.phase == pg.IN_PLAY:
            steps.append(
                Item(
                    _("Session %(n)s is in play: %(done)s of %(all)s score sheets signed.")
                    % {"n": p.session.number, "done": p.submitted, "all": p.tables},
                    url("session-detail", p.session.number),
                    _("Follow the tables"),
                )
            )
        elif p.phase == pg.FINISHED and countersign_required and p.countersigned < p.tables:
            waiting = p.tables - p.countersigned
            steps.append(
                Item(
                    ngettext(
                        "Every score sheet of session %(n)s is signed; %(w)s awaits the chief referee's "
                        "countersignature before the session can close.",
                        "Every score sheet of session %(n)s is signed; %(w)s await the chief referee's "
                        "countersignature before the session can close.",
                        waiting,
                    )
                    % {"n": p.session.number, "w": waiting},
                    url("session-detail", p.session.number),
                    _("See the tables"),
                )
            )
        elif p.phase == pg.FINISHED and windows_end(p) is not None:
            steps.append(
                Item(
                    _(
                        "Every score sheet of session %(n)s is signed; its appeal windows end at %(time)s. "
                        "Close the session then to make its results final."
                    )
                    % {"n": p.session.number, "time": timezone.localtime(windows_end(p)).strftime("%H:%M")},
                    url("session-detail", p.session.number),
                    _("See the tables"),
                )
            )
        elif p.phase == pg.FINISHED:
            steps.append(
                Item(
                    _("Every score sheet of session %(n)s is signed: close the session to make its results final.")
                    % {"n": p.session.number},
                    url("manage-sessions", anchor=f"#session-{p.session.number}"),
                    _("Close it"),
                )
            )
    return steps


def _after_a_round(tournament: Tournament, sessions: list[pg.SessionProgress], url: _Url) -> list[Item]:
    """What closing a session opens: Swiss seating of the next one, deciding who plays on, the results file."""
    steps = []
    swiss = {s.number for s in swiss_sessions(tournament)}
    for p in sessions:
        if p.phase == pg.PLANNED and p.session.number in swiss and p.session.number > 1:
            earlier = [q for q in sessions if q.session.number < p.session.number]
            if earlier and all(q.phase == pg.CLOSED for q in earlier):
                steps.append(
                    Item(
                        _("Seat session %(n)s by Swiss pairing on the standings.") % {"n": p.session.number},
                        url("manage-seating", anchor="#sessions"),
                        _("Seat by Swiss"),
                    )
                )
            break
    elimination = tournament.format == Tournament.Format.ELIMINATION
    if elimination and not any(p.session.advance_rule == AdvanceRule.FINAL for p in sessions):
        undecided = next((p for p in sessions if p.phase == pg.CLOSED and not p.session.advance_rule), None)
        if undecided is not None:
            steps.append(
                Item(
                    _("Session %(n)s is closed: decide who plays on; the next session is seated from them.")
                    % {"n": undecided.session.number},
                    url("manage-session-eliminate", undecided.session.number),
                    _("Who plays on"),
                )
            )
    if sessions and all(p.phase == pg.CLOSED for p in sessions):
        steps.append(
            Item(
                _("Every session is closed: the results are final. Download them for the ranking body."),
                url("export-ema"),
                _("Results file"),
            )
        )
    return steps


def _appeals(tournament: Tournament, url: _Url) -> tuple[list[Item], list[Item]]:
    """Appeals nobody holding a role can decide (problems: the organizer names someone), and those waiting
    for a decision and the requests to reopen a signed sheet (next steps)."""
    problems = [
        Item(
            _("Appeal %(n)s (%(body)s): nobody in this tournament holds the role that decides it.")
            % {"n": w.appeal.number, "body": w.body},
            url("manage-roles"),
            _("Roles and accounts"),
        )
        for w in queues.appeals_nobody_decides(tournament)
    ]
    waiting = queues.undecided_appeal_count(tournament)
    steps = []
    if waiting:
        steps.append(
            Item(
                ngettext("%(n)s appeal waits for a decision.", "%(n)s appeals wait for a decision.", waiting)
                % {"n": waiting},
                url("appeal-list"),
                _("Appeals"),
            )
        )
    # A referee's request to reopen a signed sheet holds the session's closing as an undecided appeal does.
    for r in queues.reopen_requests_waiting(tournament):
        steps.append(
            Item(
                _(
                    "Session %(n)s, table %(t)s: the referee asks the chief referee to reopen the signed score sheet "
                    "(“%(reason)s”)."
                )
                % {"n": r.session, "t": r.table, "reason": r.reason},
                r.url,
                _("See the sheet"),
            )
        )
    return problems, steps


def tournament_dashboard(tournament: Tournament, now: datetime) -> Dashboard:
    """The tournament's sessions with their sheets, the problems to act on now, and the next steps in the
    order a tournament runs."""
    sessions = pg.session_progress(tournament)
    player_count = tournament.players.count()
    board = Dashboard(tournament=tournament, sessions=sessions, player_count=player_count)
    url = _Url(tournament)
    # Problems: something is wrong or late and needs the organizer now.
    upcoming = next_field(tournament)  # bench substitutes count only as far as seating takes them
    problem = seating_problem(len(upcoming[1].field)) if player_count and upcoming else None
    if problem:
        board.problems.append(Item(problem, url("manage-player-add") + "?substitute=1", _("Add a substitute")))
    board.problems.extend(_late_tables(tournament, sessions, now, url))
    board.problems.extend(_withdrawn_still_seated(tournament, url))
    board.problems.extend(_seated_nowhere(tournament, url))
    board.problems.extend(_unseated(tournament, sessions, url))
    appeal_problems, appeal_steps = _appeals(tournament, url)
    board.problems.extend(appeal_problems)
    # The day's order: the session in play first (its sheets, its closing), then the appeals, then what is set
    # up ahead (publishing a later session's seating), then what follows the last round.
    board.next_steps.extend(_playing(sessions, url, tournament.countersign_required, tournament.appeal_minutes, now))
    board.next_steps.extend(appeal_steps)
    board.next_steps.extend(_setting_up(board, problem, url))
    board.next_steps.extend(_after_a_round(tournament, sessions, url))
    board.changed_after_closing = changes_after_closing(tournament)
    board.weight = tournament_weight(tournament)
    return board


def _open_tables(session: Session, now: datetime | None = None) -> list[int]:
    """The tables whose sheets are not finished; with `now`, only those whose own bell (``Table.ends_at``:
    the session's plus their extra time) has rung by then."""
    tables = session.tables.exclude(sheet_lifecycle.SHEET.q(sheet_lifecycle.FINISHED, via="sheet")).order_by("number")
    return [t.number for t in tables if now is None or (t.ends_at is not None and now >= t.ends_at)]


@dataclass
class RefereeTable:
    number: int
    players: list
    hands: int
    started: bool
    submitted: bool  # finished: signed, countersigned included
    url: str
    state: str = ""  # the sheet's state, and what its referee does next (scoring.queues.sheet_next_step)
    next_action: str = ""


@dataclass
class RefereeSession:
    tournament: Tournament
    progress: pg.SessionProgress | None
    tables: list[RefereeTable]
    upcoming: Session | None = None  # the next session, when none is being played
    queue: queues.WorkQueue | None = None  # what waits for this user besides the tables (the start page)


def referee_sessions(tournaments: list[Tournament]) -> list[RefereeSession]:
    """Per tournament, the tables of the session being played, each with its sheet's state and next step."""
    out = []
    for tournament in tournaments:
        current = pg.current_session(pg.session_progress(tournament))
        if current is None:
            upcoming = tournament.sessions.open().order_by("number").first()
            if upcoming is not None:
                pg.with_phases(tournament, [upcoming])
            out.append(RefereeSession(tournament=tournament, progress=None, tables=[], upcoming=upcoming))
            continue
        session = current.session
        results = sorted(table_results(tournament, session).values(), key=lambda r: r.table)
        asked = tables_asking_to_reopen(session)
        tables = []
        for r in results:
            state, next_action = queues.sheet_next_step(
                r.sheet_status,
                hands_entered=r.hands_entered,
                hands_per_session=tournament.hands_per_session,
                countersign_required=tournament.countersign_required,
                reopen_asked=r.table in asked,
            )
            tables.append(
                RefereeTable(
                    number=r.table,
                    players=r.players,
                    hands=r.hands_entered,
                    started=r.started,
                    submitted=sheet_lifecycle.is_finished(r.sheet_status),
                    url=reverse("sheet", args=[tournament.slug, session.number, r.table]),
                    state=state,
                    next_action=next_action,
                )
            )
        out.append(RefereeSession(tournament=tournament, progress=current, tables=tables))
    return out
