"""Withdrawals and substitutes: a player leaves from a session on (illness, disqualification under MCR
3.11.4-5, other); a substitute takes their seats in the sessions not played yet; seating fills a field that
is not a multiple of four with substitutes.

A seat changes only while its table has nothing recorded (no hand, no penalty) and its session is not
closed: who played whom is never rewritten. Locks, as everywhere: tournament, then the sessions in number
order, then their sheets in id order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from rules import fouls
from scoring import lifecycle as sheet_lifecycle
from scoring.models import Hand, Penalty, ScoreSheet
from scoring.selectors import late_minutes_from_clock
from tournament import lifecycle, mail
from tournament.audit import audit
from tournament.models import AuditLog, CheckIn, Player, Seat, Session, Tournament, Withdrawal
from tournament.services import check_organizer, lock_tournament, next_player_number, player_create

if TYPE_CHECKING:
    from datetime import datetime

    from django.contrib.auth.models import User


def active_withdrawals(tournament: Tournament, before_or_at: int | None = None) -> QuerySet[Withdrawal]:
    """Withdrawals in force, optionally only those that have begun by session ``before_or_at``."""
    qs = Withdrawal.objects.filter(tournament=tournament, undone_at__isnull=True).select_related(
        "player", "substitute", "from_session"
    )
    if before_or_at is not None:
        qs = qs.filter(from_session__number__lte=before_or_at)
    return qs


def _numbers(values: Iterable[int]) -> str:
    return ", ".join(map(str, values))


def _played_tables(session: Session) -> set[int]:
    """Table ids of the session with anything recorded on their sheet, or whose sheet is signed (finished
    whatever is on it: its seats are played)."""
    return set(
        ScoreSheet.objects.filter(table__session=session)
        .filter(Q(hands__isnull=False) | Q(penalties__isnull=False) | sheet_lifecycle.SHEET.q(sheet_lifecycle.FINISHED))
        .values_list("table_id", flat=True)
    )


def _open_seats(tournament: Tournament, player: Player, from_number: int) -> tuple[list, list[int]]:
    """The player's seats from session ``from_number`` on that may still change, locked (sessions, then
    sheets), and the numbers of those sessions where the seat is already played and stays."""
    sessions = list(
        Session.objects.select_for_update(of=("self",))
        .filter(tournament=tournament, number__gte=from_number)
        .order_by("number")
    )
    seats = list(
        Seat.objects.filter(session__in=sessions, player=player)
        .select_related("table", "session")
        .order_by("session__number")
    )
    list(
        ScoreSheet.objects.select_for_update(of=("self",))
        .filter(table__in=[s.table for s in seats])
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    open_seats, kept = [], []
    for seat in seats:
        if seat.session.is_closed or seat.table_id in _played_tables(seat.session):
            kept.append(seat.session.number)
        else:
            open_seats.append(seat)
    return open_seats, kept


def player_withdraw(
    *,
    player: Player,
    from_session: Session,
    reason: str,
    by: User | None,
    note: str = "",
    keep_in_standings: bool = True,
    substitute: Player | None = None,
    new_name: str = "",
) -> Withdrawal:
    """The player leaves the tournament from ``from_session`` on. Their results so far stand; with
    ``keep_in_standings`` they stay in the standings with what they earned, else they leave them (a
    disqualified player's loss of rank, MCR 3.11.5). A substitute given here takes the seats at once, in the
    same transaction (:func:`player_substitute`); all or nothing."""
    with transaction.atomic():
        withdrawal = _withdraw(
            player=player,
            from_session=from_session,
            reason=reason,
            by=by,
            note=note,
            keep_in_standings=keep_in_standings,
        )
        if substitute is not None or (new_name or "").strip():
            withdrawal = player_substitute(withdrawn=withdrawal.player, substitute=substitute, new_name=new_name, by=by)
        return withdrawal


def _withdraw(
    *, player: Player, from_session: Session, reason: str, by: User | None, note: str, keep_in_standings: bool
) -> Withdrawal:
    with transaction.atomic():
        tournament = lock_tournament(player.tournament)
        check_organizer(by, tournament)
        player = Player.objects.get(pk=player.pk)
        if from_session is None or from_session.tournament_id != tournament.pk:
            raise ValidationError({"from_session": _("Choose a session of this tournament.")}, code="session")
        from_session = Session.objects.get(pk=from_session.pk)
        if from_session.is_closed:
            raise ValidationError(
                {
                    "from_session": _("Session %(n)s is closed; a withdrawal starts with a session not played yet.")
                    % {"n": from_session.number}
                },
                code="closed",
            )
        current = (
            Withdrawal.objects.filter(player=player, undone_at__isnull=True).select_related("from_session").first()
        )
        if current is not None:
            raise ValidationError(
                _("%(player)s is already withdrawn from session %(n)s on.")
                % {"player": player, "n": current.from_session.number},
                code="already",
            )
        withdrawal = Withdrawal(
            tournament=tournament,
            player=player,
            from_session=from_session,
            reason=reason,
            note=(note or "").strip(),
            keep_in_standings=bool(keep_in_standings),
            after_hand=_hands_played(from_session, player),
            created_by=acting_user(by),
        )
        withdrawal.full_clean(exclude=["created_by", "undone_by", "substitute"])
        withdrawal.save()
        _audit_withdrawal(withdrawal, by=by)
        return withdrawal


def _hands_played(session: Session, player: Player) -> int | None:
    """How many hands the player's table in ``session`` has entered (the last hand's number), when the
    player leaves during it; None when it has none (they left before it began)."""
    seat = Seat.objects.filter(session=session, player=player).first()
    if seat is None:
        return None
    return Hand.objects.filter(sheet__table_id=seat.table_id, current__isnull=False).aggregate(n=Max("number"))["n"]


def _audit_withdrawal(withdrawal: Withdrawal, *, by: User | None, **extra: object) -> None:
    """The one audit entry of a withdrawal, recorded at the table or loaded from a file (``extra``)."""
    audit(
        tournament=withdrawal.tournament,
        actor=by,
        action="player.withdraw",
        obj=withdrawal,
        player=withdrawal.player.number,
        name=withdrawal.player.name,
        session=withdrawal.from_session.number,
        reason=withdrawal.reason,
        note=withdrawal.note,
        keep_in_standings=withdrawal.keep_in_standings,
        **({"after_hand": withdrawal.after_hand} if withdrawal.after_hand else {}),
        **extra,
    )


def _available_substitute(tournament: Tournament, substitute: Player) -> Player:
    """The chosen substitute, read again, once checked: in this tournament, flagged as a substitute, neither
    standing in for someone else nor withdrawn."""
    substitute = Player.objects.get(pk=substitute.pk)
    if substitute.tournament_id != tournament.pk:
        raise ValidationError(_("%(player)s is not in this tournament.") % {"player": substitute})
    if not substitute.is_substitute:
        raise ValidationError(
            _("%(player)s is not flagged as a substitute; a player of the field cannot take a second seat.")
            % {"player": substitute},
            code="not_substitute",
        )
    busy = Withdrawal.objects.filter(substitute=substitute, undone_at__isnull=True).first()
    if busy is not None or Withdrawal.objects.filter(player=substitute, undone_at__isnull=True).exists():
        raise ValidationError(
            _("%(player)s is not available: already standing in or withdrawn.") % {"player": substitute},
            code="busy",
        )
    return substitute


def player_substitute(
    *, withdrawn: Player, by: User | None, substitute: Player | None = None, new_name: str = ""
) -> Withdrawal:
    """A substitute takes the withdrawn player's seats in every session from the withdrawal's on whose table
    has nothing recorded yet; played seats stay. The substitute is a player flagged as substitute, or a new
    one made from ``new_name``. Refused, changing nothing, when the substitute already sits in one of those
    sessions."""
    with transaction.atomic():
        tournament = lock_tournament(withdrawn.tournament)
        check_organizer(by, tournament)
        withdrawal = (
            Withdrawal.objects.select_for_update(of=("self",))
            .select_related("from_session", "substitute")
            .filter(player=withdrawn, undone_at__isnull=True)
            .first()
        )
        if withdrawal is None:
            raise ValidationError(
                _("%(player)s is not withdrawn; withdraw them before naming a substitute.") % {"player": withdrawn},
                code="not_withdrawn",
            )
        if withdrawal.substitute_id:
            raise ValidationError(
                _("%(sub)s already stands in for %(player)s.") % {"sub": withdrawal.substitute, "player": withdrawn},
                code="has_substitute",
            )
        new_name = (new_name or "").strip()
        if substitute is not None and new_name:
            raise ValidationError(_("Choose a substitute or type a new one's name, not both."), code="both")
        if substitute is None and not new_name:
            raise ValidationError(_("Choose a substitute or type a new one's name."), code="none")
        if substitute is not None:
            substitute = _available_substitute(tournament, substitute)
        seats, kept = _open_seats(tournament, withdrawn, withdrawal.from_session.number)
        if substitute is not None:
            clash = sorted(
                Seat.objects.filter(player=substitute, session__in=[s.session for s in seats]).values_list(
                    "session__number", flat=True
                )
            )
            if clash:
                raise ValidationError(
                    _("%(player)s already plays in sessions %(s)s, where %(withdrawn)s's seat would go to them.")
                    % {"player": substitute, "s": _numbers(clash), "withdrawn": withdrawn},
                    code="clash",
                )
        else:
            substitute = player_create(
                tournament=tournament, number=next_player_number(tournament), name=new_name, is_substitute=True, by=by
            )
        taken = []
        before = mail.seats_before(s.session for s in seats)
        for seat in seats:
            seat.player = substitute
            seat.save(update_fields=["player"])
            taken.append(seat.session.number)
        withdrawal.substitute = substitute
        withdrawal.seats_taken = taken
        withdrawal.save(update_fields=["substitute", "seats_taken"])
        entry = audit(
            tournament=tournament,
            actor=by,
            action="player.substitute",
            obj=withdrawal,
            player=withdrawn.number,
            name=withdrawn.name,
            substitute=substitute.number,
            substitute_name=substitute.name,
            sessions=taken,
            kept=kept,
        )
        mail.queue_seat_changes(before, change=entry)  # the withdrawn player and the substitute, if subscribed
        return withdrawal


@dataclass
class Return:
    """What bringing a player back did: the sessions where they sit again (``given_back``), the tables whose
    players changed as (session, table) to reprint, the session lost by arriving over 15 minutes late
    (MCR 3.11.2) or already begun at their table, and the late-arrival penalty recorded, if any."""

    withdrawal: Withdrawal
    given_back: list[int] = dataclasses.field(default_factory=list)
    tables: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    missed: int | None = None
    lost_by_lateness: bool = False
    minutes: int | None = None
    penalty: Penalty | None = None


def _open_table_ids(session: Session) -> set[int]:
    """Tables of the session whose seats may still change (nothing recorded, not signed)."""
    played = _played_tables(session)
    return {t for t in session.tables.values_list("pk", flat=True) if t not in played}


def _seat_for(withdrawal: Withdrawal, session: Session, open_tables: set[int]) -> Seat | None:
    """The seat the returning player takes in ``session``: their substitute's, else that of a substitute
    seated there who stands in for nobody else (one the field was filled with), at a table with nothing
    recorded."""
    seats = Seat.objects.filter(session=session, table_id__in=open_tables, player__is_substitute=True).select_related(
        "table", "player"
    )
    standing_in = set(
        Withdrawal.objects.filter(tournament_id=withdrawal.tournament_id, undone_at__isnull=True)
        .exclude(pk=withdrawal.pk)
        .exclude(substitute__isnull=True)
        .values_list("substitute_id", flat=True)
    )
    candidates = sorted(seats, key=lambda s: (s.player_id != withdrawal.substitute_id, s.table.number, s.position))
    for seat in candidates:
        if seat.player_id == withdrawal.substitute_id or seat.player_id not in standing_in:
            return seat
    return None


def _give_back(withdrawal: Withdrawal, sessions: list[Session], result: Return) -> None:
    """Seat the returning player in each of ``sessions`` (locked, in number order) where they have no seat,
    in the seat of their substitute or of a substitute standing in for nobody, at a table with nothing
    recorded. Sessions planned have no seats to give: seating them later includes the player."""
    player = withdrawal.player
    for session in sessions:
        if session.is_closed or not session.is_seated:
            continue
        if Seat.objects.filter(session=session, player=player).exists():
            continue
        seat = _seat_for(withdrawal, session, _open_table_ids(session))
        if seat is None:
            continue
        seat.player = player
        seat.save(update_fields=["player"])
        result.given_back.append(session.number)
        result.tables.append((session.number, seat.table.number))


def _locked_active(withdrawal: Withdrawal) -> Withdrawal:
    withdrawal = (
        Withdrawal.objects.select_for_update(of=("self",))
        .select_related("player", "substitute", "from_session", "tournament")
        .get(pk=withdrawal.pk)
    )
    if not withdrawal.active:
        raise ValidationError(
            _("This withdrawal was already undone: %(player)s is back.") % {"player": withdrawal.player},
            code="undone",
        )
    return withdrawal


def _seat_again(withdrawal: Withdrawal, sessions: list[Session], current: Session | None, result: Return) -> None:
    """Give the seats back (``_give_back``) from ``current`` on, or from the next session when the player is
    over a quarter of an hour late (MCR 3.11.2); note the session the substitute finishes."""
    minutes = result.minutes
    later = sessions
    if current is not None and minutes is not None and minutes > fouls.LATE_LOSES_SESSION_AFTER:
        result.missed, result.lost_by_lateness = current.number, True
        later = [s for s in sessions if s.number > current.number]
    _give_back(withdrawal, later, result)
    if current is not None and current.is_seated and result.missed is None:
        if not Seat.objects.filter(session=current, player=withdrawal.player).exists():
            result.missed = current.number  # their seat's table has begun: the substitute finishes it


def _back_from(current: Session | None, result: Return, session_count: int) -> int | None:
    if current is None:
        return None
    if result.missed == current.number:
        return current.number + 1 if current.number < session_count else None
    return current.number


def _audit_return(withdrawal: Withdrawal, result: Return, by: User | None, action: str) -> AuditLog:
    kept = (
        sorted(
            Seat.objects.filter(
                player=withdrawal.substitute, session__number__gte=withdrawal.from_session.number
            ).values_list("session__number", flat=True)
        )
        if withdrawal.substitute
        else []
    )
    return audit(
        tournament=withdrawal.tournament,
        actor=by,
        action=action,
        obj=withdrawal,
        player=withdrawal.player.number,
        name=withdrawal.player.name,
        session=withdrawal.from_session.number,
        reason=withdrawal.reason,
        back_from=withdrawal.back_from,
        seats_given_back=result.given_back,
        seats_kept=kept,
        tables=[list(t) for t in result.tables],
        missed=result.missed,
        lost_by_lateness=result.lost_by_lateness,
        minutes=result.minutes,
        **({"substitute": withdrawal.substitute.number} if withdrawal.substitute else {}),
    )


def _late_penalty(
    withdrawal: Withdrawal, current: Session | None, result: Return, by: User | None, now: datetime
) -> Penalty | None:
    """The late-arrival foul at the table the player sat back at in the session under way (MCR 3.11.2)."""
    from scoring.services import foul_record

    if current is None or current.number not in result.given_back or not result.minutes:
        return None
    if current.starts_at is None or now <= current.starts_at:
        return None  # before the clock starts nobody is late
    table_number = next(t for n, t in result.tables if n == current.number)
    sheet = ScoreSheet.objects.get(table__session=current, table__number=table_number)
    return foul_record(sheet=sheet, player=withdrawal.player, foul=fouls.LATE, minutes=result.minutes, by=by, now=now)


def player_return(
    *,
    withdrawal: Withdrawal,
    by: User | None,
    minutes: int | None = None,
    now: datetime | None = None,
    _action: str = "player.return",
) -> Return:
    """The player is back (late at the roll call, or recovered): they take back a seat, from the first session
    not closed from the withdrawal's on, in the substitute's seat where that table has nothing recorded; the
    substitute returns to the bench. In a session already begun at that table, or when they are more than
    15 minutes late (the session is lost, MCR 3.11.2), the substitute finishes it and the player plays from
    the next. Late by ``minutes`` (given, else from the session clock), up to 15: the late-arrival foul is
    recorded on their table's sheet (10 points up to 10 minutes, 20 up to 15). The withdrawal stays on record,
    undone, saying from which session the player is back; all in one transaction."""
    with transaction.atomic():
        tournament = lock_tournament(withdrawal.tournament)
        check_organizer(by, tournament)
        withdrawal = _locked_active(withdrawal)
        now = now or timezone.now()
        sessions = list(
            Session.objects.select_for_update(of=("self",))
            .filter(tournament=tournament, number__gte=withdrawal.from_session.number)
            .order_by("number")
        )
        lock_sheets_of(sessions)
        current = next((s for s in sessions if not s.is_closed), None)
        result = Return(withdrawal=withdrawal)
        result.minutes = late_minutes_from_clock(current, now) if current is not None and minutes is None else minutes
        before = mail.seats_before(sessions)
        _seat_again(withdrawal, sessions, current, result)
        withdrawal.undone_at, withdrawal.undone_by = now, acting_user(by)
        withdrawal.back_from = _back_from(current, result, tournament.session_count)
        withdrawal.save(update_fields=["undone_at", "undone_by", "back_from"])
        if current is not None:
            _checked_in_after_all(current, withdrawal.player, by)
        mail.queue_seat_changes(before, change=_audit_return(withdrawal, result, by, _action))
        result.penalty = _late_penalty(withdrawal, current, result, by, now)
        return result


def _checked_in_after_all(session: Session, player: Player, by: User | None) -> None:
    """A no-show at the roll call who arrives after all is present."""
    check_in = CheckIn.objects.select_for_update().filter(session=session, player=player).first()
    if check_in is not None and lifecycle.CHECK_IN.is_in(check_in, lifecycle.CheckInStatus.NO_SHOW):
        check_in.changed_by = acting_user(by)
        lifecycle.CHECK_IN.move(check_in, "present", fields=["changed_by", "changed_at"])


def lock_sheets_of(sessions: list[Session]) -> None:
    """Lock the sheets of these sessions in id order (after the sessions): no hand crosses a seat change."""
    list(
        ScoreSheet.objects.select_for_update(of=("self",))
        .filter(table__session__in=sessions)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def withdrawal_undo(*, withdrawal: Withdrawal, by: User | None) -> Return:
    """The withdrawal was a mistake, or the player recovers: they are back without a late penalty, in the
    seats :func:`player_return` gives (the substitute's, or a free substitute's, where nothing is recorded yet,
    whether the substitute was named before those sessions were seated or after). Kept on record, undone."""
    return player_return(withdrawal=withdrawal, by=by, minutes=0, _action="player.withdraw_undo")


def withdrawal_load(
    *,
    player: Player,
    from_session: Session,
    reason: str,
    by: User | None,
    note: str = "",
    keep_in_standings: bool = True,
    substitute: Player | None = None,
    seats_taken: list[int] | None = None,
    undone: bool = False,
    after_hand: int | None = None,
    back_from: int | None = None,
) -> Withdrawal:
    """Record a withdrawal as a tournament file gives it, seats as they are (the file's seating already has
    the substitute in them): nothing moves. For imports; the organizer's pages use the services above."""
    with transaction.atomic():
        tournament = lock_tournament(player.tournament)
        check_organizer(by, tournament)
        if from_session.tournament_id != tournament.pk or (substitute and substitute.tournament_id != tournament.pk):
            raise ValidationError(_("Choose a session of this tournament."), code="session")
        if substitute is not None and not substitute.is_substitute:
            raise ValidationError(
                _("%(player)s is not flagged as a substitute; a player of the field cannot take a second seat.")
                % {"player": substitute},
                code="not_substitute",
            )
        withdrawal = Withdrawal(
            tournament=tournament,
            player=player,
            from_session=from_session,
            reason=reason,
            note=(note or "").strip(),
            keep_in_standings=bool(keep_in_standings),
            substitute=substitute,
            seats_taken=list(seats_taken or []),
            undone_at=timezone.now() if undone else None,
            after_hand=after_hand or None,
            back_from=back_from or None,
        )
        withdrawal.full_clean(exclude=["created_by", "undone_by"])
        if not undone and Withdrawal.objects.filter(player=player, undone_at__isnull=True).exists():
            raise ValidationError(
                _("%(player)s is already withdrawn from session %(n)s on.")
                % {"player": player, "n": from_session.number},
                code="already",
            )
        withdrawal.save()
        _audit_withdrawal(
            withdrawal,
            by=by,
            loaded=True,
            **({"substitute": substitute.number} if substitute else {}),
            **({"undone": True} if undone else {}),
        )
        return withdrawal


