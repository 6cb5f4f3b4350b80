"""Exports: the documents organizers print and the files they send.

Built like pretix's exporters: *row generators* turn the results (``tournament.results``) into a
:class:`Dataset` -- a title, typed columns and plain rows -- and *renderers* turn any dataset into
CSV, XLSX or PDF bytes. The score sheets (MCR appendix 5) have their own page layout, fed by
:func:`score_sheet_data`. Views only pick a generator and a renderer.

Values in dataset rows are ``int``, ``str``, ``None`` (blank) or, for table points, ``Fraction``
(exact: 7/4 is written 1.75, 7/3 as 2.33 where text is needed, and as the number itself in XLSX).
"""
import csv
import functools
import io
import os
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.models import Hand, Penalty
from scoring.rules.rotation import round_of_hand, seat_winds
from tournament import results as tournament_results
from tournament.models import Seat
from tournament.tables import TIEBREAK_LABELS, format_points

TEXT, INT, POINTS = "text", "int", "points"


@dataclass
class Column:
    label: str
    kind: str = TEXT


@dataclass
class Dataset:
    """A header and rows, ready for any renderer."""

    name: str  # file name part, e.g. "standings"
    title: str
    columns: list
    rows: list
    groups: list = None  # optional header row above the columns: [(label, span), ...]
    landscape: bool = False
    notes: list = field(default_factory=list)
    muted_rows: set = field(default_factory=set)  # row indexes shown greyed in the PDF

    @property
    def header(self):
        return [c.label for c in self.columns]


# --- Row generators ---------------------------------------------------------------------------

def _team(player):
    return player.team.name if player.team_id else ""


def standings_dataset(tournament, rows=None):
    """Player standings: rank, number, name, country, team, table points, score, then the
    tournament's further tie-breaks in order (as on the standings page)."""
    rows = tournament_results.player_standings(tournament) if rows is None else rows
    extra = [k for k in tournament.tiebreak_keys() if k not in ("table_points", "score")]
    columns = [Column(_("Rank"), INT), Column(_("No."), INT), Column(_("Name")), Column(_("Country")),
               Column(_("Team")), Column(_("Table points"), POINTS), Column(_("Score"), INT)]
    columns += [Column(str(TIEBREAK_LABELS.get(k, k)), INT) for k in extra]
    columns.append(Column(_("Provisional")))
    out = []
    for row in rows:
        p = row.player
        line = [row.rank, p.number, p.name, p.country, _team(p), row.table_points, row.score]
        for key in extra:
            value = row.values.get(key)
            # Stored negated so that more is better when sorting; shown as the count.
            line.append(-value if key == "fewest_last_places" and value is not None else value)
        line.append("*" if row.provisional else "")
        out.append(line)
    notes = [_("* Provisional: some score sheets are still open.")] if any(r.provisional for r in rows) else []
    return Dataset(name="standings", title=_("Standings"), columns=columns, rows=out, notes=notes)


def team_standings_dataset(tournament, rows=None):
    """Teams ranked by their members' summed table points, then summed score."""
    teams = tournament_results.team_standings(tournament, rows)
    columns = [Column(_("Rank"), INT), Column(_("Team")), Column(_("Table points"), POINTS),
               Column(_("Score"), INT), Column(_("Members"))]
    out = [[t.rank, t.team.name, t.table_points, t.score, ", ".join(m.player.name for m in t.members)]
           for t in teams]
    return Dataset(name="team-standings", title=_("Team standings"), columns=columns, rows=out)


