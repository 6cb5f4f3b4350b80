"""The audit log's sentences for the accounts app's actions: accounts made for referees and their invitation
links. Registered when the app loads (``AccountsConfig.ready``); the mechanism is ``tournament.audit_text``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.text import N_  # marks the simple sentences for the catalogue; translated when rendered
from tournament.audit_text import Context, page_url, register_sentences, simple
from tournament.models import AuditLog


def _activate(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    return (
        _("%(user)s chose a password with the invitation link; the account is in use.") % {"user": f.get("user", "?")},
        page_url("manage-accounts", ctx.tournament.slug),
        _("accounts"),
    )


def register() -> None:
    register_sentences(
        {
            "account.invite": simple(
                N_("%(actor)s made an account for %(user)s as %(role)s, with an invitation link."),
                "manage-accounts",
                N_("accounts"),
            ),
            "account.renew": simple(
                N_("%(actor)s made a new invitation link for %(user)s."), "manage-accounts", N_("accounts")
            ),
            "account.activate": _activate,
        }
    )
