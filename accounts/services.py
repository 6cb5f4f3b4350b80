"""Accounts made by organizers: an account with a role, and a single-use link for its owner to choose the
password. Every change validates, locks, writes and logs in one transaction.

Security: the token has 256 random bits and only its SHA-256 hash is stored; a link expires after
``settings.INVITATION_HOURS``, works once, and a newer link for the same account cancels the older one. A
link that is unknown, used, replaced or expired gets the same answer, so the public page tells nobody
which accounts exist. A link can only be issued for an account made this way and never used, so an
organizer cannot take over an existing account.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import Invitation
from core.acting import acting_user
from tournament.audit import audit
from tournament.models import Tournament, TournamentRole
from tournament.services import check_organizer, lock_tournament, role_grant

if TYPE_CHECKING:
    from django.contrib.auth.models import User

INVALID_LINK = gettext_lazy("This link does not work (any more). Ask the organizer for a new one.")
MAX_TOKEN_LENGTH = 100  # a real token is 43 characters; anything much longer is not worth hashing


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _issue(*, tournament: Tournament, user: User, role: str, by: User | None) -> str:
    now = timezone.now()
    Invitation.objects.filter(user=user, used_at__isnull=True, cancelled_at__isnull=True).update(cancelled_at=now)
    token = secrets.token_urlsafe(32)
    Invitation.objects.create(
        tournament=tournament,
        user=user,
        role=role,
        token_hash=token_hash(token),
        created_by=acting_user(by),
        expires_at=now + timedelta(hours=settings.INVITATION_HOURS),
    )
    return token


def account_invite(
    *,
    tournament: Tournament,
    username: str,
    role: str,
    by: User | None,
    first_name: str = "",
    last_name: str = "",
    email: str = "",
) -> tuple[User, str]:
    """Make an account with no usable password, give it the role, and return it with the token of the link
    that lets its owner choose a password."""
    User = get_user_model()
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        username = (username or "").strip()
        email = (email or "").strip()
        errors: dict[str, str | list[str]] = {}
        if role not in TournamentRole.Role.values:
            errors["role"] = _("Choose organizer or referee.")
        if email:
            try:
                validate_email(email)
            except ValidationError:
                errors["email"] = _("Enter a valid e-mail address, or leave it empty.")
        if username and User.objects.filter(username__iexact=username).exists():
            errors["username"] = _(
                "An account called %(name)s already exists; grant it a role on the roles page instead."
            ) % {"name": username}
        user = User(
            username=username, first_name=(first_name or "").strip(), last_name=(last_name or "").strip(), email=email
        )
        user.set_unusable_password()
        try:
            user.full_clean(exclude=["password", *list(errors)])
        except ValidationError as exc:
            for field, messages in exc.message_dict.items():
                errors.setdefault(field, messages)
        if errors:
            raise ValidationError(errors)
        user.save()
        role_grant(tournament=tournament, user=user, role=role, by=by)
        token = _issue(tournament=tournament, user=user, role=role, by=by)
        audit(
            tournament=tournament,
            actor=by,
            action="account.invite",
            obj=user,
            user=username,
            role=role,
            hours=settings.INVITATION_HOURS,
        )
        return user, token


def invitation_renew(*, tournament: Tournament, user: User, by: User | None, seen: int | None = None) -> str:
    """A fresh link for an invited account whose owner has not chosen a password yet; older links stop working.
    ``seen``: the invitation the organizer renews (the latest they saw); when a newer one was made meanwhile (a
    double tap, a second organizer) the renewal is refused, so the link already handed out keeps working."""
    User = get_user_model()
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        user = User.objects.select_for_update().get(pk=user.pk)
        last = Invitation.objects.filter(tournament=tournament, user=user).first()
        if last is None:
            raise ValidationError(_("%(name)s was not invited to this tournament.") % {"name": user.get_username()})
        if seen is not None and last.pk != seen:
            raise ValidationError(
                _("A new link for %(name)s was made a moment ago: it is the one on this page now.")
                % {"name": user.get_username()},
                code="renewed",
            )
        if user.has_usable_password() or Invitation.objects.filter(user=user, used_at__isnull=False).exists():
            raise ValidationError(
                _("%(name)s already chose a password; they can change it themselves.") % {"name": user.get_username()},
                code="in_use",
            )
        token = _issue(tournament=tournament, user=user, role=last.role, by=by)
        audit(
            tournament=tournament,
            actor=by,
            action="account.renew",
            obj=user,
            user=user.get_username(),
            hours=settings.INVITATION_HOURS,
        )
        return token


def invitation_for_token(token: str) -> Invitation | None:
    """The invitation a link stands for while it still works, else None (with no hint why)."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    invitation = Invitation.objects.select_related("user", "tournament").filter(token_hash=token_hash(token)).first()
    return invitation if invitation is not None and invitation.usable() else None


def invitation_accept(*, token: str, password: str) -> User:
    """Set the invited account's password and use the link up."""
    User = get_user_model()
    with transaction.atomic():
        if not token or len(token) > MAX_TOKEN_LENGTH:
            raise ValidationError(INVALID_LINK, code="invalid_link")
        invitation = Invitation.objects.select_for_update().filter(token_hash=token_hash(token)).first()
        if invitation is None or not invitation.usable():
            raise ValidationError(INVALID_LINK, code="invalid_link")
        user = User.objects.select_for_update().get(pk=invitation.user_id)
        validate_password(password, user)
        user.set_password(password)
        user.save(update_fields=["password"])
        invitation.used_at = timezone.now()
        invitation.save(update_fields=["used_at"])
        audit(
            tournament=invitation.tournament,
            actor=user,
            action="account.activate",
            obj=user,
            user=user.get_username(),
            role=invitation.role,
        )
        return user


def invitation_state(invitation: Invitation, now: datetime | None = None) -> str:
    """waiting, used, replaced or expired: what the organizer's list says about a link."""
    now = now or timezone.now()
    if invitation.used_at:
        return "used"
    if invitation.cancelled_at:
        return "replaced"
    if invitation.expires_at <= now:
        return "expired"
    return "waiting"
