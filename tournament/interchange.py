"""A tournament as plain JSON data, and back (issue #2, item 7).

    {"name": "Demo Open", "slug": "demo-open", "rules": "mcr", "session_count": 6,
     "players": [{"number": 1, "name": "Ana López", "country": "ES", "team": "Dragons", "ema_id": "04000001"}],
     "sessions": [{"number": 1, "status": "closed", "tables": [{"number": 1, "seats": [1, 2, 3, 4],
       "hands": [{"winner": 2, "from": 3, "points": 8}, {"winner": 1, "self_drawn": true, "points": 12, "flowers": 1},
                 {"draw": true}, {"not_played": true}],
       "penalties": [{"player": 4, "amount": 10, "to": "each_other", "reason": "false Hu"}],
       "submitted": true}]}]}

`seats` are player numbers in initial East, South, West, North order. A hand's `points` include its
flowers; `flowers` says how many of them are flowers. Hands are listed in order (hand number = index + 1;
an explicit "number" is accepted and checked). Tournament settings other than name/slug/rules/
session_count are written only when they differ from the defaults. Only the current version of each
hand and the active (not withdrawn) penalties are exported; import(export(t)) gives the same data.

Import goes through the services (which validate, lock and audit) inside one transaction: a bad file
imports nothing. Errors name the element at fault, e.g.
`sessions[0].tables[1].hands[3].from: player 17 is not at this table`.
"""
import datetime
import json
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction

from scoring.rules import payments as pay
from scoring.models import Hand, HandVersion, Penalty
from scoring import services as ss
from tournament import services as ts
from tournament.audit import audit
from tournament.models import Seat, Session, Team, Tournament


class InterchangeError(Exception):
    """A file that cannot be imported; `path` names the element at fault (may be empty)."""

    def __init__(self, path, message):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


# --------------------------------------------------------------------------------------------------
# Settings: (field, JSON kind) in output order, after name and slug.
SETTINGS = (
    ("rules", "str"),
    ("format", "str"),
    ("session_count", "int"),
    ("round_robin_sessions", "int"),
    ("start_date", "date"),
    ("end_date", "date"),
    ("venue", "str"),
    ("hands_per_session", "int"),
    ("session_minutes", "int"),
    ("table_points", "str"),
    ("tiebreaks", "str"),
    ("appeal_minutes", "int"),
    ("appeal_fee", "decimal"),
    ("appeal_fee_currency", "str"),
    ("published", "bool"),
)
ALWAYS_WRITTEN = {"rules", "session_count"}
TOP_KEYS = {"name", "slug", *dict(SETTINGS), "teams", "players", "sessions"}
PLAYER_KEYS = {"number", "name", "country", "club", "ema_id", "team", "is_substitute"}
SESSION_KEYS = {"number", "status", "seating_method", "seed", "tables"}
TABLE_KEYS = {"number", "seats", "hands", "penalties", "submitted"}
HAND_KEYS = {"number", "winner", "from", "points", "flowers", "self_drawn", "draw", "not_played", "note", "tiles"}
PENALTY_KEYS = {"player", "amount", "to", "reason", "hand"}
SESSION_STATUSES = [s.value for s in Session.Status]
TEAM_NAME_MAX = Team._meta.get_field("name").max_length


def _default(field_name):
    return Tournament._meta.get_field(field_name).get_default()


def _number_json(value):
    """A Decimal as a JSON number: 25 rather than 25.00, 12.5 rather than 12.50."""
    value = Decimal(value).normalize()
    return int(value) if value == value.to_integral_value() else float(value)


# --------------------------------------------------------------------------------------------------
# Export

def _hand_json(version):
    if version.outcome == pay.DRAW:
        out = {"draw": True}
    elif version.outcome == pay.NOT_PLAYED:
        out = {"not_played": True}
    elif version.outcome == pay.SELF_DRAWN:
        out = {"winner": version.winner.number, "self_drawn": True, "points": version.points}
    else:
        out = {"winner": version.winner.number, "from": version.discarder.number, "points": version.points}
    if version.flowers:
        out["flowers"] = version.flowers
    if version.note:
        out["note"] = version.note
    if version.tiles:
        out["tiles"] = version.tiles
    return out


