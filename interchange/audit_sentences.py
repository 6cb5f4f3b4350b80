"""The audit log's sentence for the interchange app's action: a tournament imported from a file. Registered
when the app loads (``InterchangeConfig.ready``); the mechanism is ``tournament.audit_text``."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.audit_text import Context, generic, page_url, register_sentences
from tournament.models import AuditLog


def _imported(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    """Worded for the count of players ("1 player", "3 players"; Spanish has three forms)."""
    try:
        count = int(f["players"])
    except (KeyError, TypeError, ValueError):
        return generic(e, f, ctx)
    text = ngettext(
        "%(actor)s imported the tournament from a file (%(players)s player).",
        "%(actor)s imported the tournament from a file (%(players)s players).",
        count,
    ) % {"actor": ctx.actor(e), "players": count}
    return text, page_url("manage-settings", ctx.tournament.slug), _("settings")


def register() -> None:
    register_sentences({"tournament.import": _imported})
