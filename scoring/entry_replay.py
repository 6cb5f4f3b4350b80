"""Entries sent again, and entries made from an old view of the sheet (issue 22: the table page's outbox).

- **Exactly once**: each hand or foul entry carries an idempotency key made on the phone (or in the form
  the server drew). ``hand_record`` and ``foul_record`` look it up under the sheet's lock before anything
  else: an entry already stored under that key is answered with what was stored, not stored again. The
  key is kept with the entry (``HandVersion.idempotency_key``, ``Penalty.idempotency_key``, each unique).
- **The same entry**: an entry sent again under its key with other content (another winner, player, foul,
  amount...) is refused as a conflict (``entry_key_conflict``, 409 to the outbox) naming both, never answered
  "recorded" with the first content kept silently; a key used for another entry names that entry and its sheet.
- **The fouls version**: a foul is additive, so it has no version of its own; the sheet's fouls change
  each time one is recorded or withdrawn. A foul form carries the count it was drawn at
  (``expected_fouls``); when the fouls changed meanwhile (another referee's device, the phone's own
  earlier entry refused...) the foul is refused with the service's message instead of being added blind.
"""

from __future__ import annotations

import uuid
from contextlib import suppress
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import fouls
from rules import payments as pay
from scoring.models import AppealAmendment, HandVersion, Penalty, ScoreSheet
from tournament.permissions import can_score


def fouls_version(sheet) -> int:
    """How many times the sheet's fouls have changed: each foul recorded and each one withdrawn counts one."""
    counts = Penalty.objects.filter(sheet=sheet).aggregate(recorded=Count("id"), withdrawn=Count("withdrawn_at"))
    return counts["recorded"] + counts["withdrawn"]


def key_from(data) -> uuid.UUID | None:
    """The idempotency key a form or the outbox sent (``idempotency_key``), or None when there is none. A key
    that is not a UUID is refused: it could never match, so storing the entry would lose its protection."""
    raw = (data.get("idempotency_key") or "").strip()
    if not raw:
        return None
    try:
        return uuid.UUID(raw)
    except ValueError:
        raise ValidationError(
            _("This entry's key cannot be read. Reload the sheet and enter it again."), code="bad_entry_key"
        ) from None


