"""Read a players list from a CSV or XLSX file into rows for `tournament.services.players_import`.

Nothing is written here: `parse_players_file` returns a preview with the rows (exactly the keyword
arguments of `player_create`, minus tournament/by) and every problem found, each with the row number
the user sees in the spreadsheet (the header is row 1). The caller imports only when `preview.ok`.
"""

import csv
import io
import re
import unicodedata
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from core import safejson, text_messages, textfile
from tournament.models import Tournament, compose_display_name
from tournament.player_fields import BY_KEY, FILE_FIELDS

# The players file's fields (tournament.player_fields: its columns, checks and template), in the order of its columns.
FIELDS = tuple(f.key for f in FILE_FIELDS)

# The limits of a players file (README, "Limits"). Each is checked before or while reading, so a small
# file that claims to be huge (an XLSX declaring a million rows, a "zip bomb" shared-strings part)
# is refused in well under a second without being unpacked.
MAX_FILE_BYTES = 1024 * 1024  # the upload; it also travels back base64-encoded in the confirm form
MAX_ROWS = 2000  # players in one file
MAX_BLANK_ROWS = 1000  # blank lines read before giving up
MAX_COLUMNS = 30
MAX_CELL_CHARS = 1000
MAX_XLSX_MEMBERS = 200
MAX_XLSX_MEMBER_BYTES = 8 * 1024 * 1024  # one part of the archive, unpacked
MAX_XLSX_TOTAL_BYTES = 16 * 1024 * 1024  # all parts together, unpacked
MAX_XLSX_CELLS = 100_000  # cells written in the worksheets


# The columns as the import page lists them and the template files have them: the header the template uses,
# and what goes in the column. Other headers are recognised too (HEADER_ALIASES: número, nombre, país...).
COLUMNS = tuple((f.key, f.header, f.column_help) for f in FILE_FIELDS)
TEMPLATE_ROWS = tuple(zip(*(f.examples for f in FILE_FIELDS), strict=True))
# The import preview's columns: each field by the model's name for it.
PREVIEW_COLUMNS = tuple((f.key, f.verbose_name) for f in FILE_FIELDS)


def template_csv() -> bytes:
    """The players template as CSV, UTF-8 with a byte-order mark so spreadsheet programs read the accents."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([header for _key, header, _help in COLUMNS])
    writer.writerows(TEMPLATE_ROWS)
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def template_xlsx() -> bytes:
    """The players template as XLSX; the EMA column is text, so 04000001 keeps its leading zero."""
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "players"
    sheet.append([header for _key, header, _help in COLUMNS])
    for row in TEMPLATE_ROWS:
        sheet.append(list(row))
    for column, player_field in enumerate(FILE_FIELDS, start=1):
        if player_field.digits:
            for (cell,) in sheet.iter_rows(min_row=2, min_col=column, max_col=column):
                cell.number_format = "@"
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


@dataclass
class ImportPreview:
    rows: list = field(default_factory=list)
    errors: list = field(default_factory=list)  # (row_number, message)
    row_numbers: list = field(default_factory=list)  # spreadsheet row of each entry in rows
    warnings: list = field(default_factory=list)  # (row_number, message); do not block the import
    read_as: str = ""  # a text file: the encoding it was read in, in a sentence (core.text_messages.read_as)
    read_as_legacy: bool = False  # read in a legacy encoding (not UTF-8): to be checked before importing

    @property
    def ok(self):
        return not self.errors and bool(self.rows)


def _normalise_header(text):
    text = str(text or "").replace("°", "o")  # "n°" written with a degree sign
    # NFKD turns "ú" into "u" + accent and "º" (ordinal) into "o": "Número" -> "numero", "Nº" -> "no".
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[\s._\-:]+", "", text.strip().lower())


# Normalised header text (lowercase, no accents, no spaces/dots/underscores) -> field: each field's template
# header, its key and its other names.
HEADER_ALIASES = {_normalise_header(header): f.key for f in FILE_FIELDS for header in (f.header, f.key, *f.aliases)}


def _header_field(text):
    return HEADER_ALIASES.get(_normalise_header(text))


def _cell_text(value):
    """A cell as text: numbers typed into a spreadsheet come back as int or float."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    # Names typed on a Mac may arrive decomposed (e + combining accent); store the composed form.
    return unicodedata.normalize("NFC", str(value)).strip()


