"""The tiles of a winning hand as form fields, shared by the hand form of the score sheet and the calculator:
typed in the engine's notation (or tapped in the tile picker), then scored by the tournament's rule set."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.base import RuleSet
from scoring import tile_entry


class BonusCheckboxes(forms.CheckboxSelectMultiple):
    """One checkbox per bonus tile; each names its tile picker code (f1-f4 flowers, f5-f8 seasons), so
    tapping the tile in the picker ticks the box and ticking the box shows the tile."""

    def __init__(self, *args, first_tile=1, **kwargs):
        super().__init__(*args, **kwargs)
        self.first_tile = first_tile

    def __deepcopy__(self, memo):
        copy = super().__deepcopy__(memo)
        copy.first_tile = self.first_tile
        return copy

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["attrs"]["data-bonus-tile"] = f"f{self.first_tile + int(value) - 1}"
        return option


def _bonus_field(key, label, first_tile, help_text=""):
    return forms.MultipleChoiceField(
        label=label,
        required=False,
        help_text=help_text,
        choices=[(str(n), text) for n, text in tile_entry.BONUS_LABELS[key].items()],
        widget=BonusCheckboxes(first_tile=first_tile),
    )


# The form field that holds each bonus key of the engine's input (tile_entry.BONUS_KEYS).
BONUS_FIELDS = {"flowers": "held_flowers", "seasons": "held_seasons"}


class TileFieldsMixin(forms.Form):
    """The tiles of a winning hand, typed in the engine's notation; the points are then computed."""

    concealed = forms.CharField(
        label=_("Concealed tiles"),
        max_length=80,
        required=False,
        help_text=_(
            "Standing tiles without the winning tile, e.g. 123m55p789s. Suits m p s; winds E S W N; "
            "dragons C (red) F (green) P (white)."
        ),
    )
    melds = forms.CharField(
        label=_("Declared melds"),
        max_length=200,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 30}),
        help_text=_("One per line or comma-separated, e.g. chow 234m, pung EEE, kong 5555p, concealed_kong 9999s."),
    )
    win_tile = forms.CharField(label=_("Winning tile"), max_length=8, required=False, help_text=_("e.g. 5p or E"))
    last_tile = forms.BooleanField(
        label=_("Last of its kind"),
        required=False,
        help_text=_("The other three of the winning tile were already visible."),
    )
    kong = forms.BooleanField(
        label=_("Kong"),
        required=False,
        help_text=_("Self-drawn: out on a kong replacement tile. By discard: robbing a kong."),
    )
    last_wall = forms.BooleanField(
        label=_("Last tile of the wall"),
        required=False,
        help_text=_("Won on the last tile drawn, or on the discard of it."),
    )
    kong_discard = forms.BooleanField(
        label=_("Discard after a kong"),
        required=False,
        help_text=_("Won on the tile a player discarded after taking a kong's replacement tile."),
    )
    first_draw = forms.BooleanField(
        label=_("First draw"),
        required=False,
        help_text=_("Self-drawn with the very first tile: Sky Hu for the dealer, Earth Hu for anyone else."),
    )
    # Only for rule sets that read the bonus tiles by number (RuleSet.bonus_by_number).
    held_flowers = _bonus_field("flowers", _("Flowers held"), 1)
    held_seasons = _bonus_field(
        "seasons",
        _("Seasons held"),
        5,
        help_text=_(
            "Tick each one the winner holds. The one numbered as the winner's seat wind (1 East, 2 South, "
            "3 West, 4 North) is their own, and doubles the hand."
        ),
    )

    TILE_FIELDS = tile_entry.TEXT_KEYS + tile_entry.FLAG_KEYS + tuple(BONUS_FIELDS.values())

    # Set by clean() when tiles were given: a tile_entry.Scored.
    scored: tile_entry.Scored | None = None
    # The rule set the tiles are scored under, set by offer_flags() (the calculator's choice is its field "rules").
    rule_set: RuleSet

    # Fields of a form that only some rule sets read (the calculator also asks for the winds).
    RULE_SET_FIELDS = (*tile_entry.FLAG_KEYS, "seat_wind", "prevalent_wind")

    def offer_flags(self, rules):
        """Keep the flags and winds the rule set reads (its hand_fields); the others are not on the form.
        The bonus checkboxes are kept for the keys the rule set reads by number (its bonus_by_number)."""
        self.rule_set = rules
        for name in self.RULE_SET_FIELDS:
            if name not in rules.hand_fields:
                self.fields.pop(name, None)
        for key, name in BONUS_FIELDS.items():
            if key not in rules.bonus_by_number or key not in rules.hand_fields:
                self.fields.pop(name, None)

    @property
    def bonus_fields(self):
        """Names of the bonus checkbox fields on this form (none for MCR and Swiss)."""
        return [name for name in BONUS_FIELDS.values() if name in self.fields]

    def bonus_input(self):
        """The ticked bonus tiles as the engine reads them (``{"flowers": "13", "seasons": "2"}``), or None
        when the form has no bonus checkboxes."""
        if not self.bonus_fields:
            return None
        data = self.cleaned_data
        return {
            key: tile_entry.bonus_numbers(data.get(name) or [])
            for key, name in BONUS_FIELDS.items()
            if name in self.fields
        }

    @property
    def tile_fields(self):
        return [self[name] for name in self.TILE_FIELDS if name in self.fields]

    @property
    def other_fields(self):
        return [f for f in self.visible_fields() if f.name not in self.TILE_FIELDS]

    @property
    def tiles_given(self):
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return tile_entry.has_tiles(*(data.get(k, "") for k in tile_entry.TEXT_KEYS))

    def tile_input(self, *, self_drawn, flowers, seat_wind, prevalent_wind):
        data = self.cleaned_data
        return tile_entry.engine_input(
            concealed=data.get("concealed", ""),
            melds=data.get("melds", ""),
            win_tile=data.get("win_tile", ""),
            self_drawn=self_drawn,
            flowers=flowers,
            last_tile=data.get("last_tile"),
            kong=data.get("kong"),
            last_wall=data.get("last_wall"),
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            rules=self.rule_set,
            kong_discard=data.get("kong_discard"),
            first_draw=data.get("first_draw"),
            bonus=self.bonus_input(),
        )

    @staticmethod
    def initial_tiles(tiles):
        if not tiles:
            return {}
        initial = {
            "concealed": tiles.get("concealed", ""),
            "melds": tile_entry.melds_text(tiles.get("melds")),
            "win_tile": tiles.get("win_tile", ""),
        }
        initial.update({k: bool(tiles.get(k)) for k in tile_entry.FLAG_KEYS})
        for key, name in BONUS_FIELDS.items():
            initial[name] = list(tile_entry.bonus_numbers(tiles.get(key)))
        return initial