def expected_fouls_from(data) -> int | None:
    """The fouls version a foul form was drawn at (``expected_fouls``), or None when it does not say."""
    raw = (data.get("expected_fouls") or "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if not 0 <= value <= 100_000:
        raise ValidationError(
            _("This form does not say which fouls you saw. Reload the sheet and record the foul again."),
            code="bad_fouls_version",
        )
    return value


def _refuse_other(what: str) -> ValidationError:
    return ValidationError(
        _("This entry's key was already used for %(what)s. Reload the sheet and enter it again.") % {"what": what},
        code="entry_key_used",
    )


def _lock(sheet: ScoreSheet, by) -> ScoreSheet:
    """The sheet's lock, taken before anything else (as scoring.services takes it): a second copy of an entry
    waits here for the first and then finds it stored. Only a scorer hears what was stored."""
    rows = ScoreSheet.objects.select_for_update(of=("self",)).select_related("table__session__tournament")
    locked = rows.filter(pk=sheet.pk).first()
    if locked is None:
        return sheet  # seated again meanwhile: the service says so
    if by is not None and not can_score(by, locked.table.session.tournament):
        raise PermissionDenied(_("You are not a referee or organizer of this tournament."))
    return locked


def stored_hand(*, sheet: ScoreSheet, key: uuid.UUID, number: int, by, sent=None) -> HandVersion | None:
    """The version stored under `key` when this entry was stored before, else None (a new entry). Inside the
    service's transaction, first: an entry stored before the sheet was signed is still answered as stored.
    ``sent`` (the hand's details as sent now): a key sent again with other content is refused, both shown
    (``entry_key_conflict``), never answered "recorded" with the old content kept silently."""
    sheet = _lock(sheet, by)
    version = (
        HandVersion.objects.select_related("hand__sheet__table__session", "winner", "discarder")
        .filter(idempotency_key=key)
        .first()
    )
    if version is None:
        if (penalty := _foul_under(key)) is not None:
            raise _refuse_other(_foul_named(penalty, sheet))
        return None
    if version.hand.sheet_id != sheet.pk or version.hand.number != number:
        raise _refuse_other(_hand_named(version, sheet))
    if sent is not None and _facts(sent) != _facts(version):
        raise ValidationError(
            _(
                "Hand %(n)s was already recorded from this entry as %(stored)s; it was sent again as %(sent)s. "
                "Check the sheet: to change the hand, correct it."
            ),
            code="entry_key_conflict",
            params={"n": number, "stored": describe(version), "sent": describe(sent)},
        )
    return version


def _facts(hand) -> tuple:
    """What makes two entries of a hand the same entry: its outcome and, for a win, who won, from whom, the
    points, the flowers and each player's points where the rules score them."""
    outcome = hand.outcome
    if outcome not in (HandVersion.Outcome.DISCARD, HandVersion.Outcome.SELF_DRAWN):
        return (outcome,)
    discarder = hand.discarder if outcome == HandVersion.Outcome.DISCARD else None
    return (
        outcome,
        getattr(hand.winner, "pk", None),
        getattr(discarder, "pk", None),
        hand.points or 0,
        hand.flowers or 0,
        list(hand.player_points) if hand.player_points else None,
    )


def describe(hand) -> str:
    """A hand's details in a few words: "Win by discard · Ana from Luis · 8 points"."""
    parts = [str(HandVersion.Outcome(hand.outcome).label)]
    if hand.winner is not None and hand.outcome == HandVersion.Outcome.DISCARD and hand.discarder is not None:
        parts.append(
            _("%(winner)s from %(discarder)s") % {"winner": hand.winner.name, "discarder": hand.discarder.name}
        )
    elif hand.winner is not None:
        parts.append(hand.winner.name)
    if hand.outcome in (HandVersion.Outcome.DISCARD, HandVersion.Outcome.SELF_DRAWN):
        points = hand.points or 0
        parts.append(ngettext("%(n)s point", "%(n)s points", points) % {"n": points})
    return " · ".join(parts)


def _where(other: ScoreSheet, sheet: ScoreSheet) -> dict[str, Any] | None:
    """Where another sheet of the tournament is (its session and table), for a scorer of the tournament; None
    for a sheet of another tournament, which is not theirs to be told about."""
    session = other.table.session
    if session.tournament_id != sheet.table.session.tournament_id:
        return None
    return {"session": session.number, "table": other.table.number}


def _hand_named(version: HandVersion, sheet: ScoreSheet) -> str:
    hand = version.hand
    if hand.sheet_id == sheet.pk:
        return _("hand %(n)s of this sheet") % {"n": hand.number}
    where = _where(hand.sheet, sheet)
    if where is None:
        return _("a hand of another tournament")
    return _("hand %(n)s at table %(table)s of session %(session)s") % {"n": hand.number, **where}


def _foul_under(key: uuid.UUID) -> Penalty | None:
    return (
        Penalty.objects.select_related("player", "recipient", "sheet__table__session")
        .filter(idempotency_key=key)
        .first()
    )


def _foul_named(penalty: Penalty, sheet: ScoreSheet) -> str:
    if penalty.sheet_id == sheet.pk:
        return _("a foul of %(player)s on this sheet") % {"player": penalty.player.name}
    where = _where(penalty.sheet, sheet)
    if where is None:
        return _("a foul of another tournament")
    return _("a foul of %(player)s at table %(table)s of session %(session)s") % {
        "player": penalty.player.name,
        **where,
    }


def stored_foul(*, sheet: ScoreSheet, key: uuid.UUID, by, sent=None, appeal=None) -> Penalty | None:
    """As stored_hand, for a foul (or a penalty by amount). ``sent``: the foul's details as sent now
    (``foul_sent``); other content under the same key is refused, both shown (``entry_key_conflict``).
    ``appeal``: the upheld appeal it is recorded for; a key of a foul recorded otherwise (on the sheet, for
    another appeal) is not taken for it."""
    sheet = _lock(sheet, by)
    penalty = _foul_under(key)
    if penalty is None:
        version = HandVersion.objects.select_related("hand__sheet__table__session").filter(idempotency_key=key)
        if (hand := version.first()) is not None:
            raise _refuse_other(_hand_named(hand, sheet))
        return None
    if penalty.sheet_id != sheet.pk:
        raise _refuse_other(_foul_named(penalty, sheet))
    added = AppealAmendment.objects.filter(penalty=penalty, kind=AppealAmendment.Kind.PENALTY_ADDED)
    recorded_for = added.select_related("appeal").first()
    if getattr(recorded_for, "appeal_id", None) != getattr(appeal, "pk", None):
        if recorded_for is None:
            raise _refuse_other(_("a foul recorded on the sheet, not for an appeal"))
        raise _refuse_other(_("a foul recorded for appeal %(n)s") % {"n": recorded_for.appeal.number})
    if sent is not None and not _same_foul(penalty, sent):
        raise ValidationError(
            _(
                "A foul was already recorded from this entry: %(stored)s. It was sent again as: %(sent)s. Check "
                "the fouls: if this is another foul, record it again."
            ),
            code="entry_key_conflict",
            params={"stored": describe_foul(penalty, sent), "sent": describe_foul(_as_penalty(sent), sent)},
        )
    return penalty


# What the referee gives of a foul's cost, where the foul takes it (a penalty by amount, "Other", exposed or
# revealed tiles...); the inputs a foul does not take are left out by its form (scoring.forms.signing.FoulForm)
# and refused by the catalogue, so only what was sent is compared.
PAID_FIELDS = ("amount", "to", "recipient")


def foul_sent(**fields) -> dict[str, Any]:
    """A foul's details as sent, for ``stored_foul``: what was given (a blank input is not compared, so a
    late arrival timed by the session clock is the same entry again)."""
    sent = {name: fields.get(name) for name in ("player", "foul", "hand_number", "reason")}
    sent["reason"] = (sent["reason"] or "").strip()
    sent["from_deal"] = bool(fields.get("from_deal"))
    for name in ("minutes", "seconds", "tiles", *PAID_FIELDS):
        if fields.get(name) not in (None, ""):
            sent[name] = fields[name]
    if sent.get("tiles") and sent["foul"] in fouls.PENALTY_TILE_COUNTS:
        with suppress(pay.PaymentError):  # written as it is stored ("5p 2s" is "5p2s")
            sent["tiles"] = fouls.penalty_tiles(str(sent["foul"]), str(sent["tiles"]))
    return sent


def _same_foul(penalty: Penalty, sent: dict[str, Any]) -> bool:
    for name, value in sent.items():
        stored = getattr(penalty, name)
        if name in ("player", "recipient"):
            stored, value = getattr(stored, "pk", stored), getattr(value, "pk", value)
        if stored != value:
            return False
    return True


def _as_penalty(sent: dict[str, Any]) -> Penalty:
    """The foul as sent, unsaved, to be described as the stored one is."""
    fields = {name: value for name, value in sent.items() if name not in PAID_FIELDS}
    return Penalty(
        **fields,
        amount=sent.get("amount") or 0,
        to=sent.get("to") or (pay.TO_PLAYER if sent.get("recipient") else pay.TO_NOBODY),
        recipient=sent.get("recipient"),
    )


def describe_foul(penalty: Penalty, shown=()) -> str:
    """A foul's details in a few words: "Player 2 · Late arrival (12 min late) · hand 3 · 5 points to nobody".
    What it cost is given where it was sent (``shown``: a penalty by amount, or a foul whose points the
    referee gives); a catalogue foul's own penalty depends on the earlier fouls, not on the entry."""
    parts = [penalty.player.name]
    if penalty.foul:
        details = []
        if penalty.minutes is not None:
            details.append(_("%(n)s min late") % {"n": penalty.minutes})
        if penalty.seconds is not None:
            details.append(penalty.seconds_detail())
        if penalty.tiles:
            details.append(penalty.tiles)
        parts.append(f"{penalty.foul_name} ({', '.join(details)})" if details else penalty.foul_name)
    elif penalty.reason:
        parts.append(penalty.reason)
    if penalty.hand_number:
        parts.append(_("hand %(n)s") % {"n": penalty.hand_number})
    if "amount" in shown:
        if penalty.recipient is not None:
            parts.append(_("%(n)s points to %(player)s") % {"n": penalty.amount, "player": penalty.recipient.name})
        elif not penalty.amount:
            parts.append(_("a warning, no points"))
        elif penalty.to == pay.TO_EACH_OTHER:
            parts.append(_("%(n)s points to each other player") % {"n": penalty.amount})
        else:
            parts.append(_("%(n)s points to nobody") % {"n": penalty.amount})
    if penalty.foul and penalty.reason:
        parts.append(f"“{penalty.reason}”")
    return " · ".join(parts)


def check_fouls_version(sheet: ScoreSheet, expected: int | None, by) -> None:
    """Refuse a foul made from a view of the sheet's fouls that has changed since (under the sheet's lock)."""
    if expected is None:
        return
    current = fouls_version(sheet)
    if expected == current:
        return
    penalties = Penalty.objects.filter(sheet=sheet).select_related("created_by", "withdrawn_by")
    # The last change: the latest foul recorded, or the latest withdrawn, whichever came later (NULLs last on
    # every database).
    recorded = penalties.order_by("-created_at", "-id").first()
    withdrawn = penalties.filter(withdrawn_at__isnull=False).order_by("-withdrawn_at", "-id").first()
    params: dict[str, Any] = {"version": current}
    who, when = None, None
    if recorded is not None:
        user, when = recorded.created_by, recorded.created_at
        if withdrawn is not None and withdrawn.withdrawn_at is not None and withdrawn.withdrawn_at >= when:
            user, when = withdrawn.withdrawn_by, withdrawn.withdrawn_at
        if user is not None and user.pk == getattr(by, "pk", None):
            who = _("you")
        else:
            who = user.get_username() if user is not None else _("an import")
    if who is None:
        message = _(
            "The fouls of this table changed meanwhile. Check them, then record this foul again if it still applies."
        )
    else:
        params.update(who=who, when=date_format(timezone.localtime(when), "SHORT_DATETIME_FORMAT"))
        message = _(
            "The fouls of this table changed meanwhile (by %(who)s, at %(when)s). Check them, then record this "
            "foul again if it still applies."
        )
    # Formatted by Django when shown (as scoring.services' stale hand), so a name with % in it stays as it is.
    raise ValidationError(message, code="stale_fouls", params=params)
