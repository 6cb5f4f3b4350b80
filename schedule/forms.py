"""Forms of the seating and session pages: input shape only; ``schedule.services`` checks the rules."""
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from schedule.charts import MAX_CHART_BYTES, MAX_CHART_CHARS, parse_chart



class SeatSessionForm(forms.Form):
    seed = forms.IntegerField(label=_lazy("Seed"), required=False, min_value=1, max_value=2**31,
                              help_text=_lazy("Leave empty for a fresh random draw; give a seed to repeat a draw."))


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_lazy("Reason"), max_length=200, required=False)


class GenerateForm(forms.Form):
    seed = forms.IntegerField(
        label=_lazy("Seed"), min_value=1, max_value=2**31, required=False,
        help_text=_lazy("A random seed is filled in (left empty, a new one is drawn); the same seed with the same "
                        "players gives the same schedule."))


class ChartUploadForm(forms.Form):
    text = forms.CharField(
        label=_lazy("Chart"), required=False, max_length=MAX_CHART_CHARS,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 60, "spellcheck": "false"}),
        help_text=_lazy("CSV: one line per table: session, table, then four player numbers (a header line is "
                        "allowed). Or JSON: a list of sessions, each a list of tables of four player numbers."))
    file = forms.FileField(label=_lazy("or a file"), required=False,
                           help_text=_lazy("A .csv, .txt or .json file instead of the text above."))
    winds_given = forms.BooleanField(
        label=_lazy("The order in each table is East, South, West, North"), required=False,
        help_text=_lazy("Otherwise starting winds are assigned so that every player's winds are balanced."))

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_CHART_BYTES:
                raise forms.ValidationError(_("The file is too large (at most %(n)s bytes).") % {"n": MAX_CHART_BYTES})
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text; save it as CSV (UTF-8) or JSON."))
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Paste a chart or choose a file."))
        return data


class ChartConfirmForm(forms.Form):
    """Carries the previewed chart back, so nothing is kept on the server between preview and confirm."""

    chart = forms.CharField(widget=forms.HiddenInput, max_length=2 * MAX_CHART_CHARS)
    winds_given = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def clean_chart(self):
        parsed = parse_chart(self.cleaned_data["chart"])
        if parsed.errors or parsed.format != "json":
            raise forms.ValidationError(_("The chart was damaged on the way; upload it again."))
        return parsed.sessions
