"""Entries sent again, and entries made from an old view of the sheet (issue 22: the table page's outbox).

- **Exactly once**: each hand or foul entry carries an idempotency key made on the phone (or in the form
  the server drew). ``hand_record`` and ``foul_record`` look it up under the sheet's lock before anything
  else: an entry already stored under that key is answered with what was stored, not stored again. The
  key is kept with the entry (``HandVersion.idempotency_key``, ``Penalty.idempotency_key``, each unique).
- **The fouls version**: a foul is additive, so it has no version of its own; the sheet's fouls change
  each time one is recorded or withdrawn. A foul form carries the count it was drawn at
  (``expected_fouls``); when the fouls changed meanwhile (another referee's device, the phone's own
  earlier entry refused...) the foul is refused with the service's message instead of being added blind.
"""

from __future__ import annotations

import uuid

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.models import HandVersion, Penalty, ScoreSheet
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
    version = HandVersion.objects.select_related("hand", "winner", "discarder").filter(idempotency_key=key).first()
    if version is None:
        if Penalty.objects.filter(idempotency_key=key).exists():
            raise _refuse_other(_("a foul"))
        return None
    if version.hand.sheet_id != sheet.pk:
        raise _refuse_other(_("hand %(n)s of another sheet") % {"n": version.hand.number})
    if version.hand.number != number:
        raise _refuse_other(_("hand %(n)s of this sheet") % {"n": version.hand.number})
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


def stored_foul(*, sheet: ScoreSheet, key: uuid.UUID, by) -> Penalty | None:
    """As stored_hand, for a foul."""
    sheet = _lock(sheet, by)
    penalty = Penalty.objects.select_related("player", "recipient").filter(idempotency_key=key).first()
    if penalty is None:
        if HandVersion.objects.filter(idempotency_key=key).exists():
            raise _refuse_other(_("a hand"))
        return None
    if penalty.sheet_id != sheet.pk:
        raise _refuse_other(_("a foul of another sheet"))
    return penalty


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
    params: dict[str, object] = {"version": current}
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
