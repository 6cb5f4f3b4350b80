"""Reading the file a management command is given (a path, or ``-`` for standard input)."""

import codecs
import sys

from django.core.management.base import CommandError

# UTF-8 takes at most four bytes a character.
UTF8_MAX_BYTES = 4


def command_text(file: str, *, max_bytes: int) -> str:
    """The text of ``file`` as UTF-8 (a byte-order mark is dropped), one character past ``max_bytes`` at most,
    so that a huge file is refused by its reader without being held in memory. Errors name the file, and for a
    file that is not UTF-8 the line and byte that cannot be read (a file is never read garbled)."""
    limit = UTF8_MAX_BYTES * (max_bytes + 2)
    try:
        if file == "-":
            if not hasattr(sys.stdin, "buffer"):  # text already (a test's, or an embedding program's)
                return sys.stdin.read(max_bytes + 1)
            raw = sys.stdin.buffer.read(limit)
        else:
            with open(file, "rb") as fh:
                raw = fh.read(limit)
    except OSError as exc:
        raise CommandError(f"{file}: {exc.strerror}") from exc
    try:
        # A file longer than what is read may end in the middle of a character: that is no error.
        text = codecs.getincrementaldecoder("utf-8")().decode(raw, final=len(raw) < limit)
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        byte = exc.start - raw.rfind(b"\n", 0, exc.start)
        raise CommandError(f"{file}: not UTF-8 text ({exc.reason} on line {line}, byte {byte} of the line)") from exc
    return text.removeprefix("\ufeff")[: max_bytes + 1]
