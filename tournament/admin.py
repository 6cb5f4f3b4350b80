from django.contrib import admin

from tournament.models import AuditLog, Player, Seat, Session, Table, Team, Tournament, TournamentRole


class RoleInline(admin.TabularInline):
    model = TournamentRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "start_date", "venue", "format", "session_count", "published"]
    search_fields = ["name", "slug", "venue"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [RoleInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["number", "name", "country", "club", "team", "ema_id", "is_substitute", "tournament"]
    list_filter = ["tournament", "is_substitute"]
    search_fields = ["name", "club", "ema_id"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]
    list_filter = ["tournament"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player"]
    readonly_fields = fields
    can_delete = False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "session"]
    list_filter = ["session__tournament"]
    inlines = [SeatInline]

    def has_change_permission(self, request, obj=None):
        # Seating changes go through the seating services, which check and log them.
        return False


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ["__str__", "tournament", "status", "seating_method", "closed_at"]
    list_filter = ["tournament", "status"]
    readonly_fields = ["status", "seating_method", "seed", "closed_at"]


@admin.register(AuditLog)
class AuditLogAdmin(admin.ModelAdmin):
    list_display = ["created_at", "tournament", "actor", "action", "object_type", "object_id"]
    list_filter = ["tournament", "action"]
    readonly_fields = [f.name for f in AuditLog._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
