"""The audit log as sentences people read, in their language: who did what, where, with a link to it.

One sentence per action, in ``SENTENCES``; an action not listed gets a plain generic sentence. Entries
store what the service wrote (``tournament.audit``); this module only reads them. What an entry names
only by id (a score sheet, a penalty) is looked up in bulk for a page through the references that the app
owning the object registers (``register_reference``), so this module imports nothing above it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Q
from django.urls import NoReverseMatch, reverse
from django.utils.formats import localize
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules.text import N_  # marks _simple's sentences for the catalogue; translated when rendered
from tournament.models import AuditLog, Player, RoleKind, Session, Tournament, TournamentRole

# --- references: what an object id stands for ------------------------------------------------------


@dataclass
class Reference:
    describe: Callable[[list[str]], dict[str, dict]]  # ids -> {id: {"session": n, "table": t, ...}}
    find: Callable[..., list[str]] | None = None  # (tournament, session=, table=) -> ids, for the filters


REFERENCES: dict[str, Reference] = {}


def register_reference(object_type: str, describe, find=None) -> None:
    """Let the audit log say where an object of ``object_type`` (e.g. "scoring.Penalty") is."""
    REFERENCES[object_type] = Reference(describe, find)


def _sessions(ids):
    return {str(pk): {"session": n} for pk, n in Session.objects.filter(pk__in=ids).values_list("pk", "number")}


def _find_sessions(tournament, session=None, table=None):
    if session is None or table is not None:
        return []
    return [str(pk) for pk in tournament.sessions.filter(number=session).values_list("pk", flat=True)]


def _players(ids):
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
    "tournament": (gettext_lazy("Tournament settings"), ("tournament.",)),
}


def filter_entries(queryset, tournament: Tournament, *, session=None, table=None, user=None, kind=None):
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

    def __init__(self, tournament: Tournament, entries: list[AuditLog]):
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
        self.previous = self._previous_versions(entries)

    def facts(self, entry: AuditLog) -> dict:
        """The entry's data, completed with what its object tells (session, table, player)."""
        merged = dict(self.refs.get((entry.object_type, entry.object_id), {}))
        merged.update({k: v for k, v in (entry.data or {}).items() if v is not None})
        return merged

    def _previous_versions(self, entries):
        """For each correction, the entry of the version it replaced (one query for the page)."""
        wanted = [e for e in entries if e.action == "hand.correct" and isinstance(e.data.get("version"), int)]
        if not wanted:
            return {}
        q = Q()
        for e in wanted:
            q |= Q(
                data__session=e.data.get("session"),
                data__table=e.data.get("table"),
                data__hand=e.data.get("hand"),
                data__version=e.data["version"] - 1,
            )
        found = {}
        for old in AuditLog.objects.filter(q, tournament=self.tournament, action__in=["hand.record", "hand.correct"]):
            d = old.data
            found[(d.get("session"), d.get("table"), d.get("hand"), d.get("version"))] = d
        return {
            e.pk: found.get((e.data.get("session"), e.data.get("table"), e.data.get("hand"), e.data["version"] - 1))
            for e in wanted
        }

    def player(self, number) -> str:
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
            return _("The system")
        name = user.get_full_name() or user.get_username()
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


def _url(name, *args):
    try:
        return reverse(name, args=list(args))
    except NoReverseMatch:
        return ""


def _where(f) -> str:
    if f.get("session") is not None and f.get("table") is not None:
        return _("table %(table)s, session %(session)s") % {"table": f["table"], "session": f["session"]}
    return ""


def outcome_text(f: dict, ctx: Context) -> str:
    outcome = f.get("outcome")
    if outcome == "discard":
        return _("%(winner)s won %(points)s points off %(discarder)s") % {
            "winner": ctx.player(f.get("winner")),
            "points": f.get("points", 0),
            "discarder": ctx.player(f.get("discarder")),
        }
    if outcome == "self_drawn":
        return _("%(winner)s won %(points)s points, self-drawn") % {
            "winner": ctx.player(f.get("winner")),
            "points": f.get("points", 0),
        }
    if outcome == "draw":
        return _("a drawn hand")
    if outcome == "not_played":
        return _("not played")
    return str(outcome or "?")


