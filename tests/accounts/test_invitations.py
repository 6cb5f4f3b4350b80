"""Organizers make referee accounts without the admin: a role at once, a single-use, expiring link for the
owner to choose a password; only the token's hash is stored; bad links all look alike."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import Invitation
from tournament.models import AuditLog, TournamentRole

pytestmark = pytest.mark.django_db
User = get_user_model()
GOOD_PASSWORD = "tiles-and-winds-2026"


def invite(tournament, organizer, username="ana", role="referee", **extra):
    return services.account_invite(tournament=tournament, username=username, role=role, by=organizer, **extra)


# --- services -----------------------------------------------------------------------------------------


def test_invite_makes_an_account_with_the_role_and_no_password(tournament, organizer):
    user, token = invite(tournament, organizer, first_name="Ana", email="ana@example.org")
    assert not user.has_usable_password()
    assert TournamentRole.objects.filter(tournament=tournament, user=user, role="referee").exists()
    invitation = Invitation.objects.get(user=user)
    assert invitation.token_hash == services.token_hash(token) and token not in invitation.token_hash
    assert len(token) >= 43
    assert not Invitation.objects.filter(token_hash=token).exists()  # the raw token is nowhere
    actions = list(AuditLog.objects.filter(tournament=tournament).values_list("action", flat=True)[:2])
    assert actions == ["account.invite", "role.grant"]


def test_accepting_sets_the_password_once(tournament, organizer):
    user, token = invite(tournament, organizer)
    assert services.invitation_for_token(token).user == user
    services.invitation_accept(token=token, password=GOOD_PASSWORD)
    user.refresh_from_db()
    assert user.check_password(GOOD_PASSWORD)
    assert services.invitation_for_token(token) is None
    with pytest.raises(ValidationError) as exc:
        services.invitation_accept(token=token, password="another-" + GOOD_PASSWORD)
    assert exc.value.code == "invalid_link"
    user.refresh_from_db()
    assert user.check_password(GOOD_PASSWORD)
    assert AuditLog.objects.filter(action="account.activate", actor=user).exists()


def test_link_expires(tournament, organizer, settings):
    settings.INVITATION_HOURS = 1
    user, token = invite(tournament, organizer)
    Invitation.objects.filter(user=user).update(
        created_at=timezone.now() - timedelta(hours=2), expires_at=timezone.now() - timedelta(seconds=1)
    )
    assert services.invitation_for_token(token) is None
    with pytest.raises(ValidationError):
        services.invitation_accept(token=token, password=GOOD_PASSWORD)


def test_weak_password_refused_and_link_still_works(tournament, organizer):
    user, token = invite(tournament, organizer)
    with pytest.raises(ValidationError):
        services.invitation_accept(token=token, password="ana")
    assert services.invitation_for_token(token) is not None
    user.refresh_from_db()
    assert not user.has_usable_password()


def test_new_link_cancels_the_old_one(tournament, organizer):
    user, first = invite(tournament, organizer)
    second = services.invitation_renew(tournament=tournament, user=user, by=organizer)
    assert services.invitation_for_token(first) is None
    assert services.invitation_for_token(second).user == user
    assert AuditLog.objects.filter(action="account.renew").count() == 1


def test_no_link_for_an_account_in_use(tournament, organizer, referee):
    # The fixture's referee has a password of their own: an organizer must not be able to take it over.
    with pytest.raises(ValidationError):
        services.invitation_renew(tournament=tournament, user=referee, by=organizer)
    user, token = invite(tournament, organizer)
    services.invitation_accept(token=token, password=GOOD_PASSWORD)
    with pytest.raises(ValidationError) as exc:
        services.invitation_renew(tournament=tournament, user=user, by=organizer)
    assert exc.value.code == "in_use"


@pytest.mark.parametrize(
    "username, field",
    [
        ("", "username"),
        ("ana lópez!", "username"),
        ("REFEREE", "username"),
        ("x" * 151, "username"),
    ],
)
def test_bad_usernames(tournament, organizer, username, field):
    with pytest.raises(ValidationError) as exc:
        invite(tournament, organizer, username=username)
    assert field in exc.value.message_dict
    assert User.objects.count() == 2  # the organizer and the referee: nothing new
    assert not Invitation.objects.exists()


def test_bad_email_and_role(tournament, organizer):
    with pytest.raises(ValidationError) as exc:
        invite(tournament, organizer, email="not-an-address", role="king")
    assert set(exc.value.message_dict) == {"email", "role"}


def test_only_organizers_invite(tournament, referee, organizer):
    with pytest.raises(PermissionDenied):
        invite(tournament, referee, username="bob")
    user, _token = invite(tournament, organizer)
    with pytest.raises(PermissionDenied):
        services.invitation_renew(tournament=tournament, user=user, by=referee)
    assert not User.objects.filter(username="bob").exists()


@pytest.mark.parametrize("token", ["", "x", "a" * 43, "a" * 5000])
def test_unknown_tokens(token):
    assert services.invitation_for_token(token) is None


# --- pages ----------------------------------------------------------------------------------------------


def test_organizer_makes_an_account_and_sees_the_link_once(client_for, tournament):
    client = client_for("organizer")
    url = reverse("manage-accounts", args=[tournament.slug])
    response = client.post(url, {"username": "ana", "first_name": "Ana", "role": "referee"}, follow=True)
    content = response.content.decode()
    link = re.search(r'value="(http://testserver/accounts/invitation/[^"]+/)"', content).group(1)
    assert "It is shown only now." in content
    assert "waiting, until" in content
    again = client.get(url).content.decode()
    assert link not in again and "It is shown only now." not in again
    # The invitee opens it (not logged in), chooses a password, and lands logged in with the role.
    invitee = Client()
    first = invitee.get(link)
    assert first.status_code == 302 and first.url == reverse("invitation-accept")
    page = invitee.get(first.url).content.decode()
    assert "ana" in page and "Referee of Test Open" in page
    done = invitee.post(first.url, {"new_password1": GOOD_PASSWORD, "new_password2": GOOD_PASSWORD})
    assert done.status_code == 302 and done.url == reverse("start")
    assert invitee.get(reverse("start"), follow=True).context["user"].username == "ana"
    # Used up: the same link now gets the same answer as any bad link.
    assert Client().get(link).status_code == 404


def test_errors_keep_what_was_typed(client_for, tournament):
    response = client_for("organizer").post(
        reverse("manage-accounts", args=[tournament.slug]),
        {"username": "referee", "first_name": "Zoë", "role": "referee"},
    )
    content = response.content.decode()
    assert response.status_code == 200
    assert "already exists" in content and 'value="Zoë"' in content


def test_mismatched_passwords_keep_the_link_usable(tournament, organizer):
    _user, token = invite(tournament, organizer)
    client = Client()
    client.get(reverse("invitation", args=[token]))
    response = client.post(reverse("invitation-accept"), {"new_password1": GOOD_PASSWORD, "new_password2": "other"})
    assert response.status_code == 200 and "didn’t match" in response.content.decode()
    assert services.invitation_for_token(token) is not None


def test_bad_links_all_look_alike(tournament, organizer):
    _used_user, used = invite(tournament, organizer, username="used")
    services.invitation_accept(token=used, password=GOOD_PASSWORD)
    _user, expired = invite(tournament, organizer, username="late")
    Invitation.objects.filter(user=_user).update(
        created_at=timezone.now() - timedelta(hours=2), expires_at=timezone.now() - timedelta(minutes=1)
    )
    pages = [Client().get(reverse("invitation", args=[t])) for t in (used, expired, "made-up-token")]
    assert {p.status_code for p in pages} == {404}
    # The same page, apart from the link's own address (in the log-in and language links).
    bodies = set()
    for token, page in zip((used, expired, "made-up-token"), pages):
        body = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page.content.decode())
        bodies.add(body.replace(token, "TOKEN"))
    assert len(bodies) == 1
    assert Client().get(reverse("invitation-accept")).status_code == 404  # nothing in the session


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee"))
def test_others_cannot_make_accounts(client_for, tournament, role):
    client = client_for(role)
    url = reverse("manage-accounts", args=[tournament.slug])
    response = client.post(url, {"username": "mallory", "role": "organizer"})
    assert response.status_code in (302, 403)
    assert not User.objects.filter(username="mallory").exists()
    assert client.get(url).status_code in (302, 403)


def test_renew_from_the_page(client_for, tournament, organizer):
    user, old = invite(tournament, organizer)
    invitation = Invitation.objects.get(user=user)
    client = client_for("organizer")
    response = client.post(reverse("manage-account-renew", args=[tournament.slug, invitation.pk]), follow=True)
    assert "It is shown only now." in response.content.decode()
    assert services.invitation_for_token(old) is None
