"""A declared hand under the Spanish Mah-Jong rules (001): the winner's, or a loser's tiles.

Flowers and seasons are distinct tiles in 001 (a player's own flower and own season double,
l.50), so they are given by number, not counted: ``"flowers": "13"`` holds flowers 1 and 3,
``"seasons": "2"`` season 2. Number n belongs to seat wind n (1 East, 2 South, 3 West,
4 North), as printed on the tiles. A list of numbers ([1, 3]) is read the same way.

In the first payment mode the losers' hands score too (001 l.38-42): ``"winning": false``
declares a player's tiles at the end of the hand, 13 tiles (kongs counting 3), no winning tile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base import HandError
from ..core.hand import HeldTiles, Meld
from ..core.tiles import tile_str
from ..handparse import (
    Fields,
    check_copies,
    check_fields,
    check_tile_count,
    count_tiles,
    read_flag,
    read_melds,
    read_tile,
    read_tiles,
    read_wind,
)
from ..text import N_, word

FIELDS = (
    "concealed",
    "melds",
    "win_tile",
    "self_drawn",
    "flowers",
    "seasons",
    "last_tile",
    "kong",
    "last_wall",
    "seat_wind",
    "prevalent_wind",
    "winning",
)

BONUS_NOTATION = tuple(f"flower{n}" for n in range(1, 5)) + tuple(f"season{n}" for n in range(1, 5))
# How a message names the bonus tiles: (the field, plural; one of them), translatable words.
BONUS_WORDS = {"flowers": (N_("flowers"), N_("flower")), "seasons": (N_("seasons"), N_("season"))}


def _read_bonus(data: Fields, key: str) -> tuple[int, ...]:
    value = data.get(key)
    if value in (None, "", 0, []):
        return ()
    plural, one = BONUS_WORDS[key]
    if isinstance(value, bool):
        raise HandError(
            N_('%(tiles)s must list tile numbers 1-4, e.g. "13"; got %(value)s'), tiles=word(plural), value=repr(value)
        )
    if isinstance(value, int):
        raise HandError(
            N_(
                '%(tiles)s must say which %(tiles)s (numbers 1-4, e.g. "13" for %(tiles)s 1 and 3), '
                "not how many: in the Spanish rules a player's own flower and season double (001 l.50)"
            ),
            tiles=word(plural),
        )
    if isinstance(value, str):
        items = [c for c in value if c not in " ,"]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise HandError(
            N_('%(tiles)s must list tile numbers 1-4, e.g. "13"; got %(value)s'), tiles=word(plural), value=repr(value)
        )
    numbers = []
    for item in items:
        try:
            n = int(item)
        except (TypeError, ValueError):
            n = None
        if isinstance(item, bool) or n is None or not 1 <= n <= 4:
            raise HandError(
                N_(
                    "%(tiles)s: %(item)s is not a %(tile)s number; there are four %(tiles)s, numbered "
                    "1 to 4 (1 East, 2 South, 3 West, 4 North)"
                ),
                tiles=word(plural),
                tile=word(one),
                item=repr(item),
            )
        if n in numbers:
            raise HandError(
                N_("%(tiles)s: %(tile)s %(number)s is listed twice; there is only one of each"),
                tiles=word(plural),
                tile=word(one),
                number=n,
            )
        numbers.append(n)
    return tuple(sorted(numbers))


@dataclass
class SpanishHand(HeldTiles):
    """Standing tiles (WITHOUT the winning tile), melds, bonus tiles and how the hand ended."""

    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)
    win_tile: int | None = None
    self_drawn: bool = False
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()
    kong: bool = False  # on a discard: robbing a kong (l.68); self-drawn: replacement tile, no doubling
    last_wall: bool = False  # last tile of the wall, or the discard of it (l.67)
    seat_wind: int = 0
    prevalent_wind: int = 0
    winning: bool = True

    @classmethod
    def from_dict(cls, data: object) -> SpanishHand:
        fields = check_fields(data, FIELDS)
        winning = True if fields.get("winning") is None else read_flag(fields, "winning")
        flowers, seasons = _read_bonus(fields, "flowers"), _read_bonus(fields, "seasons")
        all_bonus = len(flowers) == 4 and len(seasons) == 4
        if winning and not all_bonus:
            win_tile = read_tile(fields, "win_tile", N_("the winning tile"))
        elif fields.get("win_tile") not in (None, ""):
            if not winning:
                raise HandError(
                    N_("a hand that did not win has no winning tile; leave win_tile out (or set winning to true)")
                )
            win_tile = read_tile(fields, "win_tile", N_("the winning tile"))
        else:
            win_tile = None
        read_flag(fields, "last_tile")  # accepted like MCR; 001 scores no doubling for it
        hand = cls(
            concealed=read_tiles(fields, "concealed"),
            melds=read_melds(fields),
            win_tile=win_tile,
            self_drawn=read_flag(fields, "self_drawn"),
            flowers=flowers,
            seasons=seasons,
            kong=read_flag(fields, "kong"),
            last_wall=read_flag(fields, "last_wall"),
            seat_wind=read_wind(fields, "seat_wind"),
            prevalent_wind=read_wind(fields, "prevalent_wind"),
            winning=winning,
        )
        hand.validate()
        return hand

    @property
    def all_bonus(self) -> bool:
        return len(self.flowers) == 4 and len(self.seasons) == 4

    def validate(self) -> None:
        check_tile_count(self.concealed, self.melds, with_win_tile=self.win_tile is not None)
        check_copies(count_tiles(self.all_tiles()))
        if not self.winning:
            for flag in ("self_drawn", "kong", "last_wall"):
                if getattr(self, flag):
                    raise HandError(
                        N_("%(field)s describes how a hand was won; a hand that did not win has none"), field=flag
                    )
            if self.all_bonus:
                raise HandError(
                    N_("all four flowers and all four seasons win at once (001 l.94, l.100): this hand is the winner's")
                )
            return
        if self.win_tile is None:
            if not self.all_bonus:
                # A winning hand names its winning tile; only all eight bonus tiles win without one.
                raise HandError(
                    N_('%(field)s is missing: give %(what)s, e.g. "5p"'),
                    field=word(N_("win_tile")),
                    what=word(N_("the winning tile")),
                )
            return
        win = self.win_tile
        held = sum(1 for t in self.concealed if t == win) + sum(m.tiles.count(win) for m in self.melds)
        if self.kong and not self.self_drawn and held:
            raise HandError(
                N_(
                    "robbing a kong of %(tile)s is impossible: the winner holds another "
                    "%(tile)s, so no one else can add the fourth to a pung"
                ),
                tile=tile_str(win),
            )
        if self.kong and self.self_drawn and not any(m.is_kong for m in self.melds):
            raise HandError(N_("a win on a replacement tile (kong, self-drawn) needs a kong declared in the hand"))
        if self.kong and self.last_wall:
            raise HandError(
                N_(
                    "a kong cannot be declared on the last tile of the wall (there is no replacement "
                    "tile), so robbing a kong does not go with the last tile"
                )
            )