def correction_text(now: dict, before: dict | None, ctx: Context) -> str:
    """ "8 → 24 points" when only the points changed, else both versions in full."""
    if before is None:
        return _("now %(now)s") % {"now": outcome_text(now, ctx)}
    same_hand = all(before.get(k) == now.get(k) for k in ("outcome", "winner", "discarder"))
    if same_hand and before.get("points") != now.get("points"):
        return _("%(before)s → %(after)s points") % {"before": before.get("points", 0), "after": now.get("points", 0)}
    return _("%(before)s → %(after)s") % {"before": outcome_text(before, ctx), "after": outcome_text(now, ctx)}


def penalty_text(f: dict) -> str:
    """What the penalty costs in all, and what each other player receives: the numbers people check."""
    amount = f.get("amount") or 0
    if f.get("to") == "each_other":
        return _("−%(total)s in all, %(amount)s to each other player") % {"total": 3 * amount, "amount": amount}
    return _("−%(amount)s, paid to nobody") % {"amount": amount}


def _role(value) -> str:
    try:
        return str(RoleKind(value).label).lower()
    except ValueError:
        return str(value)


def _numbers(values) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, (list, tuple)) else str(values)


def _hand(e, f, ctx):
    where = _where(f)
    args = {"actor": ctx.actor(e), "hand": f.get("hand", "?"), "where": where}
    if e.action == "hand.correct":
        args["what"] = correction_text(f, ctx.previous.get(e.pk), ctx)
        text = _("%(actor)s corrected hand %(hand)s of %(where)s: %(what)s.") % args
    else:
        args["what"] = outcome_text(f, ctx)
        text = _("%(actor)s entered hand %(hand)s of %(where)s: %(what)s.") % args
    return (
        text,
        _url("hand-history", ctx.tournament.slug, f.get("session"), f.get("table"), f.get("hand")),
        _("hand history"),
    )


def _sheet_link(f, ctx):
    return _url("sheet", ctx.tournament.slug, f.get("session"), f.get("table")), _("score sheet")


def _penalty_record(e, f, ctx):
    text = _("%(actor)s penalised %(player)s at %(where)s: %(cost)s. Reason: %(reason)s") % {
        "actor": ctx.actor(e),
        "player": ctx.player(f.get("player")),
        "where": _where(f) or "?",
        "cost": penalty_text(f),
        "reason": f.get("reason", ""),
    }
    return (text, *_sheet_link(f, ctx))


def _penalty_withdraw(e, f, ctx):
    if _where(f):
        text = _("%(actor)s withdrew the penalty of %(player)s at %(where)s. Reason: %(reason)s") % {
            "actor": ctx.actor(e),
            "player": ctx.player(f.get("player")),
            "where": _where(f),
            "reason": f.get("reason", ""),
        }
        return (text, *_sheet_link(f, ctx))
    return (
        _("%(actor)s withdrew a penalty. Reason: %(reason)s") % {"actor": ctx.actor(e), "reason": f.get("reason", "")},
        "",
        "",
    )


def _sheet(e, f, ctx):
    args = {
        "actor": ctx.actor(e),
        "where": _where(f) or "?",
        "reason": f.get("reason") or "—",
        "player": ctx.player(f.get("player")) if f.get("player") else "?",
    }
    if e.action in ("sheet.submit", "sheet.sign"):
        # "sheet.submit" is how entries before signatures existed were logged: the same step.
        text = _("%(actor)s signed the score sheet of %(where)s.") % args
    elif e.action == "sheet.confirm":
        text = _("%(player)s confirmed the score sheet of %(where)s (entered by %(actor)s).") % args
    elif e.action == "sheet.countersign":
        text = _("%(actor)s countersigned the score sheet of %(where)s.") % args
    else:
        text = _("%(actor)s reopened the score sheet of %(where)s. Reason: %(reason)s") % args
    if not _where(f):
        return text, "", ""
    return (text, *_sheet_link(f, ctx))


APPEAL_OUTCOMES = {"upheld": gettext_lazy("upheld"), "rejected": gettext_lazy("rejected")}
APPEAL_BODIES = {
    "referees": gettext_lazy("the referees"),
    "chief_referee": gettext_lazy("the chief referee"),
    "committee": gettext_lazy("the appeals committee"),
}


