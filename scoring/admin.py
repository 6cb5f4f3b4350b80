"""Score records change only through the score-entry services, so history and audit stay whole: the
admin shows them read-only."""

from django.contrib import admin

from scoring.models import Hand, HandVersion, Penalty, ScoreSheet
from tournament.admin import ReadOnlyAdmin, ReadOnlyInline

VERSION_FIELDS = ("version", "outcome", "winner", "discarder", "points", "flowers", "note", "created_by", "created_at")


class HandVersionInline(ReadOnlyInline):
    model = HandVersion
    fields = VERSION_FIELDS
    readonly_fields = VERSION_FIELDS


@admin.register(ScoreSheet)
class ScoreSheetAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "status", "submitted_at", "submitted_by"]
    list_filter = ["status", "table__session__tournament"]


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "sheet", "current"]
    inlines = [HandVersionInline]


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ["player", "amount", "to", "reason", "sheet", "withdrawn_at"]
    list_filter = ["to", "sheet__table__session__tournament"]
