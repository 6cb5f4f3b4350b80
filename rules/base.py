"""The seam between the web app and the rule sets: one interface every rule set fills in.

The Django side asks the tournament's rule set for everything (which tiles exist, how a
declared hand is read and scored, what a referee types, who pays whom, how a session runs)
and holds no ``if rules == ...`` of its own. A rule set is an object with the attributes and
methods of :class:`RuleSet`; ``rules.registry`` maps each code to one.

Seats are the four initial positions of a session, 0..3 (A, B, C, D in MCR appendix 4), the
numbering the score sheet keeps. Winds are indexes 0..3 for East, South, West, North.
Pure Python: nothing here imports Django.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Generic, Protocol, TypedDict, TypeVar, cast

from . import payments as pay
from . import rotation
from .core.hand import HandError, HeldTiles
from .core.winds import WINDS
from .payments import PaymentError
from .text import N_, Message

SEATS = (0, 1, 2, 3)

__all__ = [
    "SEATS",
    "WINDS",
    "HandError",
    "Item",
    "Option",
    "OptionValue",
    "PaymentError",
    "PointsEntry",
    "RuleSet",
    "Score",
    "ScoredItem",
    "SheetFanTable",
    "check_payment_args",
]

#: The kind of declared hand a rule set reads (every one holds tiles, melds and a winning tile).
HandT = TypeVar("HandT", bound=HeldTiles)
#: Whatever identifies a player in the web app's calls (a player's id).
Player = TypeVar("Player", bound=Hashable)
#: An organizer's choice for an option: a word (``"official"``) or a number (hands per session).
OptionValue = str | int


@dataclass
class Item:
    """One line of a hand's explanation: a fan, a doubling, basic points, an extra, a limit.

    ``kind`` says how ``points`` enters the total; each rule set documents its kinds and its
    formula in docs/rule-sets.md (MCR items carry no kind: every MCR fan adds points x count).
    """

    id: int
    name: str
    name_es: str
    points: int
    count: int = 1
    sources: list[str] = field(default_factory=list)
    kind: str = "points"

    def to_dict(self) -> dict[str, object]:
        return {**item_dict(self), "from": list(self.sources), "kind": self.kind}


class ScoredItem(Protocol):
    """One line of a scored hand as its readers use it: an :class:`Item`, or an MCR fan (``FanScore``)."""

    id: int
    name: str
    name_es: str
    points: int
    count: int
    sources: list[str]

    def to_dict(self) -> dict[str, object]: ...


def item_dict(item: ScoredItem) -> dict[str, object]:
    """What every explanation line gives the CLI's JSON first, in its order: id, name, points, count, name_es
    (a rule set's line adds what it counted the points from, and its own keys)."""
    return {"id": item.id, "name": item.name, "points": item.points, "count": item.count, "name_es": item.name_es}


@dataclass
class Score:
    """A scored hand, shaped like the MCR engine's Result so the CLI and web treat both alike."""

    valid: bool
    total: int
    fans: Sequence[ScoredItem]
    #: Why the hand is not a valid win, in English. Given as a Message, it is kept as
    #: ``error_message`` (template and parameters, for the web layer to translate) and ``error``
    #: holds its English text, so the CLI and every reader of ``error`` see what they always did.
    error: str | Message | None = None
    error_message: Message | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.error, Message):
            self.error_message, self.error = self.error, str(self.error)
        elif self.error is not None and self.error_message is None:
            self.error_message = Message(self.error)

    @property
    def error_template(self) -> str | None:
        return self.error_message.template if self.error_message is not None else None

    @property
    def error_params(self) -> dict[str, object]:
        return dict(self.error_message.params) if self.error_message is not None else {}

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"valid": self.valid, "total": self.total, "fans": [f.to_dict() for f in self.fans]}
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass(frozen=True)
class PointsEntry:
    """What a referee types on the score sheet when the tiles are not entered one by one.

    ``every_player``: False when only the winner's points are typed (MCR, Swiss), True when each
    player's points are (Spanish, first payment mode: the losers' hands score too).
    ``minimum``/``maximum`` bound a plausible winner's entry (not a rule: a typing check);
    ``step``: the entry is a multiple of it (Spanish scores are rounded up to tens).
    ``loser_minimum``/``loser_maximum`` bound the other players' entries when they are typed.
    """

    every_player: bool
    minimum: int
    maximum: int
    step: int = 1
    loser_minimum: int = 0
    loser_maximum: int = 0
    description: str = ""
    #: True when the referee also types the number of flowers beside the points (MCR: the
    #: 8-point minimum is counted without them); elsewhere flowers are inside the points.
    flowers: bool = False

    def check(self, points: int, winner: bool = True) -> None:
        """Raise PaymentError when a typed value cannot be a hand's points."""
        lo, hi = (self.minimum, self.maximum) if winner else (self.loser_minimum, self.loser_maximum)
        field = "points" if winner else "player_points"
        if isinstance(points, bool) or not isinstance(points, int):
            raise PaymentError(
                N_("the winner's points must be a whole number; got %(points)s")
                if winner
                else N_("a player's points must be a whole number; got %(points)s"),
                code="points_type",
                field=field,
                points=repr(points),
            )
        if not lo <= points <= hi:
            raise PaymentError(
                N_("the winner's points must be from %(minimum)s to %(maximum)s; got %(points)s")
                if winner
                else N_("a player's points must be from %(minimum)s to %(maximum)s; got %(points)s"),
                code="points_range",
                field=field,
                minimum=lo,
                maximum=hi,
                points=points,
            )
        if points % self.step:
            raise PaymentError(
                N_("the winner's points must be a multiple of %(step)s; got %(points)s")
                if winner
                else N_("a player's points must be a multiple of %(step)s; got %(points)s"),
                code="points_step",
                field=field,
                step=self.step,
                points=points,
            )


