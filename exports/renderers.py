"""Renderers: any :class:`~exports.datasets.Dataset` as CSV, XLSX or PDF bytes."""

import csv
import functools
import io
import os
from xml.sax.saxutils import escape

from django.utils import timezone
from django.utils.translation import gettext as _

from exports.datasets import INT, POINTS, TEXT, local_time
from rules.table_points import format_table_points

# A spreadsheet opening a CSV (or a cell later edited) runs text starting with one of these as a
# formula: =HYPERLINK(...), @SUM(...)|cmd. OWASP's advice: prefix such text with a single quote.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(text):
    """Text as it may go into a CSV or XLSX cell: never read as a formula."""
    text = str(text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _text(value, kind):
    if value is None:
        return ""
    if kind == POINTS:
        return format_table_points(value)
    return str(value)


def _cell_text(value, kind):
    """A value as CSV text; only text columns can carry what a user typed, so only they are neutralised."""
    text = _text(value, kind)
    return neutralise(text) if kind == TEXT else text


def render_csv(dataset):
    """UTF-8 CSV, comma-separated, header first; table points with 2 decimals; text never a formula."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow([neutralise(h) for h in dataset.header])
    kinds = [c.kind for c in dataset.columns]
    for row in dataset.rows:
        writer.writerow([_cell_text(v, k) for v, k in zip(row, kinds)])
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
            cell = sheet.cell(row=row_index, column=col, value=neutralise(label) if label else None)
            cell.font = bold
            cell.alignment = Alignment(horizontal="center")
            if span > 1:
                sheet.merge_cells(start_row=row_index, start_column=col, end_row=row_index, end_column=col + span - 1)
            col += span
        row_index += 1
    for col, label in enumerate(dataset.header, start=1):
        sheet.cell(row=row_index, column=col, value=neutralise(label)).font = bold
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
                cell.value = neutralise(value)
                cell.data_type = "s"  # text, never a formula
            widths[col - 1] = max(widths[col - 1], len(_text(value, column.kind)))
    # Notes (what * means, sessions not public yet) below the table, after a blank row, as in the PDF.
    for offset, note in enumerate(n for n in dataset.notes if "\n" not in n):
        cell = sheet.cell(row=row_index + 2 + offset, column=1, value=neutralise(note))
        cell.data_type = "s"
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


# Chinese, Japanese and Korean text: reportlab's built-in CID fonts, which PDF readers supply (no file to
# ship or embed). One font per text, chosen by the scripts in it: kana make it Japanese, hangul Korean,
# other Han characters Chinese -- so the kanji of a Japanese name are drawn in the Japanese font.
CJK_FONTS = {"ja": "HeiseiKakuGo-W5", "ko": "HYGothic-Medium", "zh": "STSong-Light"}


def _script(ch):
    o = ord(ch)
    if 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        return "ja"
    if 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F:
        return "ko"
    if (
        0x2E80 <= o <= 0x2FDF
        or 0x3000 <= o <= 0x303F
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFF00 <= o <= 0xFF65
        or 0x20000 <= o <= 0x2FFFF
    ):
        return "han"
    return None


def cjk_font(text):
    """The CID font for the Chinese, Japanese or Korean characters in `text`, or None when it has none."""
    scripts = {_script(ch) for ch in str(text)} - {None}
    if not scripts:
        return None
    code = "ja" if "ja" in scripts else "ko" if "ko" in scripts else "zh"
    return _register_cid(CJK_FONTS[code])


@functools.cache
def _register_cid(name):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name


def _runs(text):
    """(run, is CJK) pieces of `text`, in order."""
    runs = []
    for ch in str(text):
        cjk = _script(ch) is not None
        if runs and runs[-1][1] == cjk:
            runs[-1][0] += ch
        else:
            runs.append([ch, cjk])
    return [(run, cjk) for run, cjk in runs]


def markup(text):
    """Paragraph markup for `text`: escaped, with its CJK runs in their CID font."""
    font = cjk_font(text)
    if font is None:
        return escape(str(text))
    return "".join(f'<font face="{font}">{escape(run)}</font>' if cjk else escape(run) for run, cjk in _runs(text))


def text_width(text, font, size):
    """The printed width of `text`, its CJK runs measured in their own font."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    cid = cjk_font(text)
    if cid is None:
        return stringWidth(str(text), font, size)
    return sum(stringWidth(run, cid if cjk else font, size) for run, cjk in _runs(text))


def fonts(texts):
    """The base font of a document: Helvetica (built into every PDF reader, Western European letters
    only) unless a text needs more, e.g. Cyrillic or Greek names; then DejaVu Sans when the server has it
    installed. Chinese, Japanese and Korean characters do not count here: ``markup`` prints them in a
    CID font whatever the base font."""
    for text in texts:
        try:
            "".join(ch for ch in str(text) if _script(ch) is None).encode("cp1252")
        except UnicodeEncodeError:
            return _unicode_fonts() or (FONT, BOLD)
    return FONT, BOLD


def styles_for(font=FONT, bold=BOLD):
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("x-title", parent=base["Title"], fontName=bold, fontSize=14, leading=17, spaceAfter=2),
        "subtitle": ParagraphStyle(
            "x-subtitle", parent=base["Normal"], fontName=font, fontSize=9, leading=11, alignment=1, spaceAfter=6
        ),
        "normal": ParagraphStyle("x-normal", parent=base["Normal"], fontName=font, fontSize=9, leading=11),
        "small": ParagraphStyle("x-small", parent=base["Normal"], fontName=font, fontSize=7.5, leading=9),
        "cell": ParagraphStyle("x-cell", parent=base["Normal"], fontName=font, fontSize=8, leading=9.5),
    }


