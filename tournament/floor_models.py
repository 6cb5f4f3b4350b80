"""What the hall is told and what it asks for (issue 31): the organizers' announcements and a table's call for a
referee. Beside ``tournament.models``, which imports them; relations are named by label. The services are
``tournament.floor``."""

from django.conf import settings
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import lifecycle
from tournament.lifecycle import CALL_LIVE, REFEREE_CALL, CallStatus

no_nul = ProhibitNullCharactersValidator()  # PostgreSQL cannot store NUL in text
ANNOUNCEMENT_MAX = 280  # a short message: it must fit the hall's screen and a phone's notice


class Announcement(models.Model):
    """A short message from the organizer or chief referee ("Session 3 starts at 14:00"), shown on the hall
    display, the tournament's page and every player's page, in the order posted. For one session it is shown
    until that session is closed; with ``until``, until then. Withdrawn, never deleted (the audit log keeps it)."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="announcements")
    text = models.CharField(_("message"), max_length=ANNOUNCEMENT_MAX, validators=[no_nul])
    session = models.ForeignKey(
        "tournament.Session",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="announcements",
        verbose_name=_("for session"),
    )
    until = models.DateTimeField(_("shown until"), null=True, blank=True)
    posted_at = models.DateTimeField(default=timezone.now)
    posted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    # The form's one-time key: a second tap of "Post" finds the first post instead of making another.
    key = models.UUIDField(null=True, blank=True, editable=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["tournament", "posted_at", "id"]
        constraints = [models.UniqueConstraint(fields=["tournament", "key"], name="unique_announcement_key")]

    def __str__(self):
        return self.text

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class RefereeCall(models.Model):
    """A table asks for a referee (``tournament.lifecycle.REFEREE_CALL``): from a player's page or the table's
    page; taken by one referee, then closed. One open or taken call a table (the constraint below)."""

    Status = CallStatus

    table = models.ForeignKey("tournament.Table", on_delete=models.CASCADE, related_name="referee_calls")
    status = models.CharField(_("status"), max_length=10, choices=CallStatus.choices, default=CallStatus.OPEN)
    called_at = models.DateTimeField(default=timezone.now)
    # Who asked: a player of the table (by their code), or a signed-in user at the table's page.
    called_by_player = models.ForeignKey(
        "tournament.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    called_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    taken_at = models.DateTimeField(null=True, blank=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The name shown to the table and the other referees, kept as it was when taken.
    taken_by_name = models.CharField(max_length=150, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["called_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=REFEREE_CALL.q(CALL_LIVE), name="one_live_call_a_table"
            ),
            models.CheckConstraint(condition=REFEREE_CALL.q(CallStatus.values), name="referee_call_status_valid"),
        ]

    def __str__(self):
        return _("Call from table %(t)s") % {"t": self.table_id}

    @property
    def is_live(self) -> bool:
        return lifecycle.call_is_live(self)

    @property
    def is_taken(self) -> bool:
        return lifecycle.call_is_taken(self)


class MailAddress(models.Model):
    """A player's e-mail address, given and agreed to by the player on their private page (``tournament.mail``):
    they get the seat of each published session and a note when results wait for their confirmation. One link
    in every mail (``token``) stops them."""

    player = models.OneToOneField("tournament.Player", on_delete=models.CASCADE, related_name="mail_address")
    address = models.EmailField(_("e-mail address"), max_length=254)
    agreed_at = models.DateTimeField()
    token = models.CharField(max_length=43, unique=True)
    stopped_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return self.address

    @property
    def active(self) -> bool:
        return self.stopped_at is None


class OutboxMail(models.Model):
    """A mail to send, written in the transaction of the change it tells (publishing, a sheet complete) and sent
    by ``manage.py send_mail_outbox``: publishing never waits for a mail server. ``key`` names what it tells to
    whom, so the same news is queued once; ``sent_at`` is set in the transaction that sends it."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200, unique=True)
    to = models.EmailField(max_length=254)
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)
    send_after = models.DateTimeField(default=timezone.now)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=300, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    failed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["sent_at", "failed_at", "send_after"], name="outbox_due")]

    def __str__(self):
        return f"{self.to}: {self.subject}"
