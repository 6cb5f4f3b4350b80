"""Score entry: every change validates, locks the sheet, writes, and logs in one transaction.

Locks (docs/architecture.md, "Locks"): tournament, then session, then sheet, then the sheet's hands or
penalties, each ``FOR UPDATE OF`` its own row only. Score entry takes only the sheet's lock, so tables
enter hands in parallel and two entries at one table wait for each other; reopening a sheet also takes
its session first, so it cannot cross the session being closed.

The rules of a hand or penalty (who may win, minimum points, what a penalty pays) are the pure
``rules.payments``; the catalogue of fouls is ``rules.fouls``; their errors become
ValidationErrors on the field at fault, translated.

A sheet goes open -> (every hand in) confirming -> signed by the referee -> countersigned by the chief
referee (``ScoreSheet.Status``). Any change voids the players' confirmations given so far (they confirmed
other numbers); a signed sheet refuses every change until the chief referee reopens it. With two-person
entry a new entry waits in ``Hand.pending`` until a second person confirms it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.utils.translation import gettext as _

from rules import fouls
from rules import payments as pay
from scoring import entry_replay
from scoring.models import Appeal, Hand, HandVersion, Penalty, ScoreSheet, Signature
from tournament.audit import audit, audit_entry, audit_many
from tournament.models import EscalationScope, Seat, Session
from tournament.permissions import can_score, is_chief_referee

if TYPE_CHECKING:
    from datetime import datetime
    from uuid import UUID

    from django.contrib.auth.models import User

    from tournament.models import Player, Table, Tournament


def _check_scorer(by: User | None, tournament: Tournament) -> None:
    if by is not None and not can_score(by, tournament):
        raise PermissionDenied(_("You are not a referee or organizer of this tournament."))


def _lock_sheet(sheet: ScoreSheet) -> ScoreSheet:
    """Lock the sheet row: concurrent entries on one table serialise here, across app servers.

    Only the sheet's own row (``of=("self",)``): the joined session and tournament rows are read, not
    locked, so entries at different tables never wait for each other.
    """
    try:
        return (
            ScoreSheet.objects.select_for_update(of=("self",))
            .select_related("table__session__tournament")
            .get(pk=sheet.pk)
        )
    except ScoreSheet.DoesNotExist:
        # The organizer seated the session again while this entry waited for the lock.
        raise ValidationError(
            _("This table no longer exists: the session was seated again. Open the new seating."), code="sheet_gone"
        ) from None


def _refuse_if_signed(sheet: ScoreSheet) -> None:
    if sheet.is_submitted:
        raise ValidationError(
            _(
                "This score sheet has been submitted and signed, so it cannot change; only the "
                "chief referee can reopen it."
            ),
            code="signed",
        )


def _lock_open_sheet(sheet: ScoreSheet, by: User | None, appeal=None) -> tuple[ScoreSheet, Tournament]:
    """Lock the sheet for a score change by `by`; refuse when they may not score or it is signed.

    An upheld appeal on this sheet (``scoring.appeals``) may change it even when signed: the appeal's decision
    stands above the signatures (MCR 3.13), and the change is still a new version or penalty, audited."""
    sheet = _lock_sheet(sheet)
    tournament = sheet.table.session.tournament
    _check_scorer(by, tournament)
    if appeal is None or not Appeal.objects.filter(pk=appeal.pk, sheet=sheet, status=Appeal.Status.UPHELD).exists():
        _refuse_if_signed(sheet)
    return sheet, tournament


def _check_hand_number(number: int, tournament: Tournament, field: str | None = None) -> None:
    if not 1 <= number <= tournament.hands_per_session:
        error = ValidationError(
            _("Hands are numbered 1 to %(n)s.") % {"n": tournament.hands_per_session}, code="hand_number"
        )
        raise ValidationError({field: error}) if field else error


def payment_error(exc: pay.PaymentError) -> ValidationError:
    """A rules error as the user sees it: translated, and on the field it is about when there is one."""
    message = gettext(exc.message)
    error = ValidationError(message % exc.params if exc.params else message, code=exc.code)
    return ValidationError({exc.field: error}) if exc.field else error


def _check_field(model, name: str, value) -> None:
    """Run one model field's validators now, as a ValidationError on that field."""
    try:
        model._meta.get_field(name).run_validators(value)
    except ValidationError as exc:
        raise ValidationError({name: exc.messages}) from None


def _actor(by):
    return by if getattr(by, "is_authenticated", False) else None


def _numbers(values) -> str:
    return ", ".join(map(str, values))


def sheet_for_table(*, table: Table) -> ScoreSheet:
    sheet, _created = ScoreSheet.objects.get_or_create(table=table)
    return sheet


def _positions(sheet: ScoreSheet) -> list[Player]:
    seats = list(sheet.table.seats.select_related("player").order_by("position"))
    if len(seats) != 4:
        raise ValidationError(_("This table does not have four seated players yet."))
    return [s.player for s in seats]


def _position_deltas(players, by_player_id):
    return {f"delta_{i}": by_player_id[p.pk] for i, p in enumerate(players)}


def _entered_numbers(sheet: ScoreSheet) -> set[int]:
    """Hands with an entry, counted or waiting for confirmation."""
    return set(
        Hand.objects.filter(sheet=sheet)
        .filter(Q(current__isnull=False) | Q(pending__isnull=False))
        .values_list("number", flat=True)
    )


def _latest(hand: Hand) -> HandVersion | None:
    """The hand's latest entry: the one waiting for confirmation, else the one that counts."""
    return hand.pending or hand.current


def sheet_missing_hands(sheet: ScoreSheet) -> list[int]:
    """Hand numbers not yet entered; a sheet is complete when none are missing (and none are pending)."""
    total = sheet.table.session.tournament.hands_per_session
    entered = _entered_numbers(sheet)
    return [n for n in range(1, total + 1) if n not in entered]


