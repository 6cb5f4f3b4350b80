"""Forms of the corrections after hands (``scoring.services.corrections``) and of one table's extra time
(``schedule.clock.table_time_extend``): input shape only, the services check the rules."""

from django import forms
from django.utils.translation import gettext_lazy as _lazy

from tournament.models import EXTRA_MINUTES_MAX

REASON_HELP = _lazy("It goes in the audit log, with your name.")


def _numbers(text: str) -> list[int] | None:
    """The hidden "as you saw it" field: numbers separated by commas; None when missing or garbled (the service
    then checks nothing, as for an old form)."""
    try:
        return [int(n) for n in text.split(",") if n.strip()] if text else []
    except ValueError:
        return None


class SeatSwapForm(forms.Form):
    first = forms.TypedChoiceField(label=_lazy("This player"), coerce=int)
    second = forms.TypedChoiceField(label=_lazy("sat in the seat of"), coerce=int)
    reason = forms.CharField(label=_lazy("Reason"), max_length=200, required=False, help_text=REASON_HELP)
    seen = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [(p.pk, f"{wind} · {p}") for wind, p in players]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean_seen(self):
        return _numbers(self.cleaned_data.get("seen", ""))


class HandsMoveForm(forms.Form):
    target = forms.TypedChoiceField(label=_lazy("The hands belong to table"), coerce=int)
    reason = forms.CharField(label=_lazy("Reason"), max_length=200, required=False, help_text=REASON_HELP)
    seen = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, tables, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["target"].choices = [("", "—")] + [(number, label) for number, label in tables]

    def clean_seen(self):
        return _numbers(self.cleaned_data.get("seen", ""))


class TableTimeForm(forms.Form):
    minutes = forms.IntegerField(
        label=_lazy("Extra minutes for this table"),
        min_value=0,
        max_value=EXTRA_MINUTES_MAX,
        help_text=_lazy("After the session's bell. 0 takes the extra time back."),
    )
    reason = forms.CharField(label=_lazy("Reason"), max_length=200, required=False, help_text=REASON_HELP)