def tabulation_dataset(tournament, rows=None):
    """The tabulation sheet (MCR appendix 7): per player number, team and name, for each session
    the table points (TP), their running sum, the score (contest points, CP) and its running sum;
    then the totals and the rank. Players in standings order."""
    sessions, table = tournament_results.tabulation(tournament, rows)
    tp, cp, sum_ = _("TP"), _("CP"), pgettext("running total", "Sum")
    columns = [Column(_("No."), INT), Column(_("Team")), Column(_("Name"))]
    groups = [("", 3)]
    for n in sessions:
        columns += [Column(tp, POINTS), Column(f"{sum_} {tp}", POINTS), Column(cp, INT), Column(f"{sum_} {cp}", INT)]
        groups.append((_("Session %(n)s") % {"n": n}, 4))
    columns += [Column(tp, POINTS), Column(cp, INT), Column(_("Rank"), INT)]
    groups.append((_("Total"), 3))
    out = []
    for row, cells in table:
        p = row.player
        line = [p.number, _team(p), p.name]
        for cell in cells:
            if cell is None:
                line += [None] * 4
            else:
                line += [cell.result.table_points, cell.cum_table_points, cell.result.score, cell.cum_score]
        line += [row.table_points, row.score, row.rank]
        out.append(line)
    return Dataset(name="tabulation", title=_("Tabulation of results"), columns=columns, rows=out,
                   groups=groups, landscape=True,
                   notes=[_("TP: table points. CP: contest points (the session score). Sum: running total.")])


def split_name(name):
    """(first name, last name) of a player's single name field, for the EMA results file.

    Rule: the first word is the first name, everything after it the last name, so
    "Ana López Ruiz" gives ("Ana", "López Ruiz") -- Spanish double surnames stay together. A name
    of one word is taken as the last name, with an empty first name. Players whose names do not
    fit this rule (e.g. family name first) should be checked by hand before sending the file.
    """
    parts = (name or "").split()
    if not parts:
        return "", ""
    if len(parts) == 1:
        return "", parts[0]
    return parts[0], " ".join(parts[1:])


def ema_dataset(tournament, rows=None):
    """The ranking body's results file (EMA style, MCR): rank, EMA id (blank if none), last name,
    first name, country, table points, score. Substitutes are left out, as in the standings."""
    rows = tournament_results.player_standings(tournament) if rows is None else rows
    # A file for the ranking body's software, not for people: its headings stay fixed in English
    # whatever the organizer's language.
    columns = [Column("Rank", INT), Column("EMA id"), Column("Last name"), Column("First name"),
               Column("Country"), Column("Table points", POINTS), Column("Score", INT)]
    out = []
    for row in rows:
        p = row.player
        if p.is_substitute:  # player_standings already leaves them out; never send one
            continue
        first, last = split_name(p.name)
        out.append([row.rank, p.ema_id or "", last, first, p.country, row.table_points, row.score])
    return Dataset(name="ema-results", title=_("Results for the ranking"), columns=columns, rows=out)


def _wind_name(index):
    return str(Seat.WIND_NAMES[index])


def _local(dt):
    return timezone.localtime(dt).strftime("%Y-%m-%d %H:%M") if dt else ""


def fouls_dataset(tournament):
    """The record of fouls (MCR appendix 6): every penalty given, withdrawn ones too (marked).

    The position is the player's seat wind in the hand when the hand is known, else the wind
    the player started the session in; the round is the prevalent wind of that hand.
    """
    penalties = list(
        Penalty.objects.filter(sheet__table__session__tournament=tournament)
        .select_related("player__team", "sheet__table__session", "created_by", "withdrawn_by")
        .order_by("sheet__table__session__number", "sheet__table__number", "created_at", "id"))
    positions = {(s.table_id, s.player_id): s.position
                 for s in Seat.objects.filter(session__tournament=tournament).only("table_id", "player_id",
                                                                                   "position")}
    columns = [Column(_("Team")), Column(_("Player")), Column(_("No."), INT), Column(_("Session"), INT),
               Column(_("Round")), Column(_("Table"), INT), Column(_("Position")), Column(_("Hand"), INT),
               Column(_("Nature of the foul")), Column(_("Penalty"), INT), Column(_("Paid to")),
               Column(_("Remarks")), Column(_("Umpire")), Column(_("Date"))]
    out, muted = [], set()
    for i, p in enumerate(penalties):
        table = p.sheet.table
        position = positions.get((table.id, p.player_id))
        round_name = place = ""
        if position is not None:
            if p.hand_number:
                place = _wind_name(seat_winds(p.hand_number)[position])
            else:
                place = _wind_name(position)
        if p.hand_number:
            round_name = _wind_name(round_of_hand(p.hand_number))
        remarks = ""
        if not p.active:
            muted.add(i)
            remarks = _("Withdrawn %(date)s by %(who)s: %(reason)s") % {
                "date": _local(p.withdrawn_at), "who": p.withdrawn_by.get_username() if p.withdrawn_by else "",
                "reason": p.withdrawn_reason}
        out.append([_team(p.player), p.player.name, p.player.number, table.session.number, round_name,
                    table.number, place, p.hand_number, p.reason, -p.amount, p.get_to_display(), remarks,
                    p.created_by.get_username() if p.created_by else "", _local(p.created_at)])
    return Dataset(name="fouls", title=_("Record of fouls"), columns=columns, rows=out, landscape=True,
                   muted_rows=muted,
                   notes=[_("Penalty: points lost by the player; paid to each other player, each of the "
                            "other three receives them. Withdrawn penalties do not count.")])


