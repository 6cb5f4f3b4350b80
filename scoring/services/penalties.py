"""Penalties on a sheet: a foul of the catalogue (``rules.fouls``: the system computes its penalty), a penalty
by amount (files and forms from before the catalogue), withdrawing one given in error (kept, marked
withdrawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from rules import fouls
from rules import payments as pay
from scoring import entry_replay
from scoring.models import ClosedSessionChange, Penalty
from scoring.selectors import counted_fouls, hand_latest_version, late_minutes_from_clock
from scoring.services.sheet import (
    _after_change,
    _check_at_table,
    _check_field,
    _check_hand_number,
    _lock_open_sheet,
    _position_deltas,
    _positions,
    payment_error,
)
from tournament.audit import audit

if TYPE_CHECKING:
    from datetime import datetime
    from uuid import UUID

    from django.contrib.auth.models import User

    from scoring.models import Appeal, ScoreSheet
    from tournament.models import Player, Tournament


def _record_penalty(
    sheet: ScoreSheet,
    tournament: Tournament,
    players: list[Player],
    *,
    player: Player,
    amount: int,
    to: str,
    recipient: Player | None = None,
    warning: bool = False,
    by: User | None,
    appeal: Appeal | None = None,
    **fields: Any,
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
        created_by=acting_user(by),
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
        **({"from_deal": True} if penalty.from_deal else {}),
        **({"tiles": penalty.tiles} if penalty.tiles else {}),
        occurrence=penalty.occurrence,
        dead_hand=penalty.dead_hand,
        hand=penalty.hand_number,
        reason=penalty.reason,
        confirmations_voided=voided,
        **({"appeal": appeal.number} if appeal is not None else {}),
    )
    return penalty


def _check_penalty_terms(amount: int, to: str, reason: str) -> None:
    """A penalty by amount says why, pays one of the targets, and pays nobody only the rulebook's amounts."""
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
    idempotency_key: UUID | None = None,
    expected_fouls: int | None = None,
) -> Penalty:
    """A penalty by amount and target, without a catalogue code (kept for files and forms from before the
    catalogue). Points paid to nobody are one of the rulebook's amounts (MCR 3.11.2).

    `idempotency_key`, `expected_fouls`: as for foul_record, so a double tap records one penalty and a second
    referee who saw the fouls before it is told."""
    with transaction.atomic():
        sent = entry_replay.foul_sent(
            player=player, foul="", hand_number=hand_number, reason=reason, amount=amount, to=to, recipient=recipient
        )
        if idempotency_key is not None and (
            stored := entry_replay.stored_foul(sheet=sheet, key=idempotency_key, by=by, sent=sent)
        ):
            return stored
        sheet, tournament = _lock_open_sheet(sheet, by, what=ClosedSessionChange.What.FOUL)
        entry_replay.check_fouls_version(sheet, expected_fouls, by)
        _check_penalty_terms(amount, to, reason)
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
            idempotency_key=idempotency_key,
        )


def _check_foul_inputs(
    tournament: Tournament,
    players: list[Player],
    *,
    player: Player,
    recipient: Player | None,
    hand_number: int | None,
    amount: int | None,
) -> None:
    _check_at_table(player, players)
    if recipient is not None:
        _check_at_table(recipient, players, field="recipient")
    if hand_number is not None:
        _check_hand_number(hand_number, tournament, field="hand_number")
    if amount is not None:
        _check_field(Penalty, "amount", amount)


def _check_dead_hand_winner(sheet: ScoreSheet, player: Player, hand_number: int | None) -> None:
    """A dead hand cannot be given to the player entered as the hand's winner: the hand is corrected first."""
    latest = hand_latest_version(sheet, hand_number) if hand_number is not None else None
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


def _assess(foul: str, *, inputs: dict[str, Any], **given: Any) -> fouls.Assessment:
    try:
        return fouls.assess(foul, **inputs, **given)
    except pay.PaymentError as exc:
        raise payment_error(exc) from exc


def foul_record(
    *,
    sheet: ScoreSheet,
    player: Player,
    foul: str,
    hand_number: int | None = None,
    minutes: int | None = None,
    seconds: int | None = None,
    from_deal: bool = False,
    tiles: str = "",
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
    minutes takes them from the session clock, when it has started. `from_deal`, `tiles`: the World Series
    time fouls timed from the deal and the penalty tiles named (``rules.fouls``). `appeal`: as for hand_record.

    `idempotency_key`: as for hand_record. `expected_fouls`: the sheet's fouls version the referee saw
    (``scoring.entry_replay.fouls_version``); when the fouls changed meanwhile the foul is refused."""
    with transaction.atomic():
        given = {"minutes": minutes, "seconds": seconds, "from_deal": from_deal, "tiles": tiles}
        paid = {"amount": amount, "to": to, "recipient": recipient}
        sent = entry_replay.foul_sent(player=player, foul=foul, hand_number=hand_number, reason=reason, **given, **paid)
        if idempotency_key is not None and (
            stored := entry_replay.stored_foul(sheet=sheet, key=idempotency_key, by=by, appeal=appeal, sent=sent)
        ):
            return stored
        sheet, tournament = _lock_open_sheet(sheet, by, appeal, what=ClosedSessionChange.What.FOUL)
        entry_replay.check_fouls_version(sheet, expected_fouls, by)
        if foul == fouls.LATE and minutes is None:
            minutes = late_minutes_from_clock(sheet.table.session, now)
        players = _positions(sheet)
        _check_foul_inputs(
            tournament, players, player=player, recipient=recipient, hand_number=hand_number, amount=amount
        )
        earlier = counted_fouls(sheet, tournament, player, foul).count() if foul in fouls.ESCALATING else 0
        assessed = _assess(
            foul,
            earlier=earlier,
            hand=hand_number,
            reason=reason,
            inputs={"minutes": minutes, "seconds": seconds, "amount": amount, "to": to, "recipient": recipient},
            from_deal=from_deal,
            tiles=tiles,
        )
        if assessed.dead_hand:
            _check_dead_hand_winner(sheet, player, hand_number)
        return _record_penalty(
            sheet,
            tournament,
            players,
            player=player,
            amount=assessed.amount,
            to=assessed.to,
            # The catalogue passes the recipient through, or drops it where the foul pays nobody in particular.
            recipient=recipient if assessed.recipient is not None else None,
            warning=assessed.warning,
            foul=foul,
            minutes=minutes,
            seconds=seconds,
            from_deal=from_deal,
            tiles=assessed.tiles,
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
        sheet, tournament = _lock_open_sheet(penalty.sheet, by, appeal, what=ClosedSessionChange.What.PENALTY_WITHDRAWN)
        penalty = Penalty.objects.select_for_update(of=("self",)).select_related("player").get(pk=penalty.pk)
        if not penalty.active:
            raise ValidationError(_("This penalty was already withdrawn."))
        if not reason or not reason.strip():
            raise ValidationError(_("Say why the penalty is withdrawn."))
        if penalty.foul in fouls.ESCALATING:
            # The later ones were counted from this one; withdrawing it alone would leave them too dear.
            later = counted_fouls(sheet, tournament, penalty.player, penalty.foul).filter(pk__gt=penalty.pk)
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
        penalty.withdrawn_by = acting_user(by)
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
