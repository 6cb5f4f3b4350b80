"""A file's declared schema (JSON Schema, draft 2020-12) and what its errors say to a person.

The files people move between installations and tools (the tournament file, the series file) are described once,
as JSON Schema: the loaders check a file against it before anything else, and the same document is published in
docs/schemas/ for other tools to validate against (``make check`` regenerates it and compares).

Why JSON Schema through the ``jsonschema`` library rather than pydantic models: the description *is* the published
standard document, so what another tool validates against is byte for byte what we validate with; the files are
plain JSON read by ``core.safejson`` (bounded), and the loaders keep their own plain dicts (no second object model,
no coercion of "1" into 1 to switch off); and the validators are well kept. ``jsonschema`` (the reference
implementation) explains every error; ``fastjsonschema`` compiles the same schema into Python code that says
whether a file fits ten times faster (a 1,000-player, 10-session file: about 1.5 s instead of 15), so a valid
file, the usual case, never waits for the reference one.

A schema node may say in words what it expects (``"x-expected": "a date YYYY-MM-DD"``), or give the whole message
(``"x-message"``, with ``{value}``, ``{count}`` and ``{choices}``), so each error keeps the loaders' clarity: the path
(``players[3].number``), the value found, and what is expected.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import fastjsonschema
from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import ValidationError as SchemaError

DRAFT = "https://json-schema.org/draft/2020-12/schema"

_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "a string",
    "boolean": "true or false",
    "integer": "a whole number",
    "number": "a number",
    "null": "null",
}


def type_name(value: object) -> str:
    """What a JSON value is, in words."""
    if isinstance(value, bool):
        return "true/false"
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        int: "a whole number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def path_text(parts: Iterator[Any] | list[Any]) -> str:
    """["players", 3, "number"] -> "players[3].number"."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _join(*parts: str) -> str:
    return ".".join(p for p in parts if p)


def _expected(schema: dict[str, Any]) -> str:
    if "x-expected" in schema:
        return schema["x-expected"]
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else [t for t in types if t != "null"]
    return " or ".join(_TYPE_WORDS.get(t, t) for t in types) or "a value"


def explain(error: SchemaError) -> tuple[str, str]:
    """(path, message) of one schema error, in the loaders' words."""
    path = path_text(error.absolute_path)
    schema, value = error.schema, error.instance
    if not isinstance(schema, dict):
        return path, error.message
    if "x-message" in schema and error.validator not in ("required", "additionalProperties", "type"):
        count = len(value) if isinstance(value, (list, dict, str)) else value
        choices = ", ".join(map(str, schema.get("enum", [])))
        return path, schema["x-message"].format(value=value, count=count, choices=choices)
    if error.validator == "type":
        return path, f"expected {_expected(schema)}, found {type_name(value)}"
    if error.validator == "required":
        missing = next(k for k in error.validator_value if error.message.startswith(f"{k!r} "))
        return _join(path, missing), "missing"
    if error.validator == "additionalProperties":
        allowed = sorted(schema.get("properties", {}))
        extra = sorted(k for k in value if k not in allowed)[0]
        return _join(path, extra), f"unknown field; expected one of {', '.join(allowed)}"
    if error.validator == "enum":
        return path, f"“{value}” is not one of {', '.join(map(str, error.validator_value))}"
    if error.validator in ("minimum", "exclusiveMinimum"):
        return path, f"must be {error.validator_value} or more, not {value}"
    if error.validator == "maximum":
        return path, f"must be {error.validator_value} or less, not {value}"
    if error.validator == "format" and error.validator_value == "date":
        return path, f"“{value}” is not a date YYYY-MM-DD"
    if error.validator in ("minLength", "maxLength"):
        return path, f"expected {_expected(schema)}"
    return path, error.message


def _order(error: SchemaError) -> tuple:
    """Errors in the file's order (the first element first, a container before what is inside it)."""
    return tuple((0, p) if isinstance(p, int) else (1, str(p)) for p in error.absolute_path)


class FileSchema:
    """A file's schema, ready to check files against: compiled once, on first use."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self._fits: Any = None

    def errors(self, data: object) -> list[tuple[str, str]]:
        """Every (path, message) the data breaks, in the file's order; [] when it fits."""
        if self._fits is None:
            self._fits = fastjsonschema.compile(self.schema)
        try:
            self._fits(data)
        except fastjsonschema.JsonSchemaException:
            return schema_errors(self.schema, data)
        return []


def schema_errors(schema: dict[str, Any], data: object) -> list[tuple[str, str]]:
    """Every (path, message) the data breaks, in the file's order; [] when it fits (the reference validator)."""
    validator = Draft202012Validator(schema, format_checker=FormatChecker(formats=("date",)))
    return [explain(e) for e in sorted(validator.iter_errors(data), key=_order)]


def check_schema(schema: dict[str, Any]) -> None:
    """The schema is itself valid JSON Schema (for the tests and the publishing script)."""
    Draft202012Validator.check_schema(schema)
