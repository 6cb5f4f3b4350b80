"""Reading the file a management command is given (a path, or ``-`` for standard input)."""

import sys

from django.core.management.base import CommandError


def command_text(file: str, *, max_bytes: int) -> str:
    """The text of ``file`` as UTF-8 (a byte-order mark is dropped), one character past ``max_bytes`` at most,
    so that a huge file is refused by its reader without being held in memory. Errors name the file."""
    try:
        if file == "-":
            return sys.stdin.read(max_bytes + 1)
        with open(file, encoding="utf-8-sig") as fh:
            return fh.read(max_bytes + 1)
    except OSError as exc:
        raise CommandError(f"{file}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise CommandError(f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
