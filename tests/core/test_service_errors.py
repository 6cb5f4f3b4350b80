"""One helper puts a service's refusal on the form (core.service_errors), for the tournament apps and the series."""

from django import forms
from django.core.exceptions import PermissionDenied, ValidationError

from core.service_errors import add_service_error


class _Form(forms.Form):
    name = forms.CharField(required=False)


def _form():
    form = _Form(data={"name": "typed"})
    form.is_valid()
    return form


def test_errors_go_on_their_field_or_above_the_form():
    form = _form()
    add_service_error(form, ValidationError({"name": "Too long.", "reason": "Say why."}))
    assert form.errors["name"] == ["Too long."]
    assert form.non_field_errors() == ["Say why."]
    assert form.data["name"] == "typed"  # what the user typed stays


def test_a_refusal_without_a_message_still_says_something():
    form = _form()
    add_service_error(form, PermissionDenied())
    assert form.non_field_errors() == ["You may not do this."]


def test_keys_the_form_lacks_are_named_when_asked():
    form = _form()
    add_service_error(
        form,
        ValidationError({"decay[1].factor": "Between 0 and 1.", "name": "Taken."}),
        lambda key: None if key.startswith("decay") else key,
        name_others=True,
    )
    assert form.non_field_errors() == ["decay[1].factor: Between 0 and 1."]
    assert form.errors["name"] == ["Taken."]