def _appeal(e, f, ctx):
    """Appeals (scoring.appeals): filed, decided, taken to the chief referee, and the sheet amended."""
    args = {
        "actor": ctx.actor(e),
        "n": f.get("appeal", "?"),
        "where": _where(f) or "?",
        "player": ctx.player(f.get("player")) if f.get("player") is not None else "?",
        "reason": f.get("reason") or f.get("reasons") or f.get("late_reason") or "—",
    }
    if e.action == "appeal.file" and f.get("loaded"):
        statuses = dict(apps.get_model("scoring", "Appeal").Status.choices)
        args["status"] = statuses.get(f.get("status"), f.get("status") or "?")
        text = (
            _(
                "%(actor)s imported appeal %(n)s about %(where)s, filed by %(player)s, from a tournament file, as "
                "it stood: %(status)s."
            )
            % args
        )
    elif e.action == "appeal.file":
        if f.get("via") == "link":
            text = _("%(player)s filed appeal %(n)s about %(where)s on their private link.") % args
        else:
            text = _("%(actor)s filed appeal %(n)s about %(where)s for %(player)s.") % args
        if f.get("as_captain"):
            members = ", ".join(str(ctx.player(n)) for n in f.get("for_players") or [])
            text += " " + _("Filed as team captain, for %(members)s.") % {"members": members or "?"}
        if f.get("late"):
            text += " " + _("Accepted late: %(reason)s") % args
    elif e.action == "appeal.decide":
        args.update(
            outcome=APPEAL_OUTCOMES.get(f.get("outcome"), f.get("outcome")),
            body=APPEAL_BODIES.get(f.get("body"), f.get("body")),
        )
        text = (
            _("%(actor)s, for %(body)s, decided appeal %(n)s about %(where)s: %(outcome)s. Reasons: %(reason)s") % args
        )
    elif e.action == "appeal.escalate":
        if f.get("via") == "link":
            text = _("%(player)s took appeal %(n)s to the chief referee. Reason: %(reason)s") % args
        else:
            text = _("%(actor)s took appeal %(n)s to the chief referee for %(player)s. Reason: %(reason)s") % args
    else:
        text = _("%(actor)s changed the score sheet of %(where)s as appeal %(n)s decided.") % args
    number = f.get("appeal")
    return text, _url("appeal-detail", ctx.tournament.slug, number) if number else "", _("appeal")


METHODS = {
    "round_robin": gettext_lazy("round robin"),
    "swiss": gettext_lazy("Swiss pairing"),
    "chart": gettext_lazy("a chart"),
    "random": gettext_lazy("random draw"),
    "manual": gettext_lazy("by hand"),
    "elimination": gettext_lazy("from the players who go on"),
}


def _session(e, f, ctx):
    n = f.get("session", "?")
    args = {"actor": ctx.actor(e), "n": n}
    if e.action == "session.seat":
        args["method"] = METHODS.get(f.get("method"), f.get("method") or _("by hand"))
        tables = f.get("tables")
        args["tables"] = len(tables) if isinstance(tables, list) else "?"
        if f.get("seed"):
            args["seed"] = f["seed"]
            text = _("%(actor)s seated session %(n)s at %(tables)s tables (%(method)s, seed %(seed)s).") % args
        else:
            text = _("%(actor)s seated session %(n)s at %(tables)s tables (%(method)s).") % args
    elif e.action == "session.publish":
        text = _("%(actor)s published the seating of session %(n)s.") % args
    elif e.action == "session.close":
        text = _("%(actor)s closed session %(n)s; its results are final.") % args
    else:
        args["reason"] = f.get("reason") or "—"
        text = _("%(actor)s reopened session %(n)s. Reason: %(reason)s") % args
        if f.get("seated_from_it"):
            text += " " + _("Sessions seated by Swiss from its results: %(s)s.") % {"s": _numbers(f["seated_from_it"])}
    return text, _url("session-detail", ctx.tournament.slug, n) if n != "?" else "", _("session")


