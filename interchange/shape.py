"""The form of an interchange file: types, fields, and the references between its parts (a seat names a
registered player, a winner sits at the table), checked before anything is written. The rules
(points, penalties, hand order) are the services' to check, during the import.
"""

import datetime
import json
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any, NoReturn

from django.utils import timezone

from core import safejson
from core.json_schema import FileSchema
from interchange.format import (
    CONFIRMATION_METHODS,
    FOUL_KEYS,
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_FILE_BYTES,
    PENALTY_KEYS,
    SETTINGS,
    SIGNATURE_ROLES,
    TEAM_NAME_MAX,
    InterchangeError,
    default,
)
from interchange.schema import tournament_file_schema
from rules import fouls
from rules import payments as pay
from scoring.models import AppealAmendment
from tournament.models import AdvanceRule, Session, WithdrawalReason
from tournament.player_fields import PLAYER_FIELDS, Kind

_SCHEMA = FileSchema(tournament_file_schema())
# Raises the InterchangeError of an element's field (its key, the message).
Fail = Callable[[str, str], NoReturn]


def parse_json(text):
    """Parse interchange JSON text within the limits; a syntax error names its line and column."""
    if len(text) > MAX_FILE_BYTES:
        raise InterchangeError("", f"the file is too large (at most {MAX_FILE_BYTES // (1024 * 1024)} MB)")
    try:
        data = safejson.loads(text, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)
    except json.JSONDecodeError as exc:
        raise InterchangeError(f"line {exc.lineno}, column {exc.colno}", f"invalid JSON: {exc.msg}") from None
    except safejson.JSONLimitError as exc:
        raise InterchangeError("", str(exc)) from None
    return data


# From this many values on, a file is checked by the compiled schema first (core.json_schema.FileSchema).
LARGE_FILE_VALUES = 20_000


def _check_text(data):
    """No text anywhere in the file holds a NUL character (PostgreSQL cannot store one), walked without
    recursion; the path names the first one found. Returns how many values the file holds."""
    stack = [(data, "")]
    values = 0
    while stack:
        values += 1
        value, path = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise InterchangeError(path, "text contains a NUL character")
        elif isinstance(value, dict):
            for key, item in value.items():
                if "\x00" in key:
                    raise InterchangeError(path, "a field name contains a NUL character")
                stack.append((item, f"{path}.{key}" if path else key))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
    return values


def _check_schema(data: Any, large: bool) -> None:
    """The file against its declared schema (interchange.schema): types, fields, required fields, choices. The
    first problem in the file's order is named by its path, with what was found and what is expected."""
    problems = _SCHEMA.errors(data, large=large)
    if problems:
        raise InterchangeError(*problems[0])


def _type_name(value):
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def _expect(value, kind, path, allow_null=False):
    if value is None and allow_null:
        return
    ok = {
        "object": isinstance(value, dict),
        "list": isinstance(value, list),
        "str": isinstance(value, str),
        "bool": isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, (int, float, str)) and not isinstance(value, bool),
        "date": isinstance(value, str),
    }[kind]
    if not ok:
        wanted = {
            "object": "an object",
            "list": "a list",
            "str": "a string",
            "bool": "true or false",
            "int": "a whole number",
            "number": "a number",
            "date": "a date YYYY-MM-DD",
        }[kind]
        raise InterchangeError(path, f"expected {wanted}, found {_type_name(value)}")


def _check_keys(obj, allowed, required, path):
    for key in obj:
        if key not in allowed:
            raise InterchangeError(
                f"{path}.{key}" if path else key, f"unknown field; expected one of {', '.join(sorted(allowed))}"
            )
    for key in required:
        if key not in obj:
            raise InterchangeError(f"{path}.{key}" if path else key, "missing")


def _positive(value, path):
    _expect(value, "int", path)
    if value < 1:
        raise InterchangeError(path, f"must be 1 or more, not {value}")


def validate(data: Any) -> dict[str, Any]:
    """Structure and cross-references, before anything is written. Returns the tournament's settings, each
    as the model holds it (a date, a Decimal)."""
    _expect(data, "object", "")
    _check_schema(data, large=_check_text(data) >= LARGE_FILE_VALUES)
    settings = _validate_settings(data)
    session_count = settings.get("session_count", default("session_count"))
    _validate_teams(data)
    numbers = _validate_players(data)
    seated_tables = _validate_sessions(data, numbers, session_count)
    _validate_withdrawals(data, numbers, session_count)
    _validate_appeals(data, numbers, seated_tables)
    _validate_timetable(data, session_count)
    _validate_tie_deciders(data, numbers)
    return settings


