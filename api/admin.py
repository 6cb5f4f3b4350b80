"""Tokens are shown read-only: creating and revoking them goes through the services, which audit."""

from django.contrib import admin

from api.models import ApiToken
from tournament.admin import ReadOnlyAdmin


@admin.register(ApiToken)
class ApiTokenAdmin(ReadOnlyAdmin):
    list_display = ["name", "prefix", "tournament", "created_by", "created_at", "revoked_at"]
    exclude = ["key_hash"]
