"""A series' audit log in sentences: created, settings changed (old and new values), the ranking computed
again (which tournaments' results changed, who moved, entered or left the list), organizers, people linked as
the same person or said not to be, deleted."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.audit_text import user_name
from core.audit_text import value_text as _value
from tournament.models import AuditLog

REASONS = {
    "created": lambda: _("when the series was created"),
    "settings": lambda: _("after its settings changed"),
    "organizer": lambda: _("on an organizer's request"),
    "command": lambda: _("from the command line"),
}


def _actor(entry: AuditLog) -> str:
    return user_name(entry.actor)


@dataclass
class Line:
    entry: AuditLog
    text: str
    details: list[str] = field(default_factory=list)


def _recompute(e: AuditLog, f: dict) -> Line:
    reason = REASONS.get(f.get("reason", ""))
    text = _(
        "%(actor)s computed the ranking again %(reason)s: version %(n)s, as of %(date)s, %(listed)s players listed."
    ) % {
        "actor": _actor(e),
        "reason": reason() if reason else "",
        "n": f.get("version", "?"),
        "date": f.get("as_of", "?"),
        "listed": f.get("listed", "?"),
    }
    details = []
    if f.get("first"):
        details.append(_("The first ranking of the series."))
    if f.get("tournaments_changed"):
        details.append(_("Results changed in: %(list)s.") % {"list": ", ".join(f["tournaments_changed"])})
    for name, pair in (f.get("parameters") or {}).items():
        details.append(
            _("%(what)s: %(old)s → %(new)s") % {"what": name, "old": _value(pair[0]), "new": _value(pair[1])}
        )
    if isinstance(f.get("as_of_changed"), list):
        old, new = f["as_of_changed"]
        details.append(_("Ranking date: %(old)s → %(new)s") % {"old": old, "new": new})
    moved = f.get("moved") or []
    if moved:
        count = f.get("moved_count", len(moved))
        details.append(
            ngettext("%(n)s player moved:", "%(n)s players moved:", count) % {"n": count}
            + " "
            + "; ".join(
                _("%(name)s %(old_rank)s → %(new_rank)s (%(old)s → %(new)s)")
                % {"name": m[0], "old_rank": m[1], "new_rank": m[2], "old": m[3], "new": m[4]}
                for m in moved
            )
        )
    for name, rank in f.get("entered") or []:
        details.append(_("%(name)s is listed, at %(rank)s.") % {"name": name, "rank": rank})
    for name in f.get("left") or []:
        details.append(_("%(name)s is no longer listed.") % {"name": name})
    return Line(e, text, details)


def _update(e: AuditLog, f: dict) -> Line:
    details = [
        _("%(what)s: %(old)s → %(new)s") % {"what": name, "old": _value(pair[0]), "new": _value(pair[1])}
        for name, pair in (f.get("changes") or {}).items()
    ]
    if f.get("added"):
        details.append(_("Tournaments added: %(list)s.") % {"list": ", ".join(f["added"])})
    if f.get("removed"):
        details.append(_("Tournaments removed: %(list)s.") % {"list": ", ".join(f["removed"])})
    for slug, change in (f.get("changed") or {}).items():
        details.append(
            _("%(slug)s: weight %(old)s → %(new)s")
            % {"slug": slug, "old": _value(change["weight"][0]), "new": _value(change["weight"][1])}
        )
    return Line(e, _("%(actor)s changed the series' settings.") % {"actor": _actor(e)}, details)


def describe(entries: list[AuditLog]) -> list[Line]:
    lines = []
    for e in entries:
        f = e.data or {}
        if e.action == "series.recompute":
            lines.append(_recompute(e, f))
        elif e.action == "series.update":
            lines.append(_update(e, f))
        elif e.action == "series.create":
            lines.append(
                Line(
                    e,
                    _("%(actor)s created the series %(name)s with %(n)s tournaments.")
                    % {"actor": _actor(e), "name": f.get("name", ""), "n": len(f.get("tournaments") or [])},
                )
            )
        elif e.action == "series.role_grant":
            lines.append(
                Line(
                    e,
                    _("%(actor)s made %(user)s an organizer of the series.")
                    % {"actor": _actor(e), "user": f.get("user", "?")},
                )
            )
        elif e.action == "series.role_revoke":
            lines.append(
                Line(
                    e,
                    _("%(actor)s took the series organizer role from %(user)s.")
                    % {"actor": _actor(e), "user": f.get("user", "?")},
                )
            )
        elif e.action == "series.same_person":
            players = f.get("players") or []
            lines.append(
                Line(
                    e,
                    _("%(actor)s linked %(other)s to %(person)s: one person across tournaments.")
                    % {"actor": _actor(e), "other": f.get("other_name", "?"), "person": f.get("person_name", "?")},
                    [
                        ngettext("Player linked: %(list)s.", "Players linked: %(list)s.", len(players))
                        % {"list": ", ".join(f"{slug} #{number}" for slug, number in players)}
                    ]
                    if players
                    else [],
                )
            )
        elif e.action == "series.not_same_person":
            names = f.get("names") or ["?", "?"]
            lines.append(
                Line(
                    e,
                    _("%(actor)s said that %(a)s and %(b)s are not the same person: not offered again.")
                    % {"actor": _actor(e), "a": names[0], "b": names[-1]},
                )
            )
        elif e.action == "series.same_person_again":
            names = f.get("names") or ["?", "?"]
            lines.append(
                Line(
                    e,
                    _("%(actor)s took back that %(a)s and %(b)s are not the same person: offered again.")
                    % {"actor": _actor(e), "a": names[0], "b": names[-1]},
                )
            )
        elif e.action == "series.delete":
            lines.append(
                Line(e, _("%(actor)s deleted the series %(name)s.") % {"actor": _actor(e), "name": f.get("name", "")})
            )
        else:
            lines.append(Line(e, f"{_actor(e)}: {e.action}"))
    return lines
