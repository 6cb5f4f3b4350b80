"""The tournament file's declared schema (JSON Schema; why JSON Schema: ``core.json_schema``).

Each element of the file has its fields here, with their types: ``ELEMENTS`` maps the element to ``{field: schema}``.
Which fields an element allows is ``interchange.format``'s (``HAND_KEYS``, ``SESSION_KEYS``...); this module says what
each holds. ``interchange.shape.validate`` checks a file against ``tournament_file_schema()`` first, then the
references between its parts (a seat names a listed player, a winner sits at the table), which a schema cannot say;
the services check the rules during the import. docs/schemas/tournament-file.schema.json is this schema, written by
``scripts/file_schemas.py`` (``make check`` compares).

**A new field**: its key in ``interchange.format`` (as before) and one line here, ``"key": INT`` (or STR, BOOL,
``nullable(INT)``, ``enum(values)``, ...), then ``python scripts/file_schemas.py --write``. A key that ``format``
allows but this module does not type is accepted as anything, and ``tests/interchange/test_schema.py`` names it.
"""

from __future__ import annotations

from typing import Any

from core.json_schema import DRAFT
from interchange.format import (
    ADVANCE_KEYS,
    APPEAL_AMENDMENT_KEYS,
    APPEAL_DECISION_KEYS,
    APPEAL_KEYS,
    CONFIRMATION_METHODS,
    FINAL_KEYS,
    HAND_KEYS,
    PENALTY_KEYS,
    PLAYER_KEYS,
    PLAYER_REQUIRED,
    SESSION_KEYS,
    SESSION_STATUSES,
    SETTINGS,
    SIGNATURE_KEYS,
    SIGNATURE_ROLES,
    TABLE_KEYS,
    TIE_DECIDER_KEYS,
    TOP_KEYS,
    WITHDRAWAL_KEYS,
    WITHDRAWN_PENALTY_KEYS,
)
from rules.registry import RULE_SETS
from scoring.models import Appeal, AppealAmendment, AppealDecision
from tournament.finals_models import CarryRule, FinalOthers, FinalSeating
from tournament.models import AdvanceRule, TieDeciderMethod, WithdrawalReason
from tournament.player_fields import PLAYER_FIELDS, Kind

STR: dict[str, Any] = {"type": "string"}
INT: dict[str, Any] = {"type": "integer"}
BOOL: dict[str, Any] = {"type": "boolean"}
OBJECT: dict[str, Any] = {"type": "object"}
POSITIVE: dict[str, Any] = {"type": "integer", "minimum": 1}
MOMENT: dict[str, Any] = {"type": "string", "description": "ISO 8601 date and time, e.g. 2026-05-16T18:30:00+02:00"}
DECIMAL: dict[str, Any] = {"type": ["number", "string"], "x-expected": "a number"}
DATE: dict[str, Any] = {"type": ["string", "null"], "format": "date", "x-expected": "a date YYYY-MM-DD"}


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    return {**schema, "type": [*types, "null"]}


def enum(values: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "string", "enum": list(values), **extra}


def array(items: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **extra}


def ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


_SETTING_TYPES = {"str": STR, "object": OBJECT, "int": INT, "date": DATE, "decimal": DECIMAL, "bool": BOOL}
_PLAYER_TYPES = {Kind.NUMBER: POSITIVE, Kind.TEXT: STR, Kind.BOOL: BOOL, Kind.TEAM: nullable(STR)}
_PENALTY = {
    "player": INT,
    "amount": INT,
    "to": {"type": ["integer", "string"], "x-expected": "a player's number or a target"},
    "reason": STR,
    "hand": nullable(INT),
    "foul": STR,
    "minutes": INT,
    "seconds": INT,
    "from_deal": BOOL,
    "tiles": STR,
}