def _eliminate(e, f, ctx):
    n = f.get("session", "?")
    args = {"actor": ctx.actor(e), "n": n}
    if e.action == "session.eliminate_undo":
        text = _("%(actor)s took back who plays on after session %(n)s; its eliminations are undone.") % args
    elif f.get("rule") == "final":
        text = _("%(actor)s ranked the final table of session %(n)s: the final ranking is complete.") % args
    else:
        args.update(kept=len(f.get("survivors") or ()), out=len(f.get("eliminated") or {}))
        text = (
            _(
                "%(actor)s decided who plays on after session %(n)s: %(kept)s players go on, %(out)s are out "
                "with their final rank."
            )
            % args
        )
    return text, _url("session-detail", ctx.tournament.slug, n) if n != "?" else "", _("session")


def _schedule(e, f, ctx):
    args = {"actor": ctx.actor(e), "s": _numbers(f.get("sessions", "?")), "seed": f.get("seed", "?")}
    if e.action == "schedule.generate":
        text = _("%(actor)s generated the round-robin schedule of sessions %(s)s (seed %(seed)s).") % args
    else:
        text = _("%(actor)s seated sessions %(s)s from a chart.") % args
    return text, _url("manage-seating", ctx.tournament.slug), _("seating")


def _player(e, f, ctx):
    number = f.get("number") or f.get("player")
    link = (_url("player-detail", ctx.tournament.slug, number), _("player page")) if number else ("", "")
    if e.action == "player.create":
        return (
            _("%(actor)s added player %(number)s, %(name)s.")
            % {"actor": ctx.actor(e), "number": number, "name": f.get("name", "")},
            *link,
        )
    return (_("%(actor)s changed player %(player)s.") % {"actor": ctx.actor(e), "player": ctx.player(number)}, *link)


def _simple(template, link_name=None, link_text=None):
    """A sentence from the entry's data alone; the link goes to an organizer page."""

    def render(e, f, ctx):
        args = {k: (_role(v) if k == "role" else v) for k, v in f.items()}
        args.update(actor=ctx.actor(e))
        try:
            text = _(template) % args
        except (KeyError, TypeError, ValueError):
            return generic(e, f, ctx)
        return text, _url(link_name, ctx.tournament.slug) if link_name else "", _(link_text) if link_text else ""

    return render


def _team_captain(e, f, ctx):
    """A team's captain named or removed (tournament.services.team_captain_set, or the captain left)."""
    args = {"actor": ctx.actor(e), "team": f.get("team", "?")}
    if f.get("captain") is not None:
        args["captain"] = ctx.player(f["captain"])
        text = _("%(actor)s made %(captain)s captain of team %(team)s.") % args
    elif f.get("reason") == "left_team":
        args["captain"] = ctx.player(f.get("before"))
        text = _("%(captain)s left team %(team)s and is its captain no more.") % args
    else:
        text = _("%(actor)s removed the captain of team %(team)s.") % args
    return text, _url("manage-teams", ctx.tournament.slug), _("teams")


def _players_counted(e, f, ctx):
    """Bulk changes to players, worded for their count ("1 player", "3 players"; Spanish has three forms)."""
    key = "players" if e.action == "tournament.import" else "count"
    try:
        count = int(f[key])
    except (KeyError, TypeError, ValueError):
        return generic(e, f, ctx)
    args = {"actor": ctx.actor(e), key: count}
    if e.action == "player.codes":
        text = (
            ngettext(
                "%(actor)s made a confirmation code for %(count)s player.",
                "%(actor)s made confirmation codes for %(count)s players.",
                count,
            )
            % args
        )
    elif e.action == "players.import":
        text = (
            ngettext(
                "%(actor)s imported %(count)s player from a file.",
                "%(actor)s imported %(count)s players from a file.",
                count,
            )
            % args
        )
    elif e.action == "players.import_update":
        text = (
            ngettext(
                "%(actor)s changed %(count)s player from a file.",
                "%(actor)s changed %(count)s players from a file.",
                count,
            )
            % args
        )
    else:
        text = (
            ngettext(
                "%(actor)s imported the tournament from a file (%(players)s player).",
                "%(actor)s imported the tournament from a file (%(players)s players).",
                count,
            )
            % args
        )
        return text, _url("manage-settings", ctx.tournament.slug), _("settings")
    return text, _url("manage-players", ctx.tournament.slug), _("players")


