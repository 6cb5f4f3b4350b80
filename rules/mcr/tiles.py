"""Tiles as small integers, and the compact notation referees type.

Numbering: 0-8 characters (1m-9m), 9-17 dots (1p-9p), 18-26 bamboo (1s-9s),
27-30 winds East, South, West, North, 31-33 dragons red (C), green (F), white (P).
Small integers let the engine work on a 34-slot counts array.
"""

from __future__ import annotations

from ..text import N_, MessageError

SUIT_LETTERS = "mps"
SUIT_NAMES = ("characters", "dots", "bamboo")
HONOR_LETTERS = "ESWNCFP"
HONOR_NAMES = ("East Wind", "South Wind", "West Wind", "North Wind", "Red Dragon", "Green Dragon", "White Dragon")
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
EAST, SOUTH, WEST, NORTH = WINDS
RED, GREEN, WHITE = DRAGONS
NUM_KINDS = 34


class TileError(MessageError):
    """Tile notation that cannot be read (an ``N_`` template and its parameters, see MessageError)."""


class Tile(int):
    """One tile; behaves as its small-integer code, prints in notation (``5p``, ``E``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Tile({tile_str(self)!r})"

    def __str__(self) -> str:
        return tile_str(self)


def is_suited(t: int) -> bool:
    return t < 27


def is_honor(t: int) -> bool:
    return t >= 27


def suit_of(t: int) -> int:
    """0, 1, 2 for the suits; 3 for winds, 4 for dragons (the five types of All Types)."""
    if t < 27:
        return t // 9
    return 3 if t < 31 else 4


def rank_of(t: int) -> int:
    """Face number 1-9 of a suited tile; 0 for honors."""
    return t % 9 + 1 if t < 27 else 0


def is_terminal(t: int) -> bool:
    return t < 27 and t % 9 in (0, 8)


def is_terminal_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 in (0, 8)


def tile_str(t: int) -> str:
    if t < 27:
        return f"{t % 9 + 1}{SUIT_LETTERS[t // 9]}"
    return HONOR_LETTERS[t - 27]


def tiles_str(tiles) -> str:
    """Compact notation, suits grouped: [0, 1, 2, 13, 13] -> '123m55p'."""
    out = []
    pending = []
    pending_suit = None
    for t in sorted(tiles):
        if t < 27:
            s = t // 9
            if pending_suit is not None and s != pending_suit:
                out.append("".join(pending) + SUIT_LETTERS[pending_suit])
                pending = []
            pending_suit = s
            pending.append(str(t % 9 + 1))
        else:
            if pending:
                out.append("".join(pending) + SUIT_LETTERS[pending_suit])
                pending, pending_suit = [], None
            out.append(HONOR_LETTERS[t - 27])
    if pending:
        out.append("".join(pending) + SUIT_LETTERS[pending_suit])
    return "".join(out)


def parse_tiles(text: str) -> list[Tile]:
    """Read notation such as ``123m55p EEE C`` into tiles, in the order written.

    Digits wait for the suit letter that follows them, so ``123m`` is three tiles.
    Spaces and commas are ignored. Raises TileError naming the offending text.
    """
    if not isinstance(text, str):
        raise TileError(N_("tiles must be written as text, got %(type)s"), type=type(text).__name__)
    tiles: list[Tile] = []
    digits: list[str] = []
    for pos, ch in enumerate(text):
        if ch.isdigit():
            if ch == "0":
                raise TileError(
                    N_("'0' at position %(position)s of %(text)s is not a tile number (use 1-9)"),
                    position=pos + 1,
                    text=repr(text),
                )
            digits.append(ch)
        elif ch in "mps":
            if not digits:
                raise TileError(
                    N_("suit letter '%(letter)s' at position %(position)s of %(text)s has no numbers before it"),
                    letter=ch,
                    position=pos + 1,
                    text=repr(text),
                )
            base = 9 * SUIT_LETTERS.index(ch)
            tiles.extend(Tile(base + int(d) - 1) for d in digits)
            digits = []
        elif ch in HONOR_LETTERS:
            if digits:
                raise TileError(
                    N_("numbers %(numbers)s in %(text)s have no suit letter (m, p or s)"),
                    numbers=repr("".join(digits)),
                    text=repr(text),
                )
            tiles.append(Tile(27 + HONOR_LETTERS.index(ch)))
        elif ch in " ,\t":
            continue
        else:
            raise TileError(
                N_(
                    "unknown tile character %(character)s at position %(position)s of %(text)s; "
                    "use 1-9 with m/p/s, winds E S W N, dragons C (red) F (green) P (white)"
                ),
                character=repr(ch),
                position=pos + 1,
                text=repr(text),
            )
    if digits:
        raise TileError(
            N_("numbers %(numbers)s at the end of %(text)s have no suit letter (m, p or s)"),
            numbers=repr("".join(digits)),
            text=repr(text),
        )
    return tiles


def parse_tile(text: str) -> Tile:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(N_("expected exactly one tile, got %(count)s in %(text)s"), count=len(tiles), text=repr(text))
    return tiles[0]