def _decode(data: bytes) -> textfile.DecodedText:
    """UTF-8 (with or without a byte-order mark), UTF-16 ("Unicode text"), else Windows-1252 when the file holds
    no UTF-8 at all (core.textfile: a damaged UTF-8 file is refused, not read garbled)."""
    try:
        return textfile.read_text_file(data)
    except textfile.UndecodableText as exc:
        advice = _("Save the sheet again as CSV (UTF-8) or XLSX, or correct that line.")
        raise ValueError(f"{text_messages.undecodable(exc)} {advice}") from None


def _lone_surrogate_cell(records: list) -> tuple[int, str] | None:
    """(row, message) for the first cell holding a lone surrogate, or None: such text is no character, and
    neither a page nor the database can hold it. CSV decoding never yields one; this guards the spreadsheet
    reader (XLSX spells any UTF-16 unit as ``_xD800_``, which openpyxl leaves as typed today)."""
    from openpyxl.utils import get_column_letter

    for index, record in enumerate(records):
        for col, value in enumerate(record):
            if isinstance(value, str) and safejson.has_lone_surrogate(value):
                return index + 1, _(
                    "Column %(c)s: the text holds a lone surrogate (half of a UTF-16 pair), which is not a "
                    "character. Retype that cell."
                ) % {"c": get_column_letter(col + 1)}
    return None


def _recognised(header_cells):
    return sum(1 for c in header_cells if _header_field(c))


