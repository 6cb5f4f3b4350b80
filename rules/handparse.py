"""Reading declared hands from JSON/form fields, shared by the Swiss and Spanish rule sets.

Same notation and field names as MCR: the tile, meld, flag and wind readers of ``rules.core`` are
reused, so a referee types a hand the same way whatever the rule set; only their errors are
re-raised as ``rules.base.HandError``, the seam's one error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .base import HandError
from .core import hand as core
from .core.hand import Meld
from .core.tiles import Tile, TileError, count_tiles, parse_tile, parse_tiles, tile_str
from .text import N_, Message, word

#: A hand's fields as read from JSON or a form: field name -> value.
Fields = Mapping[str, object]

# Fields a message names as the subject of a sentence, as translatable words; any other field is
# named by its key (the input's notation).
FIELD_WORDS = {"concealed": N_("concealed"), "win_tile": N_("win_tile")}


def _field(key: str, spaced: bool = False) -> Message | str:
    if key in FIELD_WORDS:
        return word(FIELD_WORDS[key])
    return key.replace("_", " ") if spaced else key


def check_fields(data: object, known: Iterable[str]) -> Fields:
    """The hand's fields, when ``data`` is a JSON object of known fields; HandError otherwise."""
    known = tuple(known)
    if not isinstance(data, dict):
        raise HandError(N_("a hand must be a JSON object with fields such as concealed, melds, win_tile"))
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise HandError(
            N_("unknown field(s) %(unknown)s; known fields are %(known)s"),
            unknown=", ".join(unknown),
            known=", ".join(sorted(known)),
        )
    return data


def read_tiles(data: Fields, key: str) -> list[int]:
    text = data.get(key, "")
    if text is None:
        text = ""
    try:
        return list(parse_tiles(text))
    except TileError as exc:
        raise HandError(N_("%(field)s: %(error)s"), field=_field(key, spaced=True), error=exc.message) from None


def read_tile(data: Fields, key: str, what: str) -> Tile:
    """``what`` names the tile for the message when it is missing (an ``N_`` text)."""
    if key not in data or data[key] in (None, ""):
        raise HandError(N_('%(field)s is missing: give %(what)s, e.g. "5p"'), field=_field(key), what=word(what))
    try:
        return parse_tile(data[key])
    except TileError as exc:
        raise HandError(N_("%(field)s: %(error)s"), field=_field(key), error=exc.message) from None


def read_melds(data: Fields) -> list[Meld]:
    melds_data = data.get("melds", []) or []
    if isinstance(melds_data, str):
        melds_data = [melds_data]
    if not isinstance(melds_data, (list, tuple)):
        raise HandError(N_('melds must be a list such as ["pung 222m", "kong 5555p"]'))
    out = []
    for m in melds_data:
        try:
            out.append(Meld.parse(m))
        except core.HandError as exc:
            raise HandError(exc.message) from None
    return out


def read_flag(data: Fields, key: str) -> bool:
    try:
        return core.read_flag(data, key)
    except core.HandError as exc:
        raise HandError(exc.message) from None


def read_wind(data: Fields, key: str) -> int:
    """Wind index 0..3 (East..North); East when absent."""
    try:
        return core.read_wind(data.get(key), key)
    except core.HandError as exc:
        raise HandError(exc.message) from None


def check_copies(counts: Sequence[int]) -> None:
    for t, c in enumerate(counts):
        if c > 4:
            raise HandError(
                N_("%(copies)s copies of %(tile)s in the hand; there are only four of each tile"),
                copies=c,
                tile=tile_str(t),
            )


def check_tile_count(concealed: Sequence[int], melds: Sequence[Meld], with_win_tile: bool) -> None:
    if len(melds) > 4:
        raise HandError(N_("%(melds)s melds declared; a hand has at most four sets"), melds=len(melds))
    expected = 13 - 3 * len(melds)
    if len(concealed) != expected:
        if with_win_tile:
            template = N_(
                "wrong number of tiles: with %(melds)s meld(s) declared the concealed hand must have "
                "%(expected)s tiles besides the winning tile, but it has %(count)s"
            )
        else:
            template = N_(
                "wrong number of tiles: with %(melds)s meld(s) declared the concealed hand must have "
                "%(expected)s tiles, but it has %(count)s"
            )
        raise HandError(template, melds=len(melds), expected=expected, count=len(concealed))


__all__ = [
    "check_copies",
    "check_fields",
    "check_tile_count",
    "count_tiles",
    "read_flag",
    "read_melds",
    "read_tile",
    "read_tiles",
    "read_wind",
]