# --- Renderers --------------------------------------------------------------------------------

def _text(value, kind):
    if value is None:
        return ""
    if kind == POINTS:
        return format_points(value)
    return str(value)


def render_csv(dataset):
    """UTF-8 CSV, comma-separated, header first; table points with 2 decimals."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(dataset.header)
    kinds = [c.kind for c in dataset.columns]
    for row in dataset.rows:
        writer.writerow([_text(v, k) for v, k in zip(row, kinds)])
    return buffer.getvalue().encode("utf-8")


def _sheet_title(title):
    for ch in "[]:*?/\\":
        title = title.replace(ch, " ")
    return title[:31] or "Sheet"


def render_xlsx(dataset):
    """One worksheet: bold (frozen) header, numbers as numbers, table points formatted 0.00."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _sheet_title(dataset.title)
    bold = Font(bold=True)
    row_index = 1
    if dataset.groups:
        col = 1
        for label, span in dataset.groups:
            cell = sheet.cell(row=row_index, column=col, value=label or None)
            cell.font = bold
            cell.alignment = Alignment(horizontal="center")
            if span > 1:
                sheet.merge_cells(start_row=row_index, start_column=col, end_row=row_index, end_column=col + span - 1)
            col += span
        row_index += 1
    for col, label in enumerate(dataset.header, start=1):
        sheet.cell(row=row_index, column=col, value=label).font = bold
    sheet.freeze_panes = sheet.cell(row=row_index + 1, column=1)
    # Printed: header on every page, as wide as the paper.
    sheet.print_title_rows = f"1:{row_index}"
    sheet.page_setup.orientation = "landscape" if dataset.landscape else "portrait"
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    widths = [len(label) for label in dataset.header]
    for row in dataset.rows:
        row_index += 1
        for col, (value, column) in enumerate(zip(row, dataset.columns), start=1):
            if value is None:
                continue
            cell = sheet.cell(row=row_index, column=col)
            if column.kind == POINTS:
                cell.value = float(value)
                cell.number_format = "0.00"
            elif column.kind == INT:
                cell.value = int(value)
            else:
                cell.value = str(value)
                if cell.value.startswith("="):
                    cell.data_type = "s"  # a name, never a formula
            widths[col - 1] = max(widths[col - 1], len(_text(value, column.kind)))
    for col, width in enumerate(widths, start=1):
        sheet.column_dimensions[get_column_letter(col)].width = min(max(width + 2, 6), 60)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


FONT, BOLD = "Helvetica", "Helvetica-Bold"
UNICODE_FONT_FILES = (  # (regular, bold), tried in order when a text is not Latin-1
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
)


