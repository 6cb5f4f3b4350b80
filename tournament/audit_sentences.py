"""The audit log's sentences for the tournament app's own actions: players, teams, roles and the
tournament's settings. Registered when the app loads (``TournamentConfig.ready``); the mechanism is
``tournament.audit_text``."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.text import N_  # marks the simple sentences for the catalogue; translated when rendered
from tournament.audit_text import Context, generic, page_url, register_sentences, simple
from tournament.models import AuditLog


def _player(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    number = f.get("number") or f.get("player")
    link = (page_url("player-detail", ctx.tournament.slug, number), _("player page")) if number else ("", "")
    if e.action == "player.create":
        return (
            _("%(actor)s added player %(number)s, %(name)s.")
            % {"actor": ctx.actor(e), "number": number, "name": f.get("name", "")},
            *link,
        )
    return (_("%(actor)s changed player %(player)s.") % {"actor": ctx.actor(e), "player": ctx.player(number)}, *link)


def _team_captain(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
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
    return text, page_url("manage-teams", ctx.tournament.slug), _("teams")


def _team_merge(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    """A team merged into another (tournament.teams.team_merge), with the players it moved."""
    numbers = f.get("players") or []
    args = {
        "actor": ctx.actor(e),
        "team": f.get("team", "?"),
        "into": f.get("into", "?"),
        "players": ", ".join(ctx.player(n) for n in numbers),
    }
    if numbers:
        text = (
            ngettext(
                "%(actor)s merged team %(team)s into %(into)s, moving %(players)s.",
                "%(actor)s merged team %(team)s into %(into)s, moving %(players)s.",
                len(numbers),
            )
            % args
        )
    else:
        text = _("%(actor)s merged the empty team %(team)s into %(into)s.") % args
    return text, page_url("manage-teams", ctx.tournament.slug), _("teams")


def _players_counted(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    """Bulk changes to players, worded for their count ("1 player", "3 players"; Spanish has three forms)."""
    try:
        count = int(f["count"])
    except (KeyError, TypeError, ValueError):
        return generic(e, f, ctx)
    args = {"actor": ctx.actor(e), "count": count}
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
    else:
        text = (
            ngettext(
                "%(actor)s changed %(count)s player from a file.",
                "%(actor)s changed %(count)s players from a file.",
                count,
            )
            % args
        )
    return text, page_url("manage-players", ctx.tournament.slug), _("players")


def _call(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    """A call for a referee made or closed (tournament.floor): by a player of the table or by a referee."""
    args = {"table": f.get("table", "?"), "session": f.get("session", "?"), "actor": ctx.actor(e)}
    if f.get("player") is not None:
        args["player"] = ctx.player(f["player"])
        if e.action == "call.make":
            text = _("%(player)s called a referee to table %(table)s of session %(session)s.") % args
        else:
            text = _("%(player)s closed the call of table %(table)s, session %(session)s.") % args
    elif e.action == "call.make":
        text = _("%(actor)s called a referee to table %(table)s of session %(session)s.") % args
    else:
        text = _("%(actor)s closed the call of table %(table)s, session %(session)s.") % args
    return text, page_url("work-queue", ctx.tournament.slug), _("To do")


def register() -> None:
    register_sentences(
        {
            "player.create": _player,
            "player.update": _player,
            "player.codes": _players_counted,
            "player.code_reset": simple(
                N_("%(actor)s gave player %(number)s a new confirmation code."), "manage-players", N_("players")
            ),
            "players.import": _players_counted,
            "players.import_update": _players_counted,
            "team.captain": _team_captain,
            "team.create": simple(N_("%(actor)s created the team %(name)s."), "manage-teams", N_("teams")),
            "team.rename": simple(N_("%(actor)s renamed team %(before)s to %(team)s."), "manage-teams", N_("teams")),
            "team.merge": _team_merge,
            "team.delete": simple(N_("%(actor)s removed the empty team %(name)s."), "manage-teams", N_("teams")),
            "role.grant": simple(N_("%(actor)s made %(user)s %(role)s."), "manage-roles", N_("roles")),
            "role.revoke": simple(N_("%(actor)s took the %(role)s role from %(user)s."), "manage-roles", N_("roles")),
            "tournament.create": simple(
                N_("%(actor)s created the tournament %(name)s."), "manage-settings", N_("settings")
            ),
            "tournament.update": simple(
                N_("%(actor)s changed the tournament's settings."), "manage-settings", N_("settings")
            ),
            "announcement.post": simple(
                N_("%(actor)s announced: “%(text)s”"), "manage-announcements", N_("announcements")
            ),
            "announcement.withdraw": simple(
                N_("%(actor)s withdrew the announcement “%(text)s”"), "manage-announcements", N_("announcements")
            ),
            "call.make": _call,
            "call.take": simple(
                N_("%(actor)s took the call of table %(table)s, session %(session)s."), "work-queue", N_("To do")
            ),
            "call.close": _call,
            "mail.subscribe": simple(
                N_("Player %(player)s agreed to be e-mailed their seats and sheets to confirm."),
                "manage-players",
                N_("players"),
            ),
            "mail.stop": simple(N_("Player %(player)s stopped their e-mails."), "manage-players", N_("players")),
            "tournament.copy": simple(
                N_("%(actor)s created this tournament as a copy of %(source_name)s."), "manage-settings", N_("settings")
            ),
        }
    )