def sheet_pending_hands(sheet: ScoreSheet) -> list[int]:
    """Hands whose latest entry waits for a second person's confirmation (two-person entry)."""
    return list(
        Hand.objects.filter(sheet=sheet, pending__isnull=False).order_by("number").values_list("number", flat=True)
    )


def _void_confirmations(sheet: ScoreSheet, by: User | None, reason: str) -> int:
    """The players confirmed the sheet as it was; after a change they confirm again. Kept, marked void."""
    return Signature.objects.filter(sheet=sheet, role=Signature.Role.PLAYER, voided_at__isnull=True).update(
        voided_at=timezone.now(), voided_by=_actor(by), voided_reason=reason[:200]
    )


def _settle_status(sheet: ScoreSheet) -> None:
    """An unsigned sheet is open until every hand is in and counted, then it awaits confirmation."""
    if sheet.is_submitted:
        return
    complete = not sheet_missing_hands(sheet) and not sheet_pending_hands(sheet)
    status = ScoreSheet.Status.CONFIRMING if complete else ScoreSheet.Status.OPEN
    if sheet.status != status:
        sheet.status = status
        sheet.save(update_fields=["status"])


def _after_change(sheet: ScoreSheet, by: User | None, what: str) -> int:
    voided = _void_confirmations(sheet, by, _("The sheet changed: %(what)s") % {"what": what})
    _settle_status(sheet)
    return voided


def _time_is_up(sheet: ScoreSheet, now: datetime | None = None) -> bool:
    """Whether the session's bell has rung, by the server's clock (the session row as read with the sheet)."""
    ends_at = sheet.table.session.ends_at
    return ends_at is not None and (now or timezone.now()) >= ends_at


def _bell_time(sheet: ScoreSheet) -> str:
    return timezone.localtime(sheet.table.session.ends_at).strftime("%H:%M")


