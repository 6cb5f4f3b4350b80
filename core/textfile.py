"""Text files as spreadsheet programs write them, decoded as they were written (pure Python, no Django).

"CSV UTF-8" from Excel starts with a byte-order mark; "Unicode Text" from Excel, and CSV from some Windows and
Mac tools, is UTF-16 (with a byte-order mark, or without one: then every other byte of Latin text is NUL).
Read as UTF-8, a UTF-16 file looks like binary full of NUL characters, and its first header cell would keep
the byte-order mark, so neither would be recognised. :func:`decode_text_file` finds which it is; a file that
claims UTF-16 or UTF-32 and cannot be read as such raises :class:`UndecodableText` (the caller says so in the
user's language), and so does a file that is UTF-8 but for a damaged byte (its other accented letters are
well-formed UTF-8: read as Windows-1252 they would all come out garbled). Anything else falls back to the
legacy encodings given (Windows-1252, then Latin-1, for a players list typed on an old Windows).
"""

from __future__ import annotations

import codecs

# Longest first: the UTF-32 little-endian mark begins with the UTF-16 one.
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
SNIFF_BYTES = 2000


class UndecodableText(ValueError):
    """The file says (or looks like) it is in ``encoding`` but byte ``position`` (from 0; on line ``line``, from
    1) cannot be read as such. ``declared``: it says so itself (a byte-order mark); else it shows it."""

    def __init__(self, encoding: str, position: int, line: int = 0, declared: bool = True):
        super().__init__(f"not {encoding} text at byte {position}")
        self.encoding = encoding
        self.position = position
        self.line = line
        self.declared = declared


def _looks_like_utf8(body: bytes) -> bool:
    """Whether ``body`` holds well-formed UTF-8 sequences of two or more bytes: text that is UTF-8 except for a
    damaged byte. A legacy file almost never does (its accented letters stand alone: "Núñez" is ``N\xfa\xf1ez``);
    one whose UTF-8 is only damaged does ("Núñez" is ``N\xc3\xba\xc3\xb1ez``), and reading it as Windows-1252
    would garble every accent ("NÃºÃ±ez") without a word."""
    decoded = body.decode("utf-8", errors="replace")
    return any(ord(ch) > 0x7F and ch != "\ufffd" for ch in decoded)


def _utf16_without_bom(data: bytes) -> str | None:
    """ "utf-16-le" or "utf-16-be" when many odd (or even) bytes are NUL and hardly any of the others; None
    otherwise."""
    head = data[:SNIFF_BYTES]
    if len(head) < 4 or len(head) % 2:
        return None
    even, odd = head[0::2], head[1::2]
    pairs = len(head) // 2
    # Text in UTF-8 or a legacy encoding has no NUL at all; UTF-16 of digits, commas and Latin names has one in
    # nearly every pair, and even a list of CJK names has them in its numbers, commas and line ends.
    if odd.count(0) >= 0.2 * pairs and even.count(0) <= 0.05 * pairs:
        return "utf-16-le"
    if even.count(0) >= 0.2 * pairs and odd.count(0) <= 0.05 * pairs:
        return "utf-16-be"
    return None


def detect_encoding(data: bytes) -> tuple[str | None, int]:
    """The Unicode encoding ``data`` declares or shows, and the length of its byte-order mark; (None, 0) when
    there is no sign of one (UTF-8 or a legacy encoding, to be tried)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return encoding, len(bom)
    return _utf16_without_bom(data), 0


def decode_text_file(data: bytes, legacy: tuple[str, ...] = ("cp1252", "latin-1")) -> str:
    """``data`` as text, without its byte-order mark. UTF-8, UTF-16 and UTF-32 are recognised; otherwise the
    ``legacy`` encodings are tried in order (Latin-1 reads any bytes). Raises UndecodableText for a file in a
    Unicode encoding it does not hold to, or when nothing given fits."""
    encoding, skip = detect_encoding(data)
    body = data[skip:]
    if encoding is not None and encoding != "utf-8":
        try:
            return body.decode(encoding)
        except UnicodeDecodeError as exc:  # an odd byte at the end, or half of a surrogate pair
            raise UndecodableText(encoding.upper().replace("-LE", "").replace("-BE", ""), skip + exc.start) from None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body[: exc.start].count(b"\n") + 1
        if encoding == "utf-8" or not legacy:  # it said UTF-8 (a byte-order mark), or only UTF-8 will do
            raise UndecodableText("UTF-8", skip + exc.start, line) from None
        if _looks_like_utf8(body):  # UTF-8 with a damaged byte: refused, not read garbled
            raise UndecodableText("UTF-8", skip + exc.start, line, declared=False) from None
    for name in legacy:
        try:
            return body.decode(name)
        except UnicodeDecodeError:
            continue
    raise UndecodableText(legacy[-1], 0)