def _csv_records(text):
    """The CSV's records, choosing the delimiter that makes the header row make most sense."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        return []
    candidates = []
    try:
        sniffed = csv.Sniffer().sniff("\n".join(lines[:20]), delimiters=",;\t|")
        candidates.append(sniffed.delimiter)
    except csv.Error:
        pass
    candidates += [d for d in (";", ",", "\t", "|") if d not in candidates]
    best, best_score = ",", -1
    for delimiter in candidates:
        try:
            header = next(csv.reader([lines[0][: MAX_CELL_CHARS * MAX_COLUMNS]], delimiter=delimiter), [])
        except csv.Error:
            header = []
        # The Sniffer is easily fooled by commas inside names ("López, Ana"); trust the header.
        score = _recognised(header) * 10 + (1 if len(header) > 1 else 0)
        if score > best_score:
            best, best_score = delimiter, score
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=best)
    try:
        return _bounded_records(reader)
    except csv.Error:
        # A cell over the csv module's 128 KB limit, or a quote never closed that swallows the file.
        raise ValueError(
            _("Row %(n)s cannot be read: a cell is far too long or a quote is not closed.") % {"n": reader.line_num}
        ) from None


_BLANK = ()  # one shared object for every blank record, so blank lines cost no memory


def _bounded_records(rows):
    """The records of `rows`, stopping one past MAX_ROWS players (plus the header) or after too many
    blank lines. Blank records are kept (as _BLANK) so row numbers stay those of the spreadsheet."""
    records, filled, blank = [], 0, 0
    for row in rows:
        if _is_blank(row):
            blank += 1
            if blank > MAX_BLANK_ROWS:
                break
            records.append(_BLANK)
            continue
        filled += 1
        records.append(list(row[: MAX_COLUMNS + 1]))
        if filled > MAX_ROWS + 1:
            break
    return records


_CELL_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")


def _count_cells(archive, info):
    """Cells written in a worksheet part, counted while unpacking it in pieces (never held whole)."""
    count, tail = 0, b""
    with archive.open(info) as part:
        while chunk := part.read(256 * 1024):
            text = tail + chunk
            count += len(_CELL_TAG.findall(text))
            tail = text[-16:]
            count -= len(_CELL_TAG.findall(tail))  # counted again with the next piece
            if count > MAX_XLSX_CELLS:
                break
    return count + len(_CELL_TAG.findall(tail))


def _check_xlsx_archive(data):
    """Refuse an XLSX whose parts would unpack too large or hold too many cells, before openpyxl reads
    any of it: the sizes are the ones the archive declares, and zipfile never unpacks past them."""
    too_big = _(
        "The spreadsheet is too large to read: it unpacks to more than %(n)s MB. Keep only the "
        "players' sheet, or save it as CSV."
    ) % {"n": MAX_XLSX_TOTAL_BYTES // (1024 * 1024)}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        infos = archive.infolist()
        if len(infos) > MAX_XLSX_MEMBERS:
            raise ValueError(too_big)
        if sum(i.file_size for i in infos) > MAX_XLSX_TOTAL_BYTES or any(
            i.file_size > MAX_XLSX_MEMBER_BYTES for i in infos
        ):
            raise ValueError(too_big)
        cells = sum(
            _count_cells(archive, i)
            for i in infos
            if i.filename.startswith("xl/worksheets/") and i.filename.endswith(".xml")
        )
        if cells > MAX_XLSX_CELLS:
            raise ValueError(
                _(
                    "The spreadsheet has more than %(n)s cells; a players list of %(m)s players "
                    "needs far fewer. Keep only the players' sheet."
                )
                % {"n": MAX_XLSX_CELLS, "m": MAX_ROWS}
            )


def _xlsx_records(data):
    from openpyxl import load_workbook

    _check_xlsx_archive(data)
    workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        sheet = workbook.worksheets[0]
        # The size the sheet declares (its <dimension>), read before any row.
        if (sheet.max_row or 0) > MAX_ROWS + MAX_BLANK_ROWS or (sheet.max_column or 0) > 16384:
            raise ValueError(
                _("The sheet declares %(n)s rows; at most %(m)s players can be imported at once.")
                % {"n": sheet.max_row, "m": MAX_ROWS}
            )
        # Bounded reads: openpyxl fills gaps between rows and short rows up to these limits only.
        return _bounded_records(
            sheet.iter_rows(max_row=MAX_ROWS + MAX_BLANK_ROWS + 2, max_col=MAX_COLUMNS + 1, values_only=True)
        )
    finally:
        workbook.close()


# Files people upload by mistake, by their first bytes: named as what they are, not read as a CSV whose
# "columns" are binary noise.
OTHER_FORMATS = (
    (b"%PDF", "PDF"),
    (b"\x89PNG", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF8", "GIF"),
    (b"{\\rtf", "RTF"),
    (b"\x1f\x8b", "gzip"),
    (b"Rar!", "RAR"),
    (b"7z\xbc\xaf", "7z"),
)
READABLE_SUFFIXES = (".csv", ".txt", ".tsv", ".xlsx", ".xlsm")


def _check_file_type(data, filename):
    name = (filename or "").lower()
    kind = next((label for magic, label in OTHER_FORMATS if data.startswith(magic)), None)
    if kind is None and "." in name and not name.endswith((*READABLE_SUFFIXES, ".xls")):
        kind = name.rsplit(".", 1)[1][:10].upper()
    if kind is not None:
        raise ValueError(
            _(
                "“%(file)s” is not a CSV or XLSX file (it is in %(kind)s format). Save the players list "
                "as CSV or XLSX (the template on this page shows the columns) and upload that."
            )
            % {"file": (filename or "")[:100], "kind": kind}
        )


def _read_records(data, filename):
    """The file's records, and how a text file was read (core.textfile.DecodedText; None for a spreadsheet)."""
    name = (filename or "").lower()
    _check_file_type(data, filename)
    if name.endswith(".xls") or data[:4] == b"\xd0\xcf\x11\xe0":
        raise ValueError(_("Old .xls files cannot be read; save the sheet as .xlsx or .csv."))
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(_("The file is too big (%(n)s MB at most).") % {"n": MAX_FILE_BYTES // (1024 * 1024)})
    if name.endswith((".xlsx", ".xlsm")) or data[:4] == b"PK\x03\x04":
        try:
            return _xlsx_records(data), None
        except ValueError:
            raise
        except Exception as exc:  # openpyxl and zipfile raise many kinds on a damaged file
            raise ValueError(_("The spreadsheet could not be read: %(e)s") % {"e": str(exc)[:200]}) from exc
    decoded = _decode(data)
    if "\x00" in decoded.text:
        raise ValueError(
            _("The file contains NUL characters, so it is not a CSV text file. Save the sheet as CSV (UTF-8) or XLSX.")
        )
    return _csv_records(decoded.text), decoded


def _is_blank(record):
    return all(c is None or (isinstance(c, str) and not c.strip()) for c in record)


@dataclass
class _Sheet:
    """A players file being read: its records, where its header is and which column holds each field."""

    records: list
    is_xlsx: bool
    header_index: int
    columns: dict[str, int]
    update: bool

    @property
    def header_row(self) -> int:
        return self.header_index + 1

    @property
    def names_given(self) -> bool:
        return bool({"name", "family_name", "given_name"} & set(self.columns))

    def cells(self, record: Sequence[object]) -> dict[str, str]:
        """Every field's cell in ``record`` as text; "" where the file has no column for it."""
        cells = {}
        for player_field in FILE_FIELDS:
            col = self.columns.get(player_field.key)
            value = record[col] if col is not None and col < len(record) else None
            text = _cell_text(value)
            if player_field.digits and self.is_xlsx and isinstance(value, int | float) and not isinstance(value, bool):
                # A spreadsheet drops the leading zero of 04000001 when the cell is a number.
                text = text.zfill(player_field.digits)
            cells[player_field.key] = text
        return cells


@dataclass
class _Existing:
    """The players already in the tournament: whose number, name and EMA id each is."""

    numbers: set[int]
    names: dict[str, int]  # casefolded name: number
    emas: dict[str, int]

    @classmethod
    def of(cls, tournament: Tournament) -> "_Existing":
        rows = list(tournament.players.values_list("number", "name", "ema_id")) if tournament.pk else []
        return cls(
            numbers={n for n, _name, _e in rows},
            names={name.strip().casefold(): n for n, name, _e in rows},
            emas={e: n for n, _name, e in rows if e},
        )


def parse_players_file(data: bytes, filename: str, tournament: Tournament, *, update: bool = False) -> ImportPreview:
    """The rows to import, or (``update``) the changes to the players already in the tournament, named by
    their number: then only the file's columns change, and every row must name an existing player."""
    preview = ImportPreview()
    try:
        records, decoded = _read_records(data, filename)
    except ValueError as exc:
        preview.errors.append((1, str(exc)))
        return preview
    is_xlsx = decoded is None
    if decoded is not None:  # said plainly, so that the organizer judges the names before importing them
        preview.read_as, preview.read_as_legacy = text_messages.read_as(decoded), decoded.legacy
    if problem := _lone_surrogate_cell(records):
        preview.errors.append(problem)
        return preview
    sheet = _open_sheet(records, is_xlsx, update, preview)
    if sheet is None:
        return preview
    existing = _Existing.of(tournament)
    parsed = _read_rows(sheet, preview)
    if not parsed and not preview.errors:
        preview.errors.append((sheet.header_row, _("The file has a header but no players.")))
        return preview
    _check_duplicates(parsed, existing, update, preview)
    # Missing numbers continue after the highest number, in the tournament or in the file.
    next_number = max([0, *existing.numbers, *(row["number"] for _r, row in parsed if row["number"] is not None)]) + 1
    for row_number, row in parsed:
        if row["number"] is None and not update:
            row["number"] = next_number
            next_number += 1
        preview.rows.append({key: row[key] for key in FIELDS if key in row})
        preview.row_numbers.append(row_number)
    preview.errors.sort(key=lambda e: e[0])
    return preview


def _open_sheet(records: list, is_xlsx: bool, update: bool, preview: ImportPreview) -> _Sheet | None:
    """The file's header (its first non-blank row) and columns, or None when they cannot make an import."""
    header_index = next((i for i, r in enumerate(records) if not _is_blank(r)), None)
    if header_index is None:
        preview.errors.append((1, _("The file is empty.")))
        return None
    columns = _header_columns(records[header_index], header_index + 1, preview)
    sheet = _Sheet(records, is_xlsx, header_index, columns, update)
    if update and "number" not in columns:
        preview.errors.append(
            (
                sheet.header_row,
                _("No number column. To change players already imported, each row names the player by their number."),
            )
        )
        return None
    if not update and "name" not in columns and not {"family_name", "given_name"} <= set(columns):
        preview.errors.append(
            (
                sheet.header_row,
                _(
                    "No name column. The first row must name the columns, e.g. number, name, country, club, "
                    "ema_id, team, substitute (or número, nombre, país, club, ema, equipo, suplente)."
                ),
            )
        )
        return None
    if sum(1 for r in records[header_index + 1 :] if not _is_blank(r)) > MAX_ROWS:
        preview.errors.append(
            (
                sheet.header_row,
                _("The file has more than %(m)s players; at most %(m)s can be imported at once.") % {"m": MAX_ROWS},
            )
        )
        return None
    return sheet


def _header_columns(header: Sequence[object], header_row: int, preview: ImportPreview) -> dict[str, int]:
    """{field: its column} from the header row; a column the import does not use is a warning."""
    columns: dict[str, int] = {}
    for col, cell in enumerate(header):
        text = _cell_text(cell)
        if not text:
            continue
        if len(text) > 60:
            text = text[:57] + "..."  # no header is this long; keep the message short
        key = _header_field(text)
        if key is None:
            preview.warnings.append((header_row, _("Column “%(c)s” is not used.") % {"c": text}))
            continue
        if key in columns:
            preview.errors.append(
                (
                    header_row,
                    _("Two columns mean %(f)s: “%(a)s” and “%(b)s”.")
                    % {"f": key, "a": _cell_text(header[columns[key]]), "b": text},
                )
            )
            continue
        columns[key] = col
    return columns


def _read_rows(sheet: _Sheet, preview: ImportPreview) -> list[tuple[int, dict[str, Any]]]:
    """(row number, row) of each player row, its number None where the file gives none; every problem of a row
    goes to ``preview.errors``. A row with a cell too long or a NUL character is left out."""
    parsed = []
    for index in range(sheet.header_index + 1, len(sheet.records)):
        record, row_number = sheet.records[index], index + 1
        if _is_blank(record):
            continue
        cells = sheet.cells(record)
        if any(len(text) > MAX_CELL_CHARS for text in cells.values()):
            preview.errors.append((row_number, _("A cell is longer than %(n)s characters.") % {"n": MAX_CELL_CHARS}))
            continue
        if any("\x00" in text for text in cells.values()):
            preview.errors.append((row_number, _("A cell contains a NUL character.")))
            continue
        row, errors = _read_row(sheet, cells)
        preview.errors.extend((row_number, message) for message in errors)
        parsed.append((row_number, row))
    return parsed


def _read_row(sheet: _Sheet, cells: dict[str, str]) -> tuple[dict[str, Any], list[str]]:
    """One row's values (each field read as tournament.player_fields says) and what is wrong with them."""
    row: dict[str, Any] = {}
    problems: dict[str, str | None] = {}
    for player_field in FILE_FIELDS:
        row[player_field.key], problems[player_field.key] = player_field.read_cell(cells[player_field.key])
    if not row["name"]:
        row["name"] = compose_display_name(row["family_name"], row["given_name"])
    if not row["name"] and (sheet.names_given or not sheet.update):
        problems["name"] = _("The name is missing.")
    # Only a file with name-part columns sets them; otherwise the service splits a single name
    # where that is unambiguous ("López Ruiz, Ana").
    if "family_name" not in sheet.columns and "given_name" not in sheet.columns:
        del row["family_name"], row["given_name"]
    errors = [message for message in problems.values() if message]
    for player_field in FILE_FIELDS:
        limit = player_field.max_length
        if limit and player_field.validator is None and len(row.get(player_field.key, "")) > limit:
            errors.append(_("The %(f)s is longer than %(n)s characters.") % {"f": player_field.key, "n": limit})
    if sheet.update:
        # Only what the file has a column for changes; the rest of each player stays as it is.
        given = set(sheet.columns) | ({"name"} if sheet.names_given else set())
        row = {key: value for key, value in row.items() if key == "number" or key in given}
        if row["number"] is None and not problems["number"]:
            errors.append(_("The number is missing: it says which player this row changes."))
    return row, errors


def _check_duplicates(
    parsed: list[tuple[int, dict[str, Any]]], existing: _Existing, update: bool, preview: ImportPreview
) -> None:
    """Numbers, names and EMA ids used twice, within the file or by players already in the tournament (in
    update mode a player keeps their own)."""
    seen_numbers: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    seen_emas: dict[str, int] = {}
    for row_number, row in parsed:
        number = row["number"]
        owner = number if update else None  # whose name and EMA id a row may carry
        if number is not None:
            problem = _number_problem(number, existing, update, seen_numbers)
            if problem:
                preview.errors.append((row_number, problem))
            else:
                seen_numbers[number] = row_number
        key = row.get("name", "").casefold()
        if key:
            if key in existing.names and existing.names[key] != owner:
                preview.errors.append(
                    (row_number, _("%(name)s is already a player in this tournament.") % {"name": row["name"]})
                )
            elif key in seen_names:
                preview.errors.append(
                    (row_number, _("%(name)s is also on row %(r)s.") % {"name": row["name"], "r": seen_names[key]})
                )
            else:
                seen_names[key] = row_number
        ema = row.get("ema_id")
        if ema and BY_KEY["ema_id"].accepts(ema):
            if ema in existing.emas and existing.emas[ema] != owner:
                preview.errors.append(
                    (row_number, _("EMA id %(e)s already belongs to a player in this tournament.") % {"e": ema})
                )
            elif ema in seen_emas:
                preview.errors.append(
                    (row_number, _("EMA id %(e)s is also on row %(r)s.") % {"e": ema, "r": seen_emas[ema]})
                )
            else:
                seen_emas[ema] = row_number


def _number_problem(number: int, existing: _Existing, update: bool, seen: dict[int, int]) -> str | None:
    if number in existing.numbers and not update:
        return _("Number %(n)s is already taken in this tournament.") % {"n": number}
    if number not in existing.numbers and update:
        return _(
            "No player has number %(n)s in this tournament, so there is "
            "nobody to change; add new players without “change players "
            "already imported”."
        ) % {"n": number}
    if number in seen:
        return _("Number %(n)s is also on row %(r)s.") % {"n": number, "r": seen[number]}
    return None
