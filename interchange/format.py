"""The interchange format's vocabulary: its fields, the tournament settings it carries, its error."""
from decimal import Decimal

from tournament.models import Session, Team, Tournament


class InterchangeError(Exception):
    """A file that cannot be imported; `path` names the element at fault (may be empty)."""

    def __init__(self, path, message):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


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
    ("group", "str"),
    ("player_confirmation", "str"),
    ("countersign_required", "bool"),
    ("escalation_scope", "str"),
    ("two_person_entry", "bool"),
)
ALWAYS_WRITTEN = {"rules", "session_count"}
TOP_KEYS = {"name", "slug", *dict(SETTINGS), "teams", "players", "sessions"}
PLAYER_KEYS = {"number", "name", "country", "club", "ema_id", "team", "is_substitute"}
SESSION_KEYS = {"number", "status", "seating_method", "seed", "tables"}
TABLE_KEYS = {"number", "seats", "hands", "penalties", "submitted", "signatures"}
HAND_KEYS = {"number", "winner", "from", "points", "flowers", "self_drawn", "draw", "not_played", "note", "tiles",
             "pending"}
# A penalty is either a foul of the catalogue ("foul": code, scoring.rules.fouls) whose amount the import
# computes, or, as before the catalogue, an amount with its target and reason.
PENALTY_KEYS = {"player", "amount", "to", "reason", "hand", "foul", "minutes", "seconds"}
# The inputs each foul takes, by their names in the file ("to" names the player harmed for revealed_tile).
FOUL_KEYS = {"minutes": "minutes", "seconds": "seconds", "amount": "amount", "to": "to", "recipient": "to"}
# Who confirmed or signed a sheet, and when (ISO 8601): a player by number, the referees by username.
SIGNATURE_KEYS = {"role", "player", "method", "by", "at"}
SIGNATURE_ROLES = ("player", "referee", "chief_referee")
CONFIRMATION_METHODS = ("device", "phone")
SESSION_STATUSES = [s.value for s in Session.Status]
TEAM_NAME_MAX = Team._meta.get_field("name").max_length


def default(field_name):
    return Tournament._meta.get_field(field_name).get_default()


def number_json(value):
    """A Decimal as a JSON number: 25 rather than 25.00, 12.5 rather than 12.50."""
    value = Decimal(value).normalize()
    return int(value) if value == value.to_integral_value() else float(value)
