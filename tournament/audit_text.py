"""The audit log as sentences people read, in their language: who did what, where, with a link to it.

This module is the mechanism for a tournament's log (the generic part, values, field names, times, links and
an update's changes, is ``core.audit_text``, re-exported here for the apps' sentences): one sentence per action in ``SENTENCES``, an action not listed gets a plain
generic sentence. Each app registers the sentences of the actions its services write, from its own
``audit_sentences`` module loaded in its ``AppConfig.ready()`` (``register_sentences``), so this module, at
the bottom, imports nothing above it. Entries store what the service wrote (``tournament.audit``); the
sentences only read them. What an entry names only by id (a score sheet, a penalty) is looked up in bulk
for a page through the references that the app owning the object registers (``register_reference``);
what a group of sentences needs from other entries of the page is looked up once per page
(``register_sentences(..., lookups=)``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.audit_text import changes, local_time, numbers_text, page_url, user_name  # noqa: F401 (re-exported)
from tournament.models import AuditLog, Player, RoleKind, Session, Tournament, TournamentRole

# --- references: what an object id stands for ------------------------------------------------------


@dataclass
class Reference:
    describe: Callable[[list[str]], dict[str, dict]]  # ids -> {id: {"session": n, "table": t, ...}}
    find: Callable[..., list[str]] | None = None  # (tournament, session=, table=) -> ids, for the filters


REFERENCES: dict[str, Reference] = {}


def register_reference(
    object_type: str, describe: Callable[[list[str]], dict[str, dict]], find: Callable[..., list[str]] | None = None
) -> None:
    """Let the audit log say where an object of ``object_type`` (e.g. "scoring.Penalty") is."""
    REFERENCES[object_type] = Reference(describe, find)


def _sessions(ids: list[str]) -> dict[str, dict]:
    return {str(pk): {"session": n} for pk, n in Session.objects.filter(pk__in=ids).values_list("pk", "number")}


def _find_sessions(tournament: Tournament, session: int | None = None, table: int | None = None) -> list[str]:
    if session is None or table is not None:
        return []
    return [str(pk) for pk in tournament.sessions.filter(number=session).values_list("pk", flat=True)]


def _players(ids: list[str]) -> dict[str, dict]:
    return {str(pk): {"player": number} for pk, number in Player.objects.filter(pk__in=ids).values_list("pk", "number")}


register_reference("tournament.Session", _sessions, _find_sessions)
register_reference("tournament.Player", _players)


# --- kinds, for the filter -------------------------------------------------------------------------

KINDS = {
    "hands": (gettext_lazy("Hands"), ("hand.",)),
    "penalties": (gettext_lazy("Penalties"), ("penalty.",)),
    "sheets": (gettext_lazy("Score sheets"), ("sheet.",)),
    "appeals": (gettext_lazy("Appeals"), ("appeal.",)),
    "seating": (gettext_lazy("Seating and sessions"), ("session.", "schedule.", "seating.")),
    "players": (gettext_lazy("Players and teams"), ("player.", "players.", "team.")),
    "people": (gettext_lazy("Roles and accounts"), ("role.", "account.")),
    "floor": (gettext_lazy("Announcements and calls for a referee"), ("announcement.", "call.")),
    "tournament": (gettext_lazy("Tournament settings"), ("tournament.",)),
}


def filter_entries(
    queryset: QuerySet[AuditLog],
    tournament: Tournament,
    *,
    session: int | None = None,
    table: int | None = None,
    user: int | None = None,
    kind: str | None = None,
) -> QuerySet[AuditLog]:
    """The entries matching the filters. Session and table match what an entry says in its data and what
    its object is (through the registered references)."""
    if kind in KINDS:
        q = Q()
        for prefix in KINDS[kind][1]:
            q |= Q(action__startswith=prefix)
        queryset = queryset.filter(q)
    if user is not None:
        queryset = queryset.filter(actor_id=user)
    if session is not None or table is not None:
        where = Q()
        if session is not None:
            where &= Q(data__session=session)
        if table is not None:
            where &= Q(data__table=table)
        for object_type, ref in REFERENCES.items():
            if ref.find is not None:
                ids = ref.find(tournament, session=session, table=table)
                if ids:
                    where |= Q(object_type=object_type, object_id__in=ids)
        queryset = queryset.filter(where)
    return queryset


# --- sentences -------------------------------------------------------------------------------------

# A sentence: (entry, its facts, the page's Context) -> (text, link address, link text).
Render = Callable[["AuditLog", dict, "Context"], tuple[str, str, str]]
SENTENCES: dict[str, Render] = {}
# What some sentences need from the page's other entries, looked up once per page:
# name -> (tournament, entries) -> value, read by the sentences as ``ctx.lookups[name]``.
LOOKUPS: dict[str, Callable[[Tournament, list[AuditLog]], Any]] = {}


def register_sentences(
    sentences: dict[str, Render], lookups: dict[str, Callable[[Tournament, list[AuditLog]], Any]] | None = None
) -> None:
    """The sentences of an app's actions (action -> render), and the page lookups they read."""
    SENTENCES.update(sentences)
    LOOKUPS.update(lookups or {})