def _penalty_json(penalty):
    out = {"player": penalty.player.number, "amount": penalty.amount, "to": penalty.to, "reason": penalty.reason}
    if penalty.hand_number is not None:
        out["hand"] = penalty.hand_number
    return out


def tournament_export(tournament) -> dict:
    """The tournament as interchange data (see the module docstring)."""
    data = {"name": tournament.name, "slug": tournament.slug}
    for field_name, kind in SETTINGS:
        value = getattr(tournament, field_name)
        if field_name not in ALWAYS_WRITTEN and value == _default(field_name):
            continue
        if kind == "date":
            value = value.isoformat() if value else None
        elif kind == "decimal":
            value = _number_json(value)
        data[field_name] = value

    players = list(tournament.players.select_related("team").order_by("number"))
    used_teams = {p.team_id for p in players if p.team_id}
    empty_teams = list(Team.objects.filter(tournament=tournament).exclude(pk__in=used_teams)
                       .order_by("name").values_list("name", flat=True))
    if empty_teams:
        data["teams"] = empty_teams
    data["players"] = []
    for p in players:
        row = {"number": p.number, "name": p.name}
        for key in ("country", "club", "ema_id"):
            if getattr(p, key):
                row[key] = getattr(p, key)
        if p.team_id:
            row["team"] = p.team.name
        if p.is_substitute:
            row["is_substitute"] = True
        data["players"].append(row)

    seats = {}
    for seat in Seat.objects.filter(session__tournament=tournament).select_related("player"):
        seats.setdefault(seat.table_id, [None] * 4)[seat.position] = seat.player.number
    hands = {}
    for hand in (Hand.objects.filter(sheet__table__session__tournament=tournament, current__isnull=False)
                 .select_related("current__winner", "current__discarder", "sheet").order_by("number")):
        hands.setdefault(hand.sheet.table_id, []).append(hand)
    penalties = {}
    for penalty in (Penalty.objects.filter(sheet__table__session__tournament=tournament, withdrawn_at__isnull=True)
                    .select_related("player", "sheet").order_by("created_at", "id")):
        penalties.setdefault(penalty.sheet.table_id, []).append(penalty)

    data["sessions"] = []
    for session in tournament.sessions.prefetch_related("tables__sheet").order_by("number"):
        tables = sorted(session.tables.all(), key=lambda t: t.number)
        if session.status == Session.Status.PLANNED and not tables:
            continue
        row = {"number": session.number, "status": session.status}
        if session.seating_method:
            row["seating_method"] = session.seating_method
        if session.seed is not None:
            row["seed"] = session.seed
        row["tables"] = []
        for table in tables:
            table_hands = hands.get(table.pk, [])
            if [h.number for h in table_hands] != list(range(1, len(table_hands) + 1)):
                raise InterchangeError(f"session {session.number} table {table.number}",
                                       "hands are not numbered 1..n; the sheet is inconsistent")
            t = {"number": table.number, "seats": seats.get(table.pk, [None] * 4),
                 "hands": [_hand_json(h.current) for h in table_hands],
                 "penalties": [_penalty_json(p) for p in penalties.get(table.pk, [])]}
            sheet = getattr(table, "sheet", None)
            if sheet is not None and sheet.is_submitted:
                t["submitted"] = True
            row["tables"].append(t)
        data["sessions"].append(row)
    return data


