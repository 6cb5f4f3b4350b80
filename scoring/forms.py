"""Score entry forms: input shape only; scoring.services checks the rules."""
from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import tile_entry
from scoring.rules import rotation
from scoring.models import HandVersion, Penalty
from tournament.forms import max_length
from tournament.models import WIND_NAMES


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


class TileFieldsMixin(forms.Form):
    """The tiles of a winning hand, typed in the engine's notation; the points are then computed."""

    concealed = forms.CharField(
        label=_("Concealed tiles"), max_length=80, required=False,
        help_text=_("Standing tiles without the winning tile, e.g. 123m55p789s. Suits m p s; winds E S W N; "
                    "dragons C (red) F (green) P (white)."))
    melds = forms.CharField(
        label=_("Declared melds"), max_length=200, required=False,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 30}),
        help_text=_("One per line or comma-separated, e.g. chow 234m, pung EEE, kong 5555p, "
                    "concealed_kong 9999s."))
    win_tile = forms.CharField(label=_("Winning tile"), max_length=8, required=False,
                               help_text=_("e.g. 5p or E"))
    last_tile = forms.BooleanField(label=_("Last of its kind"), required=False,
                                   help_text=_("The other three of the winning tile were already visible."))
    kong = forms.BooleanField(label=_("Kong"), required=False,
                              help_text=_("Self-drawn: out on a kong replacement tile. "
                                          "By discard: robbing a kong."))
    last_wall = forms.BooleanField(label=_("Last tile of the wall"), required=False,
                                   help_text=_("Won on the last tile drawn, or on the discard of it."))

    TILE_FIELDS = tile_entry.TEXT_KEYS + tile_entry.FLAG_KEYS

    # Set by clean() when tiles were given: a tile_entry.Scored.
    scored = None

    @property
    def tile_fields(self):
        return [self[name] for name in self.TILE_FIELDS]

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
            concealed=data.get("concealed", ""), melds=data.get("melds", ""), win_tile=data.get("win_tile", ""),
            self_drawn=self_drawn, flowers=flowers, last_tile=data.get("last_tile"), kong=data.get("kong"),
            last_wall=data.get("last_wall"), seat_wind=seat_wind, prevalent_wind=prevalent_wind)

    @staticmethod
    def initial_tiles(tiles):
        if not tiles:
            return {}
        return {"concealed": tiles.get("concealed", ""), "melds": tile_entry.melds_text(tiles.get("melds")),
                "win_tile": tiles.get("win_tile", ""), "last_tile": bool(tiles.get("last_tile")),
                "kong": bool(tiles.get("kong")), "last_wall": bool(tiles.get("last_wall"))}


# Buttons of the entry form that are not players: "who won" may be nobody, "how" may be self-drawn.
# One radio group each, so tapping one clears the other with no JavaScript.
WINNER_DRAW = HandVersion.Outcome.DRAW.value
WINNER_NOT_PLAYED = HandVersion.Outcome.NOT_PLAYED.value
FROM_SELF = "self"