@dataclass
class Line:
    """One entry as shown: the sentence, where it happened, and what changed."""

    entry: AuditLog
    text: str
    url: str = ""
    link: str = ""
    changes: list[tuple[str, str, str]] = field(default_factory=list)  # (what, before, after)


class Context:
    """What the sentences of one page need, looked up in a fixed number of queries."""

    def __init__(self, tournament: Tournament, entries: list[AuditLog]) -> None:
        self.tournament = tournament
        self.refs: dict[tuple[str, str], dict] = {}
        by_type: dict[str, list[str]] = {}
        for e in entries:
            if e.object_type in REFERENCES and e.object_id:
                by_type.setdefault(e.object_type, []).append(e.object_id)
        for object_type, ids in by_type.items():
            for object_id, facts in REFERENCES[object_type].describe(ids).items():
                self.refs[(object_type, object_id)] = facts
        numbers = set()
        for e in entries:
            facts = self.facts(e)
            for key in ("winner", "discarder", "player"):
                if isinstance(facts.get(key), int):
                    numbers.add(facts[key])
            if isinstance(facts.get("players"), list):  # the players a change moved (a team merge)
                numbers.update(n for n in facts["players"] if isinstance(n, int))
        self.players = (
            dict(Player.objects.filter(tournament=tournament, number__in=numbers).values_list("number", "name"))
            if numbers
            else {}
        )
        self.roles: dict[int, set] = {}
        actor_ids = {e.actor_id for e in entries if e.actor_id}
        for user_id, role in TournamentRole.objects.filter(tournament=tournament, user_id__in=actor_ids).values_list(
            "user_id", "role"
        ):
            self.roles.setdefault(user_id, set()).add(role)
        self.lookups = {name: lookup(tournament, entries) for name, lookup in LOOKUPS.items()}

    def facts(self, entry: AuditLog) -> dict:
        """The entry's data, completed with what its object tells (session, table, player)."""
        merged = dict(self.refs.get((entry.object_type, entry.object_id), {}))
        merged.update({k: v for k, v in (entry.data or {}).items() if v is not None})
        return merged

    def player(self, number: int | None) -> str:
        if number is None:
            return "?"
        name = self.players.get(number)
        return (
            _("%(name)s (%(number)s)") % {"name": name, "number": number}
            if name
            else _("player %(number)s") % {"number": number}
        )

    def actor(self, entry: AuditLog) -> str:
        user = entry.actor
        if user is None:  # an import or a command, or an account deleted since
            return user_name(None)
        name = user_name(user)
        roles = self.roles.get(user.pk, set())
        if RoleKind.ORGANIZER in roles:
            return _("Organizer %(name)s") % {"name": name}
        if RoleKind.CHIEF_REFEREE in roles:
            return _("Chief referee %(name)s") % {"name": name}
        if RoleKind.REFEREE in roles:
            return _("Referee %(name)s") % {"name": name}
        if user.is_superuser:
            return _("Administrator %(name)s") % {"name": name}
        return name


# --- helpers for the sentences of every app --------------------------------------------------------


def where_text(f: dict) -> str:
    """ "table 3, session 2" when the facts say both, else ""."""
    if f.get("session") is not None and f.get("table") is not None:
        return _("table %(table)s, session %(session)s") % {"table": f["table"], "session": f["session"]}
    return ""


def _role(value: object) -> str:
    try:
        return str(RoleKind(str(value)).label).lower()
    except ValueError:
        return str(value)


def simple(template: str, link_name: str | None = None, link_text: str | None = None) -> Render:
    """A sentence from the entry's data alone (``template`` marked with ``N_``, translated when rendered);
    the link goes to an organizer page."""

    def render(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
        args = {k: (_role(v) if k == "role" else v) for k, v in f.items()}
        args.update(actor=ctx.actor(e))
        try:
            text = _(template) % args
        except (KeyError, TypeError, ValueError):
            return generic(e, f, ctx)
        return text, page_url(link_name, ctx.tournament.slug) if link_name else "", _(link_text) if link_text else ""

    return render


def generic(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    details = ", ".join(f"{k}: {v}" for k, v in sorted((e.data or {}).items()) if k != "changes")
    text = _("%(actor)s: %(action)s.") % {"actor": ctx.actor(e), "action": e.action}
    if details:
        text = f"{text} {details}"
    return text, "", ""


def describe(entries: Iterable[AuditLog], tournament: Tournament) -> list[Line]:
    """The entries of one page as lines to show, in order."""
    page = list(entries)
    ctx = Context(tournament, page)
    lines = []
    for e in page:
        f = ctx.facts(e)
        render = SENTENCES.get(e.action, generic)
        try:
            text, url, link = render(e, f, ctx)
        except (KeyError, TypeError, ValueError):  # an entry of an older shape: say what it is, plainly
            text, url, link = generic(e, f, ctx)
        lines.append(Line(entry=e, text=text, url=url, link=link, changes=changes(e)))
    return lines


def kind_choices() -> list[tuple[str, str]]:
    return [(key, str(label)) for key, (label, _prefixes) in KINDS.items()]