def _validate_timetable(data, session_count):
    """Each key a session number of the tournament, each value a date and time (the schema says strings)."""
    for key, value in data.get("timetable", {}).items():
        path = f"timetable.{key}"
        if not key.isdigit() or not 1 <= int(key) <= session_count:
            raise InterchangeError(path, f"“{key}” is not a session number from 1 to {session_count}")
        parse_moment(value, path)


def _validate_tie_deciders(data, numbers):
    """Each decider orders two listed players or more, each once (the schema types the fields)."""
    for i, row in enumerate(data.get("tie_deciders", [])):
        path = f"tie_deciders[{i}]"
        if len(row["order"]) < 2 or len(set(row["order"])) != len(row["order"]):
            raise InterchangeError(f"{path}.order", "two players or more, each once")
        for k, number in enumerate(row["order"]):
            if number not in numbers:
                raise InterchangeError(f"{path}.order[{k}]", f"player {number} is not in the players list")


def _validate_settings(data: dict[str, Any]) -> dict[str, Any]:
    settings = {}
    for field_name, kind in SETTINGS:
        if field_name not in data:
            continue
        value = data[field_name]
        if kind == "date":
            if value is not None:
                try:
                    value = datetime.date.fromisoformat(value)
                except ValueError:
                    raise InterchangeError(field_name, f"“{value}” is not a date YYYY-MM-DD") from None
        elif kind == "decimal":
            try:
                value = Decimal(str(value))
            except InvalidOperation:
                raise InterchangeError(field_name, f"“{value}” is not a number") from None
        settings[field_name] = value
    return settings


def _validate_teams(data: dict[str, Any]) -> None:
    for i, team in enumerate(data.get("teams", [])):
        if not team.strip() or len(team.strip()) > TEAM_NAME_MAX:
            raise InterchangeError(f"teams[{i}]", f"a team name has 1 to {TEAM_NAME_MAX} characters")


def _validate_players(data: dict[str, Any]) -> dict[int, int]:
    """The players' fields (tournament.player_fields) and captains. Returns {player number: index in the list}."""
    numbers: dict[int, int] = {}
    captains: dict[str, int] = {}
    for i, player in enumerate(data.get("players", [])):
        path = f"players[{i}]"
        for player_field in PLAYER_FIELDS:
            if player_field.kind is Kind.TEAM and len((player.get(player_field.key) or "").strip()) > TEAM_NAME_MAX:
                raise InterchangeError(
                    f"{path}.{player_field.key}", f"a team name has at most {TEAM_NAME_MAX} characters"
                )
            if player_field.kind is Kind.NUMBER:
                if player["number"] in numbers:
                    raise InterchangeError(
                        f"{path}.number",
                        f"player number {player['number']} is also used by players[{numbers[player['number']]}]",
                    )
                numbers[player["number"]] = i
        if "team_captain" in player:
            if player["team_captain"]:
                team = (player.get("team") or "").strip()
                if not team:
                    raise InterchangeError(f"{path}.team_captain", "a team captain must have a team")
                if team in captains:
                    raise InterchangeError(
                        f"{path}.team_captain", f"team {team!r} already has its captain in players[{captains[team]}]"
                    )
                captains[team] = i
    return numbers


def _validate_sessions(data: dict[str, Any], numbers: dict[int, int], session_count: int) -> dict[int, list]:
    """Each session and its tables. Returns {session number: its tables}, for the appeals' references."""
    session_numbers: dict[int, int] = {}
    seated_tables = {}
    for s, session in enumerate(data.get("sessions", [])):
        spath = f"sessions[{s}]"
        if session["number"] > session_count:
            raise InterchangeError(
                f"{spath}.number", f"session {session['number']} is beyond the session count {session_count}"
            )
        if session["number"] in session_numbers:
            raise InterchangeError(
                f"{spath}.number", f"session {session['number']} is also sessions[{session_numbers[session['number']]}]"
            )
        session_numbers[session["number"]] = s
        seated_tables[session["number"]] = _validate_session(session, spath, numbers)
    return seated_tables


