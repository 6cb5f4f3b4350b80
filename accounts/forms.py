"""Input shape only: ``accounts.services`` checks the rules."""

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from tournament.models import TournamentRole


def _max(field):
    return get_user_model()._meta.get_field(field).max_length


class InviteForm(forms.Form):
    username = forms.CharField(
        label=_("Username"),
        max_length=_max("username"),
        help_text=_("What they type to log in: letters, digits and @ . + - _ only."),
    )
    first_name = forms.CharField(label=_("First name"), max_length=_max("first_name"), required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=_max("last_name"), required=False)
    email = forms.CharField(
        label=_("E-mail"),
        max_length=_max("email"),
        required=False,
        help_text=_("Optional; for your records. Nothing is sent."),
    )
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices, initial=TournamentRole.Role.REFEREE)
