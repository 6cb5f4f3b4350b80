"""The EMA observer's report (issue 32; docs/series.md, "The observer's report"): what the observer at a MERS
tournament reports to the ranking body, gathered from the tournament's records. ``observer_report`` gives it as
data (the JSON file), ``observer_report_pdf`` as a PDF to sign: the tournament's name, place, dates and rules,
its MERS weight with the parts, the sessions with their start times and lengths, the referees and the chief
referee, the number of players and countries, every penalty given with what it cost (the list adds up to the
total printed under it) and every appeal with its decisions."""

from __future__ import annotations

import io
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from exports.datasets import local_time
from exports.renderers import document
from exports.typography import document_fonts, paragraph, styles_for, table
from rules import payments as pay
from scoring.models import Appeal, Penalty
from standings.weight import tournament_weight, weight_json
from tournament.models import Tournament, TournamentRole


def _person(user: Any) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else ""


def points_lost(penalty: Penalty) -> int:
    """What the penalty cost its player in all: paid to each other player, three times its amount."""
    return penalty.amount * 3 if penalty.to == pay.TO_EACH_OTHER else penalty.amount


def _sessions(tournament: Tournament) -> list[dict[str, Any]]:
    out = []
    for s in tournament.sessions.order_by("number"):
        start = s.start_time
        minutes = (
            round((s.ends_at - s.starts_at).total_seconds() / 60)
            if s.starts_at and s.ends_at
            else tournament.session_minutes
        )
        out.append({"number": s.number, "starts_at": start.isoformat() if start else None, "minutes": minutes})
    return out


def _penalties(tournament: Tournament) -> list[dict[str, Any]]:
    given = (
        Penalty.objects.filter(sheet__table__session__tournament=tournament, withdrawn_at__isnull=True)
        .select_related("player", "recipient", "sheet__table__session")
        .order_by("sheet__table__session__number", "sheet__table__number", "created_at", "id")
    )
    return [
        {
            "session": p.sheet.table.session.number,
            "table": p.sheet.table.number,
            "hand": p.hand_number,
            "player": p.player.number,
            "name": p.player.name,
            "foul": p.foul,
            "description": p.description,
            "paid_to": p.paid_to_label,
            "points_lost": points_lost(p),
        }
        for p in given
    ]


def _appeals(tournament: Tournament) -> list[dict[str, Any]]:
    out = []
    for a in (
        Appeal.objects.filter(tournament=tournament)
        .select_related("sheet__table__session", "filer")
        .prefetch_related("decisions")
        .order_by("number")
    ):
        out.append(
            {
                "number": a.number,
                "session": a.sheet.table.session.number,
                "table": a.sheet.table.number,
                "filer": a.filer.name,
                "kind": str(a.get_kind_display()),
                "status": str(a.get_status_display()),
                "decisions": [
                    {
                        "body": str(d.get_body_display()),
                        "outcome": str(d.get_outcome_display()),
                        "by": d.decided_by_name,
                        "reasons": d.reasons,
                    }
                    for d in a.decisions.all()
                ],
            }
        )
    return out


def observer_report(tournament: Tournament) -> dict[str, Any]:
    """The report as data; ``penalties_total`` is the sum of the ``points_lost`` listed."""
    roles = TournamentRole.objects.filter(tournament=tournament).select_related("user").order_by("user__username")
    weight = tournament_weight(tournament)
    penalties = _penalties(tournament)
    return {
        "tournament": tournament.name,
        "place": ", ".join(x for x in (tournament.venue, tournament.city, tournament.country) if x),
        "start_date": tournament.start_date.isoformat() if tournament.start_date else None,
        "end_date": tournament.end_date.isoformat() if tournament.end_date else None,
        "rules": str(tournament.get_rules_display()),
        "mers_weight": weight_json(weight),
        "sessions": _sessions(tournament),
        "chief_referees": [_person(r.user) for r in roles if r.role == TournamentRole.Role.CHIEF_REFEREE],
        "referees": [_person(r.user) for r in roles if r.role == TournamentRole.Role.REFEREE],
        "players": weight.parts.players,
        "countries": weight.parts.countries,
        "penalties": penalties,
        "penalties_total": sum(p["points_lost"] for p in penalties),
        "appeals": _appeals(tournament),
    }


