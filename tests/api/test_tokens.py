"""Organizer tokens: the services (hashed, audited, limits) and the organizer page, per role."""

import hashlib

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from api import services
from api.models import ApiToken
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db

ALL = ("anonymous", "outsider", "other_referee", "referee", "organizer")


def test_create_stores_only_a_hash_and_audits(tournament, organizer):
    token, raw = services.api_token_create(tournament=tournament, name="  stream overlay ", by=organizer)
    assert raw.startswith("mcr_") and len(raw) > 40
    assert token.name == "stream overlay" and token.prefix == raw[:10]
    assert token.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert not ApiToken.objects.filter(key_hash=raw).exists()
    entry = AuditLog.objects.get(action="api_token.create")
    assert entry.actor == organizer and entry.tournament == tournament
    assert entry.data == {"name": "stream overlay", "prefix": token.prefix}
    assert raw not in str(entry.data)  # the secret never reaches the log


@pytest.mark.parametrize(
    "name, message",
    [("", "Give the token a name"), ("   ", "Give the token a name"), ("x" * 101, "at most 100 characters")],
)
def test_create_needs_a_sensible_name(tournament, organizer, name, message):
    with pytest.raises(ValidationError, match=message):
        services.api_token_create(tournament=tournament, name=name, by=organizer)
    assert not ApiToken.objects.exists() and not AuditLog.objects.filter(action="api_token.create").exists()


def test_only_organizers_create_and_revoke(tournament, organizer, referee):
    with pytest.raises(PermissionDenied):
        services.api_token_create(tournament=tournament, name="x", by=referee)
    assert not ApiToken.objects.exists()
    token, _raw = services.api_token_create(tournament=tournament, name="x", by=organizer)
    with pytest.raises(PermissionDenied):
        services.api_token_revoke(token=token, by=referee)
    assert ApiToken.objects.get().active


def test_active_tokens_are_limited(tournament, organizer):
    for i in range(services.MAX_ACTIVE_TOKENS):
        services.api_token_create(tournament=tournament, name=f"t{i}", by=organizer)
    with pytest.raises(ValidationError, match="already has 20 active tokens"):
        services.api_token_create(tournament=tournament, name="one more", by=organizer)
    services.api_token_revoke(token=ApiToken.objects.first(), by=organizer)
    services.api_token_create(tournament=tournament, name="one more", by=organizer)


def test_revoke_is_audited_and_only_once(tournament, organizer):
    token, _raw = services.api_token_create(tournament=tournament, name="app", by=organizer)
    services.api_token_revoke(token=token, by=organizer)
    token.refresh_from_db()
    assert token.revoked_at is not None and token.revoked_by == organizer
    assert AuditLog.objects.filter(action="api_token.revoke", actor=organizer).count() == 1
    with pytest.raises(ValidationError, match="already revoked"):
        services.api_token_revoke(token=token, by=organizer)
    assert AuditLog.objects.filter(action="api_token.revoke").count() == 1


# ------------------------------------------------------------------ the organizer page


@pytest.mark.parametrize("role", ALL)
def test_token_page_only_for_organizers(client_for, tournament, role):
    response = client_for(role).get(reverse("manage-api-tokens", args=[tournament.slug]))
    if role == "organizer":
        assert response.status_code == 200
    elif role == "anonymous":
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    else:
        assert response.status_code == 403


@pytest.mark.parametrize("role", ("anonymous", "outsider", "other_referee", "referee"))
def test_others_cannot_create_or_revoke(client_for, tournament, organizer, role):
    token, _raw = services.api_token_create(tournament=tournament, name="app", by=organizer)
    client = client_for(role)
    client.post(reverse("manage-api-tokens", args=[tournament.slug]), {"name": "mine"})
    client.post(reverse("manage-api-token-revoke", args=[tournament.slug, token.pk]))
    assert list(ApiToken.objects.values_list("name", "revoked_at")) == [("app", None)]


def test_a_new_token_is_shown_once(client_for, tournament):
    client = client_for("organizer")
    url = reverse("manage-api-tokens", args=[tournament.slug])
    response = client.post(url, {"name": "stream overlay"})
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    raw = response.context["new_token"]
    content = response.content.decode()
    assert raw in content and "it is not shown again" in content
    assert f"Authorization: Bearer {raw}" in content
    # The token works, and the page never shows it again.
    assert (
        client.get(reverse("api-tournament", args=[tournament.slug]), HTTP_AUTHORIZATION=f"Bearer {raw}").status_code
        == 200
    )
    again = client.get(url).content.decode()
    assert raw not in again and "stream overlay" in again and raw[:10] in again


def test_a_blank_name_is_refused_on_the_form(client_for, tournament):
    response = client_for("organizer").post(reverse("manage-api-tokens", args=[tournament.slug]), {"name": " "})
    assert response.status_code == 200
    assert (
        "This field is required." in response.content.decode() or "Give the token a name" in response.content.decode()
    )
    assert not ApiToken.objects.exists()


def test_revoking_from_the_page(client_for, tournament, organizer):
    token, raw = services.api_token_create(tournament=tournament, name="old app", by=organizer)
    client = client_for("organizer")
    response = client.post(reverse("manage-api-token-revoke", args=[tournament.slug, token.pk]), follow=True)
    assert "Token “old app” revoked" in response.content.decode()
    assert (
        client.get(reverse("api-tournament", args=[tournament.slug]), HTTP_AUTHORIZATION=f"Bearer {raw}").status_code
        == 401
    )
    # Revoking again says so and changes nothing.
    response = client.post(reverse("manage-api-token-revoke", args=[tournament.slug, token.pk]), follow=True)
    assert "already revoked" in response.content.decode()


def test_a_token_of_another_tournament_cannot_be_revoked_here(client_for, tournament, organizer):
    from tournament import services as ts

    other = ts.tournament_create(by=organizer, name="Other", slug="other", session_count=1)
    token, _raw = services.api_token_create(tournament=other, name="theirs", by=organizer)
    response = client_for("organizer").post(reverse("manage-api-token-revoke", args=[tournament.slug, token.pk]))
    assert response.status_code == 404
    assert ApiToken.objects.get().active


def test_a_second_active_token_of_the_same_name_is_refused(tournament, organizer):
    """Issue 27: a double tap (or two organizers at once) made two tokens no one could tell apart."""
    from django.core.exceptions import ValidationError

    from api import services as api_services

    first, _raw = api_services.api_token_create(tournament=tournament, name="Hall screen", by=organizer)
    with pytest.raises(ValidationError, match="already an active token called hall screen"):
        api_services.api_token_create(tournament=tournament, name="hall screen", by=organizer)
    api_services.api_token_revoke(token=first, by=organizer)
    assert api_services.api_token_create(tournament=tournament, name="Hall screen", by=organizer)
