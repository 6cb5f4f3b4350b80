"""What a file reader tells the user about the encoding it read a text file in (``core.textfile``): where a file
it refused cannot be read, and, for one read in a legacy encoding, which encoding and why, so the user judges the
result before using it (issue 27: never garbled without a word). The reader adds what to do about it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core.textfile import DecodedText, UndecodableText

EXCERPT_CHARS = 60


def _excerpt(text: str) -> str:
    """At most EXCERPT_CHARS of the line, around the first character that could not be read."""
    if len(text) <= EXCERPT_CHARS:
        return text
    bad = text.find("\ufffd")
    start = max(0, (bad if bad >= 0 else len(text)) - EXCERPT_CHARS // 2)
    start = min(start, len(text) - EXCERPT_CHARS)
    return (
        ("…" if start else "")
        + text[start : start + EXCERPT_CHARS]
        + ("…" if start + EXCERPT_CHARS < len(text) else "")
    )


def where(exc: UndecodableText) -> str:
    """“line 3, byte 9 of the line (“2;José Pe\ufffda;ES”)”: where to look, in the file opened in any editor."""
    if not exc.excerpt.strip():
        return _("line %(line)s, byte %(byte)s of the line") % {"line": exc.line, "byte": exc.column}
    return _("line %(line)s, byte %(byte)s of the line (“%(text)s”)") % {
        "line": exc.line,
        "byte": exc.column,
        "text": _excerpt(exc.excerpt),
    }


def undecodable(exc: UndecodableText) -> str:
    """Why the file was refused and where; the caller adds what to do."""
    if exc.kind == "damaged":
        return _(
            "The file is UTF-8 text except on %(where)s: a byte there cannot be read, so the file is damaged. Read "
            "any other way, all its accented letters would come out garbled."
        ) % {"where": where(exc)}
    if exc.kind == "not_utf8":
        return _("The file is not UTF-8 text: it cannot be read on %(where)s.") % {"where": where(exc)}
    if exc.kind == "unknown":
        return _("The file is neither UTF-8 nor %(encoding)s text: it cannot be read on %(where)s.") % {
            "encoding": exc.encoding,
            "where": where(exc),
        }
    return _("The file is marked as %(encoding)s text, but it cannot be read as %(encoding)s on %(where)s.") % {
        "encoding": exc.encoding,
        "where": where(exc),
    }


def read_as(decoded: DecodedText) -> str:
    """What the file was read as, in a sentence; for a legacy encoding, why, for the user to check the result."""
    if decoded.not_utf8 is None:
        return _("Read as %(encoding)s text.") % {"encoding": decoded.encoding}
    return _(
        "Read as %(encoding)s (Western European): the file is not UTF-8 text (%(where)s). Check the names below "
        "before importing; if letters look wrong, save the sheet as CSV (UTF-8) or XLSX and upload that."
    ) % {"encoding": decoded.encoding, "where": where(decoded.not_utf8)}
