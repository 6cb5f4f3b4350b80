"""Forms for appeals: input shape only; scoring.services.appeals decides the window, the paths and who may act."""

from django import forms
from django.utils.translation import gettext_lazy as _

from rules import payments as pay
from scoring.models import STATEMENT_MAX_CHARS, Appeal, AppealDecision, HandVersion


def _hand_choices(hands_per_session):
    return [("", _("— no particular hand —"))] + [(str(n), str(n)) for n in range(1, hands_per_session + 1)]


class AppealForm(forms.Form):
    """What the filer writes (MCR 3.12.3): what the appeal is about and the statement."""

    kind = forms.ChoiceField(label=_("The appeal is about"), choices=Appeal.Kind.choices, widget=forms.RadioSelect)
    hand_number = forms.TypedChoiceField(label=_("Hand"), coerce=int, empty_value=None, required=False)
    penalty = forms.TypedChoiceField(label=_("Penalty"), coerce=int, empty_value=None, required=False)
    statement = forms.CharField(
        label=_("Your written statement"),
        max_length=STATEMENT_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("What the referee ruled, why you think it is wrong, and what you ask for."),
    )

    def __init__(self, *args, hands_per_session=16, penalties=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hand_number"].choices = _hand_choices(hands_per_session)
        self.penalties = {p.pk: p for p in penalties}
        self.fields["penalty"].choices = [("", _("— no penalty —"))] + [
            (str(p.pk), f"{p.player.name}: {p.description}") for p in penalties
        ]

    def service_kwargs(self):
        data = self.cleaned_data
        return {
            "kind": data["kind"],
            "hand_number": data.get("hand_number"),
            "penalty": self.penalties.get(data.get("penalty")),
            "statement": data["statement"],
        }


class RefereeAppealForm(AppealForm):
    """A referee or organizer files for a player of the table or their team captain; an organizer may accept
    a late appeal, saying why."""

    filer = forms.TypedChoiceField(label=_("Filed by"), coerce=int)
    late_reason = forms.CharField(
        label=_("Why a late appeal is accepted (organizers only)"), max_length=300, required=False
    )
    field_order = ["filer", "kind", "hand_number", "penalty", "statement", "late_reason"]

    def __init__(self, *args, filers=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.filers = {p.pk: p for p in filers}
        self.fields["filer"].choices = [("", _("— player —"))] + [(str(p.pk), f"{p.number}. {p.name}") for p in filers]

    def service_kwargs(self):
        kwargs = super().service_kwargs()
        kwargs.update(filer=self.filers[self.cleaned_data["filer"]], late_reason=self.cleaned_data["late_reason"])
        return kwargs


class DecisionForm(forms.Form):
    outcome = forms.ChoiceField(label=_("Decision"), choices=AppealDecision.Outcome.choices, widget=forms.RadioSelect)
    reasons = forms.CharField(
        label=_("Reasons"), max_length=STATEMENT_MAX_CHARS, widget=forms.Textarea(attrs={"rows": 4})
    )


class EscalateForm(forms.Form):
    reason = forms.CharField(
        label=_("Why the filer is not satisfied"), max_length=1_000, widget=forms.Textarea(attrs={"rows": 3})
    )


class AmendHandForm(forms.Form):
    """A new version of a hand, as the upheld appeal decided. The hand choice carries the version seen, so a
    correction made meanwhile is refused rather than replaced unseen."""

    # A select of "number:version" values, checked by shape only: a version that is no longer the latest is
    # the service's to refuse, with a message saying the hand changed meanwhile.
    hand = forms.RegexField(
        label=_("Hand"),
        regex=r"^\d{1,2}:\d{1,5}$",
        widget=forms.Select,
        error_messages={"invalid": _("Choose the hand.")},
    )
    outcome = forms.ChoiceField(label=_("Outcome"), choices=HandVersion.Outcome.choices)
    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, empty_value=None, required=False)
    discarder = forms.TypedChoiceField(label=_("Discarder"), coerce=int, empty_value=None, required=False)
    points = forms.IntegerField(
        label=_("Hand points"),
        min_value=0,
        max_value=9_999,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    flowers = forms.IntegerField(
        label=_("Flowers"),
        min_value=0,
        max_value=8,
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args, players=(), hands=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.by_pk = {p.pk: p for p in players}
        people = [("", "—")] + [(str(p.pk), f"{p.number}. {p.name}") for p in players]
        self.fields["winner"].choices = people
        self.fields["discarder"].choices = people
        self.fields["hand"].widget.choices = [
            (f"{h.number}:{h.version.version if h.version else 0}", _("Hand %(n)s") % {"n": h.number}) for h in hands
        ]

    def service_kwargs(self):
        data = self.cleaned_data
        number, _sep, version = data["hand"].partition(":")
        return {
            "number": int(number),
            "expected_version": int(version),
            "outcome": data["outcome"],
            "winner": self.by_pk.get(data.get("winner")),
            "discarder": self.by_pk.get(data.get("discarder")),
            "points": data.get("points") or 0,
            "flowers": data.get("flowers") or 0,
        }

    def clean_outcome(self):
        outcome = self.cleaned_data["outcome"]
        if outcome not in (pay.DISCARD, pay.SELF_DRAWN, pay.DRAW, pay.NOT_PLAYED):
            raise forms.ValidationError(_("Choose the outcome."))
        return outcome


class AmendWithdrawForm(forms.Form):
    penalty = forms.TypedChoiceField(label=_("Penalty to withdraw"), coerce=int)

    def __init__(self, *args, penalties=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.penalties = {p.pk: p for p in penalties}
        self.fields["penalty"].choices = [(str(p.pk), f"{p.player.name}: {p.description}") for p in penalties]
