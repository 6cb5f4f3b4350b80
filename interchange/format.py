"""The interchange format's vocabulary: its fields, the tournament settings it carries, its error."""

from decimal import Decimal
from typing import cast

from tournament.models import Session, Team, Tournament
from tournament.player_fields import KEYS, PLAYER_FIELDS


class InterchangeError(Exception):
    """A file that cannot be imported; `path` names the element at fault (may be empty)."""

    def __init__(self, path, message):
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


# Settings: (field, JSON kind) in output order, after name and slug.
SETTINGS = (
    ("rules", "str"),
    ("rule_options", "object"),
    ("format", "str"),
    ("session_count", "int"),
    ("round_robin_sessions", "int"),
    ("start_date", "date"),
    ("end_date", "date"),
    ("venue", "str"),
    ("city", "str"),
    ("country", "str"),
    ("qualification_required", "bool"),
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
    ("device_confirmation_code", "bool"),
    ("countersign_required", "bool"),
    ("escalation_scope", "str"),
    ("two_person_entry", "bool"),
    ("substitutes_ranked", "bool"),
)
ALWAYS_WRITTEN = {"rules", "session_count"}
# timetable: {"3": ISO 8601} each session's planned start (Session.planned_start); tie_deciders: the chief
# referee's deciders between players tied on everything (MCR 3.10.1), in the order recorded.
TOP_KEYS = {
    "name",
    "slug",
    *dict(SETTINGS),
    "teams",
    "players",
    "sessions",
    "withdrawals",
    "appeals",
    "timetable",
    "tie_deciders",
    # Written for the ranking body (standings.weight.weight_json); computed again on import, never read.
    "mers_weight",
    "final",
}
# A final after a cut (tournament.finals_models.FinalStage; docs/elimination.md): its settings, and once the cut is
# made its finalists (player numbers, in their order at the cut) and the order given for players level at it.
FINAL_KEYS = {
    "size",
    "after_session",
    "carry_table_points",
    "table_points_factor",
    "carry_points",
    "points_factor",
    "others",
    "seating",
    "finalists",
    "level_order",
}
TIE_DECIDER_KEYS = {"order", "method", "note", "withdrawn"}
# A player's fields are tournament.player_fields', by their keys; number and name are required. team_captain:
# written only as true, on the captain of their team (MCR 3.12.1); older files have none.
PLAYER_KEYS = {*KEYS, "team_captain"}
PLAYER_REQUIRED = tuple(f.key for f in PLAYER_FIELDS if f.always)
# Elimination tournaments: who played on after the session (AdvanceRule), with the organizer's order for
# players level at the cut; the import recomputes the eliminations from the results through the services.
# The session clock (MCR 3.5.6): starts_at and ends_at, ISO 8601, both or neither. first_closed_at (ISO 8601
# or null): when the session was first closed, kept through a reopening (Session.first_closed_at); written
# when the session was reopened or closed again since; a file without it counts a closed session as closed once.
SESSION_KEYS = {
    "number",
    "status",
    "seating_method",
    "seed",
    "tables",
    "advance",
    "starts_at",
    "ends_at",
    "first_closed_at",
}
ADVANCE_KEYS = {"rule", "count", "order"}
# "withdrawn_penalties": only the withdrawn penalties an appeal refers to (the others are not carried).
# "extra_minutes" and "extra_reason": the table's extra time after the session's bell (Table.ends_at), with the
# session clock only.
TABLE_KEYS = {
    "number",
    "seats",
    "hands",
    "penalties",
    "submitted",
    "signatures",
    "withdrawn_penalties",
    "extra_minutes",
    "extra_reason",
}
# "player_points": every player's points, in the order of the table's "seats", where the rule set scores the
# losers' hands too (Spanish ranked mode).
HAND_KEYS = {
    "number",
    "winner",
    "from",
    "points",
    "flowers",
    "self_drawn",
    "draw",
    "not_played",
    "note",
    "tiles",
    "pending",
    "player_points",
    "after_bell",
}
# A player who left from a session on (schedule.withdrawals), with the substitute standing in.
WITHDRAWAL_KEYS = {
    "player",
    "from_session",
    "reason",
    "note",
    "keep_in_standings",
    "substitute",
    "seats_taken",
    "undone",
    # Left during their first session out after this hand; back (undone) from this session on.
    "after_hand",
    "back_from",
}
# A penalty is either a foul of the catalogue ("foul": code, rules.fouls) whose amount the import
# computes, or, as before the catalogue, an amount with its target and reason.
PENALTY_KEYS = {"player", "amount", "to", "reason", "hand", "foul", "minutes", "seconds", "from_deal", "tiles"}
# A withdrawn penalty an appeal refers to: a penalty as above, and why it was withdrawn.
WITHDRAWN_PENALTY_KEYS = PENALTY_KEYS | {"withdrawn_reason"}
# The inputs each foul takes, by their names in the file ("to" names the player harmed for revealed_tile).
FOUL_KEYS = {
    "minutes": "minutes",
    "seconds": "seconds",
    "from_deal": "from_deal",
    "amount": "amount",
    "to": "to",
    "recipient": "to",
    "tiles": "tiles",
}
# Who confirmed or signed a sheet, and when (ISO 8601): a player by number, the referees by username.
SIGNATURE_KEYS = {"role", "player", "method", "by", "at"}
SIGNATURE_ROLES = ("player", "referee", "chief_referee")
CONFIRMATION_METHODS = ("device", "phone")
# Appeals (scoring.services.appeals, docs/appeals.md), by number. An appeal is about a table ("session", "table"),
# maybe a hand and a penalty there: "penalty" is an index into that table's "penalties", "withdrawn_penalty"
# into its "withdrawn_penalties". Users are named by username ("filed_by", "late_accepted_by", a decision's
# "by"), as signatures name referees; times are ISO 8601.
APPEAL_KEYS = {
    "number",
    "session",
    "table",
    "hand",
    "penalty",
    "withdrawn_penalty",
    "kind",
    "filer",
    "via",
    "filed_by",
    "statement",
    "filed_at",
    "late_reason",
    "late_accepted_by",
    "fee_amount",
    "fee_currency",
    "fee_status",
    "status",
    "escalated_at",
    "escalation_reason",
    "decisions",
    "amendments",
}
APPEAL_DECISION_KEYS = {"body", "outcome", "reasons", "by", "at"}
# What an upheld appeal changed at its own table: the version of a hand it made ("hand", "version"), or a
# penalty it added or withdrew ("penalty" or "withdrawn_penalty", as above).
APPEAL_AMENDMENT_KEYS = {"kind", "hand", "version", "penalty", "withdrawn_penalty"}
SESSION_STATUSES = [s.value for s in Session.Status]
TEAM_NAME_MAX = cast(int, Team._meta.get_field("name").max_length)


# The limits of an interchange file (README, "Limits"), checked before it is parsed or while it is.
MAX_FILE_BYTES = 20 * 1024 * 1024  # the demo tournament is about 60 KB; 2,000 players and 60 sessions ~ 15 MB
MAX_DEPTH = 12  # tournament > sessions > tables > hands > tiles > ... ; tiles nest a few levels
MAX_DIGITS = 15  # any number; the models bound each field far lower


def default(field_name):
    return Tournament._meta.get_field(field_name).get_default()


def number_json(value):
    """A Decimal as a JSON number: 25 rather than 25.00, 12.5 rather than 12.50."""
    value = Decimal(value).normalize()
    return int(value) if value == value.to_integral_value() else float(value)
