"""The tournament's audit log in sentences for what this app writes there: people recognised by EMA id,
players linked to a person or unlinked. Registered when the app loads (``SeriesConfig.ready``), in
whichever way the audit log offers, so the log never imports this app."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def _person_url(pk) -> str:
    try:
        return reverse("person-detail", args=[pk]) if pk else ""
    except NoReverseMatch:
        return ""


def _sync(e, f, ctx):
    n = f.get("linked", 0)
    text = ngettext(
        "%(actor)s gave %(n)s player a person across tournaments (by EMA id, or a new one).",
        "%(actor)s gave %(n)s players a person across tournaments (by EMA id, or a new one).",
        n,
    ) % {"actor": ctx.actor(e), "n": n}
    moved = f.get("moved") or []
    if moved:
        text += " " + ngettext(
            "%(n)s player moved to the person of their EMA id.",
            "%(n)s players moved to the person of their EMA id.",
            len(moved),
        ) % {"n": len(moved)}
    return text, "", ""


def _link(e, f, ctx):
    return (
        _("%(actor)s said that %(player)s is %(person)s, who played other tournaments.")
        % {"actor": ctx.actor(e), "player": ctx.player(f.get("number")), "person": f.get("person_name", "?")},
        _person_url(f.get("person")),
        _("person"),
    )


def _unlink(e, f, ctx):
    return (
        _("%(actor)s undid the link of %(player)s to %(person)s: a person of their own again.")
        % {"actor": ctx.actor(e), "player": ctx.player(f.get("number")), "person": f.get("previous_name", "?")},
        _person_url(f.get("person")),
        _("person"),
    )


SENTENCES = {"people.sync": _sync, "person.link": _link, "person.unlink": _unlink}


def register() -> None:
    from tournament import audit_text

    for name in ("register_sentences", "register_sentence"):
        hook = getattr(audit_text, name, None)
        if callable(hook):
            try:
                hook(SENTENCES)
                return
            except TypeError:
                try:
                    for action, render in SENTENCES.items():
                        hook(action, render)
                    return
                except TypeError:
                    continue
    table = getattr(audit_text, "SENTENCES", None)
    if isinstance(table, dict):
        table.update(SENTENCES)