def _validate_session(session: dict[str, Any], spath: str, numbers: dict[int, int]) -> list:
    """A session's status, seating, clock and who played on; then its tables. Returns its tables."""
    tables = session.get("tables", [])
    status = session.get("status", default_status(tables))
    if status == Session.Status.PLANNED and tables:
        raise InterchangeError(f"{spath}.status", "a planned session has no tables; a seated one is “seated”")
    if status != Session.Status.PLANNED and not tables:
        raise InterchangeError(f"{spath}.tables", f"a {status} session needs its tables")
    if "advance" in session:
        _validate_advance(session["advance"], f"{spath}.advance", status, numbers)
    _validate_clock(session, spath, tables)
    if session.get("first_closed_at") is not None:
        if not tables:
            raise InterchangeError(f"{spath}.first_closed_at", "only a seated session can have been closed")
        parse_moment(session["first_closed_at"], f"{spath}.first_closed_at")
    seated: dict[int, str] = {}  # player number: the table's seats, where they sit in this session
    for t, table in enumerate(tables):
        _validate_table(table, t, f"{spath}.tables[{t}]", status, numbers, seated)
    return tables


def _validate_table(
    table: Any, t: int, tpath: str, status: str, numbers: dict[int, int], seated: dict[int, str]
) -> None:
    """A table: its seats (players of the list, each seated once in the session), then its records."""
    if "number" in table:
        if table["number"] != t + 1:
            raise InterchangeError(f"{tpath}.number", f"tables are numbered in order: expected {t + 1}")
    seats = table["seats"]
    for k, number in enumerate(seats):
        if number not in numbers:
            raise InterchangeError(f"{tpath}.seats[{k}]", f"player {number} is not in the players list")
        if number in seated:
            raise InterchangeError(
                f"{tpath}.seats[{k}]", f"player {number} is already seated in this session ({seated[number]})"
            )
        seated[number] = f"{tpath}.seats"
    if status == Session.Status.CLOSED and not table.get("submitted"):
        raise InterchangeError(f"{tpath}.submitted", "the session is closed, so every sheet is submitted")
    _validate_table_records(table, tpath, seats)


def _validate_table_records(table: dict[str, Any], tpath: str, seats: list[int]) -> None:
    """A table's hands, penalties (given and withdrawn) and signatures."""
    hands = table.get("hands", [])
    for h, hand in enumerate(hands):
        _validate_hand(hand, h, f"{tpath}.hands[{h}]", seats)
    penalties = table.get("penalties", [])
    for k, penalty in enumerate(penalties):
        _validate_penalty(penalty, f"{tpath}.penalties[{k}]", seats)
    withdrawn = table.get("withdrawn_penalties", [])
    for k, penalty in enumerate(withdrawn):
        wpath = f"{tpath}.withdrawn_penalties[{k}]"
        if not penalty["withdrawn_reason"].strip():
            raise InterchangeError(f"{wpath}.withdrawn_reason", "say why the penalty was withdrawn")
        _validate_penalty({k: v for k, v in penalty.items() if k != "withdrawn_reason"}, wpath, seats)
    signatures = table.get("signatures", [])
    for k, signature in enumerate(signatures):
        _validate_signature(signature, f"{tpath}.signatures[{k}]", seats)
    if table.get("submitted") is False and any(s.get("role") == "referee" for s in signatures):
        raise InterchangeError(f"{tpath}.submitted", "the referee signed this sheet, so it is submitted")


def _choice(value, choices, path):
    _expect(value, "str", path)
    if value not in choices:
        raise InterchangeError(path, f"“{value}” is not one of {', '.join(choices)}")


