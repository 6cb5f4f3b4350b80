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
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules import safejson, textfile
from tournament.models import PLAYER_NUMBER_MAX, compose_display_name

FIELDS = ("number", "name", "family_name", "given_name", "country", "club", "ema_id", "team", "is_substitute")

# Normalised header text (lowercase, no accents, no spaces/dots/underscores) -> field.
HEADER_ALIASES = {
    "number": "number",
    "numero": "number",
    "num": "number",
    "no": "number",
    "n": "number",
    "#": "number",
    "nr": "number",
    "nro": "number",
    "player number": "number",
    "playernumber": "number",
    "name": "name",
    "nombre": "name",
    "player": "name",
    "jugador": "name",
    "fullname": "name",
    "nombreyapellidos": "name",
    "nombrecompleto": "name",
    "displayname": "name",
    "familyname": "family_name",
    "surname": "family_name",
    "lastname": "family_name",
    "apellido": "family_name",
    "apellidos": "family_name",
    "givenname": "given_name",
    "firstname": "given_name",
    "forename": "given_name",
    "nombredepila": "given_name",
    "country": "country",
    "pais": "country",
    "nation": "country",
    "nacionalidad": "country",
    "club": "club",
    "ema": "ema_id",
    "emaid": "ema_id",
    "emanumber": "ema_id",
    "idema": "ema_id",
    "emanr": "ema_id",
    "team": "team",
    "equipo": "team",
    "substitute": "is_substitute",
    "issubstitute": "is_substitute",
    "sub": "is_substitute",
    "suplente": "is_substitute",
    "reserva": "is_substitute",
}

TRUE_WORDS = {"1", "yes", "y", "true", "x", "si", "s", "sí", "verdadero"}
FALSE_WORDS = {"", "0", "no", "n", "false", "falso"}

MAX_LENGTHS = {"name": 120, "family_name": 120, "given_name": 120, "club": 120, "team": 120}

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
COLUMNS = (
    (
        "number",
        "number",
        gettext_lazy(
            "Optional when adding: players without one are numbered after the highest. "
            "Required when changing players: it says whose row it is."
        ),
    ),
    (
        "name",
        "name",
        gettext_lazy("The player's name as shown everywhere; or give family_name and given_name instead."),
    ),
    ("family_name", "family_name", gettext_lazy("Optional: family name(s), for sorting and the EMA ranking file.")),
    ("given_name", "given_name", gettext_lazy("Optional: given name.")),
    ("country", "country", gettext_lazy("Optional: the two-letter code, e.g. ES.")),
    ("club", "club", gettext_lazy("Optional.")),
    ("ema_id", "ema_id", gettext_lazy("Optional: the EMA number, eight digits, e.g. 04000001.")),
    ("team", "team", gettext_lazy("Optional: the team's name; a new name makes a new team.")),
    ("is_substitute", "substitute", gettext_lazy("Optional: yes or no (empty: no).")),
)
TEMPLATE_ROWS = (
    (1, "López Ruiz, Ana", "López Ruiz", "Ana", "ES", "Club Mahjong Madrid", "04000001", "Dragons", "no"),
    (2, "Wang Li", "Wang", "Li", "CN", "", "", "Dragons", "no"),
)


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
    ema = [key for key, _h, _help in COLUMNS].index("ema_id") + 1
    for (cell,) in sheet.iter_rows(min_row=2, min_col=ema, max_col=ema):
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

    @property
    def ok(self):
        return not self.errors and bool(self.rows)


def _normalise_header(text):
    text = str(text or "").replace("°", "o")  # "n°" written with a degree sign
    # NFKD turns "ú" into "u" + accent and "º" (ordinal) into "o": "Número" -> "numero", "Nº" -> "no".
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[\s._\-:]+", "", text.strip().lower())


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


def _decode(data):
    """UTF-8 (with or without a byte-order mark), UTF-16 ("Unicode text"), else Windows-1252 (rules.textfile)."""
    try:
        return textfile.decode_text_file(data)
    except textfile.UndecodableText as exc:
        raise ValueError(_undecodable_message(exc)) from None


def _undecodable_message(exc):
    return _(
        "The file is marked as %(encoding)s text, but byte %(n)s cannot be read as %(encoding)s: it is damaged. "
        "Save the sheet again as CSV (UTF-8) or XLSX."
    ) % {"encoding": exc.encoding, "n": exc.position}


