"""The admin shows people, series and kept rankings but does not change them: every change goes through
``series.services`` (checks, versions, audit log), from the series' and tournaments' pages."""

from django.contrib import admin

from series.models import Person, PlayerLink, Series, SeriesRanking, SeriesRole, SeriesTournament
from tournament.admin import ReadOnlyAdmin, ReadOnlyInline


class EntryInline(ReadOnlyInline):
    model = SeriesTournament
    fields = ("tournament_slug", "weight", "qualification")
    readonly_fields = fields


class RoleInline(ReadOnlyInline):
    model = SeriesRole
    fields = ("user", "role")
    readonly_fields = fields


@admin.register(Series)
class SeriesAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "method", "as_of", "published"]
    search_fields = ["name", "slug"]
    inlines = [EntryInline, RoleInline]


@admin.register(SeriesRanking)
class SeriesRankingAdmin(ReadOnlyAdmin):
    list_display = ["series", "number", "as_of", "computed_at", "computed_by"]
    list_filter = ["series"]


class LinkInline(ReadOnlyInline):
    model = PlayerLink
    fields = ("player", "tournament", "manual", "linked_by", "linked_at")
    readonly_fields = fields


@admin.register(Person)
class PersonAdmin(ReadOnlyAdmin):
    list_display = ["name", "country", "ema_id"]
    search_fields = ["name", "ema_id"]
    inlines = [LinkInline]