def _activate(e, f, ctx):
    return (
        _("%(user)s chose a password with the invitation link; the account is in use.") % {"user": f.get("user", "?")},
        _url("manage-accounts", ctx.tournament.slug),
        _("accounts"),
    )


def _time(value) -> str:
    """An ISO 8601 time from an entry as the reader's local date and time."""
    from django.utils import timezone
    from django.utils.dateparse import parse_datetime

    parsed = parse_datetime(value) if isinstance(value, str) else None
    return localize(timezone.localtime(parsed)) if parsed else str(value or "?")


def _clock(e, f, ctx):
    args = {
        "actor": ctx.actor(e),
        "session": f.get("session", "?"),
        "minutes": f.get("minutes", "?"),
        "start": _time(f.get("starts_at")),
        "end": _time(f.get("ends_at")),
    }
    if e.action == "session.clock_start":
        text = _("%(actor)s started the clock of session %(session)s: %(minutes)s minutes, until %(end)s.") % args
    elif e.action == "session.clock_schedule":
        text = (
            _("%(actor)s scheduled the clock of session %(session)s to start at %(start)s, for %(minutes)s minutes.")
            % args
        )
    else:
        args["end"] = _time(((f.get("changes") or {}).get("ends_at") or [None, None])[1])
        text = _("%(actor)s moved the end of session %(session)s by %(minutes)s minutes, to %(end)s.") % args
        if f.get("reason"):
            text += " " + _("Reason: %(reason)s") % {"reason": f["reason"]}
    return text, _url("manage-sessions", ctx.tournament.slug), _("sessions")


def _withdrawal(e, f, ctx):
    from tournament.models import WithdrawalReason

    args = {
        "actor": ctx.actor(e),
        "player": f.get("player", "?"),
        "name": f.get("name", ""),
        "session": f.get("session", "?"),
        "sub": f.get("substitute_name", "?"),
        "sub_number": f.get("substitute", "?"),
        "sessions": ", ".join(map(str, f.get("sessions") or [])) or "—",
    }
    if e.action == "player.withdraw":
        reason = f.get("reason")
        args["reason"] = WithdrawalReason(reason).label if reason in WithdrawalReason.values else reason
        text = _("%(actor)s withdrew player %(player)s, %(name)s, from session %(session)s on (%(reason)s).") % args
        if not f.get("keep_in_standings", True):
            text += " " + _("They leave the standings.")
    elif e.action == "player.substitute":
        text = (
            _(
                "%(actor)s named player %(sub_number)s, %(sub)s, substitute for player %(player)s, %(name)s, "
                "seated in sessions %(sessions)s."
            )
            % args
        )
    else:
        text = _("%(actor)s undid the withdrawal of player %(player)s, %(name)s.") % args
    return text, _url("manage-withdrawals", ctx.tournament.slug), _("withdrawals")


def _fill(e, f, ctx):
    numbers = [*(f.get("substitutes") or []), *(f.get("created") or [])]
    return (
        _("%(actor)s filled the field of session %(session)s with substitutes: players %(players)s.")
        % {"actor": ctx.actor(e), "session": f.get("session", "?"), "players": ", ".join(map(str, numbers))},
        _url("manage-seating", ctx.tournament.slug),
        _("seating"),
    )


def generic(e, f, ctx):
    details = ", ".join(f"{k}: {v}" for k, v in sorted((e.data or {}).items()) if k != "changes")
    text = _("%(actor)s: %(action)s.") % {"actor": ctx.actor(e), "action": e.action}
    if details:
        text = f"{text} {details}"
    return text, "", ""


