"""The public hand calculator's form: the tiles plus what a score sheet would say of the hand, under a rule set
of the registry."""

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.registry import get_rule_set
from scoring import tile_entry
from scoring.forms.tiles import TileFieldsMixin
from tournament.models import WIND_NAMES, RuleSet

WIND_CHOICES = list(WIND_NAMES.items())


class CalculatorForm(TileFieldsMixin):
    """The public hand calculator: the tiles plus the context a score sheet would give, under a rule set."""

    rules = forms.ChoiceField(label=_("Rule set"), choices=RuleSet.choices, initial=RuleSet.MCR, required=False)
    seat_wind = forms.ChoiceField(label=_("Seat wind"), choices=WIND_CHOICES, initial="E", required=False)
    prevalent_wind = forms.ChoiceField(
        label=_("Prevalent wind"),
        choices=WIND_CHOICES,
        initial="E",
        required=False,
        help_text=_("The wind of the round."),
    )
    self_drawn = forms.BooleanField(label=_("Self-drawn"), required=False)
    flowers = forms.IntegerField(label=_("Flowers"), min_value=0, max_value=8, required=False, initial=0)

    field_order = ["rules"]

    @property
    def other_fields(self):
        return [f for f in super().other_fields if f.name != "rules"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["concealed"].required = True
        self.fields["win_tile"].required = True
        # The flags of the chosen rule set; choosing another one and calculating again shows its own.
        self.offer_flags(get_rule_set(self.rule_code))
        if not self.rule_set.entry.flowers:
            del self.fields["flowers"]  # flowers are inside these rules' points, or not played at all

    @property
    def rule_code(self):
        """The chosen rule set's code, as far as the data says (the default otherwise)."""
        code = (self.data.get("rules") if self.is_bound else None) or self.fields["rules"].initial
        return code if code in dict(RuleSet.choices) else self.fields["rules"].initial

    def clean(self):
        data = super().clean()
        if not self.errors:
            self.scored = tile_entry.score(
                self.tile_input(
                    self_drawn=data.get("self_drawn"),
                    flowers=data.get("flowers") or 0,
                    seat_wind=data.get("seat_wind") or "E",
                    prevalent_wind=data.get("prevalent_wind") or "E",
                ),
                self.rule_set,
            )
        return data