def _validate_appeals(data: dict[str, Any], numbers: dict[int, int], seated_tables: dict[int, list]) -> None:
    """Each appeal's form and references: its table, hand, penalties and filer are in the file. Errors name
    the appeal by its place in the list and its number."""
    rows = data.get("appeals", [])
    seen: dict[int, int] = {}
    for i, row in enumerate(rows):
        path = f"appeals[{i}]"
        number = row["number"]

        def fail(key: str, message: str, path: str = path, number: int = number) -> NoReturn:
            raise InterchangeError(f"{path}.{key}", f"appeal {number}: {message}")

        if number in seen:
            fail("number", f"appeal number {number} is also used by appeals[{seen[number]}]")
        seen[number] = i
        tables = seated_tables.get(row["session"])
        if not tables:
            fail("session", f"session {row['session']} has no tables in this file")
        if row["table"] > len(tables):
            fail("table", f"session {row['session']} has no table {row['table']}")
        table = tables[row["table"] - 1]
        _penalty_refs(row, table, path, fail)
        if row["filer"] not in numbers:
            fail("filer", f"player {row['filer']} is not in the players list")
        _validate_appeal_fields(row, path)
        _validate_decisions(row, path)
        _validate_amendments(row, path, table, fail)


def _validate_appeal_fields(row: dict[str, Any], path: str) -> None:
    """An appeal's channel, status, fee, texts and times."""
    try:
        Decimal(str(row.get("fee_amount", 0)))
    except InvalidOperation:
        raise InterchangeError(f"{path}.fee_amount", f"“{row['fee_amount']}” is not a number") from None
    parse_moment(row["filed_at"], f"{path}.filed_at")
    if "escalated_at" in row:
        if row["escalated_at"] is not None:
            parse_moment(row["escalated_at"], f"{path}.escalated_at")


def _validate_decisions(row: dict[str, Any], path: str) -> None:
    decisions = row.get("decisions", [])
    for k, decision in enumerate(decisions):
        dpath = f"{path}.decisions[{k}]"
        parse_moment(decision["at"], f"{dpath}.at")


def _validate_amendments(row: dict[str, Any], path: str, table: dict[str, Any], fail: Fail) -> None:
    """What an upheld appeal changed at its table: a version of one of its hands, or one of its penalties."""
    amendments = row.get("amendments", [])
    for k, amendment in enumerate(amendments):
        apath = f"{path}.amendments[{k}]"

        def afail(key: str, message: str, k: int = k) -> NoReturn:
            fail(f"amendments[{k}].{key}", message)

        if amendment["kind"] == AppealAmendment.Kind.HAND:
            for key in ("penalty", "withdrawn_penalty"):
                if key in amendment:
                    afail(key, "a hand amendment names a hand and its version, not a penalty")
            for key in ("hand", "version"):
                if key not in amendment:
                    afail(key, "missing: a hand amendment names the hand and the version it made")
            hands = table.get("hands", [])
            if amendment["hand"] > len(hands):
                afail("hand", f"session {row['session']} table {row['table']} has no hand {amendment['hand']}")
            if isinstance(hands[amendment["hand"] - 1], dict) and hands[amendment["hand"] - 1].get("pending"):
                afail("hand", f"hand {amendment['hand']} waits for confirmation; an appeal's version counts")
        else:
            for key in ("hand", "version"):
                if key in amendment:
                    afail(key, "a penalty amendment names a penalty, not a hand")
            if ("penalty" in amendment) == ("withdrawn_penalty" in amendment):
                afail("penalty", "name the penalty: “penalty” or “withdrawn_penalty”")
            if amendment["kind"] == AppealAmendment.Kind.PENALTY_WITHDRAWN and "penalty" in amendment:
                afail("penalty", "a penalty the appeal withdrew is in the table's “withdrawn_penalties”")
            _penalty_refs(amendment, table, apath, afail)


def _penalty_refs(row, table, path, fail):
    """ "penalty": an index into the table's "penalties"; "withdrawn_penalty": into its "withdrawn_penalties"."""
    for key, listed in (("penalty", "penalties"), ("withdrawn_penalty", "withdrawn_penalties")):
        if key not in row:
            continue
        _expect(row[key], "int", f"{path}.{key}")
        count = len(table.get(listed, []))
        if not 0 <= row[key] < count:
            fail(key, f"the table's “{listed}” has no [{row[key]}] (it has {count})")


def _validate_advance(advance, path, status, numbers):
    if advance["rule"] not in AdvanceRule.values:
        raise InterchangeError(f"{path}.rule", f"“{advance['rule']}” is not one of {', '.join(AdvanceRule.values)}")
    if status != Session.Status.CLOSED:
        raise InterchangeError(path, "who plays on is decided after the session is closed")
    order = advance.get("order", [])
    for k, number in enumerate(order):
        if number not in numbers:
            raise InterchangeError(f"{path}.order[{k}]", f"player {number} is not in the players list")