SENTENCES = {
    "hand.record": _hand,
    "hand.correct": _hand,
    "penalty.record": _penalty_record,
    "penalty.withdraw": _penalty_withdraw,
    "sheet.submit": _sheet,
    "sheet.sign": _sheet,
    "sheet.confirm": _sheet,
    "sheet.countersign": _sheet,
    "sheet.reopen": _sheet,
    "hand.confirm": _simple(
        N_("%(actor)s confirmed hand %(hand)s of table %(table)s, session %(session)s."), None, None
    ),
    "player.codes": _players_counted,
    "player.code_reset": _simple(
        N_("%(actor)s gave player %(number)s a new confirmation code."), "manage-players", N_("players")
    ),
    "api_token.create": _simple(N_("%(actor)s created the API token %(name)s."), "manage-api-tokens", N_("API tokens")),
    "api_token.revoke": _simple(N_("%(actor)s revoked the API token %(name)s."), "manage-api-tokens", N_("API tokens")),
    "appeal.file": _appeal,
    "appeal.decide": _appeal,
    "appeal.escalate": _appeal,
    "appeal.amend": _appeal,
    "session.seat": _session,
    "session.clock_start": _clock,
    "session.clock_schedule": _clock,
    "session.clock_adjust": _clock,
    "player.withdraw": _withdrawal,
    "player.substitute": _withdrawal,
    "player.withdraw_undo": _withdrawal,
    "seating.fill": _fill,
    "session.publish": _session,
    "session.close": _session,
    "session.reopen": _session,
    "session.eliminate": _eliminate,
    "session.eliminate_undo": _eliminate,
    "schedule.generate": _schedule,
    "schedule.chart": _schedule,
    "player.create": _player,
    "player.update": _player,
    "players.import": _players_counted,
    "players.import_update": _players_counted,
    "team.captain": _team_captain,
    "team.create": _simple(N_("%(actor)s created the team %(name)s."), "manage-teams", N_("teams")),
    "role.grant": _simple(N_("%(actor)s made %(user)s %(role)s."), "manage-roles", N_("roles")),
    "role.revoke": _simple(N_("%(actor)s took the %(role)s role from %(user)s."), "manage-roles", N_("roles")),
    "tournament.create": _simple(N_("%(actor)s created the tournament %(name)s."), "manage-settings", N_("settings")),
    "tournament.update": _simple(N_("%(actor)s changed the tournament's settings."), "manage-settings", N_("settings")),
    "tournament.copy": _simple(
        N_("%(actor)s created this tournament as a copy of %(source_name)s."), "manage-settings", N_("settings")
    ),
    "tournament.import": _players_counted,
    "account.invite": _simple(
        N_("%(actor)s made an account for %(user)s as %(role)s, with an invitation link."),
        "manage-accounts",
        N_("accounts"),
    ),
    "account.renew": _simple(
        N_("%(actor)s made a new invitation link for %(user)s."), "manage-accounts", N_("accounts")
    ),
    "account.activate": _activate,
}


def _field_label(object_type: str, name: str) -> str:
    try:
        return str(apps.get_model(object_type)._meta.get_field(name).verbose_name)
    except (LookupError, ValueError, FieldDoesNotExist):
        return name


def _value(v) -> str:
    if v is None or v == "":
        return "—"
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    return localize(v) if isinstance(v, (int, float)) else str(v)


def changes(entry: AuditLog) -> list[tuple[str, str, str]]:
    """The fields an update changed, with old and new values when the entry carries them
    (data["changes"] = {field: [old, new]}), else just their names (data["fields"])."""
    data = entry.data or {}
    found = data.get("changes")
    if isinstance(found, dict):
        out = []
        for name, pair in found.items():
            if isinstance(pair, (list, tuple)) and len(pair) == 2:
                out.append((_field_label(entry.object_type, name), _value(pair[0]), _value(pair[1])))
            else:
                out.append((_field_label(entry.object_type, name), "", _value(pair)))
        return out
    if isinstance(data.get("fields"), list) and entry.action.endswith(".update"):
        return [(_field_label(entry.object_type, name), "", "") for name in data["fields"]]
    return []


def describe(entries: list[AuditLog], tournament: Tournament) -> list[Line]:
    """The entries of one page as lines to show, in order."""
    entries = list(entries)
    ctx = Context(tournament, entries)
    lines = []
    for e in entries:
        f = ctx.facts(e)
        render = SENTENCES.get(e.action, generic)
        try:
            text, url, link = render(e, f, ctx)
        except (KeyError, TypeError, ValueError):  # an entry of an older shape: say what it is, plainly
            text, url, link = generic(e, f, ctx)
        lines.append(Line(entry=e, text=text, url=url, link=link, changes=changes(e)))
    return lines


def kind_choices():
    return [(key, label) for key, (label, _prefixes) in KINDS.items()]