# {element: ({field: schema}, required fields, allowed keys)}
ELEMENTS: dict[str, tuple[dict[str, dict[str, Any]], tuple[str, ...], set[str]]] = {
    "tournament": (
        {
            "name": STR,
            "slug": STR,
            **{name: _SETTING_TYPES[kind] for name, kind in SETTINGS},
            "rules": enum(RULE_SETS, **{"x-message": "“{value}” is not a rule set; expected one of {choices}"}),
            "teams": array(STR),
            "players": array(ref("player")),
            "sessions": array(ref("session")),
            "withdrawals": array(ref("withdrawal")),
            "appeals": array(ref("appeal")),
            "timetable": {
                "type": "object",
                "additionalProperties": MOMENT,
                "description": "each session's planned start, by session number",
            },
            "tie_deciders": array(ref("tie_decider")),
            "final": ref("final"),
            "mers_weight": {
                "type": "object",
                "description": "the EMA's MERS weight with its parts, as written on export; not read on import",
            },
        },
        ("name", "slug"),
        TOP_KEYS,
    ),
    "player": (
        {**{f.key: _PLAYER_TYPES[f.kind] for f in PLAYER_FIELDS}, "team_captain": BOOL},
        PLAYER_REQUIRED,
        PLAYER_KEYS,
    ),
    "session": (
        {
            "number": POSITIVE,
            "status": enum(SESSION_STATUSES),
            "seating_method": STR,
            "seed": nullable(INT),
            "tables": array(ref("table")),
            "advance": ref("advance"),
            "starts_at": MOMENT,
            "ends_at": MOMENT,
            "first_closed_at": nullable(MOMENT),
        },
        ("number",),
        SESSION_KEYS,
    ),
    "advance": (
        {"rule": enum(AdvanceRule.values), "count": INT, "order": array(INT)},
        ("rule",),
        ADVANCE_KEYS,
    ),
    "table": (
        {
            "number": INT,
            "seats": array(
                INT,
                minItems=4,
                maxItems=4,
                **{"x-message": "a table has four players (East, South, West, North), not {count}"},
            ),
            "hands": array(ref("hand")),
            "penalties": array(ref("penalty")),
            "submitted": BOOL,
            "signatures": array(ref("signature")),
            "withdrawn_penalties": array(ref("withdrawn_penalty")),
            "extra_minutes": POSITIVE,
            "extra_reason": STR,
        },
        ("seats",),
        TABLE_KEYS,
    ),
    "hand": (
        {
            "number": INT,
            "winner": nullable(INT),
            "from": nullable(INT),
            "points": nullable(INT),
            "flowers": nullable(INT),
            "self_drawn": BOOL,
            "draw": BOOL,
            "not_played": BOOL,
            "note": STR,
            "tiles": OBJECT,
            "pending": BOOL,
            "player_points": array(
                INT, minItems=4, maxItems=4, **{"x-message": "four numbers, in the order of the table's seats"}
            ),
            "after_bell": BOOL,
        },
        (),
        HAND_KEYS,
    ),
    "penalty": (_PENALTY, ("player",), PENALTY_KEYS),
    "withdrawn_penalty": (
        {**_PENALTY, "withdrawn_reason": STR},
        ("withdrawn_reason",),
        WITHDRAWN_PENALTY_KEYS,
    ),
    "signature": (
        {
            "role": enum(SIGNATURE_ROLES),
            "player": INT,
            "method": enum(CONFIRMATION_METHODS),
            "by": nullable(STR),
            "at": MOMENT,
        },
        ("role", "at"),
        SIGNATURE_KEYS,
    ),
    "withdrawal": (
        {
            "player": INT,
            "from_session": POSITIVE,
            "reason": enum(WithdrawalReason.values),
            "note": STR,
            "keep_in_standings": BOOL,
            "substitute": INT,
            "seats_taken": array(INT),
            "undone": BOOL,
            "after_hand": POSITIVE,
            "back_from": POSITIVE,
        },
        ("player", "from_session", "reason"),
        WITHDRAWAL_KEYS,
    ),
    "final": (
        {
            "size": POSITIVE,
            "after_session": POSITIVE,
            "carry_table_points": enum(CarryRule.values),
            "table_points_factor": nullable(DECIMAL),
            "carry_points": enum(CarryRule.values),
            "points_factor": nullable(DECIMAL),
            "others": enum(FinalOthers.values),
            "seating": enum(FinalSeating.values),
            "finalists": array(POSITIVE),
            "level_order": array(POSITIVE),
        },
        ("size", "after_session"),
        FINAL_KEYS,
    ),
    "tie_decider": (
        {"order": array(INT), "method": enum(TieDeciderMethod.values), "note": STR, "withdrawn": BOOL},
        ("order", "method"),
        TIE_DECIDER_KEYS,
    ),
    "appeal": (
        {
            "number": POSITIVE,
            "session": POSITIVE,
            "table": POSITIVE,
            "hand": nullable(INT),
            "penalty": INT,
            "withdrawn_penalty": INT,
            "kind": enum(Appeal.Kind.values),
            "filer": INT,
            "via": enum(Appeal.Via.values),
            "filed_by": nullable(STR),
            "statement": STR,
            "filed_at": MOMENT,
            "late_reason": STR,
            "late_accepted_by": nullable(STR),
            "fee_amount": DECIMAL,
            "fee_currency": STR,
            "fee_status": enum(Appeal.Fee.values),
            "status": enum(Appeal.Status.values),
            "escalated_at": nullable(MOMENT),
            "escalation_reason": STR,
            "decisions": array(ref("decision")),
            "amendments": array(ref("amendment")),
        },
        ("number", "session", "table", "kind", "filer", "via", "statement", "filed_at", "status"),
        APPEAL_KEYS,
    ),
    "decision": (
        {
            "body": enum(AppealDecision.Body.values),
            "outcome": enum(AppealDecision.Outcome.values),
            "reasons": STR,
            "by": nullable(STR),
            "at": MOMENT,
        },
        ("body", "outcome", "reasons", "at"),
        APPEAL_DECISION_KEYS,
    ),
    "amendment": (
        {
            "kind": enum(AppealAmendment.Kind.values),
            "hand": POSITIVE,
            "version": POSITIVE,
            "penalty": INT,
            "withdrawn_penalty": INT,
        },
        ("kind",),
        APPEAL_AMENDMENT_KEYS,
    ),
}


def untyped() -> dict[str, list[str]]:
    """Keys ``interchange.format`` allows that this module gives no type: {element: keys}."""
    found = {name: sorted(allowed - set(fields)) for name, (fields, _required, allowed) in ELEMENTS.items()}
    return {name: keys for name, keys in found.items() if keys}


def _object(name: str) -> dict[str, Any]:
    fields, required, allowed = ELEMENTS[name]
    properties = {key: fields.get(key, {}) for key in sorted(allowed)}
    node: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        node["required"] = list(required)
    return node


def tournament_file_schema() -> dict[str, Any]:
    """The tournament file as JSON Schema (draft 2020-12)."""
    return {
        "$schema": DRAFT,
        "$id": "https://mcr-tournament.example/schemas/tournament-file.schema.json",
        "title": "MCR tournament file",
        "description": (
            "A tournament as one JSON file: settings, teams, players, sessions with their tables, hands, penalties "
            "and signatures, withdrawals and appeals (docs/api.md and README, 'The tournament file'). References "
            "between parts (a seat names a listed player) and the rules (points, order of the hands) are checked "
            "on import, beyond this schema."
        ),
        **_object("tournament"),
        "$defs": {name: _object(name) for name in ELEMENTS if name != "tournament"},
    }
