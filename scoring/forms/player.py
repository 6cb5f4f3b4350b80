"""The player's own page: the code from their player card."""

from django import forms
from django.utils.translation import gettext_lazy as _


class PlayerCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Your player code"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}),
        help_text=_("It is printed on your player card, e.g. K7PM-4XQ2."),
    )