@functools.lru_cache(maxsize=1)
def _unicode_fonts():
    """Register DejaVu Sans with reportlab if installed; (regular, bold) names, or None."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for regular, bold in UNICODE_FONT_FILES:
        if os.path.exists(regular) and os.path.exists(bold):
            try:
                pdfmetrics.registerFont(TTFont("Export-Sans", regular))
                pdfmetrics.registerFont(TTFont("Export-Sans-Bold", bold))
            except Exception:  # a broken font file: stay with Helvetica
                continue
            return "Export-Sans", "Export-Sans-Bold"
    return None


def _fonts(texts):
    """Helvetica (built into every PDF reader, Western European letters only) unless a text needs
    more, e.g. Cyrillic or Greek names; then DejaVu Sans when the server has it installed.
    Scripts that DejaVu lacks (Chinese, Japanese) still print as empty boxes."""
    for text in texts:
        try:
            str(text).encode("cp1252")
        except UnicodeEncodeError:
            return _unicode_fonts() or (FONT, BOLD)
    return FONT, BOLD


def _styles(font=FONT, bold=BOLD):
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("x-title", parent=base["Title"], fontName=bold, fontSize=14, leading=17,
                                spaceAfter=2),
        "subtitle": ParagraphStyle("x-subtitle", parent=base["Normal"], fontName=font, fontSize=9, leading=11,
                                   alignment=1, spaceAfter=6),
        "normal": ParagraphStyle("x-normal", parent=base["Normal"], fontName=font, fontSize=9, leading=11),
        "small": ParagraphStyle("x-small", parent=base["Normal"], fontName=font, fontSize=7.5, leading=9),
        "cell": ParagraphStyle("x-cell", parent=base["Normal"], fontName=font, fontSize=8, leading=9.5),
    }


def _p(text, style):
    from reportlab.platypus import Paragraph

    return Paragraph(escape(str(text)), style)


def _document(buffer, tournament, title, landscape_=False):
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    pagesize = landscape(A4) if landscape_ else A4
    return SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=12 * mm, rightMargin=12 * mm,
                             topMargin=12 * mm, bottomMargin=12 * mm, title=f"{tournament.name}: {title}",
                             author=tournament.name, creator="MCR tournament system")


def _page_number(canvas, doc):
    from reportlab.lib.units import mm

    canvas.saveState()
    canvas.setFont(FONT, 7)
    canvas.drawRightString(doc.pagesize[0] - 12 * mm, 6 * mm, _("Page %(n)s") % {"n": doc.page})
    canvas.restoreState()


MIN_FONT_SIZE = 5.5


def _column_blocks(dataset, widths, available):
    """Column index lists, one table each. A dataset fits in one; a grouped dataset too wide for the
    page is cut between groups, the first group (who the row is) repeated in every block."""
    if not dataset.groups or sum(widths) <= available + 1 or len(dataset.groups) < 3:
        return [list(range(len(widths)))]
    spans, col = [], 0
    for _label, span in dataset.groups:
        spans.append(list(range(col, col + span)))
        col += span
    key, blocks, current = spans[0], [], []
    key_width = sum(widths[c] for c in key)
    for group in spans[1:]:
        width = sum(widths[c] for c in group)
        if current and key_width + sum(widths[c] for c in current) + width > available:
            blocks.append(key + current)
            current = []
        current += group
    blocks.append(key + current)
    return blocks


def _pdf_table(dataset, columns, body, widths, size, available, styles, font, bold):
    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Table, TableStyle

    kinds = [dataset.columns[c].kind for c in columns]
    header = [dataset.header[c] for c in columns]
    widths = [widths[c] for c in columns]
    header_rows = [header]
    groups = []
    if dataset.groups:
        group_of, col = {}, 0
        for label, span in dataset.groups:
            for c in range(col, col + span):
                group_of[c] = (col, label)
            col += span
        for i, c in enumerate(columns):
            if not groups or groups[-1][0] != group_of[c][0]:
                groups.append([group_of[c][0], group_of[c][1], 0])
            groups[-1][2] += 1
        header_rows.insert(0, [cell for _start, label, span in groups for cell in [label] + [""] * (span - 1)])
    wrapped = set()
    if sum(widths) > available:
        # Too wide even at the smallest font: cap the widest text columns and let their cells wrap.
        for i in sorted((i for i, k in enumerate(kinds) if k == TEXT), key=lambda i: -widths[i]):
            excess = sum(widths) - available
            if excess <= 0:
                break
            widths[i] = max(widths[i] - excess, 40)
            wrapped.add(i)
    cell_style = ParagraphStyle("x-wrap", parent=styles["cell"], fontSize=size, leading=size * 1.2)
    data = [list(r) for r in header_rows]
    for row in body:
        cells = [row[c] for c in columns]
        data.append([_p(v, cell_style) if i in wrapped and v else v for i, v in enumerate(cells)])
    table = Table(data, colWidths=widths, repeatRows=len(header_rows))
    head = len(header_rows)
    style = [
        ("FONT", (0, 0), (-1, -1), font, size),
        ("FONT", (0, 0), (-1, head - 1), bold, size),
        ("LINEBELOW", (0, head - 1), (-1, head - 1), 0.8, colors.black),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("BACKGROUND", (0, 0), (-1, head - 1), colors.HexColor("#e8e8e8")),
    ]
    for i, kind in enumerate(kinds):
        if kind != TEXT:
            style.append(("ALIGN", (i, head - 1), (i, -1), "RIGHT"))
    col = 0
    for _start, _label, span in groups:
        if span > 1:
            style.append(("SPAN", (col, 0), (col + span - 1, 0)))
        style.append(("ALIGN", (col, 0), (col, 0), "CENTER"))
        style.append(("LINEBEFORE", (col, 0), (col, -1), 0.8, colors.black))
        col += span
    for index in sorted(dataset.muted_rows):
        style.append(("TEXTCOLOR", (0, index + head), (-1, index + head), colors.grey))
        style.append(("BACKGROUND", (0, index + head), (-1, index + head), colors.HexColor("#f4f4f4")))
    table.setStyle(TableStyle(style))
    return table


def render_pdf(dataset, tournament):
    """A titled table on A4 (landscape when the dataset asks), header repeated on every page.
    Wide sheets fit the page width: the font shrinks (down to 5.5 pt); a grouped sheet still too
    wide (many sessions) continues in further tables, each repeating the first group's columns;
    otherwise long text wraps."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Spacer

    buffer = io.BytesIO()
    doc = _document(buffer, tournament, dataset.title, dataset.landscape)
    kinds = [c.kind for c in dataset.columns]
    body = [[_text(v, k) for v, k in zip(row, kinds)] for row in dataset.rows]
    group_labels = [label for label, _span in dataset.groups or []]
    font, bold = _fonts([tournament.name, dataset.title, *dataset.header, *dataset.notes, *group_labels,
                         *(t for row in body for t in row)])
    styles = _styles(font, bold)
    story = [_p(dataset.title, styles["title"]),
             _p("%s · %s %s" % (tournament.name, _("printed"), _local(timezone.now())), styles["subtitle"])]
    available = doc.width

    def natural_widths(size):
        return [max(stringWidth(t, bold, size) for t in [r[col] for r in body] + [dataset.header[col]]) + 6
                for col in range(len(kinds))]

    size = 8.5
    widths = natural_widths(size)
    if sum(widths) > available:
        padding = 6 * len(widths)  # does not shrink with the font
        size = max(MIN_FONT_SIZE, size * (available - padding) / (sum(widths) - padding) - 0.05)
        widths = natural_widths(size)
    for i, columns in enumerate(_column_blocks(dataset, widths, available)):
        if i:
            story.append(Spacer(1, 10))
        story.append(_pdf_table(dataset, columns, body, widths, size, available, styles, font, bold))
    if not body:
        story.append(_p(_("Nothing to show yet."), styles["normal"]))
    for note in dataset.notes:
        story += [Spacer(1, 4), _p(note, styles["small"])]
    doc.build(story, onFirstPage=_page_number, onLaterPages=_page_number)
    return buffer.getvalue()