def late_minutes_from_clock(session: Session, now: datetime | None = None) -> int | None:
    """Minutes since the session's clock started, rounded up (10 min 20 s late is more than 10 minutes,
    MCR 3.11.2); None before the start or without a clock."""
    now = now or timezone.now()
    if session.starts_at is None or now <= session.starts_at:
        return None
    seconds = (now - session.starts_at).total_seconds()
    return max(1, -int(-seconds // 60))


def _dead_hand_of(sheet: ScoreSheet, player: Player, number: int) -> Penalty | None:
    return (
        Penalty.objects.filter(
            sheet=sheet, player=player, hand_number=number, dead_hand=True, withdrawn_at__isnull=True
        )
        .order_by("id")
        .first()
    )


def _stale_entry(hand: Hand, number: int, version: int, by: User | None) -> ValidationError:
    """The entry was made from a form older than the hand: say who entered what the form did not show, and when,
    so a referee who entered the hand twice by mistake recognises their own entry."""
    latest = hand.versions.select_related("created_by").order_by("-version").first() if hand else None
    params = {"n": number, "version": version}
    if latest is None:
        return ValidationError(
            _(
                "Hand %(n)s was entered or corrected by someone else meanwhile (it is now at version %(version)s). "
                "Check the sheet, then submit again to replace it."
            ),
            code="stale_version",
            params=params,
        )
    params["when"] = date_format(timezone.localtime(latest.created_at), "SHORT_DATETIME_FORMAT")
    if latest.created_by_id is not None and latest.created_by_id == getattr(_actor(by), "pk", None):
        message = _(
            "You already entered hand %(n)s, at %(when)s (it is at version %(version)s). Check it on the "
            "sheet; to replace that entry with this one, submit again."
        )
    else:
        params["who"] = latest.created_by.get_username() if latest.created_by_id else _("an import")
        message = _(
            "Hand %(n)s was entered or corrected by someone else meanwhile: by %(who)s, at %(when)s (it is "
            "now at version %(version)s). Check the sheet, then submit again to replace it."
        )
    return ValidationError(message, code="stale_version", params=params)


def _check_applies(outcome: str, *, winner, discarder, points, flowers) -> None:
    """A detail that does not go with the outcome is refused, not dropped: the referee meant something by it."""
    errors = {}
    if outcome in (pay.DRAW, pay.NOT_PLAYED):
        label = HandVersion.Outcome(outcome).label
        if winner is not None:
            errors["winner"] = _("A hand that is “%(outcome)s” has no winner.") % {"outcome": label}
        if discarder is not None:
            errors["discarder"] = _("A hand that is “%(outcome)s” has no discarder.") % {"outcome": label}
        if points:
            errors["points"] = _("A hand that is “%(outcome)s” scores no points: clear the points, or tap who won.") % {
                "outcome": label
            }
        if flowers:
            errors["flowers"] = _(
                "Flowers count only for the winner: a hand that is “%(outcome)s” has none. "
                "Set the flowers to 0, or tap who won."
            ) % {"outcome": label}
    elif outcome == pay.SELF_DRAWN and discarder is not None:
        errors["discarder"] = _("A self-drawn win has no discarder: tap Self-drawn, or the player who discarded.")
    if errors:
        raise ValidationError(errors, code="does_not_apply")


def _check_plausible_points(rules, outcome: str, points: int | None) -> None:
    """Points above the most a hand can be worth under the tournament's rule set are a typing slip (an extra
    digit), refused before they move anyone's score. The bound is the rule set's (``PointsEntry.maximum``)."""
    if outcome not in (pay.DISCARD, pay.SELF_DRAWN) or not points:
        return
    maximum = rules.entry.maximum
    if points > maximum:
        raise ValidationError(
            {
                "points": ValidationError(
                    _(
                        "%(points)s points is more than any hand can be worth (at most %(maximum)s, flowers included). "
                        "Check the points."
                    )
                    % {"points": points, "maximum": maximum},
                    code="implausible_points",
                )
            }
        )


def _checked_details(rules, players, outcome, *, winner, discarder, points, flowers, player_points):
    """The hand's details checked against its outcome and the rule set, before any sheet rule: the points
    within their column, details that do not go with the outcome refused, every player's points where the
    rule set scores them (the winner's are then the hand's points). Returns (points, player_points)."""
    # The field's bound first: payments of an absurd total would overflow the score columns, which
    # PostgreSQL reports differently from SQLite.
    _check_field(HandVersion, "points", points or 0)
    _check_applies(outcome, winner=winner, discarder=discarder, points=points, flowers=flowers)
    if not rules.entry.every_player or outcome in (pay.DRAW, pay.NOT_PLAYED):
        player_points = None
    elif player_points is not None:
        _check_field(HandVersion, "player_points", player_points)
        player_points = list(player_points)
        if not points and winner is not None and winner in players:
            points = player_points[players.index(winner)]
    return points, player_points


def _hand_deltas(rules, players, outcome, *, winner, discarder, points, flowers, player_points):
    """The four score changes of the hand as the tournament's rule set pays it (``RuleSet.hand_changes``),
    then the plausibility bound (after the rule set's own checks, whose messages name its range)."""
    try:
        deltas = rules.hand_changes(
            [p.pk for p in players],
            pay.HandOutcome(
                outcome=outcome,
                winner=winner.pk if winner else None,
                discarder=discarder.pk if discarder else None,
                points=points or 0,
                flowers=flowers or 0,
            ),
            player_points=player_points,
        )
    except pay.PaymentError as exc:
        raise payment_error(exc) from exc
    _check_plausible_points(rules, outcome, points)
    return deltas


def hand_record(
    *,
    sheet: ScoreSheet,
    number: int,
    outcome: str,
    winner: Player | None = None,
    discarder: Player | None = None,
    points: int = 0,
    flowers: int = 0,
    tiles: dict | None = None,
    note: str = "",
    by: User | None,
    expected_version: int | None = None,
    pending: bool | None = None,
    player_points: list[int] | None = None,
    before_bell: bool = False,
    now: datetime | None = None,
    appeal: Appeal | None = None,
    idempotency_key: UUID | None = None,
) -> HandVersion:
    """Enter a hand, or correct it by adding a new version. Returns the new HandVersion.

    expected_version is the version the referee was looking at (0 for a new hand): when someone
    else entered or corrected the hand meanwhile, the entry is refused rather than silently
    replacing theirs. The check runs under the sheet lock, so it holds across app servers.

    With two-person entry (or ``pending=True``, as an import gives it) the version waits for
    :func:`hand_confirm` before it counts.

    The tournament's rule set checks the points and pays the hand (``RuleSet.hand_changes``). Where it
    scores every player's hand (``entry.every_player``), ``player_points`` gives the four players' points
    by position and the winner's are the hand's points.

    After the session's bell (``Session.ends_at``, by the server's clock) a new hand is accepted only when
    the referee declares it ended before the bell (``before_bell``): the hand in progress at the bell scores
    nothing (MCR 3.5.6), so it and the rest are recorded not played. Corrections of hands already entered
    are still accepted.

    `appeal`: an upheld appeal on this sheet, which may correct it even when signed (``scoring.appeals``).

    `idempotency_key`: the entry sent again (a lost answer, a double tap) returns the version stored under it
    the first time, and stores nothing (``scoring.entry_replay``).
    """
    with transaction.atomic():
        if idempotency_key is not None and (
            stored := entry_replay.stored_hand(sheet=sheet, key=idempotency_key, number=number, by=by)
        ):
            return stored
        sheet, tournament = _lock_open_sheet(sheet, by, appeal)
        _check_hand_number(number, tournament)
        # Someone else's entry wins over a form filled in before it: say so before anything else.
        hand = Hand.objects.filter(sheet=sheet, number=number).first()
        latest_version = (hand.versions.aggregate(m=Max("version"))["m"] or 0) if hand else 0
        if expected_version is not None and expected_version != latest_version:
            raise _stale_entry(hand, number, latest_version, by)
        entered = _entered_numbers(sheet)
        after_bell = number not in entered and outcome != pay.NOT_PLAYED and _time_is_up(sheet, now)
        if after_bell and not before_bell:
            raise ValidationError(
                _(
                    "Time ran out at %(time)s. Hand %(n)s counts only if it ended before the bell: say so to "
                    "enter it. The hand in progress at the bell scores nothing (MCR 3.5.6): mark it and the rest "
                    "not played."
                )
                % {"time": _bell_time(sheet), "n": number},
                code="time_up",
            )
        if number not in entered and any(n not in entered for n in range(1, number)):
            missing = min(n for n in range(1, number) if n not in entered)
            raise ValidationError(_("Enter the hands in order: hand %(n)s comes first.") % {"n": missing})
        players = _positions(sheet)
        rules = tournament.rule_set
        points, player_points = _checked_details(
            rules,
            players,
            outcome,
            winner=winner,
            discarder=discarder,
            points=points,
            flowers=flowers,
            player_points=player_points,
        )
        others = {
            h.number: _latest(h)
            for h in Hand.objects.filter(sheet=sheet, number__in=entered - {number}).select_related(
                "current", "pending"
            )
        }
        if outcome == pay.NOT_PLAYED:
            for n in sorted(n for n in others if n > number):
                if others[n].outcome != pay.NOT_PLAYED:
                    raise ValidationError(
                        _("Hand %(n)s was played, so hand %(m)s cannot be marked not played.") % {"n": n, "m": number}
                    )
        elif any(others[n].outcome == pay.NOT_PLAYED for n in others if n < number):
            raise ValidationError(
                _("An earlier hand is marked not played; once time runs out no later hand is played.")
            )
        if winner is not None:
            dead = _dead_hand_of(sheet, winner, number)
            if dead is not None:
                raise ValidationError(
                    {
                        "winner": ValidationError(
                            _("%(player)s has a dead hand in hand %(n)s (%(foul)s), so they cannot win it.")
                            % {"player": winner, "n": number, "foul": dead.nature},
                            code="dead_hand",
                        )
                    }
                )
        deltas = _hand_deltas(
            rules,
            players,
            outcome,
            winner=winner,
            discarder=discarder,
            points=points,
            flowers=flowers,
            player_points=player_points,
        )
        if pending is None:
            pending = tournament.two_person_entry
        # Under the sheet's lock no other entry can create this hand meanwhile; the unique constraint on
        # (sheet, number) stands behind that.
        hand = Hand.objects.create(sheet=sheet, number=number) if hand is None else hand
        next_version = latest_version + 1
        version = HandVersion(
            hand=hand,
            version=next_version,
            outcome=outcome,
            winner=winner,
            discarder=discarder,
            points=points or 0,
            flowers=flowers or 0,
            tiles=tiles or {},
            note=note,
            after_bell=after_bell,
            player_points=player_points,
            created_by=_actor(by),
            idempotency_key=idempotency_key,
            **_position_deltas(players, deltas),
        )
        # The players are the table's own (the rule set paid them by position above), and every check
        # constraint has been checked with its message above; the database checks them again on insert.
        # Skipping them here saves some twenty queries on the request fifty referees send at once.
        version.full_clean(exclude=["hand", "created_by", "winner", "discarder"], validate_constraints=False)
        version.save()
        if pending:
            hand.pending = version
        else:
            hand.current, hand.pending = version, None
        hand.save(update_fields=["current", "pending"])
        voided = _after_change(sheet, by, _("hand %(n)s entered") % {"n": number})
        audit(
            tournament=tournament,
            actor=by,
            action="hand.record" if next_version == 1 else "hand.correct",
            obj=version,
            session=sheet.table.session.number,
            table=sheet.table.number,
            hand=number,
            version=next_version,
            outcome=outcome,
            winner=getattr(winner, "number", None),
            discarder=getattr(discarder, "number", None),
            points=points,
            flowers=flowers,
            pending=pending,
            confirmations_voided=voided,
            **({"player_points": player_points} if player_points else {}),
            **({"after_bell": True} if after_bell else {}),
            **({"appeal": appeal.number} if appeal is not None else {}),
        )
        return version


def _check_player_code(player: Player, code: str | None) -> None:
    """A player acting from their own phone proves who they are with their code."""
    if not player.code or not code or not constant_time_compare(player.code, code.strip().upper()):
        raise PermissionDenied(_("That player code is not right."))


def _check_at_table(player: Player, players: list[Player], field: str = "player") -> None:
    if player not in players:
        raise ValidationError(
            {
                field: ValidationError(
                    _("%(player)s does not play at this table.") % {"player": player}, code="not_seated"
                )
            }
        )


def hand_confirm(
    *,
    sheet: ScoreSheet,
    number: int,
    by: User | None,
    player: Player | None = None,
    code: str | None = None,
    expected_version: int | None = None,
) -> HandVersion:
    """Two-person entry: a second scorer, or one of the table's players with their code, confirms the
    entry of hand `number`, which then counts. The scorer who entered it cannot confirm it."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        players = _positions(sheet)
        if player is None:
            _check_scorer(by, tournament)
        else:
            _check_at_table(player, players)
            _check_player_code(player, code)
        _refuse_if_signed(sheet)
        hand = (
            Hand.objects.select_for_update(of=("self",))
            .select_related("pending")
            .filter(sheet=sheet, number=number)
            .first()
        )
        if hand is None or hand.pending is None:
            raise ValidationError(
                _("Hand %(n)s has no entry waiting for confirmation.") % {"n": number}, code="nothing_pending"
            )
        version = hand.pending
        if expected_version is not None and version.version != expected_version:
            raise ValidationError(
                _("Hand %(n)s was corrected meanwhile; check it again before confirming.") % {"n": number},
                code="stale_version",
            )
        if player is None and _actor(by) is not None and version.created_by_id == by.pk:
            raise ValidationError(
                _("You entered hand %(n)s yourself: a second scorer, or one of the players, confirms it.")
                % {"n": number},
                code="same_person",
            )
        version.confirmed_at = timezone.now()
        version.confirmed_by = _actor(by) if player is None else None
        version.confirmed_by_player = player
        version.save(update_fields=["confirmed_at", "confirmed_by", "confirmed_by_player"])
        hand.current, hand.pending = version, None
        hand.save(update_fields=["current", "pending"])
        _settle_status(sheet)
        audit(
            tournament=tournament,
            actor=by,
            action="hand.confirm",
            obj=version,
            session=sheet.table.session.number,
            table=sheet.table.number,
            hand=number,
            version=version.version,
            player=getattr(player, "number", None),
        )
        return version


def _earlier_fouls(sheet: ScoreSheet, tournament: Tournament, player: Player, code: str):
    """Fouls of kind `code` by `player` that count for escalation: in this session, or in the whole
    tournament when the organizer says so. Withdrawn ones were given in error and do not count."""
    found = Penalty.objects.filter(
        player=player, foul=code, withdrawn_at__isnull=True, sheet__table__session__tournament=tournament
    )
    if tournament.escalation_scope == EscalationScope.SESSION:
        found = found.filter(sheet__table__session=sheet.table.session)
    return found


def _record_penalty(
    sheet, tournament, players, *, player, amount, to, recipient=None, warning=False, by, appeal=None, **fields
) -> Penalty:
    try:
        deltas = pay.penalty_payments(
            [p.pk for p in players],
            player.pk,
            amount,
            to,
            recipient=recipient.pk if recipient else None,
            warning=warning,
        )
    except pay.PaymentError as exc:
        raise payment_error(exc) from exc
    penalty = Penalty(
        sheet=sheet,
        player=player,
        amount=amount,
        to=to,
        recipient=recipient,
        created_by=_actor(by),
        **fields,
        **_position_deltas(players, deltas),
    )
    penalty.full_clean(exclude=["created_by"])
    penalty.save()
    what = _("a penalty recorded for %(player)s") % {"player": player}
    voided = _after_change(sheet, by, what)
    audit(
        tournament=tournament,
        actor=by,
        action="penalty.record",
        obj=penalty,
        session=sheet.table.session.number,
        table=sheet.table.number,
        player=player.number,
        foul=penalty.foul,
        amount=amount,
        to=to,
        recipient=getattr(recipient, "number", None),
        minutes=penalty.minutes,
        seconds=penalty.seconds,
        occurrence=penalty.occurrence,
        dead_hand=penalty.dead_hand,
        hand=penalty.hand_number,
        reason=penalty.reason,
        confirmations_voided=voided,
        **({"appeal": appeal.number} if appeal is not None else {}),
    )
    return penalty


def penalty_record(
    *,
    sheet: ScoreSheet,
    player: Player,
    amount: int,
    to: str,
    reason: str,
    hand_number: int | None = None,
    recipient: Player | None = None,
    by: User | None,
) -> Penalty:
    """A penalty by amount and target, without a catalogue code (kept for files and forms from before the
    catalogue). Points paid to nobody are one of the rulebook's amounts (MCR 3.11.2)."""
    with transaction.atomic():
        sheet, tournament = _lock_open_sheet(sheet, by)
        if not reason or not reason.strip():
            raise ValidationError({"reason": _("Give the reason for the penalty.")})
        if to not in pay.PENALTY_TARGETS:
            raise ValidationError(
                {"to": _("“%(to)s” is not one of %(choices)s.") % {"to": to, "choices": ", ".join(pay.PENALTY_TARGETS)}}
            )
        if to == pay.TO_NOBODY and amount not in fouls.VIOLATION_AMOUNTS:
            raise ValidationError(
                {
                    "amount": ValidationError(
                        _(
                            "Points paid to nobody are one of the rulebook's amounts, %(amounts)s (MCR 3.11.2), not "
                            "%(amount)s; record anything else as the foul “Other”."
                        )
                        % {"amounts": ", ".join(map(str, fouls.VIOLATION_AMOUNTS)), "amount": amount},
                        code="amount_not_allowed",
                    )
                }
            )
        if hand_number is not None:
            _check_hand_number(hand_number, tournament, field="hand_number")
        players = _positions(sheet)
        _check_field(Penalty, "amount", amount)
        return _record_penalty(
            sheet,
            tournament,
            players,
            player=player,
            amount=amount,
            to=to,
            recipient=recipient,
            reason=reason.strip(),
            hand_number=hand_number,
            by=by,
        )


def foul_record(
    *,
    sheet: ScoreSheet,
    player: Player,
    foul: str,
    hand_number: int | None = None,
    minutes: int | None = None,
    seconds: int | None = None,
    amount: int | None = None,
    to: str | None = None,
    recipient: Player | None = None,
    reason: str = "",
    by: User | None,
    now: datetime | None = None,
    appeal: Appeal | None = None,
    idempotency_key: UUID | None = None,
    expected_fouls: int | None = None,
) -> Penalty:
    """Record a foul of the catalogue (``rules.fouls``): the system computes its penalty, counting
    the player's earlier fouls of the same kind for the escalating ones, and marks the hand dead where the
    foul says so. `reason` is the referee's remark (required only for "other"). A late arrival without
    minutes takes them from the session clock, when it has started. `appeal`: as for hand_record.

    `idempotency_key`: as for hand_record. `expected_fouls`: the sheet's fouls version the referee saw
    (``scoring.entry_replay.fouls_version``); when the fouls changed meanwhile the foul is refused."""
    with transaction.atomic():
        if idempotency_key is not None and (
            stored := entry_replay.stored_foul(sheet=sheet, key=idempotency_key, by=by)
        ):
            return stored
        sheet, tournament = _lock_open_sheet(sheet, by, appeal)
        entry_replay.check_fouls_version(sheet, expected_fouls, by)
        if foul == fouls.LATE and minutes is None:
            minutes = late_minutes_from_clock(sheet.table.session, now)
        players = _positions(sheet)
        _check_at_table(player, players)
        if recipient is not None:
            _check_at_table(recipient, players, field="recipient")
        if hand_number is not None:
            _check_hand_number(hand_number, tournament, field="hand_number")
        if amount is not None:
            _check_field(Penalty, "amount", amount)
        earlier = _earlier_fouls(sheet, tournament, player, foul).count() if foul in fouls.ESCALATING else 0
        try:
            assessed = fouls.assess(
                foul,
                minutes=minutes,
                seconds=seconds,
                amount=amount,
                to=to,
                recipient=recipient,
                earlier=earlier,
                hand=hand_number,
                reason=reason,
            )
        except pay.PaymentError as exc:
            raise payment_error(exc) from exc
        if assessed.dead_hand:
            hand = Hand.objects.filter(sheet=sheet, number=hand_number).select_related("current", "pending").first()
            latest = _latest(hand) if hand else None
            if latest is not None and latest.winner_id == player.pk:
                raise ValidationError(
                    {
                        "hand_number": ValidationError(
                            _(
                                "%(player)s is entered as the winner of hand %(n)s: correct the hand before recording a "
                                "dead hand."
                            )
                            % {"player": player, "n": hand_number},
                            code="dead_hand_winner",
                        )
                    }
                )
        return _record_penalty(
            sheet,
            tournament,
            players,
            player=player,
            amount=assessed.amount,
            to=assessed.to,
            recipient=assessed.recipient,
            warning=assessed.warning,
            foul=foul,
            minutes=minutes,
            seconds=seconds,
            occurrence=assessed.occurrence,
            dead_hand=assessed.dead_hand,
            reason=(reason or "").strip(),
            hand_number=hand_number,
            by=by,
            appeal=appeal,
            idempotency_key=idempotency_key,
        )


def penalty_withdraw(*, penalty: Penalty, reason: str, by: User | None, appeal: Appeal | None = None) -> Penalty:
    """Withdraw a penalty given in error (kept, marked withdrawn). `appeal`: as for hand_record."""
    with transaction.atomic():
        sheet, tournament = _lock_open_sheet(penalty.sheet, by, appeal)
        penalty = Penalty.objects.select_for_update(of=("self",)).select_related("player").get(pk=penalty.pk)
        if not penalty.active:
            raise ValidationError(_("This penalty was already withdrawn."))
        if not reason or not reason.strip():
            raise ValidationError(_("Say why the penalty is withdrawn."))
        if penalty.foul in fouls.ESCALATING:
            # The later ones were counted from this one; withdrawing it alone would leave them too dear.
            later = _earlier_fouls(sheet, tournament, penalty.player, penalty.foul).filter(pk__gt=penalty.pk)
            if later.exists():
                raise ValidationError(
                    _(
                        "%(player)s has later “%(foul)s” fouls, whose penalties were counted from this one: "
                        "withdraw those first."
                    )
                    % {"player": penalty.player, "foul": penalty.foul_name},
                    code="later_fouls",
                )
        penalty.withdrawn_at = timezone.now()
        penalty.withdrawn_by = _actor(by)
        penalty.withdrawn_reason = reason.strip()
        penalty.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_reason"])
        voided = _after_change(sheet, by, _("a penalty withdrawn"))
        audit(
            tournament=tournament,
            actor=by,
            action="penalty.withdraw",
            obj=penalty,
            reason=penalty.withdrawn_reason,
            confirmations_voided=voided,
            **({"appeal": appeal.number} if appeal is not None else {}),
        )
        return penalty


def sheet_mark_rest_not_played(*, sheet: ScoreSheet, by: User | None) -> list[int]:
    """Time ran out (MCR 3.5.6): the hands not entered are recorded not played. They move no points, so they
    count at once, also with two-person entry. Returns their numbers."""
    with transaction.atomic():
        sheet, _tournament = _lock_open_sheet(sheet, by)
        missing = sheet_missing_hands(sheet)
        bell = _time_is_up(sheet)
        for i, n in enumerate(missing):
            note = (
                _("In progress at the bell: no points (MCR 3.5.6)")
                if bell and i == 0
                else _("Marked not played when time ran out")
            )
            hand_record(sheet=sheet, number=n, outcome=pay.NOT_PLAYED, by=by, pending=False, note=note)
        return missing


def _signature(sheet, role, *, by, at=None, signer_name="", player=None, method="") -> Signature:
    """Who signs and when; an import (by None) gives the time and name from its file."""
    user = _actor(by)
    name = signer_name if by is None else (user.get_username() if user else "")
    if player is not None:
        name = player.name
    signature = Signature(
        sheet=sheet,
        role=role,
        player=player,
        method=method,
        user=user,
        name=name,
        signed_at=(at if by is None and at else timezone.now()),
    )
    signature.full_clean(exclude=["user"])
    signature.save()
    return signature


def sheet_confirm(
    *,
    sheet: ScoreSheet,
    player: Player,
    method: str,
    by: User | None,
    code: str | None = None,
    at: datetime | None = None,
) -> Signature:
    """One of the four players confirms the finished sheet (MCR 3.9.1.4): on the referee's device (`by` is
    the referee), or on their own phone with their player code. An import (by None) records the file's."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        players = _positions(sheet)
        if method not in Signature.Method.values:
            raise ValidationError(_("Unknown way of confirming “%(method)s”.") % {"method": method})
        if by is not None:
            if method == Signature.Method.DEVICE:
                _check_scorer(by, tournament)
            _check_at_table(player, players)
            if method == Signature.Method.PHONE:
                _check_player_code(player, code)
            if not tournament.confirmation_methods:
                raise ValidationError(
                    _("In this tournament the players sign the paper sheet; the referee signs here."),
                    code="confirmation_off",
                )
            if method not in tournament.confirmation_methods:
                raise ValidationError(
                    _("This tournament does not take confirmations %(method)s.")
                    % {"method": Signature.Method(method).label},
                    code="method_not_allowed",
                )
        else:
            _check_at_table(player, players)
        _refuse_if_signed(sheet)
        missing, pending = sheet_missing_hands(sheet), sheet_pending_hands(sheet)
        if missing:
            raise ValidationError(
                _("The sheet is not finished: hands %(hands)s are not entered yet.") % {"hands": _numbers(missing)},
                code="incomplete",
            )
        if pending:
            raise ValidationError(
                _("The sheet is not finished: hands %(hands)s wait for a second person's confirmation.")
                % {"hands": _numbers(pending)},
                code="pending",
            )
        if Signature.objects.filter(
            sheet=sheet, player=player, role=Signature.Role.PLAYER, voided_at__isnull=True
        ).exists():
            raise ValidationError(
                _("%(player)s has already confirmed this sheet.") % {"player": player}, code="already_confirmed"
            )
        _settle_status(sheet)
        signature = _signature(sheet, Signature.Role.PLAYER, by=by, at=at, player=player, method=method)
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.confirm",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
            player=player.number,
            method=method,
        )
        return signature


def _unconfirmed(sheet: ScoreSheet, players: list[Player]) -> list[Player]:
    confirmed = set(
        Signature.objects.filter(sheet=sheet, role=Signature.Role.PLAYER, voided_at__isnull=True).values_list(
            "player_id", flat=True
        )
    )
    return [p for p in players if p.pk not in confirmed]


def sheet_sign(
    *,
    sheet: ScoreSheet,
    by: User | None,
    mark_rest_not_played: bool = False,
    at: datetime | None = None,
    signer_name: str = "",
) -> ScoreSheet:
    """The referee signs a finished sheet, once the players have confirmed it where the tournament asks them
    to. A signed sheet is locked (appendix 5: "results are final once signed"). With mark_rest_not_played,
    missing hands are first recorded not played."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        _check_scorer(by, tournament)
        if sheet.is_submitted:
            raise ValidationError(_("This score sheet is already signed."), code="signed")
        if mark_rest_not_played:
            sheet_mark_rest_not_played(sheet=sheet, by=by)
        missing = sheet_missing_hands(sheet)
        if missing:
            raise ValidationError(
                _("The sheet is not complete: hands %(hands)s are missing. Enter them, or mark the rest not played.")
                % {"hands": _numbers(missing)},
                code="incomplete",
            )
        pending = sheet_pending_hands(sheet)
        if pending:
            raise ValidationError(
                _("Hands %(hands)s wait for a second person's confirmation; they count only once confirmed.")
                % {"hands": _numbers(pending)},
                code="pending",
            )
        # An import (by None) carries the sheet's own record of confirmations, whatever the settings say now.
        if by is not None and tournament.confirmation_methods:
            unconfirmed = _unconfirmed(sheet, _positions(sheet))
            if unconfirmed:
                raise ValidationError(
                    _("Not every player has confirmed the sheet yet: %(players)s.")
                    % {"players": ", ".join(str(p) for p in unconfirmed)},
                    code="unconfirmed",
                )
        signature = _signature(sheet, Signature.Role.REFEREE, by=by, at=at, signer_name=signer_name)
        sheet.status = ScoreSheet.Status.SUBMITTED
        sheet.submitted_at = signature.signed_at
        sheet.submitted_by = _actor(by)
        sheet.save(update_fields=["status", "submitted_at", "submitted_by"])
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.sign",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
        )
        return sheet


class _DryRun(Exception):
    pass


def sheet_sign_check(*, sheet: ScoreSheet, by: User | None, mark_rest_not_played: bool = False) -> None:
    """Raise what :func:`sheet_sign` would raise, changing nothing: the signature is made and rolled back, so the
    confirmation page is shown only for a signature that would go through, by exactly the same rules."""
    try:
        with transaction.atomic():
            sheet_sign(sheet=sheet, by=by, mark_rest_not_played=mark_rest_not_played)
            raise _DryRun
    except _DryRun:
        pass


def sheet_submit(*, sheet: ScoreSheet, by: User | None, mark_rest_not_played: bool = False) -> ScoreSheet:
    """Submitting a sheet is the referee's signature (:func:`sheet_sign`); the name stays for its callers."""
    return sheet_sign(sheet=sheet, by=by, mark_rest_not_played=mark_rest_not_played)


def sheet_countersign(
    *, sheet: ScoreSheet, by: User | None, at: datetime | None = None, signer_name: str = ""
) -> ScoreSheet:
    """The chief referee countersigns a signed sheet (appendix 5)."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        if by is not None and not is_chief_referee(by, tournament):
            raise PermissionDenied(_("Only the chief referee countersigns score sheets."))
        if sheet.status == ScoreSheet.Status.COUNTERSIGNED:
            raise ValidationError(_("This score sheet is already countersigned."), code="countersigned")
        if sheet.status != ScoreSheet.Status.SUBMITTED:
            raise ValidationError(_("The referee signs the sheet first."), code="not_signed")
        _signature(sheet, Signature.Role.CHIEF_REFEREE, by=by, at=at, signer_name=signer_name)
        sheet.status = ScoreSheet.Status.COUNTERSIGNED
        sheet.save(update_fields=["status"])
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.countersign",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
        )
        return sheet


def sheet_reopen(*, sheet: ScoreSheet, reason: str, by: User | None) -> ScoreSheet:
    """Only the chief referee reopens a signed sheet, saying why. Its confirmations and signatures are voided
    (kept, marked void); the players confirm and the referee signs again after the change."""
    with transaction.atomic():
        # Session before sheet, as everywhere: closing the session meanwhile waits, or is waited for.
        session = Session.objects.select_for_update().get(pk=sheet.table.session_id)
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        if by is not None and not is_chief_referee(by, tournament):
            raise PermissionDenied(_("Only the chief referee can reopen a signed sheet."))
        if not reason or not reason.strip():
            raise ValidationError({"reason": _("Say why the sheet is reopened.")})
        if not sheet.is_submitted:
            raise ValidationError(_("This score sheet is not signed."), code="not_signed")
        if session.status == Session.Status.CLOSED:
            raise ValidationError(_("The session is closed; reopen the session first."), code="session_closed")
        voided = Signature.objects.filter(sheet=sheet, voided_at__isnull=True).update(
            voided_at=timezone.now(), voided_by=_actor(by), voided_reason=reason.strip()[:200]
        )
        sheet.status = ScoreSheet.Status.OPEN
        sheet.submitted_at = None
        sheet.submitted_by = None
        sheet.save(update_fields=["status", "submitted_at", "submitted_by"])
        _settle_status(sheet)
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.reopen",
            obj=sheet,
            reason=reason.strip(),
            session=session.number,
            table=sheet.table.number,
            signatures_voided=voided,
        )
        return sheet


class HandRowError(Exception):
    """Hand ``index`` (from 0) of table ``table`` of a ``hands_import`` was refused with ``error``."""

    def __init__(self, table: int, index: int, error: ValidationError):
        super().__init__(f"table {table}, hand {index + 1}: {error}")
        self.table, self.index, self.error = table, index, error


def hands_import(*, session: Session, tables: dict[int, list[dict]], by: User | None) -> int:
    """Record the hands of many tables of a session at once, as an import gives them: ``tables`` maps a table
    number to its hands in order from hand 1, each the keyword arguments of :func:`hand_record` (outcome,
    winner, discarder, points, flowers, note, tiles), counting at once (not pending). The tables' sheets have
    no hand and no penalty yet.

    Each hand is checked as :func:`hand_record` checks the next hand of such a sheet (the same rules, the same
    errors, the same version, the same audit entry), but the whole session is written with a few bulk
    inserts instead of a transaction and a dozen queries a hand: an import of 16,000 hands takes seconds
    instead of minutes. Raises HandRowError naming the first refused hand; nothing is written then.
    Returns the number of hands recorded."""
    with transaction.atomic():
        sheets = list(
            ScoreSheet.objects.select_for_update(of=("self",))
            .select_related("table")
            .filter(table__session=session, table__number__in=list(tables))
            .order_by("pk")
        )
        tournament = session.tournament
        _check_scorer(by, tournament)
        if Hand.objects.filter(sheet__in=sheets).exists() or Penalty.objects.filter(sheet__in=sheets).exists():
            raise ValueError("hands_import records the first hands of empty sheets")
        positions: dict[int, list] = {}
        for seat in Seat.objects.filter(session=session, table__number__in=list(tables)).select_related("player"):
            positions.setdefault(seat.table_id, [None] * 4)[seat.position] = seat.player
        actor = _actor(by)
        rules = tournament.rule_set
        hands, versions, entries, complete = [], [], [], []
        for sheet in sorted(sheets, key=lambda sh: sh.table.number):
            _refuse_if_signed(sheet)
            rows = tables[sheet.table.number]
            players = positions.get(sheet.table_id, [])
            not_played_before = False
            for index, row in enumerate(rows):
                try:
                    if len(players) != 4 or None in players:
                        raise ValidationError(_("This table does not have four seated players yet."))
                    version = _imported_version(tournament, rules, players, index + 1, not_played_before, actor, **row)
                except ValidationError as exc:
                    raise HandRowError(sheet.table.number, index, exc) from None
                not_played_before = not_played_before or version.outcome == pay.NOT_PLAYED
                hand = Hand(sheet=sheet, number=index + 1)
                hands.append(hand)
                versions.append((hand, version))
                entries.append(
                    dict(
                        action="hand.record",
                        session=session.number,
                        table=sheet.table.number,
                        hand=index + 1,
                        version=1,
                        outcome=version.outcome,
                        winner=getattr(version.winner, "number", None),
                        discarder=getattr(version.discarder, "number", None),
                        points=version.points,
                        flowers=version.flowers,
                        pending=False,
                        confirmations_voided=0,
                        **({"player_points": version.player_points} if version.player_points else {}),
                        **({"after_bell": True} if version.after_bell else {}),
                    )
                )
            if rows and len(rows) == tournament.hands_per_session:
                complete.append(sheet.pk)
        Hand.objects.bulk_create(hands, batch_size=2000)
        for hand, version in versions:
            version.hand = hand
        created = HandVersion.objects.bulk_create([v for _h, v in versions], batch_size=2000)
        # One UPDATE for the session rather than bulk_update's CASE per row, which costs seconds here.
        Hand.objects.filter(sheet__in=sheets, current__isnull=True).update(
            current=Subquery(HandVersion.objects.filter(hand=OuterRef("pk"), version=1).values("pk")[:1])
        )
        # As after each hand_record: a sheet with every hand in (none pending) awaits the confirmations.
        ScoreSheet.objects.filter(pk__in=complete).update(status=ScoreSheet.Status.CONFIRMING)
        audit_many(
            [
                audit_entry(tournament=tournament, actor=by, obj=version, **entry)
                for version, entry in zip(created, entries)
            ]
        )
        return len(created)


def _imported_version(
    tournament,
    rules,
    players,
    number,
    not_played_before,
    actor,
    *,
    outcome,
    winner=None,
    discarder=None,
    points=0,
    flowers=0,
    tiles=None,
    note="",
    player_points=None,
    after_bell=False,
) -> HandVersion:
    """The first version of hand ``number``, checked as hand_record checks it (the same helpers, in the same
    order); not saved."""
    _check_hand_number(number, tournament)
    points, player_points = _checked_details(
        rules,
        players,
        outcome,
        winner=winner,
        discarder=discarder,
        points=points,
        flowers=flowers,
        player_points=player_points,
    )
    if outcome != pay.NOT_PLAYED and not_played_before:
        raise ValidationError(_("An earlier hand is marked not played; once time runs out no later hand is played."))
    deltas = _hand_deltas(
        rules,
        players,
        outcome,
        winner=winner,
        discarder=discarder,
        points=points,
        flowers=flowers,
        player_points=player_points,
    )
    version = HandVersion(
        version=1,
        outcome=outcome,
        winner=winner,
        discarder=discarder,
        points=points or 0,
        flowers=flowers or 0,
        tiles=tiles or {},
        note=note,
        created_by=actor,
        player_points=player_points,
        after_bell=after_bell,
        **_position_deltas(players, deltas),
    )
    # The players are the table's own (the payments checked that), so their rows need no query each; the
    # constraints are the field validators run here and the payments' own checks, which hand_record's
    # full_clean would find the same way.
    version.full_clean(
        exclude=["hand", "created_by", "winner", "discarder"], validate_unique=False, validate_constraints=False
    )
    return version
