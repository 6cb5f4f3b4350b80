"""JSON from people and programs we do not control, read within limits.

``json.loads`` alone lets a few kilobytes do harm: ``[[[[...`` nested thousands deep raises
RecursionError (not ValueError, so callers that catch bad JSON crash), integers of thousands of digits
cost quadratic time or raise ValueError from deep inside, ``NaN``/``Infinity`` are accepted, and
``"\\ud800"`` becomes a lone surrogate: half of a UTF-16 pair, no character at all, which neither UTF-8
(pages, files) nor PostgreSQL can hold, so it fails far from here. Every JSON reader of the project (the
scoring CLI, seating charts, the tournament interchange file, JSON typed into a form) goes through
:func:`loads`. It lives here, in the pure bottom layer, so all of them can import it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

DEFAULT_MAX_DEPTH = 32
DEFAULT_MAX_DIGITS = 15  # 10**15 is far beyond any player number, point total or seed


class JSONLimitError(ValueError):
    """The text is JSON-like but over a limit. ``kind`` is "depth", "number", "constant" or "surrogate" (then
    ``path`` names the text, e.g. ``players[2].name``)."""

    def __init__(self, kind: str, limit: int | None, message: str, path: str = ""):
        super().__init__(message)
        self.kind = kind
        self.limit = limit
        self.path = path


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


# A surrogate written as an escape, or standing in the text itself; a pair (an emoji) is checked after parsing.
_MAYBE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}|[\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds half of a UTF-16 surrogate pair (a pair decoded from JSON is one character)."""
    return _SURROGATE.search(text) is not None


def lone_surrogate_path(data: Any) -> str | None:
    """Where the first text (a string or a key) in parsed JSON holding a lone surrogate is, as
    ``players[2].name`` (a key: ``players[2] (a field name)``), or None; walked without recursion."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if has_lone_surrogate(value):
                return path or "(the whole text)"
        elif isinstance(value, dict):
            items = list(value.items())
            for key, item in reversed(items):
                stack.append((item, f"{path}.{key}" if path else str(key)))
            for key, _item in items:
                if isinstance(key, str) and has_lone_surrogate(key):
                    return f"{path} (a field name)" if path else "(a field name)"
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in reversed(list(enumerate(value))))
    return None


# Any, as json.loads itself answers: the caller checks the shape of what it reads.
def loads(text: str, *, max_depth: int = DEFAULT_MAX_DEPTH, max_digits: int = DEFAULT_MAX_DIGITS) -> Any:
    """``json.loads`` that raises ValueError (json.JSONDecodeError or JSONLimitError) for anything bad."""
    if not _max_depth_within(text, max_depth):
        raise JSONLimitError("depth", max_depth, f"objects and lists are nested more than {max_depth} deep")
    try:
        data = json.loads(
            text, parse_int=_parse_int(max_digits), parse_float=_parse_float(max_digits), parse_constant=_parse_constant
        )
    except RecursionError:  # unreachable after the scan above; kept so no caller ever sees one
        raise JSONLimitError("depth", max_depth, f"objects and lists are nested more than {max_depth} deep") from None
    if _MAYBE_SURROGATE.search(text):
        path = lone_surrogate_path(data)
        if path is not None:
            raise JSONLimitError(
                "surrogate",
                None,
                f"{path}: the text holds a lone surrogate (like \\ud800): half of a UTF-16 pair, not a character",
                path=path,
            )
    return data
