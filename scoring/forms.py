"""Score entry forms: input shape only; scoring.services checks the rules."""
from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import HandVersion, Penalty


def _player_choices(players, empty_label):
    return [("", empty_label)] + [(str(p.pk), f"{p.number}. {p.name}") for p in players]


class _TableForm(forms.Form):
    def __init__(self, *args, players, hands_per_session=16, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.by_pk = {str(p.pk): p for p in self.players}
        self.hands_per_session = hands_per_session

    def player(self, value):
        return self.by_pk.get(value) if value else None


class HandForm(_TableForm):
    number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=16)
    outcome = forms.ChoiceField(label=_("Outcome"), choices=HandVersion.Outcome.choices)
    winner = forms.ChoiceField(label=_("Winner"), required=False)
    discarder = forms.ChoiceField(label=_("Discarder"), required=False,
                                  help_text=_("Only for a win by discard."))
    points = forms.IntegerField(label=_("Hand points (with flowers)"), min_value=0, max_value=10000, required=False)
    flowers = forms.IntegerField(label=_("Flowers"), min_value=0, max_value=8, required=False)
    note = forms.CharField(label=_("Note"), max_length=300, required=False)
    # The version of the hand the user saw (0: not entered yet), to catch two people entering one hand.
    expected_version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].max_value = self.hands_per_session
        self.fields["number"].widget.attrs["max"] = self.hands_per_session
        self.fields["winner"].choices = _player_choices(self.players, _("— winner —"))
        self.fields["discarder"].choices = _player_choices(self.players, _("— discarder —"))

    def service_kwargs(self):
        data = self.cleaned_data
        return {
            "number": data["number"],
            "outcome": data["outcome"],
            "winner": self.player(data.get("winner")),
            "discarder": self.player(data.get("discarder")),
            "points": data.get("points") or 0,
            "flowers": data.get("flowers") or 0,
            "note": data.get("note", ""),
        }

    @classmethod
    def initial_from_version(cls, version):
        return {
            "number": version.hand.number, "outcome": version.outcome,
            "winner": str(version.winner_id or ""), "discarder": str(version.discarder_id or ""),
            "points": version.points, "flowers": version.flowers, "expected_version": version.version,
        }


class PenaltyForm(_TableForm):
    player = forms.ChoiceField(label=_("Player"))
    amount = forms.IntegerField(label=_("Points"), min_value=1, max_value=10000)
    to = forms.ChoiceField(label=_("Paid to"), choices=Penalty.To.choices, initial=Penalty.To.NOBODY)
    reason = forms.CharField(label=_("Reason"), max_length=200)
    hand_number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=16, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _player_choices(self.players, _("— player —"))
        self.fields["hand_number"].max_value = self.hands_per_session

    def service_kwargs(self):
        data = self.cleaned_data
        return {"player": self.player(data["player"]), "amount": data["amount"], "to": data["to"],
                "reason": data["reason"], "hand_number": data.get("hand_number")}


class WithdrawPenaltyForm(forms.Form):
    reason = forms.CharField(label=_("Why it is withdrawn"), max_length=200)


class SubmitSheetForm(forms.Form):
    mark_rest_not_played = forms.BooleanField(
        label=_("Mark the remaining hands not played (time ran out)"), required=False)


class ReopenSheetForm(forms.Form):
    reason = forms.CharField(label=_("Why it is reopened"), max_length=200)
