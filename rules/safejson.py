"""JSON from people and programs we do not control, read within limits.

``json.loads`` alone lets a few kilobytes do harm: ``[[[[...`` nested thousands deep raises
RecursionError (not ValueError, so callers that catch bad JSON crash), integers of thousands of digits
cost quadratic time or raise ValueError from deep inside, and ``NaN``/``Infinity`` are accepted. Every
JSON reader of the project (the scoring CLI, seating charts, the tournament interchange file) goes
through :func:`loads`. It lives here, in the pure bottom layer, so all of them can import it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

DEFAULT_MAX_DEPTH = 32
DEFAULT_MAX_DIGITS = 15  # 10**15 is far beyond any player number, point total or seed


class JSONLimitError(ValueError):
    """The text is JSON-like but over a limit. ``kind`` is "depth", "number" or "constant"."""

    def __init__(self, kind: str, limit: int | None, message: str):
        super().__init__(message)
        self.kind = kind
        self.limit = limit


def _parse_int(max_digits: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if len(text.lstrip("-")) > max_digits:
            raise JSONLimitError("number", max_digits, f"a number has more than {max_digits} digits ({text[:20]}...)")
        return int(text)

    return parse


def _parse_float(max_digits: int) -> Callable[[str], float]:
    def parse(text: str) -> float:
        mantissa = text.lstrip("-").split("e")[0].split("E")[0].replace(".", "")
        if len(mantissa) > max_digits + 2:
            raise JSONLimitError("number", max_digits, f"a number has more than {max_digits} digits ({text[:20]}...)")
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise JSONLimitError("number", max_digits, f"the number {text[:20]} is too large")
        return value

    return parse


def _parse_constant(text: str) -> NoReturn:
    raise JSONLimitError("constant", None, f"{text} is not a number JSON allows")


_STRUCTURE = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


def _max_depth_within(text: str, limit: int) -> bool:
    """Whether brackets outside strings never nest deeper than ``limit``; a linear scan, no recursion.

    Checked before parsing, because the parser itself recurses (and stops with RecursionError). Only
    quotes, brackets and escapes are visited, so the scan stays fast on large files."""
    depth = 0
    in_string = False
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token[0] == "\\":
            continue  # an escaped character, e.g. \" inside a string
        if token == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif token in "[{":
            depth += 1
            if depth > limit:
                return False
        else:
            depth -= 1
    return True


# Any, as json.loads itself answers: the caller checks the shape of what it reads.
def loads(text: str, *, max_depth: int = DEFAULT_MAX_DEPTH, max_digits: int = DEFAULT_MAX_DIGITS) -> Any:
    """``json.loads`` that raises ValueError (json.JSONDecodeError or JSONLimitError) for anything bad."""
    if not _max_depth_within(text, max_depth):
        raise JSONLimitError("depth", max_depth, f"objects and lists are nested more than {max_depth} deep")
    try:
        return json.loads(
            text, parse_int=_parse_int(max_digits), parse_float=_parse_float(max_digits), parse_constant=_parse_constant
        )
    except RecursionError:  # unreachable after the scan above; kept so no caller ever sees one
        raise JSONLimitError("depth", max_depth, f"objects and lists are nested more than {max_depth} deep") from None
