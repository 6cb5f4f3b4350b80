"""An appeal and its decisions as PDF (MCR 3.12.3: the appeal is in writing), to print, sign and file: the
table and hand concerned, who filed it and how it was signed, the statement, the fee, each decision with
who took it, when and why, and the changes the appeal made to the sheet."""

from __future__ import annotations

import io
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from exports.datasets import local_time
from exports.renderers import document
from exports.typography import document_fonts, paragraph, styles_for
from scoring.models import Appeal


def _facts(appeal: Appeal) -> list[tuple[str, str]]:
    """(label, value) of where the appeal is about, who filed it, when, its status and fee."""
    table = appeal.sheet.table
    where = _("Session %(n)s, table %(t)s") % {"n": table.session.number, "t": table.number}
    if appeal.hand_number:
        where += " · " + _("hand %(h)s") % {"h": appeal.hand_number}
    facts = [
        (_("Session, table"), where),
        (_("Kind"), str(appeal.get_kind_display())),
        (
            _("Filed by"),
            f"{appeal.filer.number}. {appeal.filer.name}, {appeal.get_via_display()}"
            + (f" ({appeal.filed_by_name})" if appeal.filed_by_name else ""),
        ),
        (_("Filed at"), local_time(appeal.filed_at)),
        (_("Status"), str(appeal.get_status_display())),
        (_("Fee"), f"{appeal.fee_amount} {appeal.fee_currency} · {appeal.get_fee_status_display()}"),
    ]
    if appeal.penalty is not None:
        facts.insert(1, (_("Penalty"), f"{appeal.penalty.player.name}: {appeal.penalty.description}"))
    if appeal.late_reason:
        facts.append((_("Accepted late"), appeal.late_reason))
    return facts


def _decisions(appeal: Appeal) -> list[tuple[str, str, str]]:
    """(what was decided, who and when, why) of each decision, and of taking the appeal to the chief referee."""
    decisions = [
        (
            f"{d.get_body_display()}: {d.get_outcome_display()}",
            f"{d.decided_by_name} · {local_time(d.decided_at)}",
            d.reasons,
        )
        for d in appeal.decisions.all()
    ]
    if appeal.escalated_at:
        decisions.insert(
            1, (_("Taken to the chief referee"), local_time(appeal.escalated_at), appeal.escalation_reason)
        )
    return decisions


def _amendments(appeal: Appeal) -> list[str]:
    """The changes the appeal made to the sheet: a hand's new version, or a penalty."""
    amendments = []
    for a in appeal.amendments.select_related("hand_version__hand", "hand_version__winner", "penalty__player"):
        if a.hand_version is not None:
            v = a.hand_version
            text = _("hand %(n)s, version %(v)s") % {"n": v.hand.number, "v": v.version}
            text += (
                f": {v.get_outcome_display()}"
                + (f", {v.winner.name}" if v.winner is not None else "")
                + (f", {v.points}" if v.points else "")
            )
        elif a.penalty is not None:
            text = f"{a.penalty.player.name}: {a.penalty.description}"
        else:
            continue
        amendments.append(f"{a.get_kind_display()}: {text}")
    return amendments


def appeal_pdf(appeal: Appeal) -> bytes:
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Spacer

    tournament = appeal.tournament
    title = _("Appeal %(n)s") % {"n": appeal.number}
    facts, decisions, amendments = _facts(appeal), _decisions(appeal), _amendments(appeal)
    font, bold = document_fonts(
        [
            tournament.name,
            title,
            appeal.statement,
            *(v for f in facts for v in f),
            *(v for d in decisions for v in d),
            *amendments,
        ]
    )
    styles = styles_for(font, bold)
    normal = styles["normal"]
    head = ParagraphStyle("x-head", parent=normal, fontName=bold, spaceBefore=4)
    story: list[Any] = [
        paragraph(title, styles["title"]),
        paragraph("{} · {} {}".format(tournament.name, _("printed"), local_time(timezone.now())), styles["subtitle"]),
    ]
    story += [paragraph(f"{label}: {value}", normal) for label, value in facts]
    story += [Spacer(1, 8), paragraph(_("Written statement"), head)]
    story += [paragraph(line, normal) for line in appeal.statement.splitlines() or [""]]
    story += [Spacer(1, 8), paragraph(_("Decisions"), head)]
    if not decisions:
        story.append(paragraph(_("No decision yet."), normal))
    for title_, who, why in decisions:
        story += [paragraph(f"{title_} · {who}", head), paragraph(why, normal)]
    if amendments:
        story += [Spacer(1, 8), paragraph(_("Changes to the sheet"), head)]
        story += [paragraph(text, normal) for text in amendments]
    signatures = _("Signature of the filer: ______________________    Signature of the decider: ______________________")
    story += [Spacer(1, 24), paragraph(signatures, normal)]
    buffer = io.BytesIO()
    document(buffer, tournament, title).build(story)
    return buffer.getvalue()
