"""Read a players list from a CSV or XLSX file into rows for `tournament.services.players_import`.

Nothing is written here: `parse_players_file` returns a preview with the rows (exactly the keyword
arguments of `player_create`, minus tournament/by) and every problem found, each with the row number
the user sees in the spreadsheet (the header is row 1). The caller imports only when `preview.ok`.
"""
import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

FIELDS = ("number", "name", "country", "club", "ema_id", "team", "is_substitute")

# Normalised header text (lowercase, no accents, no spaces/dots/underscores) -> field.
HEADER_ALIASES = {
    "number": "number", "numero": "number", "num": "number", "no": "number", "n": "number",
    "#": "number", "nr": "number", "nro": "number", "player number": "number", "playernumber": "number",
    "name": "name", "nombre": "name", "player": "name", "jugador": "name", "fullname": "name",
    "nombreyapellidos": "name", "nombrecompleto": "name",
    "country": "country", "pais": "country", "nation": "country", "nacionalidad": "country",
    "club": "club",
    "ema": "ema_id", "emaid": "ema_id", "emanumber": "ema_id", "idema": "ema_id", "emanr": "ema_id",
    "team": "team", "equipo": "team",
    "substitute": "is_substitute", "issubstitute": "is_substitute", "sub": "is_substitute",
    "suplente": "is_substitute", "reserva": "is_substitute",
}

TRUE_WORDS = {"1", "yes", "y", "true", "x", "si", "s", "sí", "verdadero"}
FALSE_WORDS = {"", "0", "no", "n", "false", "falso"}

MAX_LENGTHS = {"name": 120, "club": 120, "team": 120}
MAX_ROWS = 2000


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
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


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
        header = next(csv.reader([lines[0]], delimiter=delimiter), [])
        # The Sniffer is easily fooled by commas inside names ("López, Ana"); trust the header.
        score = _recognised(header) * 10 + (1 if len(header) > 1 else 0)
        if score > best_score:
            best, best_score = delimiter, score
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=best))


def _xlsx_records(data):
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    try:
        sheet = workbook.worksheets[0]
        records = []
        for row in sheet.iter_rows(values_only=True):
            records.append(list(row))
        return records
    finally:
        workbook.close()


def _read_records(data, filename):
    name = (filename or "").lower()
    if name.endswith(".xls") or data[:4] == b"\xd0\xcf\x11\xe0":
        raise ValueError(_("Old .xls files cannot be read; save the sheet as .xlsx or .csv."))
    if name.endswith((".xlsx", ".xlsm")) or data[:4] == b"PK\x03\x04":
        try:
            return _xlsx_records(data), True
        except Exception as exc:  # openpyxl raises many kinds on a damaged file
            raise ValueError(_("The spreadsheet could not be read: %(e)s") % {"e": exc}) from exc
    return _csv_records(_decode(data)), False


def _is_blank(record):
    return all(_cell_text(c) == "" for c in record)


def _parse_bool(text):
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    return None