class HandForm(TileFieldsMixin, _TableForm):
    """One hand: who won (or a draw), self-drawn or who discarded, the points, the flowers, the tiles.

    The table page posts ``winner`` (a player, ``draw`` or ``not_played``) and ``discarder`` (a player or
    ``self``) from big radio buttons, and the outcome follows from them. A posted ``outcome`` (older
    clients, scripts) is still read, and must then agree with the buttons.
    """

    number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=16, widget=forms.HiddenInput)
    outcome = forms.ChoiceField(label=_("Outcome"), choices=[("", "")] + HandVersion.Outcome.choices,
                                required=False, widget=forms.HiddenInput)
    winner = forms.ChoiceField(label=_("Who won?"), required=False, widget=forms.RadioSelect)
    discarder = forms.ChoiceField(label=_("Self-drawn, or who discarded?"), required=False,
                                  widget=forms.RadioSelect)
    points = forms.IntegerField(
        label=_("Hand points (with flowers)"), min_value=0, max_value=10000, required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off",
                                      "size": 5}))
    flowers = forms.IntegerField(
        label=_("Flowers"), min_value=0, max_value=8, required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "pattern": "[0-8]", "autocomplete": "off",
                                      "size": 2, "placeholder": "0"}))
    note = forms.CharField(label=_("Note"), max_length=max_length(HandVersion, "note"), required=False)
    # The version of the hand the user saw (0: not entered yet), to catch two people entering one hand.
    expected_version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.is_bound and self.data.get("outcome"):
            # An outcome posted without the buttons (a script, an older page): shown again as the buttons.
            data, outcome = self.data.copy(), self.data.get("outcome")
            if outcome in (WINNER_DRAW, WINNER_NOT_PLAYED) and not data.get("winner"):
                data["winner"] = outcome
            elif outcome == HandVersion.Outcome.SELF_DRAWN and not data.get("discarder"):
                data["discarder"] = FROM_SELF
            self.data = data
        self.fields["number"].max_value = self.hands_per_session
        self.fields["number"].widget.attrs["max"] = self.hands_per_session
        players = [(str(p.pk), p.name) for p in self.players]
        self.fields["winner"].choices = players + [(WINNER_DRAW, _("Draw")),
                                                   (WINNER_NOT_PLAYED, _("Not played"))]
        self.fields["discarder"].choices = [(FROM_SELF, _("Self-drawn"))] + players
        self.fields["points"].help_text = _("Leave blank when the tiles are given: they are scored for you.")
        self.tiles = None

    # -- what the buttons say ----------------------------------------------------------------------

    @property
    def hand_number(self):
        """The hand this form is about, from the data or the initial values (None if unreadable)."""
        try:
            number = int(self["number"].value())
        except (TypeError, ValueError):
            return None
        return number if 1 <= number <= self.hands_per_session else None

    def seat_buttons(self, field):
        """The players as buttons of `field`, in the sheet's column order, with their seat wind in this hand."""
        winds = ([rotation.WINDS[w] for w in rotation.seat_winds(self.hand_number)]
                 if self.hand_number and len(self.players) == 4 else None)
        value = str(self[field].value() or "")
        buttons = []
        for i, p in enumerate(self.players):
            name = str(WIND_NAMES[winds[i]]) if winds else ""
            buttons.append({"value": str(p.pk), "player": p, "wind": winds[i] if winds else "", "wind_name": name,
                            # 东 南 西 北 are written whole; other languages show the rulebook's letter.
                            "mark": name if len(name) == 1 else (winds[i] if winds else ""),
                            "checked": value == str(p.pk), "id": f"id_{field}_{p.pk}"})
        return buttons

    @property
    def winner_buttons(self):
        return self.seat_buttons("winner")

    @property
    def discarder_buttons(self):
        return self.seat_buttons("discarder")

    def _outcome_from_buttons(self, data):
        """(outcome or None, error) from the winner and discarder buttons."""
        winner, discarder = data.get("winner") or "", data.get("discarder") or ""
        if winner in (WINNER_DRAW, WINNER_NOT_PLAYED):
            return winner, None
        if not winner:
            return None, None
        if discarder == FROM_SELF:
            return HandVersion.Outcome.SELF_DRAWN, None
        if discarder:
            return HandVersion.Outcome.DISCARD, None
        return None, _("Tap Self-drawn, or the player who discarded the winning tile.")

    def clean(self):
        """The outcome from the buttons; with tiles given, score them: the engine's total is the hand's points
        (typed points must agree)."""
        data = super().clean()
        derived, missing = self._outcome_from_buttons(data)
        if not data.get("outcome"):
            if derived is None:
                self.add_error("discarder" if missing else "winner",
                               missing or _("Tap who won, or Draw."))
                return data
            data["outcome"] = derived
        elif derived is not None and derived != data["outcome"]:
            self.add_error(None, _("The buttons tapped say %(buttons)s, but the outcome sent is %(outcome)s.")
                           % {"buttons": HandVersion.Outcome(derived).label,
                              "outcome": HandVersion.Outcome(data["outcome"]).label})
            return data
        if data["outcome"] in (WINNER_DRAW, WINNER_NOT_PLAYED):
            # The "how" buttons are hidden once Draw is tapped; one tapped before does not count.
            data["winner"], data["discarder"] = "", ""
        elif data.get("discarder") == FROM_SELF:
            data["discarder"] = ""
        has_flags = any(data.get(k) for k in tile_entry.FLAG_KEYS)
        if not self.tiles_given:
            if has_flags:
                self.add_error(None, _("Give the tiles of the hand, or untick the tile flags."))
            return data
        if data["outcome"] not in (HandVersion.Outcome.DISCARD, HandVersion.Outcome.SELF_DRAWN):
            self.add_error(None, _("Tiles are entered only for a win (by discard or self-drawn)."))
            return data
        if data.get("number") is None or self.errors:
            return data  # the field errors come first; the tiles are scored once those are fixed
        self.scored, error = self.score_tiles(data)
        if error:
            self.add_error("winner" if self.scored is None else None, error)
            return data
        points, error = tile_entry.check_points(self.scored, data.get("points"))
        if error:
            self.add_error(None, error)
            return data
        data["points"] = points
        self.tiles = self.scored.data
        return data

    def score_tiles(self, data):
        """(Scored or None, error): the tiles in `data` scored with the winds of this hand and winner.

        Used by clean() and, on whatever the form could read, by the live score while tiles are tapped.
        """
        number, winner = data.get("number"), self.player(data.get("winner"))
        if winner is None or winner not in self.players or len(self.players) != 4 or number is None:
            return None, _("Choose the winner: the seat wind for the tiles depends on it.")
        seat, prevalent = tile_entry.hand_winds(number, self.players.index(winner))
        self_drawn = data.get("outcome") == HandVersion.Outcome.SELF_DRAWN or data.get("discarder") == FROM_SELF
        tiles = self.tile_input(self_drawn=self_drawn, flowers=data.get("flowers") or 0,
                                seat_wind=seat, prevalent_wind=prevalent)
        scored = tile_entry.score(tiles)
        return scored, ""

    def live_score(self):
        """What the live score shows for the form's data, valid or not: (Scored or None, error)."""
        self.is_valid()
        if self.scored is not None:
            return self.scored, ""
        data = dict(self.cleaned_data)
        if not self.tiles_given:
            return None, _("No tiles given yet.")
        for name in ("number", "flowers", *tile_entry.TEXT_KEYS):
            if self.errors.get(name):
                return None, self.errors[name][0]
        if not data.get("outcome"):
            data["outcome"], _missing = self._outcome_from_buttons(data)
        return self.score_tiles(data)

    def service_kwargs(self):
        data = self.cleaned_data
        return {
            "number": data["number"],
            "outcome": data["outcome"],
            "winner": self.player(data.get("winner")),
            "discarder": self.player(data.get("discarder")),
            "points": data.get("points") or 0,
            "flowers": data.get("flowers") or 0,
            "tiles": self.tiles or {},
            "note": data.get("note", ""),
        }

    @classmethod
    def initial_from_version(cls, version):
        outcome = version.outcome
        if outcome in (WINNER_DRAW, WINNER_NOT_PLAYED):
            winner, discarder = outcome, ""
        else:
            winner = str(version.winner_id or "")
            discarder = FROM_SELF if outcome == HandVersion.Outcome.SELF_DRAWN else str(version.discarder_id or "")
        return {
            "number": version.hand.number, "winner": winner, "discarder": discarder,
            # A hand entered by its tiles is scored again from them: the points are left blank.
            "points": None if version.tiles else version.points, "flowers": version.flowers,
            "expected_version": version.version, **cls.initial_tiles(version.tiles),
        }


