"""A declared MCR hand: standing tiles, melds, winning tile and the way it was won.

Validation speaks a referee's language: it says which tile, which meld and which rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..text import N_, MessageError, word
from .tiles import HONOR_LETTERS, NUM_KINDS, WINDS, TileError, parse_tile, parse_tiles, tile_str, tiles_str


class HandError(MessageError):
    """The hand as declared cannot be scored; the message says why, for a referee.

    Raised with an ``N_`` template and its parameters (see ``rules.text.MessageError``).
    """


CHOW, PUNG, KONG, CONCEALED_KONG = "chow", "pung", "kong", "concealed_kong"
MELD_KINDS = (CHOW, PUNG, KONG, CONCEALED_KONG)
_KIND_ALIASES = {
    "chi": CHOW,
    "chow": CHOW,
    "pung": PUNG,
    "pong": PUNG,
    "peng": PUNG,
    "kong": KONG,
    "gang": KONG,
    "melded_kong": KONG,
    "concealed_kong": CONCEALED_KONG,
    "concealed-kong": CONCEALED_KONG,
    "ckong": CONCEALED_KONG,
    "angang": CONCEALED_KONG,
}
# How a message names each kind of meld (a translatable word, not the notation's key).
KIND_WORDS = {CHOW: N_("chow"), PUNG: N_("pung"), KONG: N_("kong"), CONCEALED_KONG: N_("concealed kong")}


@dataclass(frozen=True)
class Meld:
    """A declared set: chow, pung, (melded) kong, or concealed kong."""

    kind: str
    tiles: tuple

    @property
    def tile(self) -> int:
        """Lowest tile: the start of a chow, the tile of a pung or kong."""
        return min(self.tiles)

    @property
    def is_kong(self) -> bool:
        return self.kind in (KONG, CONCEALED_KONG)

    def __str__(self) -> str:
        return f"{self.kind} {tiles_str(self.tiles)}"

    @classmethod
    def parse(cls, text) -> Meld:
        """Read ``"chow 234m"``, ``"pung EEE"``, ``"kong 5555p"``, ``"concealed_kong 9999s"``."""
        if not isinstance(text, str):
            raise HandError(N_('a meld must be written as text like "pung EEE", got %(meld)s'), meld=repr(text))
        parts = text.split(None, 1)
        if len(parts) != 2:
            raise HandError(
                N_('meld %(meld)s needs a kind and its tiles, e.g. "chow 234m" or "pung EEE"'), meld=repr(text)
            )
        kind = _KIND_ALIASES.get(parts[0].lower())
        if kind is None:
            raise HandError(
                N_("meld %(meld)s: unknown kind %(kind)s; use chow, pung, kong or concealed_kong"),
                meld=repr(text),
                kind=repr(parts[0]),
            )
        try:
            tiles = tuple(sorted(parse_tiles(parts[1])))
        except TileError as exc:
            raise HandError(N_("meld %(meld)s: %(error)s"), meld=repr(text), error=exc.message) from None
        meld = cls(kind, tiles)
        meld.check()
        return meld

    def check(self) -> None:
        t = self.tiles
        # The meld as the messages name it: its kind (a word to translate) and its tiles.
        name = {"kind": word(KIND_WORDS.get(self.kind, self.kind.replace("_", " "))), "tiles": tiles_str(t)}
        if self.kind == CHOW:
            if len(t) != 3:
                raise HandError(
                    N_("%(kind)s %(tiles)s is not a chow: a chow is three tiles, got %(count)s"), count=len(t), **name
                )
            if t[0] >= 27 or t[0] // 9 != t[2] // 9 or t[1] != t[0] + 1 or t[2] != t[0] + 2:
                raise HandError(
                    N_("%(kind)s %(tiles)s is not a chow: a chow is three consecutive numbers of one suit"), **name
                )
        elif self.kind == PUNG:
            if len(t) != 3 or len(set(t)) != 1:
                raise HandError(N_("%(kind)s %(tiles)s is not a pung: a pung is three identical tiles"), **name)
        elif self.kind in (KONG, CONCEALED_KONG):
            if len(t) != 4 or len(set(t)) != 1:
                raise HandError(N_("%(kind)s %(tiles)s is not a kong: a kong is four identical tiles"), **name)
        else:
            raise HandError(N_("unknown meld kind %(kind)s"), kind=repr(self.kind))


def _wind(value, field_name: str) -> int:
    if value is None:
        return WINDS[0]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return WINDS[value]
    if (
        isinstance(value, str)
        and value.strip().upper()[:1] in ("E", "S", "W", "N")
        and (len(value.strip()) == 1 or value.strip().lower() in ("east", "south", "west", "north"))
    ):
        return 27 + HONOR_LETTERS.index(value.strip().upper()[0])
    raise HandError(N_("%(field)s must be one of E, S, W, N; got %(value)s"), field=field_name, value=repr(value))


def read_flag(data: dict, key: str) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise HandError(N_("%(field)s must be true or false; got %(value)s"), field=key, value=repr(value))


class HeldTiles:
    """For a hand with ``concealed`` tiles, declared ``melds`` and a ``win_tile`` (None for a hand that
    did not win): every tile of it, kongs counting four."""

    def all_tiles(self) -> list:
        tiles = list(self.concealed)
        if self.win_tile is not None:
            tiles.append(self.win_tile)
        for m in self.melds:
            tiles.extend(m.tiles)
        return tiles


@dataclass
class Hand(HeldTiles):
    """Standing tiles WITHOUT the winning tile, declared melds, the winning tile and context."""

    concealed: list
    melds: list = field(default_factory=list)
    win_tile: int = 0
    self_drawn: bool = False
    flowers: int = 0
    last_tile: bool = False
    kong: bool = False
    last_wall: bool = False
    seat_wind: int = WINDS[0]
    prevalent_wind: int = WINDS[0]

    @classmethod
    def from_dict(cls, data) -> Hand:
        """Build a hand from the CLI/JSON fields; raises HandError on anything malformed."""
        if not isinstance(data, dict):
            raise HandError(N_("a hand must be a JSON object with fields such as concealed, melds, win_tile"))
        known = {
            "concealed",
            "melds",
            "win_tile",
            "self_drawn",
            "flowers",
            "last_tile",
            "kong",
            "last_wall",
            "seat_wind",
            "prevalent_wind",
        }
        unknown = sorted(set(data) - known)
        if unknown:
            raise HandError(
                N_("unknown field(s) %(unknown)s; known fields are %(known)s"),
                unknown=", ".join(unknown),
                known=", ".join(sorted(known)),
            )
        concealed_text = data.get("concealed", "")
        if concealed_text is None:
            concealed_text = ""
        try:
            concealed = list(parse_tiles(concealed_text))
        except TileError as exc:
            raise HandError(N_("%(field)s: %(error)s"), field=word(N_("concealed tiles")), error=exc.message) from None
        melds_data = data.get("melds", []) or []
        if isinstance(melds_data, str):
            melds_data = [melds_data]
        if not isinstance(melds_data, (list, tuple)):
            raise HandError(N_('melds must be a list such as ["chow 234m", "pung EEE"]'))
        melds = [Meld.parse(m) for m in melds_data]
        if "win_tile" not in data or data["win_tile"] in (None, ""):
            raise HandError(
                N_('%(field)s is missing: give %(what)s, e.g. "5p"'),
                field=word(N_("win_tile")),
                what=word(N_("the winning tile")),
            )
        try:
            win_tile = parse_tile(data["win_tile"])
        except TileError as exc:
            raise HandError(N_("%(field)s: %(error)s"), field=word(N_("win_tile")), error=exc.message) from None
        flowers = data.get("flowers", 0)
        if flowers is None:
            flowers = 0
        if isinstance(flowers, bool) or not isinstance(flowers, int):
            raise HandError(N_("flowers must be a whole number from 0 to 8; got %(value)s"), value=repr(flowers))
        hand = cls(
            concealed=concealed,
            melds=melds,
            win_tile=win_tile,
            self_drawn=read_flag(data, "self_drawn"),
            flowers=flowers,
            last_tile=read_flag(data, "last_tile"),
            kong=read_flag(data, "kong"),
            last_wall=read_flag(data, "last_wall"),
            seat_wind=_wind(data.get("seat_wind"), "seat_wind"),
            prevalent_wind=_wind(data.get("prevalent_wind"), "prevalent_wind"),
        )
        hand.validate()
        return hand

    def validate(self) -> None:
        """Raise HandError if the declaration cannot be a real hand at the table."""
        for t in [*list(self.concealed), self.win_tile]:
            if not isinstance(t, int) or not 0 <= t < NUM_KINDS:
                raise HandError(N_("%(value)s is not a tile"), value=repr(t))
        if not 0 <= self.flowers <= 8:
            raise HandError(
                N_("flowers must be from 0 to 8 (there are eight flower tiles); got %(flowers)s"), flowers=self.flowers
            )
        for w, name in ((self.seat_wind, "seat_wind"), (self.prevalent_wind, "prevalent_wind")):
            if w not in WINDS:
                raise HandError(N_("%(field)s must be a wind (E, S, W, N)"), field=name)
        for m in self.melds:
            if not isinstance(m, Meld):
                raise HandError(N_("%(value)s is not a meld"), value=repr(m))
            m.check()
        if len(self.melds) > 4:
            raise HandError(N_("%(melds)s melds declared; a hand has at most four sets"), melds=len(self.melds))
        expected = 13 - 3 * len(self.melds)
        if len(self.concealed) != expected:
            raise HandError(
                N_(
                    "wrong number of tiles: with %(melds)s meld(s) declared the concealed hand must have "
                    "%(expected)s tiles besides the winning tile, but it has %(count)s"
                ),
                melds=len(self.melds),
                expected=expected,
                count=len(self.concealed),
            )
        counts = [0] * NUM_KINDS
        for t in self.all_tiles():
            counts[t] += 1
        for t, c in enumerate(counts):
            if c > 4:
                raise HandError(
                    N_("%(copies)s copies of %(tile)s in the hand; there are only four of each tile"),
                    copies=c,
                    tile=tile_str(t),
                )
        win = self.win_tile
        held_concealed = sum(1 for t in self.concealed if t == win)
        held_melded = sum(1 for m in self.melds for t in m.tiles if t == win)
        if self.kong and self.self_drawn and not any(m.is_kong for m in self.melds):
            raise HandError(N_("out with a replacement tile (kong, self-drawn) needs a kong declared in the hand"))
        if self.kong and not self.self_drawn and held_concealed + held_melded:
            raise HandError(
                N_(
                    "robbing a kong of %(tile)s is impossible: the winner holds another "
                    "%(tile)s, so no one else can add the fourth to a pung"
                ),
                tile=tile_str(win),
            )
        if self.last_tile and held_concealed:
            raise HandError(
                N_(
                    "%(tile)s cannot be the last tile of its kind: the winner holds another "
                    "%(tile)s among the concealed tiles"
                ),
                tile=tile_str(win),
            )
        if self.kong and self.last_wall:
            raise HandError(
                N_(
                    "a kong cannot be declared on the last tile of the wall (there is no replacement tile), "
                    "so neither out with a replacement tile nor robbing the kong goes with the last tile"
                )
            )


def hand_counts(hand: Hand) -> list:
    counts = [0] * NUM_KINDS
    for t in hand.all_tiles():
        counts[t] += 1
    return counts
