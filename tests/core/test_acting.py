"""The acting user (core.acting): what a service records as "done by" for each kind of ``by``."""

import pytest
from django.contrib.auth.models import AnonymousUser

from core.acting import acting_user, is_user, username


@pytest.mark.django_db
def test_a_user_is_recorded_an_import_or_a_visitor_is_not(make_user):
    user = make_user("ref")
    assert acting_user(user) is user and is_user(user) and username(user) == "ref"
    for nobody in (None, AnonymousUser()):
        assert acting_user(nobody) is None
        assert not is_user(nobody)
        assert username(nobody) == ""
