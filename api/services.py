"""Organizer tokens: created and revoked by an organizer, each change audited in its own transaction.

The token is returned once, by ``api_token_create``; only its SHA-256 is stored.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from api.models import ApiToken, StreamFeature
from core.acting import acting_user
from tournament.audit import audit
from tournament.services import check_organizer, lock_tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from tournament.models import Tournament

TOKEN_PREFIX = "mcr_"  # recognisable in configuration files and secret scanners
MAX_ACTIVE_TOKENS = 20


def token_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def api_token_create(*, tournament: Tournament, name: str, by: User | None) -> tuple[ApiToken, str]:
    """A new token for `tournament`; returns the record and the token itself (not stored anywhere)."""
    name = (name or "").strip()
    max_length = ApiToken._meta.get_field("name").max_length
    if not name:
        raise ValidationError({"name": _("Give the token a name, e.g. the overlay or app that will use it.")})
    if max_length is not None and len(name) > max_length:
        raise ValidationError({"name": _("A token name has at most %(n)s characters.") % {"n": max_length}})
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        active = ApiToken.objects.filter(tournament=tournament, revoked_at__isnull=True).count()
        if active >= MAX_ACTIVE_TOKENS:
            raise ValidationError(
                _("This tournament already has %(n)s active tokens; revoke one you no longer use first.")
                % {"n": active}
            )
        # One active token per name: a second is a double tap or two organizers at once, and two tokens no one
        # can tell apart could not be revoked knowingly.
        if ApiToken.objects.filter(tournament=tournament, revoked_at__isnull=True, name__iexact=name).exists():
            raise ValidationError(
                {
                    "name": _("There is already an active token called %(name)s: give this one another name.")
                    % {"name": name}
                },
                code="token_name_taken",
            )
        raw = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token = ApiToken.objects.create(
            tournament=tournament,
            name=name,
            key_hash=token_hash(raw),
            prefix=raw[: len(TOKEN_PREFIX) + 6],
            created_by=acting_user(by),
        )
        audit(tournament=tournament, actor=by, action="api_token.create", obj=token, name=name, prefix=token.prefix)
        return token, raw


def api_token_revoke(*, token: ApiToken, by: User | None) -> ApiToken:
    """Revoke a token at once; a revoked token stays listed, so the record shows it existed."""
    with transaction.atomic():
        tournament = lock_tournament(token.tournament)
        check_organizer(by, tournament)
        token = ApiToken.objects.select_for_update().get(pk=token.pk)
        if token.revoked_at is not None:
            raise ValidationError(_("The token “%(name)s” is already revoked.") % {"name": token.name})
        token.revoked_at = timezone.now()
        token.revoked_by = acting_user(by)
        token.save(update_fields=["revoked_at", "revoked_by"])
        audit(
            tournament=tournament, actor=by, action="api_token.revoke", obj=token, name=token.name, prefix=token.prefix
        )
        return token


STREAM_TOP_MAX = 50


def stream_feature_set(*, tournament: Tournament, table: int | None, top: int, by: User | None) -> StreamFeature:
    """The organizer picks the table the stream overlay shows and the length of the standings ticker."""
    check_organizer(by, tournament)
    if table is not None and not 1 <= table <= 1000:
        raise ValidationError({"table": _("Give a table number from 1 to 1000, or none.")})
    if not 1 <= top <= STREAM_TOP_MAX:
        raise ValidationError({"top": _("The ticker lists from 1 to %(n)s players.") % {"n": STREAM_TOP_MAX}})
    with transaction.atomic():
        feature, _created = StreamFeature.objects.select_for_update().get_or_create(tournament=tournament)
        before = (feature.table, feature.top)
        if before == (table, top):
            return feature  # a second tap: nothing to change
        feature.table, feature.top, feature.changed_by = table, top, acting_user(by)
        feature.save()
        audit(
            tournament=tournament,
            actor=by,
            action="stream.feature",
            obj=feature,
            table=table,
            top=top,
            changes={"table": [before[0], table], "top": [before[1], top]},
        )
    return feature
