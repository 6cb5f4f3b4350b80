"""A score sheet's lifecycle, defined once: its states, the moves allowed from each, which states count as
finished (signed) and final, and one label per state. The model, the services, progress counts, the
dashboard, the public pages, the hall display, the API, the exports and the ranking-file checks all read
these; nothing else compares a sheet's status.

    open -> confirming        every hand in and counted (back to open when a hand is missing again)
    open|confirming -> signed the referee signs (appendix 5: results are final once signed)
    signed -> countersigned   the chief referee countersigns
    signed|countersigned -> open
                              the chief referee reopens it, saying why (signatures voided, kept)

Appeals and requests to reopen a sheet have their lifecycles here too (``APPEAL``, ``REOPEN_REQUEST``). Each is a
``core.lifecycle.Lifecycle``: its table of named moves, each with the message of its refusal; ``move`` is the only
writer of the state.

"submitted" is the stored name of the referee's signature, kept from before the players confirmed in the
system. *Finished* means signed, countersigned included: the table's game is over and its sheet locked.
*Final* adds the chief referee's countersignature where the tournament requires it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.lifecycle import Lifecycle, move


class SheetStatus(models.TextChoices):
    OPEN = "open", _("Open")
    CONFIRMING = "confirming", _("Awaiting confirmation")
    SUBMITTED = "submitted", _("Signed")
    COUNTERSIGNED = "countersigned", _("Countersigned")


OPEN, CONFIRMING, SIGNED, COUNTERSIGNED = (
    SheetStatus.OPEN,
    SheetStatus.CONFIRMING,
    SheetStatus.SUBMITTED,
    SheetStatus.COUNTERSIGNED,
)

_ALREADY_SIGNED = (_("This score sheet is already signed."), "signed")
SHEET = Lifecycle(
    model="scoring.ScoreSheet",
    states=SheetStatus,
    moves={
        # Every hand in and counted, or one missing again (``scoring.services.sheet._settle_status``).
        "complete": move({OPEN}, CONFIRMING, _ALREADY_SIGNED),
        "incomplete": move({CONFIRMING}, OPEN, _ALREADY_SIGNED),
        "sign": move({OPEN, CONFIRMING}, SIGNED, _ALREADY_SIGNED),
        "countersign": move(
            {SIGNED},
            COUNTERSIGNED,
            {
                COUNTERSIGNED: (_("This score sheet is already countersigned."), "countersigned"),
                None: (_("The referee signs the sheet first."), "not_signed"),
            },
        ),
        "reopen": move({SIGNED, COUNTERSIGNED}, OPEN, _("This score sheet is not signed."), "not_signed"),
    },
)
TRANSITIONS: dict[str, frozenset[str]] = SHEET.transitions

# Finished: signed by the referee, countersigned or not. Locked against every change but an upheld appeal.
FINISHED: tuple[str, ...] = (SIGNED, COUNTERSIGNED)


def may_move(old: str, new: str) -> bool:
    return SHEET.may_move(old, new)


def is_finished(status: str) -> bool:
    return status in FINISHED


def final_states(countersign_required: bool) -> tuple[str, ...]:
    """States whose results are final: signed, and countersigned where the tournament requires it."""
    return (COUNTERSIGNED,) if countersign_required else FINISHED


def is_final(status: str, countersign_required: bool) -> bool:
    return status in final_states(countersign_required)


def label(status: str) -> str:
    """The one label of a state, as every page, file and the hall display show it."""
    return str(SheetStatus(status).label)


def labels() -> dict[str, str]:
    """Every state's label by its stored value (for the API and the hall display's script)."""
    return {value: str(text) for value, text in SheetStatus.choices}


def is_countersigned(status: str) -> bool:
    """Countersigned: the chief referee has checked it; nothing is left to do at that table."""
    return status == COUNTERSIGNED


def is_open(status: str) -> bool:
    """Open: no hand complete it yet, nothing signed."""
    return status == OPEN


# -- A request to reopen a signed sheet (``scoring.services.reopening``): waits for the chief referee, who
# reopens the sheet (granted) or declines it with an answer.


class ReopenRequestStatus(models.TextChoices):
    OPEN = "open", _("waiting for the chief referee")
    GRANTED = "granted", _("granted: the sheet was reopened")
    DECLINED = "declined", _("declined")


_NOT_WAITING = (_("No request to reopen this sheet is waiting."), "no_request")
REOPEN_REQUEST = Lifecycle(
    model="scoring.ReopenRequest",
    states=ReopenRequestStatus,
    moves={
        "grant": move({ReopenRequestStatus.OPEN}, ReopenRequestStatus.GRANTED, _NOT_WAITING),
        "decline": move({ReopenRequestStatus.OPEN}, ReopenRequestStatus.DECLINED, _NOT_WAITING),
    },
)
# The request still waiting, as every query asks for it.
REQUEST_WAITING = REOPEN_REQUEST.q({ReopenRequestStatus.OPEN})


# -- An appeal (MCR 3.12-3.13, ``scoring.services.appeals``):
#
#     filed -> upheld | rejected            the referees (a rule appeal) or the committee decide (final)
#     filed -> referee_rejected             the referees reject a rule appeal; the filer may take it further
#     referee_rejected -> escalated         to the chief referee, whose decision is final
#     escalated -> upheld | rejected


class AppealStatus(models.TextChoices):
    """filed -> upheld | rejected (final); a rule appeal the referees reject waits in referee_rejected for
    the filer to go to the chief referee (escalated), whose decision is final."""

    FILED = "filed", _("Filed, awaiting a decision")
    REFEREE_REJECTED = "referee_rejected", _("Rejected by the referees")
    ESCALATED = "escalated", _("Before the chief referee")
    UPHELD = "upheld", _("Upheld")
    REJECTED = "rejected", _("Rejected")


# Still to be decided: the result it concerns is "under appeal" on public pages.
APPEAL_OPEN_STATUSES = (AppealStatus.FILED, AppealStatus.ESCALATED)
# Decided for good (the referees' rejection is not: the filer may take it to the chief referee).
APPEAL_FINAL_STATUSES = (AppealStatus.UPHELD, AppealStatus.REJECTED)


class FeeStatus(models.TextChoices):
    """The fee follows the latest decision (MCR 3.12.2): returned if upheld, forfeited otherwise."""

    PAID = "paid", _("Paid, held until the decision")
    RETURNED = "returned", _("Returned (appeal upheld)")
    FORFEITED = "forfeited", _("Forfeited (appeal rejected)")


_DECIDED = (_("Appeal %(n)s is decided already."), "decided")
APPEAL = Lifecycle(
    model="scoring.Appeal",
    states=AppealStatus,
    moves={
        "uphold": move(APPEAL_OPEN_STATUSES, AppealStatus.UPHELD, _DECIDED),
        "reject": move(APPEAL_OPEN_STATUSES, AppealStatus.REJECTED, _DECIDED),
        "referees_reject": move({AppealStatus.FILED}, AppealStatus.REFEREE_REJECTED, _DECIDED),
        "escalate": move(
            {AppealStatus.REFEREE_REJECTED},
            AppealStatus.ESCALATED,
            _("Only a rule appeal the referees rejected goes to the chief referee."),
            "not_escalatable",
        ),
    },
    params=lambda appeal: {"n": appeal.number},
)
