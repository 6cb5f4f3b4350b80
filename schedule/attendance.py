"""The roll call: who is here before a session is seated. The desk marks players present or coming late (search
by name or number); when the organizer opens it, players check themselves in on their private page. Seating
the session from it is a proposal the organizer confirms: the players not here become no-shows (a withdrawal
of its own reason, from this session on), and their seats go to substitutes as the tournament's substitute
rules say (``schedule.withdrawals``): the flagged substitutes who are here, by number, then, when asked, new
ones. Nothing is seated before the organizer confirms.

States move only through ``tournament.lifecycle`` (``ROLL_CALL``, ``CHECK_IN``). Locks, as
everywhere: tournament, then the session, then its sheets.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.acting import acting_user
from schedule import withdrawals
from schedule.selectors import has_scores, swiss_sessions
from tournament import lifecycle
from tournament.audit import audit
from tournament.lifecycle import CheckInStatus, RollCallStatus
from tournament.models import CheckIn, Player, Seat, Session, Tournament, WithdrawalReason
from tournament.permissions import can_score
from tournament.services import check_organizer, lock_tournament, next_player_number, player_create, seating_problem

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _lock_session(session: Session) -> tuple[Tournament, Session]:
    tournament = lock_tournament(session.tournament)
    return tournament, Session.objects.select_for_update().get(pk=session.pk)


def _check_desk(by: User | None, tournament: Tournament) -> None:
    """The desk: organizers, referees and the chief referee may take the roll call."""
    if not can_score(by, tournament):
        raise PermissionDenied(_("Only an organizer or a referee of this tournament can take the roll call."))


def _move_roll_call(session: Session, name: str, by: User | None, action: str, **data: object) -> Session:
    """Make a roll call's move (refused with the table's message) and audit it."""
    lifecycle.ROLL_CALL.move(session, name)
    audit(tournament=session.tournament, actor=by, action=action, obj=session, session=session.number, **data)
    return session


def _check_taking(session: Session) -> None:
    """Refused, saying why, unless the roll call is being taken (open at the desk, or to the players too)."""
    lifecycle.ROLL_CALL.check(session, "seat")


def roll_call_open(*, session: Session, by: User | None) -> Session:
    """Open the roll call of a session not closed whose tables have no result yet."""
    with transaction.atomic():
        tournament, session = _lock_session(session)
        check_organizer(by, tournament)
        if session.is_closed or has_scores(session):
            raise ValidationError(
                _("Session %(n)s already has results: its roll call is over.") % {"n": session.number},
                code="played",
            )
        if session.roll_call_taking:
            return session  # a second tap: already open
        return _move_roll_call(session, "open", by, "roll_call.open")


def roll_call_self_check_in(*, session: Session, by: User | None, allowed: bool) -> Session:
    """Let players check themselves in on their private page (or stop them)."""
    with transaction.atomic():
        tournament, session = _lock_session(session)
        check_organizer(by, tournament)
        if session.self_check_in == allowed and session.roll_call_taking:
            return session  # a second tap
        name = "self" if allowed else "desk"
        return _move_roll_call(session, name, by, f"roll_call.{name}")


def roll_call_close(*, session: Session, by: User | None) -> Session:
    """Put the roll call away without seating from it (check-ins stay on record)."""
    with transaction.atomic():
        tournament, session = _lock_session(session)
        check_organizer(by, tournament)
        if lifecycle.roll_call_unused(session):
            return session
        return _move_roll_call(session, "put_away", by, "roll_call.close")


def roll_call_players(tournament: Tournament, session: Session) -> tuple[list[Player], list[Player]]:
    """(the field, the bench) the roll call lists for ``session``: everyone who would play it -- players not
    withdrawn by then and the substitutes standing in for withdrawn ones -- and the substitutes on the bench."""
    out = withdrawals.active_withdrawals(tournament, session.number)
    gone = {w.player_id for w in out}
    standing_in = {w.substitute_id for w in out if w.substitute_id}
    players = list(tournament.players.select_related("team").order_by("number"))
    field_ = [p for p in players if p.pk not in gone and (not p.is_substitute or p.pk in standing_in)]
    bench = [p for p in players if p.is_substitute and p.pk not in standing_in and p.pk not in gone]
    return field_, bench


def check_ins(session: Session) -> dict[int, CheckIn]:
    """The session's check-ins by player id."""
    return {c.player_id: c for c in CheckIn.objects.filter(session=session)}


def _mark(session: Session, player: Player, status: str, by: User | None, by_self: bool) -> CheckIn:
    check_in, _created = CheckIn.objects.select_for_update().get_or_create(session=session, player=player)
    if lifecycle.CHECK_IN.is_in(check_in, status):
        return check_in  # a double tap, or two at the desk at once: once is enough
    check_in.by_self = by_self
    check_in.changed_by = acting_user(by)
    lifecycle.CHECK_IN.move(check_in, status, fields=["by_self", "changed_by", "changed_at"])
    audit(
        tournament=session.tournament,
        actor=by,
        action="player.check_in",
        obj=check_in,
        session=session.number,
        player=player.number,
        name=player.name,
        status=status,
        by_self=by_self,
    )
    return check_in


