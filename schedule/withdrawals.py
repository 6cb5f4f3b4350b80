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
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from scoring import lifecycle as sheet_lifecycle
from scoring.models import ScoreSheet
from tournament.audit import audit
from tournament.models import Player, Seat, Session, Tournament, Withdrawal
from tournament.services import check_organizer, lock_tournament, next_player_number, player_create

if TYPE_CHECKING:
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
            created_by=acting_user(by),
        )
        withdrawal.full_clean(exclude=["created_by", "undone_by", "substitute"])
        withdrawal.save()
        _audit_withdrawal(withdrawal, by=by)
        return withdrawal


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
        for seat in seats:
            seat.player = substitute
            seat.save(update_fields=["player"])
            taken.append(seat.session.number)
        withdrawal.substitute = substitute
        withdrawal.seats_taken = taken
        withdrawal.save(update_fields=["substitute", "seats_taken"])
        audit(
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
        return withdrawal


def withdrawal_undo(*, withdrawal: Withdrawal, by: User | None) -> Withdrawal:
    """The player comes back (a withdrawal recorded in error, or a recovery). Seats a substitute took are
    given back in the sessions still not played; played ones stay the substitute's. Kept on record, undone."""
    with transaction.atomic():
        tournament = lock_tournament(withdrawal.tournament)
        check_organizer(by, tournament)
        withdrawal = (
            Withdrawal.objects.select_for_update(of=("self",))
            .select_related("player", "substitute", "from_session")
            .get(pk=withdrawal.pk)
        )
        if not withdrawal.active:
            raise ValidationError(_("This withdrawal was already undone."), code="undone")
        given_back, stayed = [], []
        if withdrawal.substitute is not None:
            seats, kept = _open_seats(tournament, withdrawal.substitute, withdrawal.from_session.number)
            stayed = [n for n in kept if n in withdrawal.seats_taken]
            for seat in seats:
                if seat.session.number in withdrawal.seats_taken:
                    seat.player = withdrawal.player
                    seat.save(update_fields=["player"])
                    given_back.append(seat.session.number)
        withdrawal.undone_at = timezone.now()
        withdrawal.undone_by = acting_user(by)
        withdrawal.save(update_fields=["undone_at", "undone_by"])
        audit(
            tournament=tournament,
            actor=by,
            action="player.withdraw_undo",
            obj=withdrawal,
            player=withdrawal.player.number,
            name=withdrawal.player.name,
            session=withdrawal.from_session.number,
            seats_given_back=given_back,
            seats_kept=stayed,
        )
        return withdrawal


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