def parse_players_file(data: bytes, filename: str, tournament) -> ImportPreview:
    preview = ImportPreview()
    try:
        records, is_xlsx = _read_records(data, filename)
    except ValueError as exc:
        preview.errors.append((1, str(exc)))
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
        key = _header_field(text)
        if key is None:
            preview.warnings.append((header_row, _("Column “%(c)s” is not used.") % {"c": text}))
            continue
        if key in columns:
            preview.errors.append((header_row, _("Two columns mean %(f)s: “%(a)s” and “%(b)s”.") % {
                "f": key, "a": _cell_text(records[header_index][columns[key]]), "b": text}))
            continue
        columns[key] = col
    if "name" not in columns:
        preview.errors.append((header_row, _(
            "No name column. The first row must name the columns, e.g. number, name, country, club, "
            "ema_id, team, substitute (or número, nombre, país, club, ema, equipo, suplente).")))
        return preview

    existing = list(tournament.players.values_list("number", "name", "ema_id")) if tournament.pk else []
    existing_numbers = {n for n, _name, _e in existing}
    existing_names = {name.strip().casefold() for _n, name, _e in existing}
    existing_emas = {e for _n, _name, e in existing if e}

    data_rows = sum(1 for r in records[header_index + 1:] if not _is_blank(r))
    if data_rows > MAX_ROWS:
        preview.errors.append((header_row, _("The file has %(n)s players; at most %(m)s can be imported at once.")
                               % {"n": data_rows, "m": MAX_ROWS}))
        return preview

    parsed = []  # (row_number, dict) with number possibly None
    for index in range(header_index + 1, len(records)):
        record = records[index]
        row_number = index + 1
        if _is_blank(record):
            continue

        def cell(key):
            col = columns.get(key)
            if col is None or col >= len(record):
                return ""
            value = record[col]
            if key == "ema_id" and is_xlsx and isinstance(value, (int, float)) and not isinstance(value, bool):
                # A spreadsheet drops the leading zero of 04000001 when the cell is a number.
                return _cell_text(value).zfill(8)
            return _cell_text(value)

        errors = []
        row = {"number": None}
        number_text = cell("number")
        if number_text:
            try:
                number = float(number_text.replace(",", "."))
                if not number.is_integer():
                    raise ValueError
                number = int(number)
            except (ValueError, OverflowError):
                errors.append(_("Number “%(v)s” is not a whole number.") % {"v": number_text})
            else:
                if number < 1:
                    errors.append(_("Number %(v)s: player numbers start at 1.") % {"v": number})
                else:
                    row["number"] = number
        name = " ".join(cell("name").split())
        if not name:
            errors.append(_("The name is missing."))
        row["name"] = name
        country = cell("country").upper()
        if country and not re.fullmatch(r"[A-Z]{2}", country):
            errors.append(_("Country “%(v)s”: use the two-letter code, e.g. ES.") % {"v": cell("country")})
        row["country"] = country
        row["club"] = cell("club")
        ema_id = cell("ema_id").replace(" ", "")
        if ema_id and not re.fullmatch(r"\d{8}", ema_id):
            errors.append(_("EMA id “%(v)s”: it has eight digits, e.g. 04000001 (a spreadsheet may have "
                            "dropped a leading zero).") % {"v": cell("ema_id")})
        row["ema_id"] = ema_id
        row["team"] = cell("team")
        substitute = _parse_bool(cell("is_substitute"))
        if substitute is None:
            errors.append(_("Substitute “%(v)s”: write yes or no.") % {"v": cell("is_substitute")})
        row["is_substitute"] = bool(substitute)
        for key, limit in MAX_LENGTHS.items():
            if len(row[key]) > limit:
                errors.append(_("The %(f)s is longer than %(n)s characters.") % {"f": key, "n": limit})
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
            if number in existing_numbers:
                preview.errors.append((row_number, _("Number %(n)s is already taken in this tournament.") % {"n": number}))
            elif number in seen_numbers:
                preview.errors.append((row_number, _("Number %(n)s is also on row %(r)s.") % {
                    "n": number, "r": seen_numbers[number]}))
            else:
                seen_numbers[number] = row_number
        key = row["name"].casefold()
        if key:
            if key in existing_names:
                preview.errors.append((row_number, _("%(name)s is already a player in this tournament.") % {
                    "name": row["name"]}))
            elif key in seen_names:
                preview.errors.append((row_number, _("%(name)s is also on row %(r)s.") % {
                    "name": row["name"], "r": seen_names[key]}))
            else:
                seen_names[key] = row_number
        ema = row["ema_id"]
        if ema and re.fullmatch(r"\d{8}", ema):
            if ema in existing_emas:
                preview.errors.append((row_number, _("EMA id %(e)s already belongs to a player in this tournament.")
                                       % {"e": ema}))
            elif ema in seen_emas:
                preview.errors.append((row_number, _("EMA id %(e)s is also on row %(r)s.") % {
                    "e": ema, "r": seen_emas[ema]}))
            else:
                seen_emas[ema] = row_number

    # Missing numbers continue after the highest number, in the tournament or in the file.
    next_number = max([0, *existing_numbers, *seen_numbers]) + 1
    for row_number, row in parsed:
        if row["number"] is None:
            row["number"] = next_number
            next_number += 1
        preview.rows.append({key: row[key] for key in FIELDS})
        preview.row_numbers.append(row_number)
    preview.errors.sort(key=lambda e: e[0])
    return preview