def paragraph(text, style):
    from reportlab.platypus import Paragraph

    return Paragraph(markup(text), style)


def document(buffer, tournament, title, landscape_=False):
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    pagesize = landscape(A4) if landscape_ else A4
    return SimpleDocTemplate(
        buffer,
        pagesize=pagesize,
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
        title=f"{tournament.name}: {title}",
        author=tournament.name,
        creator="MCR tournament system",
    )


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
        for c in columns:
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
        # A cell that wraps, or holds CJK text (drawn in its own font), is a paragraph; others plain text.
        data.append(
            [paragraph(v, cell_style) if v and (i in wrapped or cjk_font(v)) else v for i, v in enumerate(cells)]
        )
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
    from reportlab.platypus import Spacer

    buffer = io.BytesIO()
    doc = document(buffer, tournament, dataset.title, dataset.landscape)
    kinds = [c.kind for c in dataset.columns]
    body = [[_text(v, k) for v, k in zip(row, kinds)] for row in dataset.rows]
    group_labels = [label for label, _span in dataset.groups or []]
    font, bold = fonts(
        [
            tournament.name,
            dataset.title,
            dataset.heading,
            *dataset.header,
            *dataset.notes,
            *group_labels,
            *(t for row in body for t in row),
        ]
    )
    styles = styles_for(font, bold)
    story = [
        paragraph(dataset.title, styles["title"]),
        paragraph("{} · {} {}".format(tournament.name, _("printed"), local_time(timezone.now())), styles["subtitle"]),
    ]
    if dataset.heading:
        story.append(paragraph(dataset.heading, styles["subtitle"]))
    available = doc.width

    def natural_widths(size):
        return [
            max(text_width(t, bold, size) for t in [r[col] for r in body] + [dataset.header[col]]) + 6
            for col in range(len(kinds))
        ]

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
        story.append(paragraph(_("Nothing to show yet."), styles["normal"]))
    for note in dataset.notes:
        story += [Spacer(1, 4), paragraph(note, styles["small"])]
    doc.build(story, onFirstPage=_page_number, onLaterPages=_page_number)
    return buffer.getvalue()


RENDERERS = {
    "csv": ("text/csv; charset=utf-8", lambda dataset, tournament: render_csv(dataset)),
    "xlsx": (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        lambda dataset, tournament: render_xlsx(dataset),
    ),
    "pdf": ("application/pdf", render_pdf),
}
