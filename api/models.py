"""Organizer tokens for the API. Only a hash of each token is stored: the token itself is shown once."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class ApiToken(models.Model):
    """Grants the organizer's view of one tournament's API (unpublished sessions, EMA ids).

    Valid while not revoked and while the organizer who created it still organizes the tournament,
    so taking the role away also shuts the tokens they handed out.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100)
    # SHA-256 of the token: tokens are long random strings, so a fast hash suffices and lookups stay indexed.
    key_hash = models.CharField(max_length=64, unique=True)
    # The token's first characters, so organizers can tell their tokens apart.
    prefix = models.CharField(max_length=16)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(revoked_by__isnull=True) | models.Q(revoked_at__isnull=False),
                name="api_token_revoked_by_needs_revoked_at",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"

    @property
    def active(self):
        return self.revoked_at is None


class StreamFeature(models.Model):
    """What the stream overlays show (api.stream): the table the organizer features (of the session being
    played) and how many players the standings ticker lists. One row a tournament, made on first choice."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="stream_feature")
    table = models.PositiveSmallIntegerField(_("featured table"), null=True, blank=True)
    top = models.PositiveSmallIntegerField(_("players in the standings ticker"), default=8)
    changed_at = models.DateTimeField(auto_now=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(top__gte=1, top__lte=50), name="stream_top_in_range"),
        ]

    def __str__(self):
        return f"{self.tournament}: table {self.table}"
