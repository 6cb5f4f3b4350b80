"""Renderers: any :class:`~exports.datasets.Dataset` as CSV, XLSX or PDF bytes."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from core.command_output import FORMULA_STARTS, neutralise  # noqa: F401 (the exports read them here)
from exports.datasets import INT, POINTS, TEXT, Dataset, local_time
from exports.typography import LATIN, document_fonts, draw_string, paragraph, styles_for, table, text_width
from rules.table_points import format_table_points
from tournament.models import Tournament
from tournament.numbers import table_points_shown


def _text(value, kind):
    """A value as a file for programs writes it (CSV): table points with a decimal point in every language."""
    if value is None:
        return ""
    if kind == POINTS:
        return format_table_points(value)
    return str(value)


def _shown(value, kind):
    """A value as a printed document shows it to people: table points in the reader's language ("1,50")."""
    if value is not None and kind == POINTS:
        return table_points_shown(value)
    return _text(value, kind)


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
    for label, value in dataset.preamble:
        sheet.cell(row=row_index, column=1, value=neutralise(label)).font = bold
        cell = sheet.cell(row=row_index, column=2, value=neutralise(str(value)))
        cell.data_type, cell.number_format = "s", "@"
        row_index += 1
    if dataset.preamble:
        row_index += 1  # a blank row before the table
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
    header_row = row_index - (1 if dataset.groups else 0)
    for col, label in enumerate(dataset.header, start=1):
        sheet.cell(row=row_index, column=col, value=neutralise(label)).font = bold
    sheet.freeze_panes = sheet.cell(row=row_index + 1, column=1)
    # Printed: header on every page, as wide as the paper.
    sheet.print_title_rows = f"{header_row}:{row_index}"
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
                # Text, never a formula, and kept as text when edited: an EMA id keeps its leading zero.
                cell.data_type, cell.number_format = "s", "@"
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


def document(buffer: io.BytesIO, tournament: Tournament, title: str, landscape_: bool = False) -> Any:
    """An A4 document (landscape on request) with the margins of every flowing PDF, titled for the viewer."""
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


def _page_number(canvas: Any, doc: Any) -> None:
    from reportlab.lib.units import mm

    canvas.saveState()
    draw_string(canvas, doc.pagesize[0] - 12 * mm, 6 * mm, _("Page %(n)s") % {"n": doc.page}, LATIN, 7, "right")
    canvas.restoreState()


MIN_FONT_SIZE = 5.5
# A cell's left and right padding (3 pt each), and half a point to spare: a paragraph cell (CJK text) given
# exactly its text's width may wrap its last character on a rounding error.
CELL_PADDING = 6.5


def _column_blocks(dataset: Dataset, widths: list[float], available: float) -> list[list[int]]:
    """Column index lists, one table each. A dataset fits in one; a grouped dataset too wide for the
    page is cut between groups, the first group (who the row is) repeated in every block."""
    if not dataset.groups or sum(widths) <= available + 1 or len(dataset.groups) < 3:
        return [list(range(len(widths)))]
    spans: list[list[int]] = []
    col = 0
    for _label, span in dataset.groups:
        spans.append(list(range(col, col + span)))
        col += span
    key = spans[0]
    blocks: list[list[int]] = []
    current: list[int] = []
    key_width = sum(widths[c] for c in key)
    for group in spans[1:]:
        width = sum(widths[c] for c in group)
        if current and key_width + sum(widths[c] for c in current) + width > available:
            blocks.append(key + current)
            current = []
        current += group
    blocks.append(key + current)
    return blocks


@dataclass
class _Layout:
    """How a dataset's table is printed: the rows as text, the fonts, the size and each column's width."""

    body: list[list[str]]
    font: str
    bold: str
    styles: dict[str, Any]
    available: float
    size: float = 8.5
    widths: list[float] = field(default_factory=list)