# --- filling a field with substitutes -------------------------------------------------------------


@dataclass
class FillPlan:
    """Who is seated when a session is seated with the field filled: the players, the flagged substitutes
    added, and how many new substitutes would be made (named ``new_names``)."""

    field: list[Player]
    reserves: list[Player] = dataclasses.field(default_factory=list)
    new_names: list[str] = dataclasses.field(default_factory=list)

    @property
    def added(self) -> int:
        return len(self.reserves) + len(self.new_names)


def seating_field(tournament: Tournament, session_number: int) -> list[Player]:
    """Everyone to seat in session ``session_number``: the players not withdrawn by then and the substitutes
    standing in for them; substitutes on the bench only when needed to fill tables of four (flagged
    substitutes first, by number). So a substitute waiting on the bench never blocks seating, and fills a
    gap without being asked. New substitutes are made only when asked (``fill_field``)."""
    return fill_plan(tournament, session_number).field


def fill_plan(tournament: Tournament, session_number: int) -> FillPlan:
    """The field for ``session_number`` filled to a multiple of four: the players who are not substitutes and
    not withdrawn, the substitutes standing in for withdrawn players, then flagged substitutes by number,
    then new ones ("Substitute 1", ...). Changes nothing."""
    withdrawals = list(active_withdrawals(tournament, session_number))
    out = {w.player_id for w in withdrawals}
    # Only withdrawals begun by this session: before it, the withdrawn player still plays in person.
    standing_in = {w.substitute_id for w in withdrawals if w.substitute_id}
    players = list(tournament.players.select_related("team").order_by("number"))
    core = [p for p in players if p.pk not in out and (not p.is_substitute or p.pk in standing_in)]
    missing = -len(core) % 4
    reserves = [p for p in players if p.is_substitute and p.pk not in standing_in and p.pk not in out][:missing]
    names: list[str] = []
    taken, k = {p.name for p in players}, 1
    while len(reserves) + len(names) < missing:
        name = _("Substitute %(n)s") % {"n": k}
        if name not in taken:
            names.append(name)
        k += 1
    return FillPlan(field=sorted(core + reserves, key=lambda p: p.number), reserves=reserves, new_names=names)


def fill_field(*, tournament: Tournament, session_number: int, by: User | None) -> list[Player]:
    """Carry out :func:`fill_plan` inside the caller's transaction (the tournament already locked): make the
    new substitutes and return the whole field, by number."""
    plan = fill_plan(tournament, session_number)
    made = [
        player_create(
            tournament=tournament, number=next_player_number(tournament), name=name, is_substitute=True, by=by
        )
        for name in plan.new_names
    ]
    if plan.added:
        audit(
            tournament=tournament,
            actor=by,
            action="seating.fill",
            session=session_number,
            substitutes=[p.number for p in plan.reserves],
            created=[p.number for p in made],
        )
    return sorted(plan.field + made, key=lambda p: p.number)
