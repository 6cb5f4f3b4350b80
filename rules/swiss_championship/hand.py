"""A declared hand under the Swiss Championship rules (002), checked as a referee would.

Field names and notation are those of MCR; the refusals cite 002: honours and flowers do
not exist (1.1), chows may not be claimed (1.2), a winning hand lacks a suit (1.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base import HandError
from ..core.hand import CHOW, HeldTiles, Meld
from ..core.tiles import is_honor, suit, tile_str, tiles_str
from ..handparse import (
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
    "last_tile",
    "kong",
    "last_wall",
    "seat_wind",
    "prevalent_wind",
    "kong_discard",
    "first_draw",
)


@dataclass
class SwissHand(HeldTiles):
    """Standing tiles WITHOUT the winning tile, melds (pungs and kongs), the winning tile, how."""

    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)
    win_tile: int = 0
    self_drawn: bool = False
    kong: bool = False  # self-drawn: out with a replacement tile (7.6.1); discard: robbing (7.6.3)
    last_wall: bool = False  # self-drawn: last tile drawn (7.6.4); discard: last tile claimed (7.6.5)
    kong_discard: bool = False  # won on the discard of a player who just took a kong replacement (7.6.2)
    first_draw: bool = False  # dealer: on the dealt tiles (Sky Hu); others: on the first draw (Earth Hu)
    seat_wind: int = 0  # 0 = East = the dealer (2.4)

    @classmethod
    def from_dict(cls, data: object) -> SwissHand:
        fields = check_fields(data, FIELDS)
        flowers = fields.get("flowers", 0)
        if flowers not in (0, None, False):
            raise HandError(
                N_(
                    "flowers must be 0: the Swiss Championship rules play 108 tiles without "
                    "flowers (002 1.1); got %(value)s"
                ),
                value=repr(flowers),
            )
        if read_flag(fields, "last_tile"):
            raise HandError(
                N_(
                    "last_tile (last tile of its kind) scores nothing under the Swiss Championship "
                    "rules; leave it out (for the last tile of the wall use last_wall)"
                )
            )
        hand = cls(
            concealed=read_tiles(fields, "concealed"),
            melds=read_melds(fields),
            win_tile=read_tile(fields, "win_tile", N_("the winning tile")),
            self_drawn=read_flag(fields, "self_drawn"),
            kong=read_flag(fields, "kong"),
            last_wall=read_flag(fields, "last_wall"),
            kong_discard=read_flag(fields, "kong_discard"),
            first_draw=read_flag(fields, "first_draw"),
            seat_wind=read_wind(fields, "seat_wind"),
        )
        read_wind(fields, "prevalent_wind")  # accepted for a form shared with MCR; 002 has no wind tiles
        hand.validate()
        return hand

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 0

    def validate(self) -> None:
        for t in self.all_tiles():
            if is_honor(t):
                raise HandError(
                    N_(
                        "%(tile)s is not one of the 108 tiles: the Swiss Championship rules use "
                        "only the three suits m, p, s, no winds or dragons (002 1.1)"
                    ),
                    tile=tile_str(t),
                )
        for m in self.melds:
            if m.kind == CHOW:
                raise HandError(
                    N_(
                        "chow %(tiles)s may not be melded: the Swiss Championship rules allow "
                        "only pung and kong claims (002 1.2); a sequence among the concealed tiles is "
                        "fine, so write it there"
                    ),
                    tiles=tiles_str(m.tiles),
                )
        check_tile_count(self.concealed, self.melds, with_win_tile=True)
        check_copies(count_tiles(self.all_tiles()))
        suits = {suit(t) for t in self.all_tiles()}
        if len(suits) == 3:
            raise HandError(
                N_(
                    "not a winning hand: it uses all three suits, and a winning hand must lack one "
                    "(One Voided Suit, 002 1.3)"
                )
            )
        win = self.win_tile
        held = sum(1 for t in self.concealed if t == win) + sum(m.tiles.count(win) for m in self.melds)
        if self.kong and self.self_drawn and not any(m.is_kong for m in self.melds):
            raise HandError(N_("out with a replacement tile (kong, self-drawn) needs a kong declared in the hand"))
        if self.kong and not self.self_drawn and held:
            raise HandError(
                N_(
                    "robbing a kong of %(tile)s is impossible: the winner holds another "
                    "%(tile)s, so no one else can add the fourth to a pung"
                ),
                tile=tile_str(win),
            )
        if self.kong and self.last_wall:
            raise HandError(
                N_(
                    "a kong cannot be declared on the last tile of the wall (there is no replacement "
                    "tile), so neither a replacement tile nor robbing the kong goes with the last tile"
                )
            )
        if self.kong_discard and self.self_drawn:
            raise HandError(
                N_(
                    "kong_discard is a win on the discard that follows a kong; a self-drawn win has no "
                    "discard (for a win on the replacement tile use kong with self_drawn)"
                )
            )
        if self.kong_discard and self.kong:
            raise HandError(
                N_(
                    "kong_discard (the discard after a kong) and kong (robbing the kong) cannot both "
                    "hold on a discard: choose the one that happened"
                )
            )
        if self.first_draw:
            who = word(
                N_("Sky Hu (the dealer wins on the dealt tiles)")
                if self.is_dealer
                else N_("Earth Hu (a non-dealer wins on the first tile drawn)")
            )
            if not self.self_drawn:
                raise HandError(N_("first_draw is %(win)s, which is self-drawn: set self_drawn"), win=who)
            if self.melds:
                raise HandError(N_("first_draw is %(win)s: no set can have been claimed or konged before it"), win=who)
            if self.kong or self.last_wall:
                raise HandError(
                    N_("first_draw is %(win)s: it cannot also be a replacement tile or the last tile"), win=who
                )