RENDERERS = {
    "csv": ("text/csv; charset=utf-8", lambda dataset, tournament: render_csv(dataset)),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
             lambda dataset, tournament: render_xlsx(dataset)),
    "pdf": ("application/pdf", render_pdf),
}


# --- Score sheets (MCR appendix 5) -------------------------------------------------------------

@dataclass
class SheetHand:
    number: int
    round_name: str
    dealer: int  # initial position (0..3) of the East player of this hand
    deltas: list = None  # None while not entered (or on a blank sheet)
    totals: list = None


@dataclass
class SheetData:
    session: int
    table: int
    players: list  # four Player objects (None for an empty seat), initial East..North
    hands: list
    blank: bool
    penalties: list = field(default_factory=list)  # active Penalty objects, filled sheets only
    penalty_scores: list = None
    scores: list = None
    table_points: list = None
    ranks: list = None
    submitted_at: object = None


def score_sheet_data(tournament, session, blank=False):
    """One :class:`SheetData` per table of the session, in table order.

    Blank sheets (for printing before play) carry only the players and who deals each hand.
    Filled sheets add each entered hand's + / - and running totals, the active penalties, and the
    totals, places and table points as :func:`tournament.results.table_results` computes them.
    """
    tables = list(session.tables.prefetch_related("seats__player__team").select_related("sheet"))
    results = {} if blank else tournament_results.table_results(tournament, session)
    hands_by_table, penalties_by_table = {}, {}
    if not blank:
        for hand in Hand.objects.filter(sheet__table__session=session, current__isnull=False).select_related(
                "current", "sheet"):
            hands_by_table.setdefault(hand.sheet.table_id, {})[hand.number] = hand.current
        for penalty in Penalty.objects.filter(sheet__table__session=session, withdrawn_at__isnull=True) \
                .select_related("player", "sheet").order_by("created_at", "id"):
            penalties_by_table.setdefault(penalty.sheet.table_id, []).append(penalty)
    out = []
    for table in tables:
        players = [None] * 4
        for seat in table.seats.all():
            players[seat.position] = seat.player
        versions = hands_by_table.get(table.pk, {})
        running = [0, 0, 0, 0]
        hands = []
        for number in range(1, tournament.hands_per_session + 1):
            winds = seat_winds(number)
            hand = SheetHand(number=number, round_name=_wind_name(round_of_hand(number)), dealer=winds.index(0))
            version = versions.get(number)
            if version is not None:
                running = [r + d for r, d in zip(running, version.deltas)]
                hand.deltas, hand.totals = version.deltas, list(running)
            hands.append(hand)
        data = SheetData(session=session.number, table=table.number, players=players, hands=hands, blank=blank)
        result = results.get(table.pk)
        if result is not None and result.started:
            data.penalties = penalties_by_table.get(table.pk, [])
            data.penalty_scores = result.penalty_scores
            data.scores = result.scores
            data.table_points = result.table_points
            data.ranks = result.ranks
        sheet = getattr(table, "sheet", None) if not blank else None
        if sheet is not None and sheet.is_submitted:
            data.submitted_at = sheet.submitted_at
        out.append(data)
    return out


