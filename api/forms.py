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


class StreamFeatureForm(forms.Form):
    table = forms.IntegerField(
        label=_("Featured table"),
        required=False,
        min_value=1,
        max_value=1000,
        help_text=_("The table of the session being played that the overlay shows. Empty: none."),
    )
    top = forms.IntegerField(label=_("Players in the standings ticker"), min_value=1, max_value=50, initial=8)