def _check_listed(tournament: Tournament, session: Session, player: Player) -> None:
    field_, bench = roll_call_players(tournament, session)
    if player.tournament_id != tournament.pk or all(p.pk != player.pk for p in field_ + bench):
        raise ValidationError(
            _("%(player)s is not on the roll call of session %(n)s.") % {"player": player, "n": session.number},
            code="not_listed",
        )


def check_in_mark(*, session: Session, player: Player, status: str, by: User | None) -> CheckIn:
    """The desk marks a player present, coming late, or not here yet (a tap in error taken back)."""
    if status not in (CheckInStatus.PRESENT, CheckInStatus.LATE, CheckInStatus.EXPECTED):
        raise ValidationError(_("Choose present, coming late or not here yet."), code="status")
    with transaction.atomic():
        tournament, session = _lock_session(session)
        _check_desk(by, tournament)
        _check_taking(session)
        _check_listed(tournament, session, player)
        return _mark(session, player, status, by, by_self=False)


def check_in_self(*, session: Session, player: Player) -> CheckIn:
    """The player checks themself in on their private page, while the organizer lets them."""
    with transaction.atomic():
        tournament, session = _lock_session(session)
        if not session.self_check_in:
            raise ValidationError(
                _("Checking in on your phone is not open now; check in at the desk."), code="self_closed"
            )
        _check_listed(tournament, session, player)
        return _mark(session, player, CheckInStatus.PRESENT, None, by_self=True)


def self_check_in_session(tournament: Tournament) -> Session | None:
    """The session whose roll call players may answer themselves now, if any (the lowest)."""
    return (
        Session.objects.filter(lifecycle.ROLL_CALL.q([RollCallStatus.SELF]), tournament=tournament)
        .order_by("number")
        .first()
    )


@dataclass
class RollCallCounts:
    present: int = 0
    late: int = 0
    absent: int = 0

    @property
    def total(self) -> int:
        return self.present + self.late + self.absent


def counts(field_: list[Player], marks: dict[int, CheckIn]) -> RollCallCounts:
    """Present, coming late, not here, among the field (the bench is counted apart)."""
    out = RollCallCounts()
    for p in field_:
        if lifecycle.checked_in_as(marks.get(p.pk), CheckInStatus.PRESENT):
            out.present += 1
        elif lifecycle.checked_in_as(marks.get(p.pk), CheckInStatus.LATE):
            out.late += 1
        else:
            out.absent += 1
    return out


# --- the proposal and its confirmation ---------------------------------------------------------------------


@dataclass
class SeatChange:
    """In a session already seated: the absentee's seat and who takes it."""

    table: int
    position: int
    absentee: Player
    substitute: Player | None  # None: a new substitute, named ``new_name``
    new_name: str = ""


@dataclass
class Proposal:
    """What confirming the roll call would do (nothing is done until then)."""

    session: Session
    here: list[Player]  # present or coming late: seated
    absent: list[Player]  # withdrawn as no-shows from this session on
    bench: list[Player]  # substitutes who are here and take seats, by number
    new_names: list[str] = field(default_factory=list)  # new substitutes to make (only when asked)
    changes: list[SeatChange] = field(default_factory=list)  # a seated session: who takes whose seat
    tables: int = 0
    problem: str = ""  # why it cannot be confirmed as it stands
    swiss: bool = False  # a Swiss session: seated by the standings, not by a random draw

    @property
    def seated(self) -> bool:
        return self.session.is_seated

    @property
    def fingerprint(self) -> str:
        """What the organizer saw: confirming checks that the roll call has not changed since."""
        text = "|".join(
            [
                ",".join(str(p.number) for p in self.absent),
                ",".join(str(p.number) for p in self.bench),
                str(len(self.new_names)),
                ",".join(f"{c.table}.{c.position}" for c in self.changes),
            ]
        )
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _new_names(tournament: Tournament, count: int) -> list[str]:
    taken, k = set(tournament.players.values_list("name", flat=True)), 1
    names: list[str] = []
    while len(names) < count:
        name = _("Substitute %(n)s") % {"n": k}
        if name not in taken:
            names.append(name)
        k += 1
    return names


