"""Where the scoring objects named in the audit log are (session, table, player), so the log can say it in
a sentence, link to the sheet and filter by session and table. Registered when the app loads."""

from scoring.models import HandVersion, Penalty, ScoreSheet
from tournament.audit_text import register_reference


def _sheet_filter(prefix, tournament, session, table):
    where = {f"{prefix}table__session__tournament": tournament}
    if session is not None:
        where[f"{prefix}table__session__number"] = session
    if table is not None:
        where[f"{prefix}table__number"] = table
    return where


def describe_sheets(ids):
    return {
        str(pk): {"session": s, "table": t}
        for pk, s, t in ScoreSheet.objects.filter(pk__in=ids).values_list(
            "pk", "table__session__number", "table__number"
        )
    }


def find_sheets(tournament, session=None, table=None):
    return [
        str(pk)
        for pk in ScoreSheet.objects.filter(**_sheet_filter("", tournament, session, table)).values_list(
            "pk", flat=True
        )
    ]


def describe_penalties(ids):
    return {
        str(pk): {"session": s, "table": t, "player": p}
        for pk, s, t, p in Penalty.objects.filter(pk__in=ids).values_list(
            "pk", "sheet__table__session__number", "sheet__table__number", "player__number"
        )
    }


def find_penalties(tournament, session=None, table=None):
    return [
        str(pk)
        for pk in Penalty.objects.filter(**_sheet_filter("sheet__", tournament, session, table)).values_list(
            "pk", flat=True
        )
    ]


def describe_hand_versions(ids):
    return {
        str(pk): {"session": s, "table": t, "hand": h}
        for pk, s, t, h in HandVersion.objects.filter(pk__in=ids).values_list(
            "pk", "hand__sheet__table__session__number", "hand__sheet__table__number", "hand__number"
        )
    }


def register():
    register_reference("scoring.ScoreSheet", describe_sheets, find_sheets)
    register_reference("scoring.Penalty", describe_penalties, find_penalties)
    # Hand entries carry session, table and hand in their data, which the filters use directly.
    register_reference("scoring.HandVersion", describe_hand_versions)
