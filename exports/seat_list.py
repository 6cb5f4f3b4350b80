"""The seat list of a session as PDF: everyone by name with table and starting wind, in letters large
enough to read on a wall, the header repeated on every page."""

import io

from django.utils import timezone
from django.utils.translation import gettext as _

from exports.datasets import local_time
from exports.renderers import document
from exports.typography import document_fonts, paragraph, styles_for, table
from schedule.selectors import seat_list
from tournament.models import Session, Tournament

FONT_SIZE = 13


def seat_list_pdf(tournament: Tournament, session: Session, tables: set[int] | None = None) -> bytes:
    """``tables``: only the players at these tables (printed again after their seats changed)."""
    from reportlab.lib import colors

    rows = seat_list(session)
    title = _("Session %(n)s: where everyone sits") % {"n": session.number}
    if tables:
        rows = [r for r in rows if r["table"] in tables]
        title = _("Session %(n)s: where everyone sits, tables %(t)s") % {
            "n": session.number,
            "t": ", ".join(map(str, sorted(tables))),
        }
    header = [_("Name"), _("No."), _("Table"), _("Starting wind")]
    body = [[r["player"].name, str(r["player"].number), str(r["table"]), str(r["wind"])] for r in rows]
    font, bold = document_fonts([tournament.name, title, *header, *(cell for row in body for cell in row)])
    styles = styles_for(font, bold)
    buffer = io.BytesIO()
    doc = document(buffer, tournament, title)
    story = [
        paragraph(title, styles["title"]),
        paragraph("{} · {} {}".format(tournament.name, _("printed"), local_time(timezone.now())), styles["subtitle"]),
    ]
    if not body:
        story.append(paragraph(_("This session has not been seated yet."), styles["normal"]))
    else:
        widths = [doc.width * f for f in (0.52, 0.12, 0.14, 0.22)]
        commands = [
            ("FONT", (0, 0), (-1, -1), font, FONT_SIZE),
            ("FONT", (0, 0), (-1, 0), bold, FONT_SIZE),
            ("FONT", (2, 1), (2, -1), bold, FONT_SIZE + 2),  # the table number is what people look for
            ("ALIGN", (1, 0), (2, -1), "RIGHT"),
            ("LINEBELOW", (0, 0), (-1, 0), 1, colors.black),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f0f0f0")]),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        story.append(table([header, *body], commands, colWidths=widths, repeatRows=1))
    doc.build(story)
    return buffer.getvalue()
