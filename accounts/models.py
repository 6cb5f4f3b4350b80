"""Invitations: how an organizer gives a referee an account without the Django admin."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.models import RoleKind


class Invitation(models.Model):
    """A single-use link that lets the invitee choose the password of the account made for them.

    Only a SHA-256 hash of the token is stored: the link itself is shown once to the organizer, so a copy of
    the database does not let anyone into the invited accounts.
    """

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=20, choices=RoleKind.choices)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    # Set when a newer link replaces this one, so only the latest link works.
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(role__in=RoleKind.values), name="invitation_role_valid"),
            models.CheckConstraint(
                condition=models.Q(expires_at__gt=models.F("created_at")), name="invitation_expires_after_creation"
            ),
        ]

    def __str__(self):
        return f"{self.user} – {self.tournament}"

    def usable(self, now=None):
        now = now or timezone.now()
        return self.used_at is None and self.cancelled_at is None and self.expires_at > now