class PenaltyForm(_TableForm):
    player = forms.ChoiceField(label=_("Player"))
    amount = forms.IntegerField(label=_("Points"), min_value=1, max_value=10000)
    to = forms.ChoiceField(label=_("Paid to"), choices=Penalty.To.choices, initial=Penalty.To.NOBODY)
    reason = forms.CharField(label=_("Reason"), max_length=max_length(Penalty, "reason"))
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
    reason = forms.CharField(label=_("Why it is withdrawn"), max_length=max_length(Penalty, "withdrawn_reason"))


class SubmitSheetForm(forms.Form):
    mark_rest_not_played = forms.BooleanField(
        label=_("Mark the remaining hands not played (time ran out)"), required=False)


class ReopenSheetForm(forms.Form):
    reason = forms.CharField(label=_("Why it is reopened"), max_length=200)


WIND_CHOICES = list(WIND_NAMES.items())


class CalculatorForm(TileFieldsMixin):
    """The public hand calculator: the tiles plus the context a score sheet would give."""

    seat_wind = forms.ChoiceField(label=_("Seat wind"), choices=WIND_CHOICES, initial="E", required=False)
    prevalent_wind = forms.ChoiceField(label=_("Prevalent wind"), choices=WIND_CHOICES, initial="E",
                                       required=False, help_text=_("The wind of the round."))
    self_drawn = forms.BooleanField(label=_("Self-drawn"), required=False)
    flowers = forms.IntegerField(label=_("Flowers"), min_value=0, max_value=8, required=False, initial=0)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["concealed"].required = True
        self.fields["win_tile"].required = True

    def clean(self):
        data = super().clean()
        if not self.errors:
            self.scored = tile_entry.score(self.tile_input(
                self_drawn=data.get("self_drawn"), flowers=data.get("flowers") or 0,
                seat_wind=data.get("seat_wind") or "E", prevalent_wind=data.get("prevalent_wind") or "E"))
        return data
