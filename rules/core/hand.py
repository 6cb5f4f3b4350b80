"""What a declared hand is made of in every rule set: melds, flags, winds, and the tiles it holds.

The notation and field names are one for every rule set, so a referee types a hand the same way
whatever the rules. Refusals speak a referee's language: they say which tile, which meld and which rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Self

from ..text import N_, MessageError, word
from .tiles import SUITED, TileError, count_tiles, parse_tiles, suit, tile_str, tiles_str
from .winds import wind_of_text


class HandError(MessageError):
    """The hand as declared cannot be read or scored; the message says why, in a referee's words.

    One class for every rule set (``rules.base.HandError`` and MCR's ``HandError`` are this one), so the
    web app catches one thing. Raised with an ``N_`` template and its parameters (see
    ``rules.text.MessageError``), so the web layer can translate why.
    """


#: The fields of a declared hand as a referee types it (the CLI's JSON, the forms), MCR's and every rule
#: set's: a rule set reads these and may add its own (Spanish seasons, Swiss kong_discard).
HAND_FIELDS = (
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
)

# The kinds of a declared meld, as the notation writes them.
CHOW, PUNG, KONG, CONCEALED_KONG = "chow", "pung", "kong", "concealed_kong"
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
    tiles: tuple[int, ...]

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
    def parse(cls, text: object) -> Meld:
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
            if t[0] >= SUITED or suit(t[0]) != suit(t[2]) or t[1] != t[0] + 1 or t[2] != t[0] + 2:
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


class HeldTiles:
    """For a hand with ``concealed`` tiles, declared ``melds`` and a ``win_tile`` (None for a hand that
    did not win): every tile of it, kongs counting four."""

    concealed: Sequence[int]
    melds: Sequence[Meld]
    win_tile: int | None

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Read a declared hand from the JSON/form fields; raise HandError if it cannot be one."""
        raise NotImplementedError

    def all_tiles(self) -> list[int]:
        tiles = list(self.concealed)
        if self.win_tile is not None:
            tiles.append(self.win_tile)
        for m in self.melds:
            tiles.extend(m.tiles)
        return tiles

    def check_tile_counts(self) -> None:
        """At most four melds; 13 tiles besides the winning tile, a meld counting three; four of a tile at most."""
        melds = len(self.melds)
        if melds > 4:
            raise HandError(N_("%(melds)s melds declared; a hand has at most four sets"), melds=melds)
        expected = 13 - 3 * melds
        if len(self.concealed) != expected:
            if self.win_tile is not None:
                template = N_(
                    "wrong number of tiles: with %(melds)s meld(s) declared the concealed hand must have "
                    "%(expected)s tiles besides the winning tile, but it has %(count)s"
                )
            else:
                template = N_(
                    "wrong number of tiles: with %(melds)s meld(s) declared the concealed hand must have "
                    "%(expected)s tiles, but it has %(count)s"
                )
            raise HandError(template, melds=melds, expected=expected, count=len(self.concealed))
        for t, c in enumerate(count_tiles(self.all_tiles())):
            if c > 4:
                raise HandError(
                    N_("%(copies)s copies of %(tile)s in the hand; there are only four of each tile"),
                    copies=c,
                    tile=tile_str(t),
                )


# What a win's ``kong`` and ``last_wall`` flags say happened; every rulebook here has a fan or a bonus for each.
REPLACEMENT_TILE, ROBBED_KONG = "replacement_tile", "robbed_kong"
LAST_TILE_DRAWN, LAST_TILE_CLAIMED = "last_tile_drawn", "last_tile_claimed"


def win_events(*, self_drawn: bool, kong: bool, last_wall: bool) -> list[str]:
    """What a win's flags say happened, in this order: self-drawn, the winning tile replaced a kong and was
    the wall's last tile; on a discard, it robbed a kong and was the last tile claimed."""
    if self_drawn:
        kong_event, last_event = REPLACEMENT_TILE, LAST_TILE_DRAWN
    else:
        kong_event, last_event = ROBBED_KONG, LAST_TILE_CLAIMED
    return [event for event, flag in ((kong_event, kong), (last_event, last_wall)) if flag]


def check_robbed_kong(hand: HeldTiles, *, robbing: bool) -> None:
    """A win by robbing a kong (the ``kong`` flag on a discard): nobody can have added the fourth tile
    to a pung when the winner holds another of its tiles."""
    win = hand.win_tile
    if robbing and win is not None and (win in hand.concealed or any(win in m.tiles for m in hand.melds)):
        raise HandError(
            N_(
                "robbing a kong of %(tile)s is impossible: the winner holds another "
                "%(tile)s, so no one else can add the fourth to a pung"
            ),
            tile=tile_str(win),
        )


def read_flag(data: Mapping[str, object], key: str) -> bool:
    """A yes/no field: true/false, 1/0, or absent (false)."""
    value = data.get(key, False)
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise HandError(N_("%(field)s must be true or false; got %(value)s"), field=key, value=repr(value))


def read_wind(value: object, field: str) -> int:
    """The wind index 0..3 (East..North) a field holds: an index, a letter or a name; East when absent."""
    if value is None:
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str):
        index = wind_of_text(value)
        if index is not None:
            return index
    raise HandError(N_("%(field)s must be one of E, S, W, N; got %(value)s"), field=field, value=repr(value))
