"""Forms of the seating and session pages: input shape only; ``schedule.services`` checks the rules."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from core import text_messages, textfile
from schedule.charts import MAX_CHART_BYTES, MAX_CHART_CHARS, parse_chart
from schedule.selectors import PRIORITIES
from tournament.models import MINUTES_MAX, PLAYER_NUMBER_MAX, AdvanceRule, Player, Session, WithdrawalReason

FILL_LABEL = _lazy("Fill the field with substitutes")
FILL_HELP = _lazy(
    "Substitutes on the bench fill tables of four without this box; when they are too few, tick it to add "
    "new players named “Substitute 1”, “Substitute 2”…"
)


class SeatSessionForm(forms.Form):
    seed = forms.IntegerField(
        label=_lazy("Seed"),
        required=False,
        min_value=1,
        max_value=2**31,
        help_text=_lazy("Leave empty for a fresh random draw; give a seed to repeat a draw."),
    )
    fill_with_substitutes = forms.BooleanField(label=FILL_LABEL, required=False, help_text=FILL_HELP)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_lazy("Reason"), max_length=200, required=False)


class GenerateForm(forms.Form):
    priority = forms.ChoiceField(
        label=_lazy("Where both cannot be had"),
        choices=[(p.key, p.label) for p in PRIORITIES],
        initial="repeats",
        required=False,
        widget=forms.RadioSelect,
        help_text=_lazy(
            "Some fields cannot be seated with nobody meeting twice and no team-mates at one table (16 players "
            "in teams of four over 5 sessions, for one). Compare the choices to see what each costs."
        ),
    )
    seed = forms.IntegerField(
        label=_lazy("Seed"),
        min_value=1,
        max_value=2**31,
        required=False,
        help_text=_lazy(
            "A random seed is filled in (left empty, a new one is drawn); the same seed with the same "
            "players gives the same schedule."
        ),
    )
    fill_with_substitutes = forms.BooleanField(label=FILL_LABEL, required=False, help_text=FILL_HELP)

    def clean_priority(self):
        return self.cleaned_data.get("priority") or "repeats"


class ChartUploadForm(forms.Form):
    text = forms.CharField(
        label=_lazy("Chart"),
        required=False,
        max_length=MAX_CHART_CHARS,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 60, "spellcheck": "false"}),
        help_text=_lazy(
            "CSV: one line per table: session, table, then four player numbers (a header line is "
            "allowed). Or JSON: a list of sessions, each a list of tables of four player numbers."
        ),
    )
    file = forms.FileField(
        label=_lazy("or a file"),
        required=False,
        help_text=_lazy("A .csv, .txt or .json file instead of the text above."),
    )
    winds_given = forms.BooleanField(
        label=_lazy("The order in each table is East, South, West, North"),
        required=False,
        help_text=_lazy("Otherwise starting winds are assigned so that every player's winds are balanced."),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_CHART_BYTES:
                raise forms.ValidationError(_("The file is too large (at most %(n)s bytes).") % {"n": MAX_CHART_BYTES})
            try:  # UTF-8, with or without a byte-order mark, or UTF-16 ("Unicode text" from a spreadsheet)
                data["text"] = textfile.decode_text_file(upload.read(), legacy=())
            except textfile.UndecodableText as exc:
                advice = _("Save it as CSV (UTF-8) or JSON.")
                raise forms.ValidationError(f"{text_messages.undecodable(exc)} {advice}") from None
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Paste a chart or choose a file."))
        return data


class ChartConfirmForm(forms.Form):
    """Carries the previewed chart back, so nothing is kept on the server between preview and confirm."""

    chart = forms.CharField(widget=forms.HiddenInput, max_length=2 * MAX_CHART_CHARS)
    winds_given = forms.BooleanField(widget=forms.HiddenInput, required=False)
    # The seating the preview was made on (seating_versions.seating_seen): refused when it changed meanwhile.
    seen = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def clean_chart(self):
        parsed = parse_chart(self.cleaned_data["chart"])
        if parsed.errors or parsed.format != "json":
            raise forms.ValidationError(_("The chart was damaged on the way; upload it again."))
        return parsed.sessions


class EliminationForm(forms.Form):
    """Who plays on after a round of an elimination tournament; ``elimination.elimination_rule`` checks the
    count against the rule."""

    rule = forms.ChoiceField(label=_lazy("Who plays on"), choices=AdvanceRule.choices, widget=forms.RadioSelect)
    count = forms.IntegerField(
        label=_lazy("k or n"),
        required=False,
        min_value=1,
        max_value=PLAYER_NUMBER_MAX,
        help_text=_lazy("The best k of each table: 1, 2 or 3. The best n overall: a multiple of four."),
    )
    order = forms.ChoiceField(
        label=_lazy("Seat the next round"),
        initial="standings",
        choices=[("standings", _lazy("By the results: the best with the best")), ("draw", _lazy("By a draw"))],
    )
    seed = forms.IntegerField(
        label=_lazy("Seed of the draw"),
        required=False,
        min_value=1,
        max_value=2**31,
        help_text=_lazy("Left empty, a new one is drawn."),
    )
    decided_order = forms.CharField(
        label=_lazy("Order of players still level"),
        required=False,
        max_length=2000,
        help_text=_lazy(
            "Only after a tie: the player numbers as a play-off or a draw decided, best first, "
            "separated by spaces or commas."
        ),
    )

    def clean_decided_order(self):
        text = self.cleaned_data["decided_order"].replace(",", " ").split()
        if not all(t.isdigit() and len(t) <= 6 for t in text):
            raise forms.ValidationError(_("Write player numbers only, e.g. 12 7 30."))
        numbers = [int(t) for t in text]
        if len(set(numbers)) != len(numbers):
            raise forms.ValidationError(_("Each player number once."))
        return numbers


# --- the session clock ----------------------------------------------------------------------------------


class ClockStartForm(forms.Form):
    minutes = forms.IntegerField(
        label=_lazy("Length (minutes)"),
        required=False,
        min_value=1,
        max_value=MINUTES_MAX,
        help_text=_lazy("Empty: the tournament's session time limit."),
    )


class ClockScheduleForm(ClockStartForm):
    starts_at = forms.DateTimeField(
        label=_lazy("Starts at"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        help_text=_lazy("Local time of the venue."),
    )


class ClockAdjustForm(forms.Form):
    minutes = forms.IntegerField(
        label=_lazy("Minutes to add"),
        min_value=-MINUTES_MAX,
        max_value=MINUTES_MAX,
        help_text=_lazy("Negative to take minutes away."),
    )
    reason = forms.CharField(label=_lazy("Reason"), max_length=200, required=False)


# --- withdrawals and substitutes --------------------------------------------------------------------------


class SubstituteFields(forms.Form):
    substitute = forms.ModelChoiceField(
        label=_lazy("Substitute"), queryset=Player.objects.none(), required=False, empty_label=_lazy("— none —")
    )
    new_name = forms.CharField(label=_lazy("or a new substitute's name"), max_length=120, required=False)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["substitute"].queryset = tournament.players.filter(is_substitute=True).order_by("number")


class WithdrawForm(SubstituteFields):
    player = forms.ModelChoiceField(label=_lazy("Player"), queryset=Player.objects.none())
    from_session = forms.ModelChoiceField(label=_lazy("From session"), queryset=Session.objects.none())
    reason = forms.ChoiceField(label=_lazy("Reason"), choices=WithdrawalReason.choices)
    note = forms.CharField(label=_lazy("Note"), max_length=200, required=False)
    keep_in_standings = forms.BooleanField(
        label=_lazy("Stays in the standings with what they earned"),
        required=False,
        initial=True,
        help_text=_lazy("Untick for a loss of rank (MCR 3.11.5)."),
    )
    field_order = ["player", "from_session", "reason", "note", "keep_in_standings", "substitute", "new_name"]

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, tournament=tournament, **kwargs)
        self.fields["player"].queryset = tournament.players.order_by("number")
        self.fields["from_session"].queryset = tournament.sessions.open().order_by("number")
