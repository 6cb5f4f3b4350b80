"""A declared MCR hand: standing tiles, melds, winning tile and the way it was won.

Validation speaks a referee's language: it says which tile, which meld and which rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .tiles import (HONOR_LETTERS, NUM_KINDS, WINDS, TileError, parse_tile, parse_tiles,
                    tile_str, tiles_str)


class HandError(ValueError):
    """The hand as declared cannot be scored; the message says why, for a referee."""


CHOW, PUNG, KONG, CONCEALED_KONG = "chow", "pung", "kong", "concealed_kong"
MELD_KINDS = (CHOW, PUNG, KONG, CONCEALED_KONG)
_KIND_ALIASES = {"chi": CHOW, "chow": CHOW, "pung": PUNG, "pong": PUNG, "peng": PUNG,
                 "kong": KONG, "gang": KONG, "melded_kong": KONG,
                 "concealed_kong": CONCEALED_KONG, "concealed-kong": CONCEALED_KONG,
                 "ckong": CONCEALED_KONG, "angang": CONCEALED_KONG}


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
    def parse(cls, text) -> "Meld":
        """Read ``"chow 234m"``, ``"pung EEE"``, ``"kong 5555p"``, ``"concealed_kong 9999s"``."""
        if not isinstance(text, str):
            raise HandError(f"a meld must be written as text like \"pung EEE\", got {text!r}")
        parts = text.split(None, 1)
        if len(parts) != 2:
            raise HandError(f"meld {text!r} needs a kind and its tiles, e.g. \"chow 234m\" or \"pung EEE\"")
        kind = _KIND_ALIASES.get(parts[0].lower())
        if kind is None:
            raise HandError(f"meld {text!r}: unknown kind {parts[0]!r}; use chow, pung, kong or concealed_kong")
        try:
            tiles = tuple(sorted(parse_tiles(parts[1])))
        except TileError as exc:
            raise HandError(f"meld {text!r}: {exc}") from None
        meld = cls(kind, tiles)
        meld.check()
        return meld

    def check(self) -> None:
        t = self.tiles
        name = f"{self.kind.replace('_', ' ')} {tiles_str(t)}"
        if self.kind == CHOW:
            if len(t) != 3:
                raise HandError(f"{name} is not a chow: a chow is three tiles, got {len(t)}")
            if t[0] >= 27 or t[0] // 9 != t[2] // 9 or t[1] != t[0] + 1 or t[2] != t[0] + 2:
                raise HandError(f"{name} is not a chow: a chow is three consecutive numbers of one suit")
        elif self.kind == PUNG:
            if len(t) != 3 or len(set(t)) != 1:
                raise HandError(f"{name} is not a pung: a pung is three identical tiles")
        elif self.kind in (KONG, CONCEALED_KONG):
            if len(t) != 4 or len(set(t)) != 1:
                raise HandError(f"{name} is not a kong: a kong is four identical tiles")
        else:
            raise HandError(f"unknown meld kind {self.kind!r}")


def _wind(value, field_name: str) -> int:
    if value is None:
        return WINDS[0]
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return WINDS[value]
    if isinstance(value, str) and value.strip().upper()[:1] in ("E", "S", "W", "N") and (
            len(value.strip()) == 1 or value.strip().lower() in ("east", "south", "west", "north")):
        return 27 + HONOR_LETTERS.index(value.strip().upper()[0])
    raise HandError(f"{field_name} must be one of E, S, W, N; got {value!r}")


def read_flag(data: dict, key: str) -> bool:
    value = data.get(key, False)
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise HandError(f"{key} must be true or false; got {value!r}")


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
    def from_dict(cls, data) -> "Hand":
        """Build a hand from the CLI/JSON fields; raises HandError on anything malformed."""
        if not isinstance(data, dict):
            raise HandError("a hand must be a JSON object with fields such as concealed, melds, win_tile")
        known = {"concealed", "melds", "win_tile", "self_drawn", "flowers", "last_tile", "kong",
                 "last_wall", "seat_wind", "prevalent_wind"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise HandError(f"unknown field(s) {', '.join(unknown)}; known fields are {', '.join(sorted(known))}")
        concealed_text = data.get("concealed", "")
        if concealed_text is None:
            concealed_text = ""
        try:
            concealed = list(parse_tiles(concealed_text))
        except TileError as exc:
            raise HandError(f"concealed tiles: {exc}") from None
        melds_data = data.get("melds", []) or []
        if isinstance(melds_data, str):
            melds_data = [melds_data]
        if not isinstance(melds_data, (list, tuple)):
            raise HandError("melds must be a list such as [\"chow 234m\", \"pung EEE\"]")
        melds = [Meld.parse(m) for m in melds_data]
        if "win_tile" not in data or data["win_tile"] in (None, ""):
            raise HandError("win_tile is missing: give the winning tile, e.g. \"5p\"")
        try:
            win_tile = parse_tile(data["win_tile"])
        except TileError as exc:
            raise HandError(f"win_tile: {exc}") from None
        flowers = data.get("flowers", 0)
        if flowers is None:
            flowers = 0
        if isinstance(flowers, bool) or not isinstance(flowers, int):
            raise HandError(f"flowers must be a whole number from 0 to 8; got {flowers!r}")
        hand = cls(concealed=concealed, melds=melds, win_tile=win_tile,
                   self_drawn=read_flag(data, "self_drawn"), flowers=flowers,
                   last_tile=read_flag(data, "last_tile"), kong=read_flag(data, "kong"),
                   last_wall=read_flag(data, "last_wall"),
                   seat_wind=_wind(data.get("seat_wind"), "seat_wind"),
                   prevalent_wind=_wind(data.get("prevalent_wind"), "prevalent_wind"))
        hand.validate()
        return hand


    def validate(self) -> None:
        """Raise HandError if the declaration cannot be a real hand at the table."""
        for t in list(self.concealed) + [self.win_tile]:
            if not isinstance(t, int) or not 0 <= t < NUM_KINDS:
                raise HandError(f"{t!r} is not a tile")
        if not 0 <= self.flowers <= 8:
            raise HandError(f"flowers must be from 0 to 8 (there are eight flower tiles); got {self.flowers}")
        for w, name in ((self.seat_wind, "seat_wind"), (self.prevalent_wind, "prevalent_wind")):
            if w not in WINDS:
                raise HandError(f"{name} must be a wind (E, S, W, N)")
        for m in self.melds:
            if not isinstance(m, Meld):
                raise HandError(f"{m!r} is not a meld")
            m.check()
        if len(self.melds) > 4:
            raise HandError(f"{len(self.melds)} melds declared; a hand has at most four sets")
        expected = 13 - 3 * len(self.melds)
        if len(self.concealed) != expected:
            raise HandError(
                f"wrong number of tiles: with {len(self.melds)} meld(s) declared the concealed hand must have "
                f"{expected} tiles besides the winning tile, but it has {len(self.concealed)}")
        counts = [0] * NUM_KINDS
        for t in self.all_tiles():
            counts[t] += 1
        for t, c in enumerate(counts):
            if c > 4:
                raise HandError(f"{c} copies of {tile_str(t)} in the hand; there are only four of each tile")
        win = self.win_tile
        held_concealed = sum(1 for t in self.concealed if t == win)
        held_melded = sum(1 for m in self.melds for t in m.tiles if t == win)
        if self.kong and self.self_drawn and not any(m.is_kong for m in self.melds):
            raise HandError("out with a replacement tile (kong, self-drawn) needs a kong declared in the hand")
        if self.kong and not self.self_drawn and held_concealed + held_melded:
            raise HandError(
                f"robbing a kong of {tile_str(win)} is impossible: the winner holds another "
                f"{tile_str(win)}, so no one else can add the fourth to a pung")
        if self.last_tile and held_concealed:
            raise HandError(
                f"{tile_str(win)} cannot be the last tile of its kind: the winner holds another "
                f"{tile_str(win)} among the concealed tiles")
        if self.kong and self.last_wall:
            raise HandError(
                "a kong cannot be declared on the last tile of the wall (there is no replacement tile), "
                "so neither out with a replacement tile nor robbing the kong goes with the last tile")


def hand_counts(hand: Hand) -> list:
    counts = [0] * NUM_KINDS
    for t in hand.all_tiles():
        counts[t] += 1
    return counts
