"""The four winds: one name for their letters, whatever counts them.

A wind is an index 0..3 (East, South, West, North): a seat's wind, the prevalent wind, a seat rotation.
``WINDS`` turns the index into the letter printed on score sheets and in the notation; the wind
*tiles* are numbers of their own (``rules.core.tiles.WIND_TILES``).
"""

from __future__ import annotations

WINDS = ("E", "S", "W", "N")
#: The winds spelt out, as a referee may type them (any case).
WIND_NAMES = ("east", "south", "west", "north")


def wind_of_text(value: str) -> int | None:
    """The wind index that ``value`` names (``"E"``, ``"s"``, ``"West"``, spaces around allowed), or None."""
    text = value.strip()
    if text.upper() in WINDS:
        return WINDS.index(text.upper())
    if text.lower() in WIND_NAMES:
        return WIND_NAMES.index(text.lower())
    return None


__all__ = ["WINDS", "WIND_NAMES", "wind_of_text"]
