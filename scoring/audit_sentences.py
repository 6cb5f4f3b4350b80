"""The audit log's sentences for the scoring app's actions: hands, penalties, score sheets and appeals.
Registered when the app loads (``ScoringConfig.ready``); the mechanism is ``tournament.audit_text``."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.text import N_  # marks the simple sentences for the catalogue; translated when rendered
from scoring.models import Appeal
from tournament.audit_text import Context, page_url, register_sentences, simple, where_text
from tournament.models import AuditLog, Tournament


def previous_versions(tournament: Tournament, entries: list[AuditLog]) -> dict[int, dict | None]:
    """For each correction on the page, the entry of the version it replaced (one query for the page)."""
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
    for old in AuditLog.objects.filter(q, tournament=tournament, action__in=["hand.record", "hand.correct"]):
        d = old.data
        found[(d.get("session"), d.get("table"), d.get("hand"), d.get("version"))] = d
    return {
        e.pk: found.get((e.data.get("session"), e.data.get("table"), e.data.get("hand"), e.data["version"] - 1))
        for e in wanted
    }


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


def _hand(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    where = where_text(f)
    args = {"actor": ctx.actor(e), "hand": f.get("hand", "?"), "where": where}
    if e.action == "hand.correct":
        args["what"] = correction_text(f, ctx.lookups["previous_versions"].get(e.pk), ctx)
        text = _("%(actor)s corrected hand %(hand)s of %(where)s: %(what)s.") % args
    else:
        args["what"] = outcome_text(f, ctx)
        text = _("%(actor)s entered hand %(hand)s of %(where)s: %(what)s.") % args
    return (
        text,
        page_url("hand-history", ctx.tournament.slug, f.get("session"), f.get("table"), f.get("hand")),
        _("hand history"),
    )


def _sheet_link(f: dict, ctx: Context) -> tuple[str, str]:
    return page_url("sheet", ctx.tournament.slug, f.get("session"), f.get("table")), _("score sheet")


def _penalty_record(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    text = _("%(actor)s penalised %(player)s at %(where)s: %(cost)s. Reason: %(reason)s") % {
        "actor": ctx.actor(e),
        "player": ctx.player(f.get("player")),
        "where": where_text(f) or "?",
        "cost": penalty_text(f),
        "reason": f.get("reason", ""),
    }
    return (text, *_sheet_link(f, ctx))


def _penalty_withdraw(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    if where_text(f):
        text = _("%(actor)s withdrew the penalty of %(player)s at %(where)s. Reason: %(reason)s") % {
            "actor": ctx.actor(e),
            "player": ctx.player(f.get("player")),
            "where": where_text(f),
            "reason": f.get("reason", ""),
        }
        return (text, *_sheet_link(f, ctx))
    return (
        _("%(actor)s withdrew a penalty. Reason: %(reason)s") % {"actor": ctx.actor(e), "reason": f.get("reason", "")},
        "",
        "",
    )


def _sheet(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    args = {
        "actor": ctx.actor(e),
        "where": where_text(f) or "?",
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
    elif e.action == "sheet.confirm_code_refused":
        args["failures"] = f.get("failures", "?")
        args["minutes"] = f.get("minutes", "?")
        text = (
            _(
                "%(failures)s wrong codes for %(player)s typed on the device of %(actor)s (score sheet of "
                "%(where)s): their code is refused there for %(minutes)s minutes."
            )
            % args
        )
    elif e.action == "sheet.reopen_request":
        text = _("%(actor)s asked the chief referee to reopen the score sheet of %(where)s. Reason: %(reason)s") % args
    elif e.action == "sheet.reopen_decline":
        text = _("%(actor)s declined to reopen the score sheet of %(where)s. Answer: %(reason)s") % args
    else:
        text = _("%(actor)s reopened the score sheet of %(where)s. Reason: %(reason)s") % args
    if not where_text(f):
        return text, "", ""
    return (text, *_sheet_link(f, ctx))


APPEAL_OUTCOMES = {"upheld": gettext_lazy("upheld"), "rejected": gettext_lazy("rejected")}
APPEAL_BODIES = {
    "referees": gettext_lazy("the referees"),
    "chief_referee": gettext_lazy("the chief referee"),
    "committee": gettext_lazy("the appeals committee"),
}


def _appeal_filed(e: AuditLog, f: dict, ctx: Context, args: dict) -> str:
    if f.get("loaded"):
        statuses = dict(Appeal.Status.choices)
        args["status"] = statuses.get(str(f.get("status")), f.get("status") or "?")
        return (
            _(
                "%(actor)s imported appeal %(n)s about %(where)s, filed by %(player)s, from a tournament file, as "
                "it stood: %(status)s."
            )
            % args
        )
    if f.get("via") == "link":
        text = _("%(player)s filed appeal %(n)s about %(where)s on their private link.") % args
    else:
        text = _("%(actor)s filed appeal %(n)s about %(where)s for %(player)s.") % args
    if f.get("as_captain"):
        members = ", ".join(str(ctx.player(n)) for n in f.get("for_players") or [])
        text += " " + _("Filed as team captain, for %(members)s.") % {"members": members or "?"}
    if f.get("late"):
        text += " " + _("Accepted late: %(reason)s") % args
    return text


def _appeal(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    """Appeals (scoring.services.appeals): filed, decided, taken to the chief referee, and the sheet amended."""
    args = {
        "actor": ctx.actor(e),
        "n": f.get("appeal", "?"),
        "where": where_text(f) or "?",
        "player": ctx.player(f.get("player")) if f.get("player") is not None else "?",
        "reason": f.get("reason") or f.get("reasons") or f.get("late_reason") or "—",
    }
    if e.action == "appeal.file":
        text = _appeal_filed(e, f, ctx, args)
    elif e.action == "appeal.decide":
        args.update(
            outcome=APPEAL_OUTCOMES.get(str(f.get("outcome")), f.get("outcome")),
            body=APPEAL_BODIES.get(str(f.get("body")), f.get("body")),
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
    return text, page_url("appeal-detail", ctx.tournament.slug, number) if number else "", _("appeal")


def _correction(e: AuditLog, f: dict, ctx: Context) -> tuple[str, str, str]:
    """The chief referee's or an organizer's corrections after hands (``scoring.services.corrections``)."""
    args = {"actor": ctx.actor(e), "where": where_text(f) or "?", "reason": f.get("reason") or "—"}
    if e.action == "sheet.seats_swap":
        a, b = [*(f.get("players") or []), None, None][:2]
        args.update(a=ctx.player(a), b=ctx.player(b), hands=len(f.get("hands") or []))
        text = (
            _(
                "%(actor)s swapped the seats of %(a)s and %(b)s on the score sheet of %(where)s (%(hands)s hands "
                "corrected, who won and who paid unchanged). Reason: %(reason)s"
            )
            % args
        )
    else:
        args.update(source=f.get("from_table", "?"), hands=len(f.get("hands") or []))
        text = (
            _(
                "%(actor)s moved %(hands)s hands and the fouls entered on table %(source)s's sheet to the score "
                "sheet of %(where)s. Reason: %(reason)s"
            )
            % args
        )
    return (text, *_sheet_link(f, ctx))


def register() -> None:
    register_sentences(
        {
            "hand.record": _hand,
            "hand.correct": _hand,
            "hand.confirm": simple(
                N_("%(actor)s confirmed hand %(hand)s of table %(table)s, session %(session)s."), None, None
            ),
            "penalty.record": _penalty_record,
            "penalty.withdraw": _penalty_withdraw,
            "sheet.submit": _sheet,
            "sheet.sign": _sheet,
            "sheet.confirm": _sheet,
            "sheet.countersign": _sheet,
            "sheet.confirm_code_refused": _sheet,
            "sheet.reopen": _sheet,
            "sheet.reopen_request": _sheet,
            "sheet.reopen_decline": _sheet,
            "sheet.seats_swap": _correction,
            "sheet.hands_move": _correction,
            "appeal.file": _appeal,
            "appeal.decide": _appeal,
            "appeal.escalate": _appeal,
            "appeal.amend": _appeal,
        },
        lookups={"previous_versions": previous_versions},
    )
