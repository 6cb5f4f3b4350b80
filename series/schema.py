"""The series file's declared schema (JSON Schema; why JSON Schema: ``core.json_schema``), and what each of its
problems says to the person importing it, in their language.

``series.fileformat.shape`` checks a file against ``series_file_schema()`` (every problem, by its place in the file),
then turns what fits into the services' arguments. docs/schemas/series-file.schema.json is this schema, written by
``scripts/file_schemas.py`` (``make check`` compares). A new key: one line in ``FIELDS`` (its type) and, when it
needs its own words, one in ``MESSAGES``; then ``python scripts/file_schemas.py --write``.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.json_schema import DRAFT, FileSchema
from series.models import LeagueBy, SeriesMethod

MAX_LINKS = 5000
WHOLE = {"type": "integer"}
NUMBER = {"type": "number"}
TEXT = {"type": "string"}

FIELDS: dict[str, dict[str, Any]] = {
    "name": TEXT,
    "slug": TEXT,
    "description": TEXT,
    "public": {"type": "boolean"},
    "method": {"enum": list(SeriesMethod.values)},
    "as_of": {"type": ["string", "null"], "format": "date"},
    "tournaments": {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "slug": {"type": "string", "minLength": 1},
                "weight": {"type": ["number", "null"]},
                "qualification": {"type": "boolean"},
            },
            "required": ["slug"],
            "additionalProperties": False,
        },
    },
    "decay": {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {"older_than_days": WHOLE, "factor": NUMBER},
            "required": ["older_than_days", "factor"],
            "additionalProperties": False,
        },
    },
    "minimum_results": WHOLE,
    "best_results": WHOLE,
    "listed_from": WHOLE,
    "part_a_best": {"type": ["integer", "null"]},
    "part_a_share": NUMBER,
    "league_by": {"enum": list(LeagueBy.values)},
    "organizers": {"type": "array", "items": TEXT},
    "links": {
        "type": "array",
        "maxItems": MAX_LINKS,
        "items": {
            "type": "object",
            "properties": {
                "players": {
                    "type": "array",
                    "minItems": 2,
                    "items": {
                        "type": "object",
                        "properties": {"tournament": TEXT, "number": WHOLE},
                        "required": ["tournament", "number"],
                        "additionalProperties": False,
                    },
                }
            },
            "required": ["players"],
            "additionalProperties": False,
        },
    },
}
REQUIRED = ("name", "slug", "method", "tournaments")

# What a problem at each place says ("[]": any index), the file's own words for the series' organizers.
MESSAGES = {
    "": gettext_lazy("A series file is a JSON object."),
    "name": gettext_lazy("Text."),
    "slug": gettext_lazy("Text."),
    "description": gettext_lazy("Text."),
    "public": gettext_lazy("true or false."),
    "as_of": gettext_lazy("A date, e.g. 2026-11-01, or null for the day it is computed."),
    "minimum_results": gettext_lazy("A whole number."),
    "best_results": gettext_lazy("A whole number."),
    "listed_from": gettext_lazy("A whole number."),
    "part_a_best": gettext_lazy("A whole number."),
    "part_a_share": gettext_lazy("A number."),
    "decay": gettext_lazy("A list of steps, each with older_than_days and factor."),
    "decay[]": gettext_lazy("A step has older_than_days and factor, nothing else."),
    "decay[].older_than_days": gettext_lazy("A whole number."),
    "decay[].factor": gettext_lazy("A number."),
    "tournaments": gettext_lazy("A list of tournaments, each with its slug."),
    "tournaments[]": gettext_lazy("An object with the tournament's slug."),
    "tournaments[].slug": gettext_lazy("The tournament's short name."),
    "tournaments[].weight": gettext_lazy("A number."),
    "tournaments[].qualification": gettext_lazy("true or false."),
    "organizers": gettext_lazy("A list of usernames."),
    "organizers[]": gettext_lazy("A list of usernames."),
    "links": gettext_lazy("A list of groups of players, each one person."),
    "links[]": gettext_lazy("An object with players: two or more, one person."),
    "links[].players": gettext_lazy("An object with players: two or more, one person."),
    "links[].players[]": gettext_lazy("A player: the tournament's short name and the player's number."),
    "links[].players[].tournament": gettext_lazy("A player: the tournament's short name and the player's number."),
    "links[].players[].number": gettext_lazy("A player: the tournament's short name and the player's number."),
}
_CHOICES = {"method": SeriesMethod.values, "league_by": LeagueBy.values}


def series_file_schema() -> dict[str, Any]:
    """The series file as JSON Schema (draft 2020-12)."""
    return {
        "$schema": DRAFT,
        "$id": "https://mcr-tournament.example/schemas/series-file.schema.json",
        "title": "MCR series file",
        "description": (
            "A series (a ranking across tournaments) as one JSON file, every parameter explicit (docs/series.md). "
            "Whether its tournaments exist, are public and finished is checked on import, beyond this schema."
        ),
        "type": "object",
        "properties": FIELDS,
        "required": list(REQUIRED),
        "additionalProperties": False,
    }


SCHEMA = FileSchema(series_file_schema())


def _where(path: str) -> str:
    return re.sub(r"\[\d+\]", "[]", path)


def problems(data: object) -> list[tuple[str, str]]:
    """Every problem of form in a series file, each (path, message) once, in the series' words."""
    if not isinstance(data, dict):
        return [("", str(MESSAGES[""]))]
    found: dict[str, str] = {}
    for key in sorted(set(data) - set(FIELDS)):
        found[key] = _("Unknown key.")
    for key in REQUIRED:
        if key not in data:
            found[key] = _("Missing.")
    for path, _message in SCHEMA.errors(data):
        if path in found or any(path.startswith((f"{p}.", f"{p}[")) for p in found):
            continue
        where = _where(path)
        field = where.rsplit(".", 1)[-1]
        if _message == "unknown field" or _message.startswith("unknown field;"):
            found[path] = _("Unknown key.")
        elif _message == "missing":
            found[path] = str(MESSAGES.get(where, _("Missing.")))
        elif field in _CHOICES:
            found[path] = _("One of %(choices)s.") % {"choices": ", ".join(_CHOICES[field])}
        else:
            found[path] = str(MESSAGES.get(where, MESSAGES.get(where.rsplit("[]", 1)[0] + "[]", _message)))
    return list(found.items())