def _facts(report: dict[str, Any]) -> list[tuple[str, str]]:
    w = report["mers_weight"]
    parts = w["parts"]
    dates = " – ".join(d for d in (report["start_date"], report["end_date"]) if d)
    return [
        (pgettext("where the tournament is held", "Place"), report["place"]),
        (_("Dates"), dates),
        (_("Rules"), report["rules"]),
        (
            _("MERS weight"),
            _("%(total)s = duration %(d)s + players %(p)s + countries %(c)s + qualification %(q)s")
            % {
                "total": w["total"],
                "d": parts["duration"],
                "p": parts["players"],
                "c": parts["countries"],
                "q": parts["qualification"],
            },
        ),
        (_("Players"), str(report["players"])),
        (_("Countries"), str(report["countries"])),
        (_("Chief referee"), ", ".join(report["chief_referees"]) or "—"),
        (_("Referees"), ", ".join(report["referees"]) or "—"),
    ]


def _session_rows(report: dict[str, Any]) -> list[list[str]]:
    rows = [[_("Session"), _("Starts"), _("Minutes")]]
    for s in report["sessions"]:
        start = local_time(datetime.fromisoformat(s["starts_at"])) if s["starts_at"] else "—"
        rows.append([str(s["number"]), start, str(s["minutes"])])
    return rows


def _penalty_rows(report: dict[str, Any]) -> list[list[str]]:
    rows = [[_("Session"), _("Table"), _("Hand"), _("Player"), _("Foul"), _("Points lost")]]
    for p in report["penalties"]:
        who = f"{p['player']}. {p['name']}"
        rows.append(
            [str(p["session"]), str(p["table"]), str(p["hand"] or ""), who, p["description"], str(p["points_lost"])]
        )
    rows.append(["", "", "", "", _("Total"), str(report["penalties_total"])])
    return rows


def observer_report_pdf(tournament: Tournament) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Spacer

    report = observer_report(tournament)
    title = _("Observer's report")
    facts, sessions, penalties = _facts(report), _session_rows(report), _penalty_rows(report)
    appeal_lines = [
        _("Appeal %(n)s, session %(s)s, table %(t)s, filed by %(who)s (%(kind)s): %(status)s")
        % {
            "n": a["number"],
            "s": a["session"],
            "t": a["table"],
            "who": a["filer"],
            "kind": a["kind"],
            "status": a["status"],
        }
        + "".join(f" · {d['body']}: {d['outcome']} ({d['by']}): {d['reasons']}" for d in a["decisions"])
        for a in report["appeals"]
    ]
    font, bold = document_fonts(
        [tournament.name, title, *(v for f in facts for v in f), *(c for r in penalties for c in r), *appeal_lines]
    )
    styles = styles_for(font, bold)
    normal = styles["normal"]
    head = ParagraphStyle("x-head", parent=normal, fontName=bold, spaceBefore=4)
    grid = [("GRID", (0, 0), (-1, -1), 0.3, colors.grey), ("FONTSIZE", (0, 0), (-1, -1), 8)]
    story: list[Any] = [
        paragraph(title, styles["title"]),
        paragraph("{} · {} {}".format(tournament.name, _("printed"), local_time(timezone.now())), styles["subtitle"]),
    ]
    story += [paragraph(f"{label}: {value}", normal) for label, value in facts]
    story += [Spacer(1, 8), paragraph(_("Sessions"), head), table(sessions, grid, repeatRows=1)]
    story += [Spacer(1, 8), paragraph(_("Penalties given"), head), table(penalties, grid, repeatRows=1)]
    story += [Spacer(1, 8), paragraph(_("Appeals"), head)]
    story += [paragraph(line, normal) for line in appeal_lines] or [paragraph(_("No appeals."), normal)]
    story += [Spacer(1, 24), paragraph(_("Signature of the EMA observer: ______________________"), normal)]
    buffer = io.BytesIO()
    document(buffer, tournament, title).build(story)
    return buffer.getvalue()