def _lone_surrogate_cell(records):
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
    name = (filename or "").lower()
    _check_file_type(data, filename)
    if name.endswith(".xls") or data[:4] == b"\xd0\xcf\x11\xe0":
        raise ValueError(_("Old .xls files cannot be read; save the sheet as .xlsx or .csv."))
    if len(data) > MAX_FILE_BYTES:
        raise ValueError(_("The file is too big (%(n)s MB at most).") % {"n": MAX_FILE_BYTES // (1024 * 1024)})
    if name.endswith((".xlsx", ".xlsm")) or data[:4] == b"PK\x03\x04":
        try:
            return _xlsx_records(data), True
        except ValueError:
            raise
        except Exception as exc:  # openpyxl and zipfile raise many kinds on a damaged file
            raise ValueError(_("The spreadsheet could not be read: %(e)s") % {"e": str(exc)[:200]}) from exc
    text = _decode(data)
    if "\x00" in text:
        raise ValueError(
            _("The file contains NUL characters, so it is not a CSV text file. Save the sheet as CSV (UTF-8) or XLSX.")
        )
    return _csv_records(text), False


def _is_blank(record):
    return all(c is None or (isinstance(c, str) and not c.strip()) for c in record)


def _parse_bool(text):
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    return None


def parse_players_file(data: bytes, filename: str, tournament, *, update: bool = False) -> ImportPreview:
    """The rows to import, or (``update``) the changes to the players already in the tournament, named by
    their number: then only the file's columns change, and every row must name an existing player."""
    preview = ImportPreview()
    try:
        records, is_xlsx = _read_records(data, filename)
    except ValueError as exc:
        preview.errors.append((1, str(exc)))
        return preview
    if problem := _lone_surrogate_cell(records):
        preview.errors.append(problem)
        return preview

    # The header is the first non-blank row.
    header_index = next((i for i, r in enumerate(records) if not _is_blank(r)), None)
    if header_index is None:
        preview.errors.append((1, _("The file is empty.")))
        return preview
    header_row = header_index + 1
    columns = {}
    for col, cell in enumerate(records[header_index]):
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
                    % {"f": key, "a": _cell_text(records[header_index][columns[key]]), "b": text},
                )
            )
            continue
        columns[key] = col
    if update and "number" not in columns:
        preview.errors.append(
            (
                header_row,
                _("No number column. To change players already imported, each row names the player by their number."),
            )
        )
        return preview
    if not update and "name" not in columns and not {"family_name", "given_name"} <= set(columns):
        preview.errors.append(
            (
                header_row,
                _(
                    "No name column. The first row must name the columns, e.g. number, name, country, club, "
                    "ema_id, team, substitute (or número, nombre, país, club, ema, equipo, suplente)."
                ),
            )
        )
        return preview

    existing = list(tournament.players.values_list("number", "name", "ema_id")) if tournament.pk else []
    existing_numbers = {n for n, _name, _e in existing}
    # Whose name or EMA id it is: in update mode a player keeps their own.
    existing_names = {name.strip().casefold(): n for n, name, _e in existing}
    existing_emas = {e: n for n, _name, e in existing if e}
    names_given = "name" in columns or "family_name" in columns or "given_name" in columns

    data_rows = sum(1 for r in records[header_index + 1 :] if not _is_blank(r))
    if data_rows > MAX_ROWS:
        preview.errors.append(
            (
                header_row,
                _("The file has more than %(m)s players; at most %(m)s can be imported at once.") % {"m": MAX_ROWS},
            )
        )
        return preview

    parsed = []  # (row_number, dict) with number possibly None
    for index in range(header_index + 1, len(records)):
        record = records[index]
        row_number = index + 1
        if _is_blank(record):
            continue

        def cell(key, record=record):
            col = columns.get(key)
            if col is None or col >= len(record):
                return ""
            value = record[col]
            if key == "ema_id" and is_xlsx and isinstance(value, (int, float)) and not isinstance(value, bool):
                # A spreadsheet drops the leading zero of 04000001 when the cell is a number.
                return _cell_text(value).zfill(8)
            return _cell_text(value)

        errors = []
        too_long = [key for key in columns if len(cell(key)) > MAX_CELL_CHARS]
        if too_long:
            preview.errors.append((row_number, _("A cell is longer than %(n)s characters.") % {"n": MAX_CELL_CHARS}))
            continue
        if any("\x00" in cell(key) for key in columns):
            preview.errors.append((row_number, _("A cell contains a NUL character.")))
            continue
        row = {"number": None}
        number_text = cell("number")
        if number_text:
            try:
                if len(number_text) > 12:
                    raise ValueError
                number = float(number_text.replace(",", "."))
                if not number.is_integer():
                    raise ValueError
                number = int(number)
            except (ValueError, OverflowError):
                errors.append(_("Number “%(v)s” is not a whole number.") % {"v": number_text[:20]})
            else:
                if number < 1:
                    errors.append(_("Number %(v)s: player numbers start at 1.") % {"v": number})
                elif number > PLAYER_NUMBER_MAX:
                    errors.append(
                        _("Number %(v)s: player numbers go up to %(m)s.") % {"v": number, "m": PLAYER_NUMBER_MAX}
                    )
                else:
                    row["number"] = number
        name = " ".join(cell("name").split())
        family_name = " ".join(cell("family_name").split())
        given_name = " ".join(cell("given_name").split())
        if not name:
            name = compose_display_name(family_name, given_name)
        if not name and (names_given or not update):
            errors.append(_("The name is missing."))
        row["name"] = name
        # Only a file with name-part columns sets them; otherwise the service splits a single name
        # where that is unambiguous ("López Ruiz, Ana").
        if "family_name" in columns or "given_name" in columns:
            row["family_name"], row["given_name"] = family_name, given_name
        country = cell("country").upper()
        if country and not re.fullmatch(r"[A-Z]{2}", country):
            errors.append(_("Country “%(v)s”: use the two-letter code, e.g. ES.") % {"v": cell("country")})
        row["country"] = country
        row["club"] = cell("club")
        ema_id = cell("ema_id").replace(" ", "")
        if ema_id and not re.fullmatch(r"\d{8}", ema_id):
            errors.append(
                _("EMA id “%(v)s”: it has eight digits, e.g. 04000001 (a spreadsheet may have dropped a leading zero).")
                % {"v": cell("ema_id")}
            )
        row["ema_id"] = ema_id
        row["team"] = cell("team")
        substitute = _parse_bool(cell("is_substitute"))
        if substitute is None:
            errors.append(_("Substitute “%(v)s”: write yes or no.") % {"v": cell("is_substitute")})
        row["is_substitute"] = bool(substitute)
        for key, limit in MAX_LENGTHS.items():
            if len(row.get(key, "")) > limit:
                errors.append(_("The %(f)s is longer than %(n)s characters.") % {"f": key, "n": limit})
        if update:
            # Only what the file has a column for changes; the rest of each player stays as it is.
            given = set(columns) | ({"name"} if names_given else set())
            row = {key: value for key, value in row.items() if key == "number" or key in given}
            if row["number"] is None and not number_text:
                errors.append(_("The number is missing: it says which player this row changes."))
        for message in errors:
            preview.errors.append((row_number, message))
        parsed.append((row_number, row))

    if not parsed and not preview.errors:
        preview.errors.append((header_row, _("The file has a header but no players.")))
        return preview

    # Duplicates, within the file and against players already in the tournament.
    seen_numbers, seen_names, seen_emas = {}, {}, {}
    for row_number, row in parsed:
        number = row["number"]
        if number is not None:
            if number in existing_numbers and not update:
                preview.errors.append(
                    (row_number, _("Number %(n)s is already taken in this tournament.") % {"n": number})
                )
            elif number not in existing_numbers and update:
                preview.errors.append(
                    (
                        row_number,
                        _(
                            "No player has number %(n)s in this tournament, so there is "
                            "nobody to change; add new players without “change players "
                            "already imported”."
                        )
                        % {"n": number},
                    )
                )
            elif number in seen_numbers:
                preview.errors.append(
                    (row_number, _("Number %(n)s is also on row %(r)s.") % {"n": number, "r": seen_numbers[number]})
                )
            else:
                seen_numbers[number] = row_number
        key = row.get("name", "").casefold()
        if key:
            if key in existing_names and existing_names[key] != (number if update else None):
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
        if ema and re.fullmatch(r"\d{8}", ema):
            if ema in existing_emas and existing_emas[ema] != (number if update else None):
                preview.errors.append(
                    (row_number, _("EMA id %(e)s already belongs to a player in this tournament.") % {"e": ema})
                )
            elif ema in seen_emas:
                preview.errors.append(
                    (row_number, _("EMA id %(e)s is also on row %(r)s.") % {"e": ema, "r": seen_emas[ema]})
                )
            else:
                seen_emas[ema] = row_number

    # Missing numbers continue after the highest number, in the tournament or in the file.
    next_number = max([0, *existing_numbers, *seen_numbers]) + 1
    for row_number, row in parsed:
        if row["number"] is None and not update:
            row["number"] = next_number
            next_number += 1
        preview.rows.append({key: row[key] for key in FIELDS if key in row})
        preview.row_numbers.append(row_number)
    preview.errors.sort(key=lambda e: e[0])
    return preview