def dumps(data, width=140):
    """JSON laid out for people: an element that fits on one line (a player, a hand, a penalty, a
    table's seats) is written on one line, larger ones are indented."""

    def compact(value):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    def render(value, indent, prefix=0):
        text = compact(value)
        if not isinstance(value, (dict, list)) or not value or indent + prefix + len(text) <= width:
            return text
        pad = " " * (indent + 1)
        if isinstance(value, dict):
            items = [f"{pad}{compact(k)}: {render(v, indent + 1, len(compact(k)) + 2)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
        items = [pad + render(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"

    return render(data, 0) + "\n"


def export_json(tournament):
    return dumps(tournament_export(tournament))


# --------------------------------------------------------------------------------------------------
# Parsing and structural validation

def parse_json(text):
    """Parse interchange JSON text; a syntax error names its line and column."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InterchangeError(f"line {exc.lineno}, column {exc.colno}", f"invalid JSON: {exc.msg}") from None
    return data


def _type_name(value):
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", int: "a whole number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


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
        wanted = {"object": "an object", "list": "a list", "str": "a string", "bool": "true or false",
                  "int": "a whole number", "number": "a number", "date": "a date YYYY-MM-DD"}[kind]
        raise InterchangeError(path, f"expected {wanted}, found {_type_name(value)}")


def _check_keys(obj, allowed, required, path):
    for key in obj:
        if key not in allowed:
            raise InterchangeError(f"{path}.{key}" if path else key,
                                   f"unknown field; expected one of {', '.join(sorted(allowed))}")
    for key in required:
        if key not in obj:
            raise InterchangeError(f"{path}.{key}" if path else key, "missing")


def _positive(value, path):
    _expect(value, "int", path)
    if value < 1:
        raise InterchangeError(path, f"must be 1 or more, not {value}")


def _validate(data):
    """Structure and cross-references, before anything is written."""
    _expect(data, "object", "")
    _check_keys(data, TOP_KEYS, ("name", "slug"), "")
    _expect(data["name"], "str", "name")
    _expect(data["slug"], "str", "slug")
    settings = {}
    for field_name, kind in SETTINGS:
        if field_name not in data:
            continue
        value = data[field_name]
        if kind == "date":
            _expect(value, "date", field_name, allow_null=True)
            if value is not None:
                try:
                    value = datetime.date.fromisoformat(value)
                except ValueError:
                    raise InterchangeError(field_name, f"“{value}” is not a date YYYY-MM-DD") from None
        elif kind == "decimal":
            _expect(value, "number", field_name)
            try:
                value = Decimal(str(value))
            except InvalidOperation:
                raise InterchangeError(field_name, f"“{value}” is not a number") from None
        else:
            _expect(value, kind, field_name)
        settings[field_name] = value
    session_count = settings.get("session_count", _default("session_count"))
    hands_per_session = settings.get("hands_per_session", _default("hands_per_session"))

    _expect(data.get("teams", []), "list", "teams")
    for i, team in enumerate(data.get("teams", [])):
        _expect(team, "str", f"teams[{i}]")
        if not team.strip() or len(team.strip()) > TEAM_NAME_MAX:
            raise InterchangeError(f"teams[{i}]", f"a team name has 1 to {TEAM_NAME_MAX} characters")

    _expect(data.get("players", []), "list", "players")
    numbers = {}
    for i, player in enumerate(data.get("players", [])):
        path = f"players[{i}]"
        _expect(player, "object", path)
        _check_keys(player, PLAYER_KEYS, ("number", "name"), path)
        _positive(player["number"], f"{path}.number")
        if player["number"] in numbers:
            raise InterchangeError(f"{path}.number",
                                   f"player number {player['number']} is also used by players[{numbers[player['number']]}]")
        numbers[player["number"]] = i
        for key in ("name", "country", "club", "ema_id", "team"):
            if key in player:
                _expect(player[key], "str", f"{path}.{key}", allow_null=key == "team")
        if len((player.get("team") or "").strip()) > TEAM_NAME_MAX:
            raise InterchangeError(f"{path}.team", f"a team name has at most {TEAM_NAME_MAX} characters")
        if "is_substitute" in player:
            _expect(player["is_substitute"], "bool", f"{path}.is_substitute")

    _expect(data.get("sessions", []), "list", "sessions")
    session_numbers = {}
    for s, session in enumerate(data.get("sessions", [])):
        spath = f"sessions[{s}]"
        _expect(session, "object", spath)
        _check_keys(session, SESSION_KEYS, ("number",), spath)
        _positive(session["number"], f"{spath}.number")
        if session["number"] > session_count:
            raise InterchangeError(f"{spath}.number",
                                   f"session {session['number']} is beyond the session count {session_count}")
        if session["number"] in session_numbers:
            raise InterchangeError(f"{spath}.number", f"session {session['number']} is also sessions[{session_numbers[session['number']]}]")
        session_numbers[session["number"]] = s
        tables = session.get("tables", [])
        _expect(tables, "list", f"{spath}.tables")
        status = session.get("status", Session.Status.SEATED if tables else Session.Status.PLANNED)
        _expect(status, "str", f"{spath}.status")
        if status not in SESSION_STATUSES:
            raise InterchangeError(f"{spath}.status", f"“{status}” is not one of {', '.join(SESSION_STATUSES)}")
        if status == Session.Status.PLANNED and tables:
            raise InterchangeError(f"{spath}.status", "a planned session has no tables; a seated one is “seated”")
        if status != Session.Status.PLANNED and not tables:
            raise InterchangeError(f"{spath}.tables", f"a {status} session needs its tables")
        if "seating_method" in session:
            _expect(session["seating_method"], "str", f"{spath}.seating_method")
        if "seed" in session:
            _expect(session["seed"], "int", f"{spath}.seed", allow_null=True)
        seated = {}
        for t, table in enumerate(tables):
            tpath = f"{spath}.tables[{t}]"
            _expect(table, "object", tpath)
            _check_keys(table, TABLE_KEYS, ("seats",), tpath)
            if "number" in table:
                _expect(table["number"], "int", f"{tpath}.number")
                if table["number"] != t + 1:
                    raise InterchangeError(f"{tpath}.number", f"tables are numbered in order: expected {t + 1}")
            seats = table["seats"]
            _expect(seats, "list", f"{tpath}.seats")
            if len(seats) != 4:
                raise InterchangeError(f"{tpath}.seats", f"a table has four players (East, South, West, North), not {len(seats)}")
            for k, number in enumerate(seats):
                _expect(number, "int", f"{tpath}.seats[{k}]")
                if number not in numbers:
                    raise InterchangeError(f"{tpath}.seats[{k}]", f"player {number} is not in the players list")
                if number in seated:
                    raise InterchangeError(f"{tpath}.seats[{k}]",
                                           f"player {number} is already seated in this session ({seated[number]})")
                seated[number] = f"{tpath}.seats"
            if "submitted" in table:
                _expect(table["submitted"], "bool", f"{tpath}.submitted")
            if status == Session.Status.CLOSED and not table.get("submitted"):
                raise InterchangeError(f"{tpath}.submitted", "the session is closed, so every sheet is submitted")
            hands = table.get("hands", [])
            _expect(hands, "list", f"{tpath}.hands")
            if len(hands) > hands_per_session:
                raise InterchangeError(f"{tpath}.hands", f"{len(hands)} hands, but a session has {hands_per_session}")
            if table.get("submitted") and len(hands) != hands_per_session:
                raise InterchangeError(f"{tpath}.hands", f"a submitted sheet has all {hands_per_session} hands "
                                       f"(mark the unplayed ones “not_played”), found {len(hands)}")
            not_played_from = None
            for h, hand in enumerate(hands):
                hpath = f"{tpath}.hands[{h}]"
                _validate_hand(hand, h, hpath, seats)
                if hand.get("not_played"):
                    not_played_from = h if not_played_from is None else not_played_from
                elif not_played_from is not None:
                    raise InterchangeError(hpath, f"hands[{not_played_from}] was not played (time ran out), "
                                                  "so no later hand can be played")
            penalties = table.get("penalties", [])
            _expect(penalties, "list", f"{tpath}.penalties")
            for k, penalty in enumerate(penalties):
                _validate_penalty(penalty, f"{tpath}.penalties[{k}]", seats, hands_per_session)
    return settings


def _validate_hand(hand, index, path, seats):
    _expect(hand, "object", path)
    _check_keys(hand, HAND_KEYS, (), path)
    if "number" in hand:
        _expect(hand["number"], "int", f"{path}.number")
        if hand["number"] != index + 1:
            raise InterchangeError(f"{path}.number", f"hands are listed in order: expected {index + 1}")
    for key in ("self_drawn", "draw", "not_played"):
        if key in hand:
            _expect(hand[key], "bool", f"{path}.{key}")
    if "note" in hand:
        _expect(hand["note"], "str", f"{path}.note")
    if "tiles" in hand:
        _expect(hand["tiles"], "object", f"{path}.tiles")
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
        if hand["from"] == hand["winner"]:
            raise InterchangeError(f"{path}.from", "the winner cannot have discarded the winning tile")
    if "points" not in hand:
        raise InterchangeError(f"{path}.points", "missing")
    _expect(hand["points"], "int", f"{path}.points")
    flowers = hand.get("flowers", 0)
    _expect(flowers, "int", f"{path}.flowers")
    if not 0 <= flowers <= 8:
        raise InterchangeError(f"{path}.flowers", f"between 0 and 8, not {flowers}")
    if hand["points"] - flowers < pay.MIN_POINTS_WITHOUT_FLOWERS:
        raise InterchangeError(
            f"{path}.points",
            f"a winning hand is worth at least {pay.MIN_POINTS_WITHOUT_FLOWERS} points without flowers; "
            f"{hand['points']} with {flowers} flower(s) leaves {hand['points'] - flowers}")


def _validate_penalty(penalty, path, seats, hands_per_session):
    _expect(penalty, "object", path)
    _check_keys(penalty, PENALTY_KEYS, ("player", "amount", "reason"), path)
    _expect(penalty["player"], "int", f"{path}.player")
    if penalty["player"] not in seats:
        raise InterchangeError(f"{path}.player", f"player {penalty['player']} is not at this table")
    _positive(penalty["amount"], f"{path}.amount")
    to = penalty.get("to", pay.TO_NOBODY)
    _expect(to, "str", f"{path}.to")
    if to not in pay.PENALTY_TARGETS:
        raise InterchangeError(f"{path}.to", f"“{to}” is not one of {', '.join(pay.PENALTY_TARGETS)}")
    _expect(penalty["reason"], "str", f"{path}.reason")
    if not penalty["reason"].strip():
        raise InterchangeError(f"{path}.reason", "give the reason for the penalty")
    if "hand" in penalty:
        _expect(penalty["hand"], "int", f"{path}.hand", allow_null=True)
        if penalty["hand"] is not None and not 1 <= penalty["hand"] <= hands_per_session:
            raise InterchangeError(f"{path}.hand", f"hands are numbered 1 to {hands_per_session}")


# --------------------------------------------------------------------------------------------------
# Import

def _messages(exc):
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{k}: {' '.join(v)}" if k != "__all__" else " ".join(v)
                         for k, v in exc.message_dict.items())
    return " ".join(getattr(exc, "messages", [str(exc)]))


PLAYER_FIELDS = {k: k for k in PLAYER_KEYS}
HAND_FIELDS = {"winner": "winner", "discarder": "from", "points": "points", "flowers": "flowers", "note": "note",
               "tiles": "tiles"}
PENALTY_FIELDS = {"player": "player", "amount": "amount", "to": "to", "reason": "reason", "hand_number": "hand"}


class _At:
    """Turn a service's ValidationError into an InterchangeError at the element being imported; when
    the model names a single field that the element has, the path goes down to that field."""

    def __init__(self, path, fields=None):
        self.path = path
        self.fields = fields or {}

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, DatabaseError):
            # A constraint or size the services do not check; the whole import is rolled back.
            raise InterchangeError(self.path, f"the database refused it: {exc}") from exc
        if exc_type is not None and issubclass(exc_type, ValidationError):
            path = self.path
            named = [k for k in (getattr(exc, "message_dict", None) or {}) if k != "__all__"]
            if len(named) == 1 and named[0] in self.fields:
                path = f"{path}.{self.fields[named[0]]}"
                message = " ".join(exc.message_dict[named[0]])
            else:
                message = _messages(exc)
            raise InterchangeError(path, message) from exc
        return False


def tournament_delete(tournament, by=None):
    """Delete a tournament and everything in it (used by --replace). Players and hand versions are
    protected against deletion while referenced, so the score records go first."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        hands = Hand.objects.filter(sheet__table__session__tournament=tournament)
        hands.update(current=None)
        HandVersion.objects.filter(hand__sheet__table__session__tournament=tournament).delete()
        hands.delete()
        Penalty.objects.filter(sheet__table__session__tournament=tournament).delete()
        Seat.objects.filter(session__tournament=tournament).delete()
        audit(tournament=None, actor=by, action="tournament.delete", obj=None, slug=tournament.slug,
              name=tournament.name, pk=tournament.pk)
        tournament.delete()


def tournament_import(data: dict, replace=False) -> Tournament:
    """Create a tournament from interchange data through the services, all or nothing."""
    settings = _validate(data)
    with transaction.atomic():
        existing = Tournament.objects.filter(slug=data["slug"]).first()
        if existing is not None:
            if not replace:
                raise InterchangeError("slug", f"a tournament “{data['slug']}” already exists "
                                               "(import with --replace to overwrite it)")
            tournament_delete(existing)
        try:
            tournament = ts.tournament_create(by=None, name=data["name"], slug=data["slug"], **settings)
        except ValidationError as exc:
            # Point at the first setting the model refused.
            fields = [f for f in (getattr(exc, "message_dict", None) or {}) if f != "__all__"]
            raise InterchangeError(fields[0] if fields else "", _messages(exc)) from exc

        for i, name in enumerate(data.get("teams", [])):
            with _At(f"teams[{i}]"):
                ts.team_get_or_create(tournament=tournament, name=name, by=None)
        players = {}
        for i, row in enumerate(data.get("players", [])):
            with _At(f"players[{i}]", PLAYER_FIELDS):
                players[row["number"]] = ts.player_create(
                    tournament=tournament, by=None, number=row["number"], name=row["name"],
                    country=row.get("country", ""), club=row.get("club", ""), ema_id=row.get("ema_id", ""),
                    team=row.get("team") or None, is_substitute=row.get("is_substitute", False))

        for s, srow in enumerate(data.get("sessions", [])):
            spath = f"sessions[{s}]"
            tables = srow.get("tables", [])
            if not tables:
                continue
            session = tournament.sessions.get(number=srow["number"])
            with _At(f"{spath}.tables"):
                ts.session_seat(session=session, by=None, tables=[[players[n] for n in t["seats"]] for t in tables],
                                method=srow.get("seating_method", ""), seed=srow.get("seed"))
            for t, trow in enumerate(tables):
                tpath = f"{spath}.tables[{t}]"
                sheet = session.tables.get(number=t + 1).sheet
                for h, hrow in enumerate(trow.get("hands", [])):
                    with _At(f"{tpath}.hands[{h}]", HAND_FIELDS):
                        ss.hand_record(sheet=sheet, number=h + 1, by=None, **_hand_kwargs(hrow, players))
                for k, prow in enumerate(trow.get("penalties", [])):
                    with _At(f"{tpath}.penalties[{k}]", PENALTY_FIELDS):
                        ss.penalty_record(sheet=sheet, player=players[prow["player"]], amount=prow["amount"],
                                          to=prow.get("to", pay.TO_NOBODY), reason=prow["reason"],
                                          hand_number=prow.get("hand"), by=None)
                if trow.get("submitted"):
                    with _At(f"{tpath}.submitted"):
                        ss.sheet_submit(sheet=sheet, by=None)
            status = srow.get("status", Session.Status.SEATED)
            with _At(f"{spath}.status"):
                if status == Session.Status.PUBLISHED:
                    ts.session_publish(session=session, by=None)
                elif status == Session.Status.CLOSED:
                    ts.session_close(session=session, by=None)
        audit(tournament=tournament, actor=None, action="tournament.import", obj=tournament,
              players=len(players), sessions=len(data.get("sessions", [])), replaced=existing is not None)
        return tournament


def _hand_kwargs(hand, players):
    if hand.get("draw"):
        kwargs = {"outcome": pay.DRAW}
    elif hand.get("not_played"):
        kwargs = {"outcome": pay.NOT_PLAYED}
    elif hand.get("self_drawn"):
        kwargs = {"outcome": pay.SELF_DRAWN, "winner": players[hand["winner"]], "points": hand["points"],
                  "flowers": hand.get("flowers", 0)}
    else:
        kwargs = {"outcome": pay.DISCARD, "winner": players[hand["winner"]], "discarder": players[hand["from"]],
                  "points": hand["points"], "flowers": hand.get("flowers", 0)}
    kwargs["note"] = hand.get("note", "")
    kwargs["tiles"] = hand.get("tiles") or {}
    return kwargs
