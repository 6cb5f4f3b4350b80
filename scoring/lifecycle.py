"""A score sheet's lifecycle, defined once: its states, the moves allowed from each, which states count as
finished (signed) and final, and one label per state. The model, the services, progress counts, the
dashboard, the public pages, the hall display, the API, the exports and the ranking-file checks all read
these; nothing else compares a sheet's status.

    open -> confirming        every hand in and counted (back to open when a hand is missing again)
    open|confirming -> signed the referee signs (appendix 5: results are final once signed)
    signed -> countersigned   the chief referee countersigns
    signed|countersigned -> open
                              the chief referee reopens it, saying why (signatures voided, kept)

"submitted" is the stored name of the referee's signature, kept from before the players confirmed in the
system. *Finished* means signed, countersigned included: the table's game is over and its sheet locked.
*Final* adds the chief referee's countersignature where the tournament requires it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


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

TRANSITIONS: dict[str, frozenset[str]] = {
    OPEN: frozenset({CONFIRMING, SIGNED}),
    CONFIRMING: frozenset({OPEN, SIGNED}),
    SIGNED: frozenset({COUNTERSIGNED, OPEN}),
    COUNTERSIGNED: frozenset({OPEN}),
}

# Finished: signed by the referee, countersigned or not. Locked against every change but an upheld appeal.
FINISHED: tuple[str, ...] = (SIGNED, COUNTERSIGNED)


def may_move(old: str, new: str) -> bool:
    return new in TRANSITIONS.get(old, frozenset())


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
