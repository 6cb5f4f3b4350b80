"""The score sheets (MCR appendix 5) as PDF: one A4 page per table, blank or with the results.

The sheet's content comes from ``scoring.results.sheets_data``, the same rows the score-sheet page shows.
"""

import io

from django.utils import timezone
from django.utils.translation import gettext as _

from exports.datasets import foul_nature, foul_paid_to, foul_remarks, team_name, wind_name
from exports.renderers import BOLD, FONT, document, fonts, paragraph, styles_for
from rules.table_points import format_table_points
from scoring.results import sheets_data
from tournament.models import WIND_NAMES

# Beside the number of a hand entered after the session's bell (the referee said it ended before it), as
# the web sheet's "after the bell" badge; explained under the table.
AFTER_BELL_MARK = "*"


def _after_bell(hand):
    return hand.version is not None and hand.version.after_bell


def _signed(value):
    return f"+{value}" if value > 0 else str(value)


def _when(moment):
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def _confirmed(data, player, style):
    """A player's confirmation in their signature box: when, and on which device."""
    signature = data.confirmation_of(player) if player else None
    if signature is None:
        return ""
    # Two short lines: the box is a quarter of the page wide.
    return [
        paragraph(_("Confirmed %(time)s") % {"time": timezone.localtime(signature.signed_at).strftime("%H:%M")}, style),
        paragraph(signature.get_method_display(), style),
    ]


def _signed_by(signature, style):
    if signature is None:
        return ""
    return paragraph(
        _("Signed by %(who)s, %(when)s")
        % {"who": signature.signer or _("(not named)"), "when": _when(signature.signed_at)},
        style,
    )


def _sheet_story(tournament, data, styles, font=FONT, bold=BOLD, blank=False):
    from reportlab.lib import colors
    from reportlab.platypus import Spacer, Table, TableStyle

    cell = styles["cell"]
    story = [
        paragraph(_("Score sheet for a game session"), styles["title"]),
        paragraph(tournament.name, styles["subtitle"]),
    ]
    line = "_" * 12
    info = Table(
        [
            [
                _("Game (session): %(n)s") % {"n": data.session},
                _("Group: %(group)s") % {"group": tournament.group or "_" * 6},
                _("Table: %(n)s") % {"n": data.table},
                _("Time: from %(from)s to %(to)s") % {"from": line, "to": line},
            ]
        ],
        colWidths=[110, 100, 70, 230],
    )
    info.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), bold, 10), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    story += [info, Spacer(1, 6)]
    rules = tournament.rule_set
    fan_table = rules.sheet_fan_table()
    if fan_table:
        story += _fan_table_story(fan_table, styles, font, bold)

    def spread(values):
        row = []
        for v in values:
            row += [v, ""]
        return row

    players = data.players
    rows = [
        # A sheet with a fan table (002) names the players A to D, as that sheet does; MCR's names the winds.
        [_("Position"), "", "", *spread(["ABCD"[i] if fan_table else wind_name(i) for i in range(4)])],
        [_("Team"), "", "", *spread([paragraph(team_name(p), cell) if p else "" for p in players])],
        [_("Player"), "", "", *spread([paragraph(p.name, cell) if p else "" for p in players])],
        [_("Player number"), "", "", *spread([str(p.number) if p else "" for p in players])],
        [_("Hand"), _("Round"), _("East")] + ["+ / -", _("Total")] * 4,
    ]
    head = len(rows)
    for hand in data.hands:
        dealer = players[hand.dealer]
        number = f"{hand.number}{AFTER_BELL_MARK}" if _after_bell(hand) else str(hand.number)
        row = [number, str(WIND_NAMES[hand.round_wind]), str(dealer.number) if dealer else wind_name(hand.dealer)]
        for i in range(4):
            if hand.deltas is not None:
                row += [_signed(hand.deltas[i]), str(hand.totals[i])]
            else:
                row += ["", ""]
        rows.append(row)
    filled = data.scores is not None
    rows.append(
        [
            _("Penalties"),
            "",
            "",
            *spread([_signed(v) if v else "" for v in data.penalty_scores] if filled else [""] * 4),
        ]
    )
    rows.append([_("Total points"), "", "", *spread([str(v) for v in data.scores] if filled else [""] * 4)])
    rows.append(
        [
            _("Table points"),
            "",
            "",
            *spread([format_table_points(v) for v in data.table_points] if filled else [""] * 4),
        ]
    )
    rows.append(
        [_("Signature"), "", "", *spread([_confirmed(data, p, cell) for p in players] if not blank else [""] * 4)]
    )
    foot = len(rows) - 4
    heights = [15] * head + [22 if blank else 17] * len(data.hands) + [16, 16, 16, 30]
    table = Table(rows, colWidths=[30, 42, 34] + [50, 51] * 4, rowHeights=heights)
    style = [
        ("FONT", (0, 0), (-1, -1), font, 8.5),
        ("FONT", (0, 0), (2, -1), bold, 8),
        ("FONT", (0, 0), (-1, 0), bold, 9),
        ("FONT", (0, head - 1), (-1, head - 1), bold, 8),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
        ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
        ("LINEBELOW", (0, head - 1), (-1, head - 1), 1.2, colors.black),
        ("LINEABOVE", (0, foot), (-1, foot), 1.2, colors.black),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, head - 1), (-1, -1), "CENTER"),
        ("ALIGN", (3, head), (-1, foot - 1), "RIGHT"),
        ("ALIGN", (3, 0), (-1, head - 2), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
        ("BACKGROUND", (0, head - 1), (-1, head - 1), colors.HexColor("#e8e8e8")),
    ]
    for r in list(range(head - 1)) + list(range(foot, len(rows))):
        style.append(("SPAN", (0, r), (2, r)))
        style.append(("ALIGN", (0, r), (2, r), "LEFT"))
        if r != head - 1:
            for i in range(4):
                style.append(("SPAN", (3 + 2 * i, r), (4 + 2 * i, r)))
    for offset, hand in enumerate(data.hands):
        r = head + offset
        c = 3 + 2 * hand.dealer
        style.append(("BACKGROUND", (c, r), (c + 1, r), colors.HexColor("#d6d6d6")))
        if hand.number % 4 == 0 and offset + 1 < len(data.hands):
            style.append(("LINEBELOW", (0, r), (-1, r), 1.4, colors.black))
    for i in range(1, 4):
        style.append(("LINEBEFORE", (3 + 2 * i, 0), (3 + 2 * i, -1), 1.2, colors.black))
    table.setStyle(TableStyle(style))
    story += [table, Spacer(1, 3), paragraph(_(rules.sheet_note), styles["small"])]
    if any(_after_bell(hand) for hand in data.hands):
        story.append(
            paragraph(
                f"{AFTER_BELL_MARK} " + _("Entered after the bell; the referee said it ended before it."),
                styles["small"],
            )
        )
    if data.penalties:
        story.append(Spacer(1, 3))
        for p in data.penalties:
            where = _("hand %(n)s") % {"n": p.hand_number} if p.hand_number else _("no hand given")
            remarks = "; ".join(foul_remarks(p))
            story.append(
                paragraph(
                    _("Penalty: %(name)s (%(number)s), %(where)s: -%(amount)s, %(to)s. %(reason)s")
                    % {
                        "name": p.player.name,
                        "number": p.player.number,
                        "where": where,
                        "amount": p.amount,
                        "to": foul_paid_to(p).lower(),
                        "reason": f"{foul_nature(p)}. {remarks}" if p.foul and remarks else foul_nature(p),
                    },
                    styles["small"],
                )
            )
    date = timezone.localtime(data.submitted_at).strftime("%Y-%m-%d") if data.submitted_at else ""
    referee, chief = (None, None) if blank else (data.signature_of("referee"), data.signature_of("chief_referee"))
    signatures = Table(
        [
            [_signed_by(referee, cell), "", _signed_by(chief, cell), "", date],
            [_("Signature of the umpire"), "", _("Signature of the chief umpire"), "", _("Date")],
        ],
        colWidths=[180, 20, 180, 20, 110],
        rowHeights=[30, 12],
    )
    signatures.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), font, 8.5),
                ("LINEABOVE", (0, 1), (0, 1), 0.6, colors.black),
                ("LINEABOVE", (2, 1), (2, 1), 0.6, colors.black),
                ("LINEABOVE", (4, 1), (4, 1), 0.6, colors.black),
                ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story += [
        Spacer(1, 6),
        signatures,
        Spacer(1, 6),
        paragraph(
            _(
                "Add up the points carefully, write clearly, then check and sign. "
                "Results are final once the sheet is signed."
            ),
            styles["normal"],
        ),
    ]
    if not blank and not filled:
        story.append(paragraph(_("No hands entered yet."), styles["small"]))
    return story


