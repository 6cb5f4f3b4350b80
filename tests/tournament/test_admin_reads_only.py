"""The Django admin shows the records and changes none (tournament/admin.py): a change there would skip the
services' checks, the audit log and the players' notices (a seat moved by hand would e-mail no one). Even a
superuser cannot add, change or delete, inline rows included."""

import pytest
from django.contrib import admin
from django.test import RequestFactory
from django.urls import reverse

from tournament.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser(make_user):
    user = make_user("root")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def test_every_model_is_shown_and_none_can_be_added(client, superuser, published_session):
    client.force_login(superuser)
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        if meta.app_label in ("auth", "sessions", "contenttypes"):
            continue
        changelist = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        assert client.get(changelist).status_code == 200, changelist
        assert client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_add")).status_code == 403, meta
        request = RequestFactory().get(changelist)
        request.user = superuser
        for inline in model_admin.inlines:
            inline = inline(model, admin.site)
            assert not inline.has_add_permission(request, None), inline
            assert not inline.has_change_permission(request, None), inline
            assert not inline.has_delete_permission(request, None), inline


def test_a_seat_cannot_be_moved_in_the_admin(client, superuser, published_session, players):
    client.force_login(superuser)
    table = published_session.tables.get(number=1)
    seats = {s.position: s.player_id for s in table.seats.all()}
    url = reverse("admin:tournament_table_change", args=[table.pk])
    page = client.get(url)
    assert page.status_code == 200 and players[0].name in page.content.decode()
    first = table.seats.order_by("position").first()
    response = client.post(
        url,
        {
            "seats-TOTAL_FORMS": "4",
            "seats-INITIAL_FORMS": "4",
            "seats-0-id": str(first.pk),
            "seats-0-table": str(table.pk),
            "seats-0-player": str(players[7].pk),
        },
    )
    assert response.status_code == 403
    assert {s.position: s.player_id for s in Seat.objects.filter(table=table)} == seats