def parse_moment(value, path):
    """An ISO 8601 date and time from the file, made aware (in the server's zone) when it has no offset."""
    _expect(value, "str", path)
    try:
        moment = datetime.datetime.fromisoformat(value)
    except ValueError:
        raise InterchangeError(path, f"“{value}” is not a date and time (ISO 8601)") from None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


def _validate_clock(session, spath, tables):
    if ("starts_at" in session) != ("ends_at" in session):
        raise InterchangeError(f"{spath}.ends_at", "a session clock has both starts_at and ends_at")
    if "starts_at" not in session:
        return
    if not tables:
        raise InterchangeError(f"{spath}.starts_at", "only a seated session has a clock")
    starts = parse_moment(session["starts_at"], f"{spath}.starts_at")
    ends = parse_moment(session["ends_at"], f"{spath}.ends_at")
    if ends <= starts:
        raise InterchangeError(f"{spath}.ends_at", "the session clock ends after it starts")


def _validate_withdrawals(data, numbers, session_count):
    rows = data.get("withdrawals", [])
    active = {}
    for i, row in enumerate(rows):
        path = f"withdrawals[{i}]"
        for key in ("player", "substitute"):
            if key in row:
                if row[key] not in numbers:
                    raise InterchangeError(f"{path}.{key}", f"player {row[key]} is not in the players list")
        if row["from_session"] > session_count:
            raise InterchangeError(
                f"{path}.from_session", f"session {row['from_session']} is beyond the session count {session_count}"
            )
        if row["reason"] not in WithdrawalReason.values:
            raise InterchangeError(
                f"{path}.reason", f"“{row['reason']}” is not one of {', '.join(WithdrawalReason.values)}"
            )
        if not row.get("undone"):
            if row["player"] in active:
                raise InterchangeError(
                    f"{path}.player",
                    f"player {row['player']} is already withdrawn by withdrawals[{active[row['player']]}]",
                )
            active[row["player"]] = i


def default_status(tables):
    """A session's status when the file gives none: with results it was played, so it is closed when
    every sheet is submitted and published otherwise (its results are public either way); seated
    without results, planned without tables."""
    if not tables:
        return Session.Status.PLANNED
    if any(isinstance(t, dict) and (t.get("hands") or t.get("penalties")) for t in tables):
        if all(isinstance(t, dict) and t.get("submitted") for t in tables):
            return Session.Status.CLOSED
        return Session.Status.PUBLISHED
    return Session.Status.SEATED


def _validate_hand(hand, index, path, seats):
    """A hand's shape beyond its fields' types (interchange.schema): in order, one kind of hand, its players at the
    table."""
    if "number" in hand and hand["number"] != index + 1:
        raise InterchangeError(f"{path}.number", f"hands are listed in order: expected {index + 1}")
    flags = [k for k in ("draw", "not_played") if hand.get(k)]
    if flags:
        if len(flags) > 1 or hand.get("self_drawn"):
            raise InterchangeError(path, "a hand is one of: a win (winner), a draw, or not played")
        for key in ("winner", "from", "points", "flowers"):
            if hand.get(key) not in (None, 0) or (key in hand and isinstance(hand[key], bool)):
                raise InterchangeError(f"{path}.{key}", f"a {flags[0].replace('_', ' ')} hand has no {key}")
        return
    if "winner" not in hand:
        raise InterchangeError(f"{path}.winner", "missing (or mark the hand “draw” or “not_played”)")
    _expect(hand["winner"], "int", f"{path}.winner")
    if hand["winner"] not in seats:
        raise InterchangeError(f"{path}.winner", f"player {hand['winner']} is not at this table")
    if hand.get("self_drawn"):
        if hand.get("from") is not None:
            raise InterchangeError(f"{path}.from", "a self-drawn win has no discarder")
    else:
        if "from" not in hand:
            raise InterchangeError(f"{path}.from", "missing: who discarded the winning tile (or “self_drawn”: true)")
        _expect(hand["from"], "int", f"{path}.from")
        if hand["from"] not in seats:
            raise InterchangeError(f"{path}.from", f"player {hand['from']} is not at this table")
    if "points" not in hand:
        raise InterchangeError(f"{path}.points", "missing")
    _expect(hand["points"], "int", f"{path}.points")
    _expect(hand.get("flowers", 0), "int", f"{path}.flowers")


