"""Input shape only: the services validate the rules and make the changes."""

from django import forms
from django.utils.translation import gettext_lazy as _

from api.models import ApiToken


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=ApiToken._meta.get_field("name").max_length,
        help_text=_("What will use it, e.g. “stream overlay” or “results app”."),
    )
