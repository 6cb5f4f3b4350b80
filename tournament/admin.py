"""The admin shows the tournament records but does not change them.

Every change goes through the services (tournament pages under /t/<slug>/manage/), which check the
rules, keep sessions in step with the settings and write the audit log; the admin would skip all three.
"""

from django.contrib import admin

from tournament.models import AuditLog, Player, Seat, Session, Table, Team, Tournament, TournamentRole, Withdrawal


class ReadOnlyMixin:
    """Shown, never added, changed or deleted here (the services do that, with their checks and audit)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(ReadOnlyMixin, admin.ModelAdmin):
    pass


class ReadOnlyInline(ReadOnlyMixin, admin.TabularInline):
    extra = 0


class RoleInline(ReadOnlyInline):
    model = TournamentRole
    readonly_fields = ("user", "role")
    fields = readonly_fields


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "start_date", "venue", "format", "session_count", "published"]
    search_fields = ["name", "slug", "venue"]
    inlines = [RoleInline]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["number", "name", "country", "club", "team", "ema_id", "is_substitute", "tournament"]
    list_filter = ["tournament", "is_substitute"]
    search_fields = ["name", "club", "ema_id"]


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ["name", "tournament"]
    list_filter = ["tournament"]


@admin.register(TournamentRole)
class TournamentRoleAdmin(ReadOnlyAdmin):
    list_display = ["user", "role", "tournament"]
    list_filter = ["tournament", "role"]


class SeatInline(ReadOnlyInline):
    """Seats change through the seat swap and the seating services, which tell the players (mail, live pages)
    and write the audit log."""

    model = Seat
    readonly_fields = ("position", "player")
    fields = readonly_fields


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "session"]
    list_filter = ["session__tournament"]
    inlines = [SeatInline]


@admin.register(Session)
class SessionAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "tournament", "status", "seating_method", "closed_at"]
    list_filter = ["tournament", "status"]


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "tournament", "actor", "action", "object_type", "object_id"]
    list_filter = ["tournament", "action"]


@admin.register(Withdrawal)
class WithdrawalAdmin(ReadOnlyAdmin):
    list_display = [
        "player",
        "from_session",
        "reason",
        "keep_in_standings",
        "substitute",
        "created_at",
        "undone_at",
        "tournament",
    ]
    list_filter = ["tournament", "reason"]