def _fan_table_story(fan_table, styles, font, bold):
    """The rulebook sheet's fan table (002 score sheet): each fan's points by discard and self-drawn, then
    the extras and the bonuses, so the referee scores a hand from the sheet alone."""
    from reportlab.lib import colors
    from reportlab.platypus import Spacer, Table, TableStyle

    rows = [[_("Fan"), "", _("Points"), _("Self-drawn (x3)")]]
    rows += [
        [f"{f['id']}. {f['name']}", f["name_zh"], str(f["points"]), str(f["self_drawn"])] for f in fan_table["fans"]
    ]
    table = Table(rows, colWidths=[180, 70, 60, 90], rowHeights=[13] * len(rows), hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), font, 8),
                ("FONT", (0, 0), (-1, 0), bold, 8),
                ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
                ("ALIGN", (2, 0), (-1, -1), "CENTER"),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
            ]
        )
    )
    extras = ", ".join(f"{name} {value}" for name, value in fan_table["extras"])
    bonuses = ", ".join(f"{name} {value}" for name, value in fan_table["bonuses"])
    return [
        table,
        Spacer(1, 2),
        paragraph(
            _("Extras: %(extras)s. Bonuses (on the fan's points): %(bonuses)s.")
            % {"extras": extras, "bonuses": bonuses},
            styles["small"],
        ),
        Spacer(1, 6),
    ]


def score_sheets_pdf(tournament, tables, *, blank=False):
    """The score sheets of `tables` (a queryset of one session's tables) as one PDF, one A4 page each."""
    return render_score_sheets(tournament, sheets_data(tournament, tables, blank=blank), blank=blank)


def render_score_sheets(tournament, sheets, *, blank=False):
    """The score sheets as one PDF, one A4 page per table."""
    from reportlab.platypus import PageBreak

    buffer = io.BytesIO()
    doc = document(buffer, tournament, _("Score sheets"))
    doc.topMargin = doc.bottomMargin = 24
    texts = [tournament.name]
    fan_table = tournament.rule_set.sheet_fan_table()
    if fan_table:
        texts += [f["name_zh"] for f in fan_table["fans"]]
    for data in sheets:
        texts += [t for p in data.players if p for t in (p.name, team_name(p))]
        texts += [p.reason for p in data.penalties]
        texts += [s.signer for s in data.signatures]
    font, bold = fonts(texts)
    styles = styles_for(font, bold)
    story = []
    for i, data in enumerate(sheets):
        if i:
            story.append(PageBreak())
        story += _sheet_story(tournament, data, styles, font, bold, blank=blank)
    if not story:
        story.append(paragraph(_("This session has no tables yet."), styles["normal"]))
    doc.build(story)
    return buffer.getvalue()
