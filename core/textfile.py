"""Text files as spreadsheet programs write them, decoded as they were written (pure Python, no Django).

"CSV UTF-8" from Excel starts with a byte-order mark; "Unicode Text" from Excel, and CSV from some Windows and
Mac tools, is UTF-16 (with a byte-order mark, or without one: then every other byte of Latin text is NUL).
Read as UTF-8, a UTF-16 file looks like binary full of NUL characters, and its first header cell would keep
the byte-order mark, so neither would be recognised. :func:`read_text_file` finds which it is and says so
(:class:`DecodedText`), so a reader can tell the user what it read the file as.

A file is never read garbled without a word (issue 27). The rule:

- it claims UTF-16 or UTF-32 (a byte-order mark, or the NULs that show it) or UTF-8 (a byte-order mark) and
  does not hold to it: refused (:class:`UndecodableText`, with the line and the byte);
- it is UTF-8: read as UTF-8;
- it is not UTF-8 but holds well-formed UTF-8 sequences of two or more bytes (its other accented letters): it
  is UTF-8 with damaged bytes, and read as Windows-1252 every accent would come out garbled ("Núñez" as
  "NÃºÃ±ez"): refused, naming the line and byte;
- otherwise (no multi-byte UTF-8 at all, as in a players list typed on an old Windows, "Núñez" being
  ``N\xfa\xf1ez``) the legacy encodings given are tried (Windows-1252): read so, and the result says which,
  and where the file stopped being UTF-8, for the user to judge before using it; a byte none of them has (five
  bytes Windows-1252 leaves undefined) is refused, naming the line and byte.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

# Longest first: the UTF-32 little-endian mark begins with the UTF-16 one.
BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
SNIFF_BYTES = 2000


# The encodings' names as people know them (codecs' names are for machines).
NAMES = {
    "utf-8": "UTF-8",
    "utf-16-le": "UTF-16",
    "utf-16-be": "UTF-16",
    "utf-32-le": "UTF-32",
    "utf-32-be": "UTF-32",
    "cp1252": "Windows-1252",
}


class UndecodableText(ValueError):
    """The file cannot be read as ``encoding`` at byte ``position`` (from 0, in the whole file), which is on line
    ``line`` (from 1) at byte ``column`` of that line (from 1); ``excerpt``: that line as far as it can be read,
    the bytes that cannot shown as "\ufffd". ``kind``: ``"marked"`` (the file says or shows it is in ``encoding``),
    ``"damaged"`` (UTF-8 but for damaged bytes), ``"not_utf8"`` (only UTF-8 would do) or ``"unknown"`` (neither
    UTF-8 nor any legacy encoding given: ``encoding`` is the last one tried)."""

    def __init__(
        self, encoding: str, position: int, line: int = 0, column: int = 0, excerpt: str = "", kind: str = "marked"
    ):
        super().__init__(f"not {encoding} text at byte {position}")
        self.encoding = encoding
        self.position = position
        self.line = line
        self.column = column
        self.excerpt = excerpt
        self.kind = kind

    @property
    def declared(self) -> bool:
        """The file says (or shows) it is in ``encoding``."""
        return self.kind == "marked"


@dataclass(frozen=True)
class DecodedText:
    """A text file read: its ``text`` (without a byte-order mark), the ``encoding`` it was read as (a name people
    know: "UTF-8", "UTF-16", "Windows-1252"), and, for a file read in a legacy encoding, ``not_utf8``: where it
    stopped being UTF-8 (line, byte of the line, and that line as read in the legacy encoding)."""

    text: str
    encoding: str
    not_utf8: UndecodableText | None = None

    @property
    def legacy(self) -> bool:
        return self.not_utf8 is not None


def _line_at(body: bytes, start: int, encoding: str) -> tuple[int, int, str]:
    """(line, byte of the line, the line's text) where byte ``start`` of ``body`` is, for an 8-bit encoding
    (UTF-8 or a legacy one): the line as far as it can be read, the bytes that cannot shown as "\ufffd"."""
    line_start = body.rfind(b"\n", 0, start) + 1
    line_end = body.find(b"\n", start)
    raw = body[line_start : line_end if line_end >= 0 else len(body)].rstrip(b"\r")
    excerpt = raw[:200].decode(encoding, errors="replace")
    return body.count(b"\n", 0, start) + 1, start - line_start + 1, excerpt


def _wide_line_at(body: bytes, start: int, encoding: str) -> tuple[int, int, str]:
    """As _line_at for UTF-16 and UTF-32, whose line ends are not one byte: the line counted in the text read."""
    text = body[:start].decode(encoding, errors="replace")
    line_start = text.rfind("\n") + 1
    return text.count("\n") + 1, len(text[line_start:].encode(encoding)) + 1, text[line_start:][-200:]


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


def read_text_file(data: bytes, legacy: tuple[str, ...] = ("cp1252",)) -> DecodedText:
    """``data`` read as the module's docstring says, and what it was read as. Raises UndecodableText."""
    encoding, skip = detect_encoding(data)
    body = data[skip:]
    if encoding is not None and encoding != "utf-8":
        try:
            return DecodedText(body.decode(encoding), NAMES[encoding])
        except UnicodeDecodeError as exc:  # an odd byte at the end, or half of a surrogate pair
            line, column, excerpt = _wide_line_at(body, exc.start, encoding)
            raise UndecodableText(NAMES[encoding], skip + exc.start, line, column, excerpt) from None
    try:
        return DecodedText(body.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError as exc:
        line, column, excerpt = _line_at(body, exc.start, "utf-8")
        where = (skip + exc.start, line, column, excerpt)
        if encoding == "utf-8":  # it said UTF-8 (a byte-order mark)
            raise UndecodableText("UTF-8", *where, kind="marked") from None
        if not legacy:  # only UTF-8 will do
            raise UndecodableText("UTF-8", *where, kind="not_utf8") from None
        if _looks_like_utf8(body):  # UTF-8 with a damaged byte: refused, not read garbled
            raise UndecodableText("UTF-8", *where, kind="damaged") from None
        not_utf8 = UndecodableText("UTF-8", *where, kind="not_utf8")
    for name in legacy:
        try:
            text = body.decode(name)
        except UnicodeDecodeError as exc:
            failed = UndecodableText(NAMES.get(name, name), skip + exc.start, *_line_at(body, exc.start, name))
            continue
        # The line where UTF-8 stopped, as read now: for the user to judge whether the letters are right.
        not_utf8.excerpt = _line_at(body, not_utf8.position - skip, name)[2]
        return DecodedText(text, NAMES.get(name, name), not_utf8)
    failed.kind = "unknown"
    raise failed


def decode_text_file(data: bytes, legacy: tuple[str, ...] = ("cp1252",)) -> str:
    """``data`` as text (``read_text_file``), when what it was read as does not matter."""
    return read_text_file(data, legacy).text