def _layout(dataset: Dataset, tournament: Tournament, available: float) -> _Layout:
    """The widths the columns need at 8.5 pt; a sheet wider than the page shrinks its font (down to 5.5 pt)."""
    kinds = [c.kind for c in dataset.columns]
    body = [[_shown(v, k) for v, k in zip(row, kinds)] for row in dataset.rows]
    group_labels = [label for label, _span in dataset.groups or []]
    font, bold = document_fonts(
        [tournament.name, dataset.title, dataset.heading, *dataset.header, *dataset.notes, *group_labels]
        + [t for row in body for t in row]
    )
    layout = _Layout(body=body, font=font, bold=bold, styles=styles_for(font, bold), available=available)

    def natural_widths(size: float) -> list[float]:
        return [
            max(text_width(t, bold, size) for t in [r[col] for r in body] + [dataset.header[col]]) + CELL_PADDING
            for col in range(len(kinds))
        ]

    layout.widths = natural_widths(layout.size)
    if sum(layout.widths) > available:
        padding = CELL_PADDING * len(layout.widths)  # does not shrink with the font
        shrunk = layout.size * (available - padding) / (sum(layout.widths) - padding) - 0.05
        layout.size = max(MIN_FONT_SIZE, shrunk)
        layout.widths = natural_widths(layout.size)
    return layout


def _header_rows(dataset: Dataset, columns: list[int]) -> tuple[list[list[str]], list[list[Any]]]:
    """The header rows of a table of `columns` (the groups' row above the columns' when the dataset has
    groups), and the groups it shows as [first column, label, span]."""
    header_rows = [[dataset.header[c] for c in columns]]
    groups: list[list[Any]] = []
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
    return header_rows, groups


def _wrapped_widths(kinds: list[str], widths: list[float], available: float) -> tuple[list[float], set[int]]:
    """Widths that fit `available`: too wide even at the smallest font, the widest text columns are capped
    and their cells wrap. Returns the widths and the wrapping columns."""
    widths, wrapped = list(widths), set()
    if sum(widths) > available:
        for i in sorted((i for i, k in enumerate(kinds) if k == TEXT), key=lambda i: -widths[i]):
            excess = sum(widths) - available
            if excess <= 0:
                break
            widths[i] = max(widths[i] - excess, 40)
            wrapped.add(i)
    return widths, wrapped


def _table_style(
    dataset: Dataset, kinds: list[str], groups: list[list[Any]], head: int, layout: _Layout
) -> list[tuple[Any, ...]]:
    from reportlab.lib import colors

    size = layout.size
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), layout.font, size),
        ("FONT", (0, 0), (-1, head - 1), layout.bold, size),
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
    return style


def _pdf_table(dataset: Dataset, columns: list[int], layout: _Layout) -> Any:
    """One table of the dataset's `columns`, its header repeated on every page."""
    from reportlab.lib.styles import ParagraphStyle

    kinds = [dataset.columns[c].kind for c in columns]
    header_rows, groups = _header_rows(dataset, columns)
    widths, wrapped = _wrapped_widths(kinds, [layout.widths[c] for c in columns], layout.available)
    size = layout.size
    cell_style = ParagraphStyle("x-wrap", parent=layout.styles["cell"], fontSize=size, leading=size * 1.2)
    data: list[list[Any]] = [list(r) for r in header_rows]
    for row in layout.body:
        # A cell that wraps is a paragraph; the others are text (``table`` prints CJK text in its font).
        data.append(
            [paragraph(v, cell_style) if v and i in wrapped else v for i, v in enumerate(row[c] for c in columns)]
        )
    head = len(header_rows)
    return table(data, _table_style(dataset, kinds, groups, head, layout), colWidths=widths, repeatRows=head)


def render_pdf(dataset: Dataset, tournament: Tournament) -> bytes:
    """A titled table on A4 (landscape when the dataset asks), header repeated on every page.
    Wide sheets fit the page width: the font shrinks (down to 5.5 pt); a grouped sheet still too
    wide (many sessions) continues in further tables, each repeating the first group's columns;
    otherwise long text wraps."""
    from reportlab.platypus import Spacer

    buffer = io.BytesIO()
    doc = document(buffer, tournament, dataset.title, dataset.landscape)
    layout = _layout(dataset, tournament, doc.width)
    styles = layout.styles
    story = [
        paragraph(dataset.title, styles["title"]),
        paragraph("{} · {} {}".format(tournament.name, _("printed"), local_time(timezone.now())), styles["subtitle"]),
    ]
    if dataset.heading:
        story.append(paragraph(dataset.heading, styles["subtitle"]))
    for i, columns in enumerate(_column_blocks(dataset, layout.widths, layout.available)):
        if i:
            story.append(Spacer(1, 10))
        story.append(_pdf_table(dataset, columns, layout))
    if not layout.body:
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
