"""The score sheets (MCR appendix 5) as PDF: one A4 page per table, blank or with the results.

The sheet's content comes from ``scoring.results.sheets_data``, the same rows the score-sheet page shows.
"""

from __future__ import annotations

import io
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from exports.datasets import foul_nature, foul_paid_to, foul_remarks, team_name, wind_name
from exports.renderers import document
from exports.typography import LATIN, LATIN_BOLD, document_fonts, fitted, paragraph, styles_for, table
from scoring.models import Penalty, Signature
from scoring.results import SheetData, SheetHand, sheets_data
from tournament.models import WIND_NAMES, Player, Table, Tournament
from tournament.numbers import table_points_shown

# Beside the number of a hand entered after the session's bell (the referee said it ended before it), as
# the web sheet's "after the bell" badge; explained under the table.
AFTER_BELL_MARK = "*"


def _after_bell(hand: SheetHand) -> bool:
    return hand.version is not None and hand.version.after_bell


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _when(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


def _confirmed(data: SheetData, player: Player | None, style: Any) -> Any:
    """A player's confirmation in their signature box: when, and on which device."""
    signature = data.confirmation_of(player) if player else None
    if signature is None:
        return ""
    # Two short lines: the box is a quarter of the page wide.
    return [
        paragraph(_("Confirmed %(time)s") % {"time": timezone.localtime(signature.signed_at).strftime("%H:%M")}, style),
        paragraph(signature.get_method_display(), style),
    ]


def _signed_by(signature: Signature | None, style: Any) -> Any:
    if signature is None:
        return ""
    return paragraph(
        _("Signed by %(who)s, %(when)s")
        % {"who": signature.signer or _("(not named)"), "when": _when(signature.signed_at)},
        style,
    )


def _spread(values: list[Any]) -> list[Any]:
    """A value per player, each over the two columns (+ / - and total) of that player."""
    row: list[Any] = []
    for v in values:
        row += [v, ""]
    return row


def _sheet_heading(tournament: Tournament, data: SheetData, styles: dict[str, Any], bold: str) -> list[Any]:
    """The title, the tournament, and the line naming the session, group, table and time."""
    line = "_" * 12
    info = table(
        [
            [
                _("Game (session): %(n)s") % {"n": data.session},
                _("Group: %(group)s") % {"group": tournament.group or "_" * 6},
                _("Table: %(n)s") % {"n": data.table},
                _("Time: from %(from)s to %(to)s") % {"from": line, "to": line},
            ]
        ],
        [("FONT", (0, 0), (-1, -1), bold, 10), ("LEFTPADDING", (0, 0), (-1, -1), 0)],
        colWidths=[110, 100, 70, 230],
    )
    return [
        paragraph(_("Score sheet for a game session"), styles["title"]),
        paragraph(tournament.name, styles["subtitle"]),
        info,
    ]


# A player's two columns (50 + 51 points) less the cell's padding (6 each side), by the rows' heights less theirs
# (1 above and below): the team's row holds one line, the name's two.
TEAM_CELL, NAME_CELL = (89, 13), (89, 20)


def _player_rows(data: SheetData, lettered: bool, cell: Any) -> list[list[Any]]:
    """Who sits where: position (A to D on a sheet with a fan table, as that sheet names them; else the
    winds, as MCR's), team, name and number; then the hands' column headings."""
    players = data.players
    return [
        [_("Position"), "", "", *_spread(["ABCD"[i] if lettered else wind_name(i) for i in range(4)])],
        [_("Team"), "", "", *_spread([fitted(team_name(p), cell, *TEAM_CELL) if p else "" for p in players])],
        [_("Player"), "", "", *_spread([fitted(p.name, cell, *NAME_CELL) if p else "" for p in players])],
        [_("Player number"), "", "", *_spread([str(p.number) if p else "" for p in players])],
        [_("Hand"), _("Round"), _("East")] + ["+ / -", _("Total")] * 4,
    ]


def _hand_rows(data: SheetData) -> list[list[Any]]:
    """A line per hand: its number (marked when entered after the bell), round, dealer, each + / - and total."""
    rows = []
    for hand in data.hands:
        dealer = data.players[hand.dealer]
        number = f"{hand.number}{AFTER_BELL_MARK}" if _after_bell(hand) else str(hand.number)
        row = [number, str(WIND_NAMES[hand.round_wind]), str(dealer.number) if dealer else wind_name(hand.dealer)]
        for i in range(4):
            if hand.deltas is not None and hand.totals is not None:
                row += [_signed(hand.deltas[i]), str(hand.totals[i])]
            else:
                row += ["", ""]
        rows.append(row)
    return rows


def _total_rows(data: SheetData, blank: bool, cell: Any) -> list[list[Any]]:
    """Penalties, total points, table points and the players' confirmations (blank until the sheet has started)."""
    empty = [""] * 4

    def line(label: str, values: list[Any] | None) -> list[Any]:
        return [label, "", "", *_spread(values if values is not None else empty)]

    filled = data.scores is not None
    return [
        line(_("Penalties"), [_signed(v) if v else "" for v in data.penalty_scores or []] if filled else None),
        line(_("Total points"), [str(v) for v in data.scores or []] if filled else None),
        line(_("Table points"), [table_points_shown(v) for v in data.table_points or []] if filled else None),
        line(_("Signature"), None if blank else [_confirmed(data, p, cell) for p in data.players]),
    ]


def _grid_style(data: SheetData, rows: int, head: int, foot: int, font: str, bold: str) -> list[tuple[Any, ...]]:
    """Rules, fonts and shading of the grid: the heading and total rows span a player's two columns, the
    dealer's cells are shaded, and a heavier rule closes each round of four hands."""
    from reportlab.lib import colors

    style: list[tuple[Any, ...]] = [
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
    for r in list(range(head - 1)) + list(range(foot, rows)):
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
    return style


def _grid(data: SheetData, lettered: bool, styles: dict[str, Any], font: str, bold: str, blank: bool) -> Any:
    """The sheet's grid (appendix 5): who sits where, a line per hand, then the totals and confirmations."""
    cell = styles["cell"]
    players = _player_rows(data, lettered, cell)
    rows = players + _hand_rows(data) + _total_rows(data, blank, cell)
    head, foot = len(players), len(rows) - 4
    # The name's row takes two lines, so a long name wraps inside it (exports.typography.fitted).
    heights = (
        [15, 15, NAME_CELL[1] + 2] + [15] * (head - 3) + [22 if blank else 17] * len(data.hands) + [16, 16, 16, 30]
    )
    return table(
        rows,
        _grid_style(data, len(rows), head, foot, font, bold),
        colWidths=[30, 42, 34] + [50, 51] * 4,
        rowHeights=heights,
    )


def _penalty_line(p: Penalty) -> str:
    where = _("hand %(n)s") % {"n": p.hand_number} if p.hand_number else _("no hand given")
    remarks = "; ".join(foul_remarks(p))
    return _("Penalty: %(name)s (%(number)s), %(where)s: -%(amount)s, %(to)s. %(reason)s") % {
        "name": p.player.name,
        "number": p.player.number,
        "where": where,
        "amount": p.amount,
        "to": foul_paid_to(p).lower(),
        "reason": f"{foul_nature(p)}. {remarks}" if p.foul and remarks else foul_nature(p),
    }


def _notes(data: SheetData, sheet_note: str, styles: dict[str, Any]) -> list[Any]:
    """Under the grid: the rule set's note, what the after-the-bell mark means, and each penalty."""
    from reportlab.platypus import Spacer

    small = styles["small"]
    notes: list[Any] = [Spacer(1, 3), paragraph(_(sheet_note), small)]
    if any(_after_bell(hand) for hand in data.hands):
        text = f"{AFTER_BELL_MARK} " + _("Entered after the bell; the referee said it ended before it.")
        notes.append(paragraph(text, small))
    if data.penalties:
        notes.append(Spacer(1, 3))
        notes += [paragraph(_penalty_line(p), small) for p in data.penalties]
    return notes


def _signatures(data: SheetData, styles: dict[str, Any], font: str, blank: bool) -> list[Any]:
    """The referee's and chief referee's signatures with the date, then the reminder to check and sign."""
    from reportlab.lib import colors
    from reportlab.platypus import Spacer

    cell = styles["cell"]
    submitted = data.submitted_at
    date = timezone.localtime(submitted).strftime("%Y-%m-%d") if isinstance(submitted, datetime) else ""
    referee, chief = (None, None) if blank else (data.signature_of("referee"), data.signature_of("chief_referee"))
    signatures = table(
        [
            [_signed_by(referee, cell), "", _signed_by(chief, cell), "", date],
            [_("Signature of the umpire"), "", _("Signature of the chief umpire"), "", _("Date")],
        ],
        [
            ("FONT", (0, 0), (-1, -1), font, 8.5),
            ("LINEABOVE", (0, 1), (0, 1), 0.6, colors.black),
            ("LINEABOVE", (2, 1), (2, 1), 0.6, colors.black),
            ("LINEABOVE", (4, 1), (4, 1), 0.6, colors.black),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ],
        colWidths=[180, 20, 180, 20, 110],
        rowHeights=[30, 12],
    )
    reminder = _(
        "Add up the points carefully, write clearly, then check and sign. Results are final once the sheet is signed."
    )
    return [Spacer(1, 6), signatures, Spacer(1, 6), paragraph(reminder, styles["normal"])]


def _sheet_story(
    tournament: Tournament,
    data: SheetData,
    styles: dict[str, Any],
    font: str = LATIN,
    bold: str = LATIN_BOLD,
    blank: bool = False,
) -> list[Any]:
    """One table's sheet: heading, the rulebook's fan table where its sheet has one, the grid, the notes
    and penalties, the signatures."""
    from reportlab.platypus import Spacer

    rules = tournament.rule_set
    fan_table = rules.sheet_fan_table()
    story = [*_sheet_heading(tournament, data, styles, bold), Spacer(1, 6)]
    if fan_table:
        story += _fan_table_story(fan_table, styles, font, bold)
    story.append(_grid(data, bool(fan_table), styles, font, bold, blank))
    story += _notes(data, rules.sheet_note, styles)
    story += _signatures(data, styles, font, blank)
    if not blank and data.scores is None:
        story.append(paragraph(_("No hands entered yet."), styles["small"]))
    return story


def _fan_table_story(fan_table: dict[str, Any], styles: dict[str, Any], font: str, bold: str) -> list[Any]:
    """The rulebook sheet's fan table (002 score sheet): each fan's points by discard and self-drawn, then
    the extras and the bonuses, so the referee scores a hand from the sheet alone."""
    from reportlab.lib import colors
    from reportlab.platypus import Spacer

    rows = [[_("Fan"), "", _("Points"), _("Self-drawn (x3)")]]
    rows += [
        [f"{f['id']}. {f['name']}", f["name_zh"], str(f["points"]), str(f["self_drawn"])] for f in fan_table["fans"]
    ]
    fans = table(
        rows,
        [
            ("FONT", (0, 0), (-1, -1), font, 8),
            ("FONT", (0, 0), (-1, 0), bold, 8),
            ("GRID", (0, 0), (-1, -1), 0.4, colors.black),
            ("ALIGN", (2, 0), (-1, -1), "CENTER"),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
        ],
        colWidths=[180, 70, 60, 90],
        rowHeights=[13] * len(rows),
        hAlign="LEFT",
    )
    extras = ", ".join(f"{name} {value}" for name, value in fan_table["extras"])
    bonuses = ", ".join(f"{name} {value}" for name, value in fan_table["bonuses"])
    return [
        fans,
        Spacer(1, 2),
        paragraph(
            _("Extras: %(extras)s. Bonuses (on the fan's points): %(bonuses)s.")
            % {"extras": extras, "bonuses": bonuses},
            styles["small"],
        ),
        Spacer(1, 6),
    ]


def score_sheets_pdf(tournament: Tournament, tables: QuerySet[Table], *, blank: bool = False) -> bytes:
    """The score sheets of `tables` (a queryset of one session's tables) as one PDF, one A4 page each."""
    return render_score_sheets(tournament, sheets_data(tournament, tables, blank=blank), blank=blank)


def render_score_sheets(tournament: Tournament, sheets: list[SheetData], *, blank: bool = False) -> bytes:
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
    font, bold = document_fonts(texts)
    styles = styles_for(font, bold)
    story: list[Any] = []
    for i, data in enumerate(sheets):
        if i:
            story.append(PageBreak())
        story += _sheet_story(tournament, data, styles, font, bold, blank=blank)
    if not story:
        story.append(paragraph(_("This session has no tables yet."), styles["normal"]))
    doc.build(story)
    return buffer.getvalue()