@dataclass(frozen=True)
class Option:
    """An organizer's setting of a rule set where the rulebook leaves a choice."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...]
    description: str  # N_-marked: the organizer's form shows it, translated
    label: str = ""  # N_-marked: the option's name as the organizer's form shows it
    choice_labels: tuple[str, ...] = ()  # N_-marked words for the choices, in their order

    def labelled_choices(self) -> list[tuple[OptionValue, str]]:
        """(value, label) for each choice: the label given, else the value as written in files."""
        labels = self.choice_labels or tuple(str(c) for c in self.choices)
        return list(zip(self.choices, labels))


class SheetFan(TypedDict):
    id: int
    name: str
    name_zh: str
    points: int
    self_drawn: int


class SheetFanTable(TypedDict):
    """The fan table a printed score sheet lists above the hands (see :meth:`RuleSet.sheet_fan_table`)."""

    fans: list[SheetFan]
    extras: list[tuple[str, str]]
    bonuses: list[tuple[str, str]]


class RuleSet(Generic[HandT]):
    """What every rule set provides. Subclasses set the class attributes and the methods.

    Instances are configured by options (``get_rule_set("spanish", payment_mode="official")``)
    and are immutable afterwards, so one instance can serve many requests. ``HandT`` is the rule
    set's own declared hand: :meth:`parse_hand` makes one and :meth:`score` takes it back.
    """

    code: str = ""
    name: str = ""
    name_es: str = ""
    #: The name a web page shows, marked for translation (the web layer passes it through gettext).
    label: str = ""
    #: Tiles that exist in this rule set, in notation (``1m``..``9s``, ``E``..``P``; bonus tiles
    #: are listed by the rule set's own notation, e.g. Spanish ``f1``..``f4``, ``s1``..``s4``).
    tiles: tuple[str, ...] = ()
    #: Hand fields this rule set reads and scores: the forms offer these, and only these reach
    #: ``parse_hand``. The parser may also accept a few MCR fields it ignores (input shared with MCR), and
    #: refuses any other.
    hand_fields: tuple[str, ...] = ()
    #: Hand fields (of hand_fields) that name WHICH bonus tiles a player held, by number 1-4 as printed
    #: on the tiles (1 East .. 4 North), as a string such as ``"13"``; the forms offer one checkbox per
    #: tile. Empty when bonus tiles are only counted (MCR's ``flowers``: an int) or not played.
    bonus_by_number: tuple[str, ...] = ()
    entry: PointsEntry
    #: The rule set's declared hand, which :meth:`parse_hand` reads.
    hand_class: type[HandT]
    hands_per_session: int = 16
    #: The fewest sessions the rulebook allows a tournament, and where it says so (0: no minimum).
    min_sessions: int = 0
    min_sessions_rule: str = ""
    #: Organizer's settings: name -> Option. Values given to the constructor override defaults.
    OPTIONS: dict[str, Option] = {}
    #: The note under the printed score sheet's hands (``N_`` text): who deals and how seats move.
    sheet_note: str = N_(
        "Shaded: the dealer (East) of the hand; the East column gives the dealer's number. "
        "Seats change after every round (appendix 4)."
    )
    #: How the calculator words who pays (``N_`` texts; %(each)s, %(d)s, %(o)s are the amounts).
    payment_texts: dict[str, str] = {
        "self_drawn": N_("Self-drawn: each of the three other players pays %(each)s."),
        "discard": N_("By discard: the discarder pays %(d)s."),
        "others": N_("Each of the other two players pays %(o)s."),
    }

    def __init__(self, **options: OptionValue):
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise ValueError(
                f"rule set {self.code!r} has no option(s) {', '.join(unknown)}; "
                f"its options are {', '.join(sorted(self.OPTIONS)) or 'none'}"
            )
        values: dict[str, OptionValue] = {}
        for name, opt in self.OPTIONS.items():
            value = options.get(name, opt.default)
            if opt.choices and value not in opt.choices:
                raise ValueError(
                    f"option {name} of {self.code!r} must be one of {', '.join(map(str, opt.choices))}; got {value!r}"
                )
            values[name] = value
        self.options = values

    # -- hands -----------------------------------------------------------------------------
    def parse_hand(self, data: object) -> HandT:
        """Read a declared hand from the JSON/form fields; raise HandError if it cannot be one."""
        return self.hand_class.from_dict(data)

    def score(self, hand: HandT) -> Score:
        """Score a parsed hand. Never raises; an invalid hand has ``valid`` False and an error."""
        raise NotImplementedError

    def score_dict(self, data: object) -> dict[str, object]:
        """Parse and score in one step, for the CLI: always answers the same four keys."""
        try:
            hand = self.parse_hand(data)
        except HandError as exc:
            return {"valid": False, "total": 0, "fans": [], "error": str(exc)}
        try:
            return self.score(hand).to_dict()
        except Exception as exc:  # a scoring bug must not stop a referee's batch
            return {"valid": False, "total": 0, "fans": [], "error": f"internal error: {exc!r}"}

    # -- payments --------------------------------------------------------------------------
    def payments(
        self,
        winner: int | None,
        discarder: int | None,
        points: int = 0,
        *,
        player_points: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> tuple[int, ...]:
        """Score change of seats 0..3 for one hand; the four changes sum to zero.

        ``winner`` None is a drawn hand; ``discarder`` None with a winner is a self-drawn win.
        ``points`` is the winner's hand value as the rule set scores it (the CLI ``total``);
        ``player_points`` every seat's points where the rule set needs them (Spanish first
        mode); ``dealer`` the seat of East where it matters. Raises PaymentError.
        """
        check_payment_args(winner, discarder, points)
        if winner is None:
            return (0, 0, 0, 0)
        return tuple(self.win_payments(winner, discarder, points, player_points))

    def win_payments(
        self, winner: int, discarder: int | None, points: int, player_points: Sequence[int] | None
    ) -> Sequence[int]:
        """:meth:`payments` of a win, its arguments checked: the score change of seats 0..3."""
        raise NotImplementedError

    def hand_changes(
        self,
        players: Sequence[Player],
        hand: pay.HandOutcome[Player],
        *,
        player_points: Sequence[int] | None = None,
    ) -> dict[Player, int]:
        """Score change of each player (keyed as ``players``, in seat order 0..3) for one hand.

        The web app's entry point: checks the hand's shape and the typed points with translatable
        messages (``PaymentError`` with ``N_`` text, params and the field at fault), then pays it
        through :meth:`payments`. ``player_points`` is every seat's points when
        ``entry.every_player``; ignored otherwise.
        """
        players = list(players)
        pay.check_hand_shape(players, hand)
        if hand.outcome in (pay.DRAW, pay.NOT_PLAYED):
            return dict.fromkeys(players, 0)
        return self.win_changes(players, hand, player_points)

    def win_changes(
        self, players: list[Player], hand: pay.HandOutcome[Player], player_points: Sequence[int] | None
    ) -> dict[Player, int]:
        """:meth:`hand_changes` of a win, its shape checked: the typed points are checked against
        :attr:`entry`, then paid through :meth:`payments`."""
        entry = self.entry
        if hand.flowers and not entry.flowers:
            raise PaymentError(
                N_("These rules have no flower count of their own: flowers are part of the points."),
                code="flowers_not_used",
                field="flowers",
            )
        # check_hand_shape made sure a win's winner (and discarder) sit at the table.
        winner = players.index(cast(Player, hand.winner))
        discarder = players.index(hand.discarder) if hand.discarder is not None else None
        points = hand.points
        seat_points = None
        if entry.every_player:
            seat_points = _every_players_points(entry, winner, points, player_points)
            points = seat_points[winner]
        if not entry.minimum <= points <= entry.maximum:
            raise PaymentError(
                N_("A winning hand scores from %(minimum)s to %(maximum)s points under these rules; got %(points)s."),
                code="points_range",
                field="points",
                minimum=entry.minimum,
                maximum=entry.maximum,
                points=points,
            )
        if points % entry.step:
            raise PaymentError(
                N_("Under these rules points are a multiple of %(step)s; got %(points)s."),
                code="points_step",
                field="points",
                step=entry.step,
                points=points,
            )
        seats = self.payments(winner, discarder, points, player_points=seat_points)
        return {p: seats[i] for i, p in enumerate(players)}

    def sheet_fan_table(self) -> SheetFanTable | None:
        """What a printed score sheet lists above the hands when the rulebook's sheet has a fan table
        (002): ``{"fans": [{"id", "name", "name_zh", "points", "self_drawn"}], "extras": [(name, "+1")],
        "bonuses": [(name, "x2")]}``; None when the sheet has none (MCR appendix 5)."""
        return None

    # -- sessions --------------------------------------------------------------------------
    def seat_winds(self, hand_number: int) -> tuple[int, ...]:
        """Seat wind index (0 East .. 3 North) of each seat 0..3 in that hand (1-based): MCR's rotation
        (appendix 4) unless the rule set has its own."""
        return rotation.seat_winds(hand_number)

    def dealer(self, hand_number: int) -> int:
        """The seat that deals (is East) in that hand."""
        return self.seat_winds(hand_number).index(0)

    def prevalent_wind(self, hand_number: int) -> str:
        return rotation.prevalent_wind(hand_number)

    def describe(self) -> dict[str, object]:
        """Everything static a web page needs, as plain data."""
        return {
            "code": self.code,
            "name": self.name,
            "name_es": self.name_es,
            "label": self.label,
            "tiles": list(self.tiles),
            "hand_fields": list(self.hand_fields),
            "hands_per_session": self.hands_per_session,
            "entry": asdict(self.entry),
            "options": dict(self.options),
        }


def _every_players_points(
    entry: PointsEntry, winner: int, points: int, player_points: Sequence[int] | None
) -> list[int]:
    """The four seats' points where the rules score every player's hand, checked: each loser's within
    the losers' bounds, and the winner's the hand's points when those were typed too."""
    if (
        player_points is None
        or len(player_points) != 4
        or any(isinstance(v, bool) or not isinstance(v, int) for v in player_points)
    ):
        raise PaymentError(
            N_("These rules score every player's hand: give the points of all four players."),
            code="player_points_missing",
            field="player_points",
        )
    for seat, value in enumerate(player_points):
        if seat == winner:
            continue
        if not entry.loser_minimum <= value <= entry.loser_maximum or value % entry.step:
            raise PaymentError(
                N_(
                    "A losing hand scores from %(minimum)s to %(maximum)s points, in steps of %(step)s; got %(points)s."
                ),
                code="loser_points",
                field="player_points",
                minimum=entry.loser_minimum,
                maximum=entry.loser_maximum,
                step=entry.step,
                points=value,
            )
    if points and points != player_points[winner]:
        raise PaymentError(
            N_("The winner's points are %(points)s, but the points by player give the winner %(given)s."),
            code="winner_points",
            field="points",
            points=points,
            given=player_points[winner],
        )
    return list(player_points)


_SEAT_ERRORS = {
    "winner": N_("the winner must be a seat from 0 to 3; got %(seat)s"),
    "discarder": N_("the discarder must be a seat from 0 to 3; got %(seat)s"),
}


def check_payment_args(winner: object, discarder: object, points: object) -> None:
    """The checks every rule set's payments share: seats, and a winner unlike the discarder."""
    for name, seat in (("winner", winner), ("discarder", discarder)):
        if seat is not None and (isinstance(seat, bool) or seat not in SEATS):
            raise PaymentError(_SEAT_ERRORS[name], code="seat", field=name, seat=repr(seat))
    if winner is None:
        if discarder is not None:
            raise PaymentError(N_("a drawn hand has no discarder"), code="draw_discarder", field="discarder")
        return
    if discarder == winner:
        raise PaymentError(
            N_("the winner cannot have discarded the winning tile"), code="discarder_is_winner", field="discarder"
        )
    if isinstance(points, bool) or not isinstance(points, int) or points < 0:
        raise PaymentError(
            N_("points must be a whole number, 0 or more; got %(points)s"),
            code="points_type",
            field="points",
            points=repr(points),
        )


def round_up_to(value: int, step: int) -> int:
    return math.ceil(value / step) * step