def _signed(value):
    return f"+{value}" if value > 0 else str(value)


def _sheet_story(tournament, data, styles, font=FONT, bold=BOLD):
    from reportlab.lib import colors
    from reportlab.platypus import Spacer, Table, TableStyle

    cell = styles["cell"]
    story = [
        _p(_("Score sheet for a game session"), styles["title"]),
        _p(tournament.name, styles["subtitle"]),
    ]
    line = "_" * 12
    info = Table([[
        _("Game (session): %(n)s") % {"n": data.session},
        _("Table: %(n)s") % {"n": data.table},
        _("Time: from %(from)s to %(to)s") % {"from": line, "to": line},
    ]], colWidths=[130, 110, 270])
    info.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), bold, 10), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    story += [info, Spacer(1, 6)]

    def spread(values):
        row = []
        for v in values:
            row += [v, ""]
        return row

    players = data.players
    rows = [
        [_("Position"), "", ""] + spread([_wind_name(i) for i in range(4)]),
        [_("Team"), "", ""] + spread([_p(_team(p), cell) if p else "" for p in players]),
        [_("Player"), "", ""] + spread([_p(p.name, cell) if p else "" for p in players]),
        [_("Player number"), "", ""] + spread([str(p.number) if p else "" for p in players]),
        [_("Hand"), _("Round"), _("East")] + ["+ / -", _("Total")] * 4,
    ]
    head = len(rows)
    for hand in data.hands:
        dealer = players[hand.dealer]
        row = [str(hand.number), hand.round_name, str(dealer.number) if dealer else _wind_name(hand.dealer)]
        for i in range(4):
            if hand.deltas is not None:
                row += [_signed(hand.deltas[i]), str(hand.totals[i])]
            else:
                row += ["", ""]
        rows.append(row)
    filled = data.scores is not None
    rows.append([_("Penalties"), "", ""] + spread(
        [_signed(v) if v else "" for v in data.penalty_scores] if filled else [""] * 4))
    rows.append([_("Total points"), "", ""] + spread([str(v) for v in data.scores] if filled else [""] * 4))
    rows.append([_("Table points"), "", ""] + spread(
        [format_points(v) for v in data.table_points] if filled else [""] * 4))
    rows.append([_("Signature"), "", ""] + spread([""] * 4))
    foot = len(rows) - 4
    heights = [15] * head + [22 if data.blank else 17] * len(data.hands) + [16, 16, 16, 30]
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
    story += [table, Spacer(1, 3),
              _p(_("Shaded: the dealer (East) of the hand; the East column gives the dealer's number. "
                   "Seats change after every round (appendix 4)."), styles["small"])]
    if data.penalties:
        story.append(Spacer(1, 3))
        for p in data.penalties:
            where = _("hand %(n)s") % {"n": p.hand_number} if p.hand_number else _("no hand given")
            story.append(_p(_("Penalty: %(name)s (%(number)s), %(where)s: -%(amount)s, %(to)s. %(reason)s") % {
                "name": p.player.name, "number": p.player.number, "where": where, "amount": p.amount,
                "to": p.get_to_display().lower(), "reason": p.reason}, styles["small"]))
    date = timezone.localtime(data.submitted_at).strftime("%Y-%m-%d") if data.submitted_at else ""
    signatures = Table([["", "", "", "", date],
                        [_("Signature of the umpire"), "", _("Signature of the chief umpire"), "", _("Date")]],
                       colWidths=[180, 20, 180, 20, 110], rowHeights=[30, 12])
    signatures.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), font, 8.5),
        ("LINEABOVE", (0, 1), (0, 1), 0.6, colors.black),
        ("LINEABOVE", (2, 1), (2, 1), 0.6, colors.black),
        ("LINEABOVE", (4, 1), (4, 1), 0.6, colors.black),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ]))
    story += [Spacer(1, 6), signatures, Spacer(1, 6),
              _p(_("Add up the points carefully, write clearly, then check and sign. "
                   "Results are final once the sheet is signed."), styles["normal"])]
    if not data.blank and not filled:
        story.append(_p(_("No hands entered yet."), styles["small"]))
    return story


def render_score_sheets(tournament, sheets):
    """The score sheets as one PDF, one A4 page per table."""
    from reportlab.platypus import PageBreak

    buffer = io.BytesIO()
    doc = _document(buffer, tournament, _("Score sheets"))
    doc.topMargin = doc.bottomMargin = 24
    texts = [tournament.name]
    for data in sheets:
        texts += [t for p in data.players if p for t in (p.name, _team(p))]
        texts += [p.reason for p in data.penalties]
    font, bold = _fonts(texts)
    styles = _styles(font, bold)
    story = []
    for i, data in enumerate(sheets):
        if i:
            story.append(PageBreak())
        story += _sheet_story(tournament, data, styles, font, bold)
    if not story:
        story.append(_p(_("This session has no tables yet."), styles["normal"]))
    doc.build(story)
    return buffer.getvalue()
