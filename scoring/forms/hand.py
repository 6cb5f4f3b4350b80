"""The score sheet's entry forms: a hand (who won, how, the points or the tiles), a penalty by amount, its
withdrawal. Input shape only; scoring.services checks the rules."""

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.base import WINDS as RULE_WINDS
from scoring import tile_entry
from scoring.forms.tiles import BONUS_FIELDS, TileFieldsMixin
from scoring.models import HAND_POINTS_MAX, PENALTY_MAX, HandVersion, Penalty
from tournament.forms import max_length
from tournament.models import WIND_NAMES


def _player_choices(players, empty_label):
    return [("", empty_label)] + [(str(p.pk), f"{p.number}. {p.name}") for p in players]


class _TableForm(forms.Form):
    def __init__(self, *args, players, hands_per_session=16, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.by_pk = {str(p.pk): p for p in self.players}
        # Players who withdrew during the session: player id -> the last hand they played.
        self.left: dict[int, int] = {}
        # Each player's total so far on this sheet (the view fills it): shown on their button, so the running
        # totals stay in sight while the hand is entered.
        self.running_totals: dict[int, int] = {}
        self.hands_per_session = hands_per_session

    def player_of(self, value):
        """The table's player of a posted choice (their id), or None."""
        return self.by_pk.get(value) if value else None


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
    outcome = forms.ChoiceField(
        label=_("Outcome"), choices=[("", ""), *HandVersion.Outcome.choices], required=False, widget=forms.HiddenInput
    )
    winner = forms.ChoiceField(label=_("Who won?"), required=False, widget=forms.RadioSelect)
    discarder = forms.ChoiceField(label=_("Self-drawn, or who discarded?"), required=False, widget=forms.RadioSelect)
    points = forms.IntegerField(
        label=_("Hand points (with flowers)"),
        min_value=0,
        max_value=HAND_POINTS_MAX,
        required=False,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", "size": 5}),
    )
    flowers = forms.IntegerField(
        label=_("Flowers"),
        min_value=0,
        max_value=8,
        required=False,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "pattern": "[0-8]", "autocomplete": "off", "size": 2, "placeholder": "0"}
        ),
    )
    note = forms.CharField(label=_("Note"), max_length=max_length(HandVersion, "note"), required=False)
    # After the session's bell a new hand counts only when the referee says it ended before it (MCR 3.5.6).
    before_bell = forms.BooleanField(label=_("This hand ended before the bell"), required=False)
    # The version of the hand the user saw (0: not entered yet), to catch two people entering one hand.
    # Required: without it a stale form would silently replace someone else's entry.
    expected_version = forms.IntegerField(
        min_value=0,
        max_value=10_000,
        widget=forms.HiddenInput,
        error_messages={
            "required": _(
                "This form does not say which version of the hand you saw. Reload the "
                "sheet, check the hand, and enter it again."
            )
        },
    )

    def __init__(self, *args, rules=None, **kwargs):
        super().__init__(*args, **kwargs)
        # The tournament's rule set decides what is typed: flowers or not, one player's points or four.
        rules = rules or tile_entry.default_rules()
        self.offer_flags(rules)
        self.every_player = rules.entry.every_player
        if not rules.entry.flowers:
            del self.fields["flowers"]
            self.fields["points"].label = _("Hand points")
        if self.every_player:
            for i, p in enumerate(self.players):
                self.fields[f"points_{i}"] = forms.IntegerField(
                    label=p.name,
                    min_value=0,
                    max_value=HAND_POINTS_MAX,
                    required=False,
                    widget=forms.TextInput(
                        attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", "size": 5}
                    ),
                )
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
        self.fields["winner"].choices = [*players, (WINNER_DRAW, _("Draw")), (WINNER_NOT_PLAYED, _("Not played"))]
        self.fields["discarder"].choices = [(FROM_SELF, _("Self-drawn")), *players]
        self.fields["points"].help_text = _("Leave blank when the tiles are given: they are scored for you.")
        self.tiles = None
        self.player_points = None

    @property
    def uses_flowers(self):
        return "flowers" in self.fields

    @property
    def player_point_fields(self):
        """Every player's points (rules that score the losers' hands too), in the sheet's column order."""
        return [self[f"points_{i}"] for i in range(len(self.players)) if f"points_{i}" in self.fields]

    def _clean_player_points(self, data):
        """Every player's points, when the rule set takes them: all four for a win; the winner's are the
        hand's points (typed beside them, or from the tiles)."""
        if not self.every_player or data.get("outcome") not in (
            HandVersion.Outcome.DISCARD,
            HandVersion.Outcome.SELF_DRAWN,
        ):
            return
        values = [data.get(f"points_{i}") for i in range(len(self.players))]
        winner = self.player_of(data.get("winner"))
        index = self.players.index(winner) if winner in self.players else None
        if index is not None and values[index] is None and data.get("points") is not None:
            values[index] = data["points"]
        missing = [self.players[i].name for i, v in enumerate(values) if v is None]
        if missing:
            self.add_error(
                None,
                _("These rules score every player's hand: give the points of %(names)s.")
                % {"names": ", ".join(missing)},
            )
            return
        if index is not None and data.get("points") is not None and data["points"] != values[index]:
            self.add_error(
                None,
                _("The winner's points are %(points)s, but %(given)s was typed beside their name.")
                % {"points": data["points"], "given": values[index]},
            )
            return
        self.player_points = values
        if index is not None:
            data["points"] = values[index]

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
        winds = (
            [RULE_WINDS[w] for w in self.rule_set.seat_winds(self.hand_number)]
            if self.hand_number and len(self.players) == 4
            else None
        )
        value = str(self[field].value() or "")
        buttons = []
        for i, p in enumerate(self.players):
            if self.hand_number and self.hand_number > self.left.get(p.pk, 16):
                continue  # withdrew during the session: not theirs to win or pay after they left
            name = str(WIND_NAMES[winds[i]]) if winds else ""
            buttons.append(
                {
                    "value": str(p.pk),
                    "player": p,
                    "wind": winds[i] if winds else "",
                    "wind_name": name,
                    # 东 南 西 北 are written whole; other languages show the rulebook's letter.
                    "mark": name if len(name) == 1 else (winds[i] if winds else ""),
                    "checked": value == str(p.pk),
                    "id": f"id_{field}_{p.pk}",
                    "total": self.running_totals.get(p.pk),
                }
            )
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
        if "expected_version" in self._errors:  # a hidden field: its error must show above the form
            self.add_error(None, self._errors.pop("expected_version"))
        derived, missing = self._outcome_from_buttons(data)
        if not data.get("outcome"):
            if derived is None:
                self.add_error("discarder" if missing else "winner", missing or _("Tap who won, or Draw."))
                return data
            data["outcome"] = derived
        elif derived is not None and derived != data["outcome"]:
            self.add_error(
                None,
                _("The buttons tapped say %(buttons)s, but the outcome sent is %(outcome)s.")
                % {
                    "buttons": HandVersion.Outcome(derived).label,
                    "outcome": HandVersion.Outcome(data["outcome"]).label,
                },
            )
            return data
        if data["outcome"] in (WINNER_DRAW, WINNER_NOT_PLAYED):
            # The "how" buttons are hidden once Draw is tapped; one tapped before does not count.
            data["winner"], data["discarder"] = "", ""
        elif data.get("discarder") == FROM_SELF:
            data["discarder"] = ""
        has_flags = any(data.get(k) for k in tile_entry.FLAG_KEYS + tuple(BONUS_FIELDS.values()))
        if not self.tiles_given:
            if has_flags:
                self.add_error(None, _("Give the tiles of the hand, or untick the tile flags."))
            self._clean_player_points(data)
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
        self._clean_player_points(data)
        return data

    def score_tiles(self, data):
        """(Scored or None, error): the tiles in `data` scored with the winds of this hand and winner.

        Used by clean() and, on whatever the form could read, by the live score while tiles are tapped.
        """
        number, winner = data.get("number"), self.player_of(data.get("winner"))
        if winner is None or winner not in self.players or len(self.players) != 4 or number is None:
            return None, _("Choose the winner: the seat wind for the tiles depends on it.")
        seat, prevalent = tile_entry.hand_winds(number, self.players.index(winner), self.rule_set)
        self_drawn = data.get("outcome") == HandVersion.Outcome.SELF_DRAWN or data.get("discarder") == FROM_SELF
        tiles = self.tile_input(
            self_drawn=self_drawn, flowers=data.get("flowers") or 0, seat_wind=seat, prevalent_wind=prevalent
        )
        scored = tile_entry.score(tiles, self.rule_set)
        return scored, ""

    def live_score(self):
        """What the live score shows for the form's data, valid or not: (Scored or None, error)."""
        self.is_valid()
        if self.scored is not None:
            return self.scored, ""
        data = dict(self.cleaned_data)
        if not self.tiles_given:
            return None, _("No tiles given yet.")
        for name in ("number", "flowers", *tile_entry.TEXT_KEYS, *BONUS_FIELDS.values()):
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
            "winner": self.player_of(data.get("winner")),
            "discarder": self.player_of(data.get("discarder")),
            "points": data.get("points") or 0,
            "flowers": data.get("flowers") or 0,
            "tiles": self.tiles or {},
            "note": data.get("note", ""),
            "player_points": self.player_points,
            "before_bell": bool(data.get("before_bell")),
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
            "number": version.hand.number,
            "winner": winner,
            "discarder": discarder,
            # A hand entered by its tiles is scored again from them: the points are left blank.
            "points": None if version.tiles else version.points,
            "flowers": version.flowers,
            "expected_version": version.version,
            **cls.initial_tiles(version.tiles),
            **{f"points_{i}": v for i, v in enumerate(version.player_points or [])},
        }


class PenaltyForm(_TableForm):
    player = forms.ChoiceField(label=_("Player"))
    amount = forms.IntegerField(label=_("Points"), min_value=1, max_value=PENALTY_MAX)
    to = forms.ChoiceField(label=_("Paid to"), choices=Penalty.To.choices, initial=Penalty.To.NOBODY)
    reason = forms.CharField(label=_("Reason"), max_length=max_length(Penalty, "reason"))
    hand_number = forms.IntegerField(label=_("Hand"), min_value=1, max_value=16, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _player_choices(self.players, _("— player —"))
        self.fields["hand_number"].max_value = self.hands_per_session

    def service_kwargs(self):
        data = self.cleaned_data
        return {
            "player": self.player_of(data["player"]),
            "amount": data["amount"],
            "to": data["to"],
            "reason": data["reason"],
            "hand_number": data.get("hand_number"),
        }


class WithdrawPenaltyForm(forms.Form):
    reason = forms.CharField(label=_("Why it is withdrawn"), max_length=max_length(Penalty, "withdrawn_reason"))
