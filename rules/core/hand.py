"""What a declared hand is made of in every rule set: melds, flags, winds, and the tiles it holds.

The notation and field names are one for every rule set, so a referee types a hand the same way
whatever the rules. Refusals speak a referee's language: they say which tile, which meld and which rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..text import N_, MessageError, word
from .tiles import SUITED, TileError, parse_tiles, suit, tiles_str
from .winds import wind_of_text


class HandError(MessageError):
    """The hand as declared cannot be read or scored; the message says why, for a referee.

    Raised with an ``N_`` template and its parameters (see ``rules.text.MessageError``). This is the
    error of the tiles and melds themselves (and MCR's ``HandError``); the rule-set seam re-raises it as
    ``rules.base.HandError``, the one error the web app catches.
    """


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

    def all_tiles(self) -> list[int]:
        tiles = list(self.concealed)
        if self.win_tile is not None:
            tiles.append(self.win_tile)
        for m in self.melds:
            tiles.extend(m.tiles)
        return tiles


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
