"""Reading declared hands from JSON/form fields, shared by every rule set.

Same notation and field names whatever the rules (``rules.core.hand.HAND_FIELDS``), so a referee types a
hand the same way whatever the rule set; the tile, meld, flag and wind readers of ``rules.core`` do the
reading, and every refusal is the one ``HandError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .core import hand as core
from .core.hand import HandError, Meld, read_flag
from .core.tiles import Tile, TileError, parse_tile, parse_tiles
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


def read_tiles(data: Fields, key: str, name: str | None = None) -> list[int]:
    """``name`` names the field in a message (an ``N_`` text) where its key would not do."""
    text = data.get(key, "")
    if text is None:
        text = ""
    try:
        return list(parse_tiles(text))
    except TileError as exc:
        field = word(name) if name is not None else _field(key, spaced=True)
        raise HandError(N_("%(field)s: %(error)s"), field=field, error=exc.message) from None


def read_tile(data: Fields, key: str, what: str) -> Tile:
    """``what`` names the tile for the message when it is missing (an ``N_`` text)."""
    if key not in data or data[key] in (None, ""):
        raise HandError(N_('%(field)s is missing: give %(what)s, e.g. "5p"'), field=_field(key), what=word(what))
    try:
        return parse_tile(data[key])
    except TileError as exc:
        raise HandError(N_("%(field)s: %(error)s"), field=_field(key), error=exc.message) from None


# A list of melds as a message shows one: with a melded chow (MCR's wording), or pungs and kongs.
_NOT_A_MELD_LIST = {
    True: N_('melds must be a list such as ["chow 234m", "pung EEE"]'),
    False: N_('melds must be a list such as ["pung 222m", "kong 5555p"]'),
}


def read_melds(data: Fields, chow_example: bool = False) -> list[Meld]:
    melds_data = data.get("melds", []) or []
    if isinstance(melds_data, str):
        melds_data = [melds_data]
    if not isinstance(melds_data, (list, tuple)):
        raise HandError(_NOT_A_MELD_LIST[chow_example])
    return [Meld.parse(m) for m in melds_data]


def read_wind(data: Fields, key: str) -> int:
    """Wind index 0..3 (East..North); East when absent."""
    return core.read_wind(data.get(key), key)


__all__ = [
    "check_fields",
    "read_flag",
    "read_melds",
    "read_tile",
    "read_tiles",
    "read_wind",
]