def _validate_foul(penalty, path, seats):
    _check_keys(penalty, PENALTY_KEYS, ("player", "foul"), path)
    _expect(penalty["foul"], "str", f"{path}.foul")
    if penalty["foul"] not in fouls.CATALOGUE:
        raise InterchangeError(
            f"{path}.foul", f"“{penalty['foul']}” is not a foul; expected one of {', '.join(fouls.CODES)}"
        )
    takes = {FOUL_KEYS[name] for name in fouls.CATALOGUE[penalty["foul"]].inputs}
    for key in ("minutes", "seconds", "from_deal", "amount", "to", "tiles"):
        if key in penalty and key not in takes:
            raise InterchangeError(f"{path}.{key}", f"a foul “{penalty['foul']}” takes no {key}")
    for key in ("minutes", "seconds", "amount"):
        if key in penalty:
            _expect(penalty[key], "int", f"{path}.{key}")
    if "from_deal" in penalty:
        _expect(penalty["from_deal"], "bool", f"{path}.from_deal")
    if "tiles" in penalty:
        _expect(penalty["tiles"], "str", f"{path}.tiles")
    if "to" in penalty:
        to = penalty["to"]
        if isinstance(to, int) and not isinstance(to, bool):
            if to not in seats:
                raise InterchangeError(f"{path}.to", f"player {to} is not at this table")
        elif penalty["foul"] == fouls.REVEALED_TILE:
            raise InterchangeError(f"{path}.to", "the number of the player whose tile was revealed")
        else:
            _expect(to, "str", f"{path}.to")
    if "reason" in penalty:
        _expect(penalty["reason"], "str", f"{path}.reason")
    if "hand" in penalty:
        _expect(penalty["hand"], "int", f"{path}.hand", allow_null=True)


def _validate_penalty(penalty, path, seats):
    _expect(penalty, "object", path)
    if "foul" in penalty:
        _validate_foul(penalty, path, seats)
        _expect(penalty["player"], "int", f"{path}.player")
        if penalty["player"] not in seats:
            raise InterchangeError(f"{path}.player", f"player {penalty['player']} is not at this table")
        return
    _check_keys(
        penalty,
        PENALTY_KEYS - {"foul", "minutes", "seconds", "from_deal", "tiles"},
        ("player", "amount", "reason"),
        path,
    )
    _expect(penalty["player"], "int", f"{path}.player")
    if penalty["player"] not in seats:
        raise InterchangeError(f"{path}.player", f"player {penalty['player']} is not at this table")
    _expect(penalty["amount"], "int", f"{path}.amount")
    _expect(penalty.get("to", pay.TO_NOBODY), "str", f"{path}.to")
    _expect(penalty["reason"], "str", f"{path}.reason")
    if "hand" in penalty:
        _expect(penalty["hand"], "int", f"{path}.hand", allow_null=True)


def _validate_signature(signature, path, seats):
    if signature["role"] not in SIGNATURE_ROLES:
        raise InterchangeError(f"{path}.role", f"“{signature['role']}” is not one of {', '.join(SIGNATURE_ROLES)}")
    try:
        datetime.datetime.fromisoformat(signature["at"])
    except ValueError:
        raise InterchangeError(
            f"{path}.at", f"“{signature['at']}” is not a time in ISO 8601, e.g. 2026-05-16T18:30:00+02:00"
        ) from None
    if signature["role"] == "player":
        for key in ("player", "method"):
            if key not in signature:
                raise InterchangeError(f"{path}.{key}", "missing: a player's confirmation names the player and how")
        if signature["player"] not in seats:
            raise InterchangeError(f"{path}.player", f"player {signature['player']} is not at this table")
        if signature["method"] not in CONFIRMATION_METHODS:
            raise InterchangeError(
                f"{path}.method", f"“{signature['method']}” is not one of {', '.join(CONFIRMATION_METHODS)}"
            )
        if "by" in signature:
            raise InterchangeError(f"{path}.by", "a player's confirmation names the player, not a user")
    else:
        for key in ("player", "method"):
            if key in signature:
                raise InterchangeError(
                    f"{path}.{key}", f"a {signature['role'].replace('_', ' ')}'s signature has no {key}"
                )
