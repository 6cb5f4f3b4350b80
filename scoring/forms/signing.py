"""Forms for fouls, confirmations and signatures: input shape only; scoring.services and the catalogue
(rules.fouls) decide the rules and the penalties."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules import fouls
from rules import payments as pay
from scoring.models import Penalty
from tournament.forms import max_length

# What each foul costs, as the list of fouls shows it beside its name (the system computes the amount).
FOUL_PENALTIES = {
    fouls.WARNING: _("no points"),
    fouls.LATE: _("up to 10 min: 10 points, 11-15 min: 20, to nobody; later: the session is lost"),
    fouls.VIOLATION: _("5, 10, 20, 30, 40, 50 or 60 points to nobody"),
    fouls.CLAIM_CHANGED: _("warning, then 5, 10, 20... to each other player"),
    fouls.WALL_TOUCHED: _("warning, then 5, 10, 20... to each other player"),
    fouls.LATE_PUNG: _("warning, then 5, 10, 20... to each other player"),
    fouls.FALSE_HU_UNDER_8: _("10 to each other player, dead hand"),
    fouls.FALSE_HU_INVALID: _("20 to each other player, dead hand"),
    fouls.EXPOSED_TILES: _("30 to each other player, or a warning"),
    fouls.REVEALED_TILE: _("5 to 60 points to the player harmed"),
    fouls.DEAD_HAND: _("no points; the player cannot win the hand"),
    fouls.TIME: _("5 points per 15 s or part of them, to nobody; over 80 in a hand forfeits"),
    fouls.TIME_TURN: _("over 15 s in a turn: 5 points per 15 s or part of them, to nobody"),
    fouls.TIME_HAND: _("over 3 minutes in the hand: 5 points per 15 s or part of them, to nobody"),
    fouls.TIME_EXCUSED: _("no points; the player does not forfeit that hand for time"),
    fouls.TILES_WRONG_CLAIM: _("no points; the tiles exposed become penalty tiles"),
    fouls.TILES_CLAIM_CANCEL: _("no points; two tiles shown become penalty tiles"),
    fouls.TILES_FALSE_WIN: _("no points; the hand goes on, the tiles exposed become penalty tiles"),
    fouls.TILES_WIN_CANCEL: _("no points; three tiles shown become penalty tiles"),
    fouls.OTHER: _("the points and who receives them, as the referee decides"),
}


def _foul_label(code):
    return f"{gettext(fouls.CATALOGUE[code].name)} ({FOUL_PENALTIES[code]})"


FOUL_CHOICES = [(code, lazy(_foul_label, str)(code)) for code in fouls.CODES]
VIOLATION_CHOICES = [(str(n), str(n)) for n in fouls.VIOLATION_AMOUNTS]
TO_CHOICES = [
    (pay.TO_NOBODY, _("Nobody")),
    (pay.TO_EACH_OTHER, _("Each other player")),
    (pay.TO_PLAYER, _("One player (choose them below)")),
]


def _players(players, empty):
    return [("", empty)] + [(str(p.pk), f"{p.number}. {p.name}") for p in players]


class FoulForm(forms.Form):
    """One foul of the catalogue. Only the inputs the chosen foul takes are passed on; the page hides the others
    (the list of each foul's inputs is in data-inputs), and without script they are simply left blank."""

    player = forms.ChoiceField(label=_("Player"))
    foul = forms.ChoiceField(label=_("Foul"), choices=FOUL_CHOICES)
    hand_number = forms.IntegerField(
        label=_("Hand"), min_value=1, max_value=16, required=False, help_text=_("The hand it happened in.")
    )
    minutes = forms.IntegerField(
        label=_("Minutes late"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("Empty: counted from the start of the session clock, when it runs."),
    )
    seconds = forms.IntegerField(
        label=_("Seconds"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_(
            "A turn or a hand: the seconds the player took, as timed. “Time limit exceeded”: the seconds over it."
        ),
    )
    from_deal = forms.BooleanField(
        label=_("Timed from the end of the deal (the first 15 seconds are free)"), required=False
    )
    tiles = forms.CharField(
        label=_("Penalty tiles"),
        max_length=max_length(Penalty, "tiles"),
        required=False,
        help_text=_("Each tile, e.g. 5p 2s: a cancelled claim leaves two, a cancelled win three."),
    )
    violation = forms.ChoiceField(
        label=_("Points (rule violation)"), choices=[("", "—"), *VIOLATION_CHOICES], required=False
    )
    amount = forms.IntegerField(
        label=_("Points"),
        required=False,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("Exposed tiles: 30, or 0 for a warning. Revealed tile: 5 to 60."),
    )
    to = forms.ChoiceField(label=_("Paid to"), choices=TO_CHOICES, required=False, initial=pay.TO_NOBODY)
    recipient = forms.ChoiceField(
        label=_("Player who receives the points"),
        required=False,
        help_text=_("The player whose tile was revealed, or who receives an “Other” penalty."),
    )
    reason = forms.CharField(
        label=_("Remark"),
        max_length=max_length(Penalty, "reason"),
        required=False,
        help_text=_("What happened; required for “Other”."),
    )

    # The fields each foul takes (besides player, foul, hand and remark), for the page's script and for
    # service_kwargs.
    INPUTS = {
        code: [
            {
                "amount": "violation" if code == fouls.VIOLATION else "amount",
                "to": "to",
                "recipient": "recipient",
                "minutes": "minutes",
                "seconds": "seconds",
                "from_deal": "from_deal",
                "tiles": "tiles",
            }[name]
            for name in entry.inputs
        ]
        for code, entry in fouls.CATALOGUE.items()
    }

    def __init__(self, *args, players, hands_per_session=16, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.by_pk = {str(p.pk): p for p in self.players}
        self.fields["player"].choices = _players(self.players, _("— player —"))
        self.fields["recipient"].choices = _players(self.players, _("— player —"))
        self.fields["hand_number"].max_value = hands_per_session
        self.fields["hand_number"].widget.attrs.update(max=hands_per_session, inputmode="numeric")

    def takes(self, name):
        return name in self.INPUTS.get(self.cleaned_data.get("foul"), [])

    def service_kwargs(self):
        """What the chosen foul takes, for scoring.services.foul_record; the rest is left out."""
        data = self.cleaned_data
        code = data["foul"]
        kwargs = {
            "player": self.by_pk.get(data["player"]),
            "foul": code,
            "hand_number": data.get("hand_number"),
            "reason": data.get("reason", ""),
        }
        if self.takes("minutes"):
            kwargs["minutes"] = data.get("minutes")
        if self.takes("seconds"):
            kwargs["seconds"] = data.get("seconds")
        if self.takes("from_deal"):
            kwargs["from_deal"] = bool(data.get("from_deal"))
        if self.takes("tiles"):
            kwargs["tiles"] = data.get("tiles", "")
        if self.takes("violation"):
            kwargs["amount"] = int(data["violation"]) if data.get("violation") else None
        if self.takes("amount"):
            kwargs["amount"] = data.get("amount")
        recipient = self.by_pk.get(data.get("recipient") or "")
        if self.takes("to"):
            kwargs["to"] = data.get("to") or pay.TO_NOBODY
            if kwargs["to"] == pay.TO_PLAYER:
                kwargs["recipient"] = recipient
        elif self.takes("recipient"):
            kwargs["recipient"] = recipient
        return kwargs


class ConfirmForm(forms.Form):
    """A player confirms the sheet on the referee's device."""

    player = forms.IntegerField(widget=forms.HiddenInput)
    # Where the tournament asks for it (Tournament.device_confirmation_code): the code on the player's card.
    code = forms.CharField(required=False, max_length=32, strip=True)


class HandConfirmForm(forms.Form):
    """Two-person entry: the version the confirmer looked at, so a correction made meanwhile is not confirmed
    unseen."""

    version = forms.IntegerField(widget=forms.HiddenInput)


class SignForm(forms.Form):
    mark_rest_not_played = forms.BooleanField(
        label=_("Mark the remaining hands not played (time ran out)"), required=False
    )


class ReopenForm(forms.Form):
    reason = forms.CharField(label=_("Why it is reopened"), max_length=200)


class ReopenRequestForm(forms.Form):
    reason = forms.CharField(
        label=_("What is wrong on the sheet"),
        max_length=200,
        help_text=_("The chief referee reads this and reopens the sheet, or answers why not."),
    )


class ReopenDeclineForm(forms.Form):
    answer = forms.CharField(label=_("Why the sheet stays as it is"), max_length=200)
