"""The audit log's sentences for the schedule app's actions: seating, publishing, closing and reopening
sessions, who plays on, the session clock, withdrawals and substitutes. Registered when the app loads
(``ScheduleConfig.ready``); the mechanism is ``tournament.audit_text``."""

from __future__ import annotations

from django.utils.translation import gettext as _

from schedule.selectors import method_label
from tournament.audit_text import Context, local_time, numbers_text, page_url, register_sentences
from tournament.lifecycle import CheckInStatus
from tournament.models import AuditLog, TieDeciderMethod, WithdrawalReason


def _session_link(f: dict, ctx: Context) -> tuple[str, str]:
    n = f.get("session", "?")
    return page_url("session-detail", ctx.tournament.slug, n) if n != "?" else "", _("session")


def _session(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {"actor": ctx.actor(e), "n": f.get("session", "?")}
    if e.action == "session.seat":
        method = f.get("method") or ""
        args["method"] = method_label(method or "manual")
        tables = f.get("tables")
        args["tables"] = len(tables) if isinstance(tables, list) else "?"
        if f.get("seed"):
            args["seed"] = f["seed"]
            text = _("%(actor)s seated session %(n)s at %(tables)s tables (%(method)s, seed %(seed)s).") % args
        else:
            text = _("%(actor)s seated session %(n)s at %(tables)s tables (%(method)s).") % args
    elif e.action == "session.seating_restore":
        tables = f.get("tables")
        args["tables"] = len(tables) if isinstance(tables, list) else "?"
        text = (
            _(
                "%(actor)s put back an earlier seating of session %(n)s (%(tables)s tables); the seating it replaced "
                "is kept."
            )
            % args
        )
    elif e.action == "session.publish":
        text = _("%(actor)s published the seating of session %(n)s.") % args
    elif e.action == "session.close" and f.get("override_reason"):
        args.update(reason=f["override_reason"], what=" ".join(f.get("overridden") or []))
        text = _("%(actor)s closed session %(n)s despite: %(what)s Reason: %(reason)s") % args
    elif e.action == "session.close":
        text = _("%(actor)s closed session %(n)s; its results are final.") % args
    elif e.action == "session.changes_acknowledge":
        args["count"] = f.get("acknowledged", "?")
        text = _("%(actor)s acknowledged %(count)s changes to session %(n)s made after it was closed.") % args
    else:
        args["reason"] = f.get("reason") or "—"
        text = _("%(actor)s reopened session %(n)s. Reason: %(reason)s") % args
        if f.get("seated_from_it"):
            text += " " + _("Sessions seated by Swiss from its results: %(s)s.") % {
                "s": numbers_text(f["seated_from_it"])
            }
    return (text, *_session_link(f, ctx))


def _eliminate(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {"actor": ctx.actor(e), "n": f.get("session", "?")}
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
    return (text, *_session_link(f, ctx))


def _schedule(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {"actor": ctx.actor(e), "s": numbers_text(f.get("sessions", "?")), "seed": f.get("seed", "?")}
    if e.action == "schedule.generate":
        text = _("%(actor)s generated the round-robin schedule of sessions %(s)s (seed %(seed)s).") % args
    else:
        text = _("%(actor)s seated sessions %(s)s from a chart.") % args
    return text, page_url("manage-seating", ctx.tournament.slug), _("seating")


def _clock(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {
        "actor": ctx.actor(e),
        "session": f.get("session", "?"),
        "minutes": f.get("minutes", "?"),
        "start": local_time(f.get("starts_at")),
        "end": local_time(f.get("ends_at")),
    }
    if e.action == "session.clock_start":
        text = _("%(actor)s started the clock of session %(session)s: %(minutes)s minutes, until %(end)s.") % args
    elif e.action == "session.clock_schedule":
        text = (
            _("%(actor)s scheduled the clock of session %(session)s to start at %(start)s, for %(minutes)s minutes.")
            % args
        )
    elif e.action == "table.time_extend":
        args["table"] = f.get("table", "?")
        text = (
            _(
                "%(actor)s gave table %(table)s of session %(session)s %(minutes)s minutes after the bell: it plays until %(end)s."
            )
            % args
            if f.get("minutes")
            else _("%(actor)s took back the extra time of table %(table)s of session %(session)s.") % args
        )
        text += " " + _("Reason: %(reason)s") % {"reason": f.get("reason", "")}
        where = page_url("sheet", ctx.tournament.slug, f.get("session"), f.get("table"))
        return text, where, _("score sheet")
    else:
        args["end"] = local_time(((f.get("changes") or {}).get("ends_at") or [None, None])[1])
        text = _("%(actor)s moved the end of session %(session)s by %(minutes)s minutes, to %(end)s.") % args
        if f.get("reason"):
            text += " " + _("Reason: %(reason)s") % {"reason": f["reason"]}
    return text, page_url("manage-sessions", ctx.tournament.slug), _("sessions")


def _withdrawal(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
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
    return text, page_url("manage-withdrawals", ctx.tournament.slug), _("withdrawals")


def _return(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {
        "actor": ctx.actor(e),
        "player": f.get("player", "?"),
        "name": f.get("name", ""),
        "back": f.get("back_from") or "—",
        "sessions": numbers_text(f.get("seats_given_back") or []) or "—",
    }
    text = (
        _(
            "%(actor)s brought player %(player)s, %(name)s, back: plays from session %(back)s (seats given back in sessions %(sessions)s)."
        )
        % args
    )
    if f.get("lost_by_lateness"):
        text += " " + _("%(m)s minutes late: session %(n)s lost (MCR 3.11.2).") % {
            "m": f.get("minutes"),
            "n": f.get("missed"),
        }
    elif f.get("missed"):
        text += " " + _("The substitute finishes session %(n)s.") % {"n": f["missed"]}
    return text, page_url("manage-withdrawals", ctx.tournament.slug), _("withdrawals")


def _roll_call(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {"actor": ctx.actor(e), "n": f.get("session", "?")}
    texts = {
        "roll_call.open": _("%(actor)s opened the roll call of session %(n)s."),
        "roll_call.self": _("%(actor)s let players check themselves in for session %(n)s."),
        "roll_call.desk": _("%(actor)s stopped self check-in for session %(n)s."),
        "roll_call.close": _("%(actor)s put away the roll call of session %(n)s."),
    }
    if e.action == "roll_call.seat":
        args.update(absent=numbers_text(f.get("absent") or []) or "—", present=f.get("present", "?"))
        text = (
            _("%(actor)s seated session %(n)s from its roll call: %(present)s here; no-shows: players %(absent)s.")
            % args
        )
    elif e.action == "player.check_in":
        args.update(player=f.get("player", "?"), name=f.get("name", ""))
        status = f.get("status")
        args["status"] = CheckInStatus(status).label if status in CheckInStatus.values else status
        text = (
            _("Player %(player)s, %(name)s, checked in for session %(n)s on their phone.")
            if f.get("by_self")
            else _("%(actor)s marked player %(player)s, %(name)s, “%(status)s” for session %(n)s.")
        ) % args
    else:
        text = texts.get(e.action, "%(actor)s: " + e.action) % args
    n = f.get("session")
    return text, page_url("manage-roll-call", ctx.tournament.slug, n) if n else "", _("roll call")


def _timetable(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    changes = f.get("changes") or {}
    return (
        _("%(actor)s changed the timetable of sessions %(s)s.")
        % {"actor": ctx.actor(e), "s": ", ".join(sorted(changes, key=lambda k: int(k) if str(k).isdigit() else 0))},
        page_url("manage-timetable", ctx.tournament.slug),
        _("timetable"),
    )


def _decider(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {"actor": ctx.actor(e), "order": ", ".join(map(str, f.get("order") or []))}
    if e.action == "standings.tie_undecide":
        text = _("%(actor)s withdrew the decider between players %(order)s.") % args
    else:
        method = f.get("method")
        args["method"] = str(TieDeciderMethod(method).label) if method in TieDeciderMethod.values else str(method)
        text = _("%(actor)s recorded a decider (%(method)s) between tied players, best first: %(order)s.") % args
    return text, page_url("tie-deciders", ctx.tournament.slug), _("ties")


def _fill(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    numbers = [*(f.get("substitutes") or []), *(f.get("created") or [])]
    return (
        _("%(actor)s filled the field of session %(session)s with substitutes: players %(players)s.")
        % {"actor": ctx.actor(e), "session": f.get("session", "?"), "players": ", ".join(map(str, numbers))},
        page_url("manage-seating", ctx.tournament.slug),
        _("seating"),
    )


def register() -> None:
    register_sentences(
        {
            "session.seat": _session,
            "session.publish": _session,
            "session.seating_restore": _session,
            "session.close": _session,
            "session.reopen": _session,
            "session.changes_acknowledge": _session,
            "session.eliminate": _eliminate,
            "session.eliminate_undo": _eliminate,
            "schedule.generate": _schedule,
            "schedule.chart": _schedule,
            "session.clock_start": _clock,
            "session.clock_schedule": _clock,
            "session.clock_adjust": _clock,
            "table.time_extend": _clock,
            "player.withdraw": _withdrawal,
            "player.substitute": _withdrawal,
            "player.withdraw_undo": _withdrawal,
            "seating.fill": _fill,
            "player.return": _return,
            "roll_call.open": _roll_call,
            "roll_call.self": _roll_call,
            "roll_call.desk": _roll_call,
            "roll_call.close": _roll_call,
            "roll_call.seat": _roll_call,
            "player.check_in": _roll_call,
            "session.timetable": _timetable,
            "standings.tie_decide": _decider,
            "standings.tie_undecide": _decider,
        }
    )
