"""A declared MCR hand: standing tiles, melds, winning tile and the way it was won.

Validation speaks a referee's language: it says which tile, which meld and which rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.hand import HandError, HeldTiles, Meld, read_flag, read_wind
from ..core.tiles import NUM_KINDS, WIND_TILES, TileError, count_tiles, parse_tile, parse_tiles, tile_str
from ..text import N_, word

__all__ = ["Hand", "HandError", "Meld"]


def _wind(value: object, field_name: str) -> int:
    """The tile of the wind a field names (MCR's hands keep winds as tiles)."""
    return WIND_TILES[read_wind(value, field_name)]


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
            concealed: list[int] = list(parse_tiles(concealed_text))
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
            if w not in WIND_TILES:
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
        for t, c in enumerate(count_tiles(self.all_tiles())):
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
