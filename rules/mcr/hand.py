"""A declared MCR hand: standing tiles, melds, winning tile and the way it was won.

Validation speaks a referee's language: it says which tile, which meld and which rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.hand import HAND_FIELDS, HandError, HeldTiles, Meld, check_robbed_kong
from ..core.tiles import NUM_KINDS, WIND_TILES, tile_str
from ..handparse import check_fields, read_flag, read_melds, read_tile, read_tiles, read_wind
from ..text import N_

__all__ = ["Hand", "HandError", "Meld"]


@dataclass
class Hand(HeldTiles):
    """Standing tiles WITHOUT the winning tile, declared melds, the winning tile and context."""

    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)
    win_tile: int = 0
    self_drawn: bool = False
    flowers: int = 0
    last_tile: bool = False
    kong: bool = False
    last_wall: bool = False
    seat_wind: int = WIND_TILES[0]
    prevalent_wind: int = WIND_TILES[0]

    @classmethod
    def from_dict(cls, data: object) -> Hand:
        """Build a hand from the CLI/JSON fields; raises HandError on anything malformed."""
        fields = check_fields(data, HAND_FIELDS)
        concealed = read_tiles(fields, "concealed", N_("concealed tiles"))
        melds = read_melds(fields, chow_example=True)
        win_tile = read_tile(fields, "win_tile", N_("the winning tile"))
        flowers = fields.get("flowers", 0)
        if flowers is None:
            flowers = 0
        if isinstance(flowers, bool) or not isinstance(flowers, int):
            raise HandError(N_("flowers must be a whole number from 0 to 8; got %(value)s"), value=repr(flowers))
        hand = cls(
            concealed=concealed,
            melds=melds,
            win_tile=win_tile,
            self_drawn=read_flag(fields, "self_drawn"),
            flowers=flowers,
            last_tile=read_flag(fields, "last_tile"),
            kong=read_flag(fields, "kong"),
            last_wall=read_flag(fields, "last_wall"),
            # MCR's hands keep winds as tiles.
            seat_wind=WIND_TILES[read_wind(fields, "seat_wind")],
            prevalent_wind=WIND_TILES[read_wind(fields, "prevalent_wind")],
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
            if w not in WIND_TILES:
                raise HandError(N_("%(field)s must be a wind (E, S, W, N)"), field=name)
        for m in self.melds:
            if not isinstance(m, Meld):
                raise HandError(N_("%(value)s is not a meld"), value=repr(m))
            m.check()
        self.check_tile_counts()
        if self.kong and self.self_drawn and not any(m.is_kong for m in self.melds):
            raise HandError(N_("out with a replacement tile (kong, self-drawn) needs a kong declared in the hand"))
        check_robbed_kong(self, robbing=self.kong and not self.self_drawn)
        if self.last_tile and self.win_tile in self.concealed:
            raise HandError(
                N_(
                    "%(tile)s cannot be the last tile of its kind: the winner holds another "
                    "%(tile)s among the concealed tiles"
                ),
                tile=tile_str(self.win_tile),
            )
        if self.kong and self.last_wall:
            raise HandError(
                N_(
                    "a kong cannot be declared on the last tile of the wall (there is no replacement tile), "
                    "so neither out with a replacement tile nor robbing the kong goes with the last tile"
                )
            )