def roll_call_proposal(session: Session, *, make_substitutes: bool = False) -> Proposal:
    """Who would be seated, who becomes a no-show and who takes their seats. Changes nothing."""
    tournament = session.tournament
    field_, bench = roll_call_players(tournament, session)
    marks = check_ins(session)

    def here_(p: Player) -> bool:
        return lifecycle.checked_in_as(marks.get(p.pk), *lifecycle.CHECK_IN_SEATED)

    here = [p for p in field_ if here_(p)]
    absent = [p for p in field_ if not here_(p)]
    bench_here = [p for p in bench if here_(p)]
    proposal = Proposal(session=session, here=here, absent=absent, bench=[])
    if session.is_seated:
        seats = {
            s.player_id: s
            for s in Seat.objects.filter(session=session, player__in=absent).select_related("table", "player")
        }
        played = withdrawals._played_tables(session)
        to_fill = sorted(
            (s for s in seats.values() if s.table_id not in played), key=lambda s: (s.table.number, s.position)
        )
        subs = bench_here[: len(to_fill)]
        missing = len(to_fill) - len(subs)
        names = _new_names(tournament, missing) if missing else []
        for i, seat in enumerate(to_fill):
            sub = subs[i] if i < len(subs) else None
            proposal.changes.append(
                SeatChange(
                    table=seat.table.number,
                    position=seat.position,
                    absentee=seat.player,
                    substitute=sub,
                    new_name="" if sub else names[i - len(subs)],
                )
            )
        proposal.bench, proposal.new_names = subs, names
        proposal.tables = session.tables.count()
        if missing and not make_substitutes:
            proposal.problem = ngettext(
                "%(n)s substitute is missing for the seats of the absent players: tick “make new substitutes”, "
                "or mark a substitute present.",
                "%(n)s substitutes are missing for the seats of the absent players: tick “make new substitutes”, "
                "or mark substitutes present.",
                missing,
            ) % {"n": missing}
        return proposal
    proposal.swiss = session.number in {s.number for s in swiss_sessions(tournament)}
    missing = -len(here) % 4
    proposal.bench = bench_here[:missing]
    short = missing - len(proposal.bench)
    proposal.new_names = _new_names(tournament, short) if short else []
    proposal.tables = (len(here) + missing) // 4
    if tournament.format == Tournament.Format.ELIMINATION and session.number > 1:
        from schedule.services import _elimination_seating_message

        proposal.problem = _elimination_seating_message()
    elif short and not make_substitutes:
        proposal.problem = ngettext(
            "%(n)s substitute is missing to fill tables of four: tick “make new substitutes”, or mark a "
            "substitute present.",
            "%(n)s substitutes are missing to fill tables of four: tick “make new substitutes”, or mark "
            "substitutes present.",
            short,
        ) % {"n": short}
    elif not here:
        proposal.problem = _("Nobody is marked present.")
    else:
        proposal.problem = seating_problem(len(here) + missing) or ""
    return proposal


def roll_call_seat(
    *,
    session: Session,
    by: User | None,
    expected: str,
    make_substitutes: bool = False,
    seed: int | None = None,
) -> Proposal:
    """Confirm the proposal the organizer saw (``expected``, its fingerprint): the absent become no-shows
    (withdrawn from this session on, reason "no-show"); in a session not seated yet, the players here and the
    substitutes needed are seated by random draw (not published: publishing is the next step); in a seated
    session, substitutes take the absentees' seats from this session on where nothing is recorded. All or
    nothing; the roll call is then done. A second confirmation is refused, changing nothing."""
    from schedule.services import session_seat_random, session_seat_swiss

    with transaction.atomic():
        tournament, session = _lock_session(session)
        check_organizer(by, tournament)
        _check_taking(session)
        if session.is_closed or has_scores(session):
            raise ValidationError(
                _("Session %(n)s already has results: its roll call is over.") % {"n": session.number},
                code="played",
            )
        if session.is_public and not session.is_seated:
            raise ValidationError(_("Only a session not published can be seated."), code="published")
        proposal = roll_call_proposal(session, make_substitutes=make_substitutes)
        if proposal.fingerprint != expected:
            raise ValidationError(
                _("The roll call changed since you looked at the proposal: check the new one, then confirm."),
                code="changed",
            )
        if proposal.problem:
            raise ValidationError(proposal.problem, code="problem")
        made = [
            player_create(
                tournament=tournament, number=next_player_number(tournament), name=name, is_substitute=True, by=by
            )
            for name in proposal.new_names
        ]
        for player in made:
            _mark(session, player, CheckInStatus.PRESENT, by, by_self=False)
        for player in proposal.absent:
            withdrawals._withdraw(
                player=player,
                from_session=session,
                reason=WithdrawalReason.NO_SHOW,
                by=by,
                note="",
                keep_in_standings=True,
            )
            _mark(session, player, CheckInStatus.NO_SHOW, by, by_self=False)
        if session.is_seated:
            new_subs = iter(made)
            for change in proposal.changes:
                withdrawals.player_substitute(
                    withdrawn=change.absentee, substitute=change.substitute or next(new_subs), by=by
                )
        else:
            field_ = sorted(proposal.here + proposal.bench + made, key=lambda p: p.number)
            if proposal.swiss:
                session_seat_swiss(session=session, by=by, field=field_)
            else:
                session_seat_random(session=session, by=by, seed=seed, field=field_)
            session.refresh_from_db()
        _move_roll_call(
            session,
            "seat",
            by,
            "roll_call.seat",
            absent=[p.number for p in proposal.absent],
            substitutes=[p.number for p in proposal.bench],
            created=[p.number for p in made],
            present=len(proposal.here),
        )
        return proposal
