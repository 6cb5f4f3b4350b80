"""Tiles as small integers, the compact notation referees type, and the arithmetic on tiles.

Numbering: 0-8 characters (1m-9m), 9-17 dots (1p-9p), 18-26 bamboo (1s-9s),
27-30 winds East, South, West, North, 31-33 dragons red (C), green (F), white (P).
Small integers let the engines work on a 34-slot counts array (:func:`count_tiles`). A rule set
may play fewer of them (the Swiss rules only the 27 suited tiles); bonus tiles are not numbered here.

The engines ask about a tile through the small helpers below (``number``, ``suit``, ``is_terminal``)
rather than repeating the ``% 9`` and ``// 9`` of the numbering.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..text import N_, MessageError

SUIT_LETTERS = "mps"
HONOR_LETTERS = "ESWNCFP"
#: Tiles 0..SUITED-1 are the suited tiles, SUITED..NUM_KINDS-1 the honors.
SUITED = 27
NUM_KINDS = 34
#: The wind tiles East, South, West, North (the wind letters are ``rules.core.winds.WINDS``).
WIND_TILES = (27, 28, 29, 30)
DRAGON_TILES = (31, 32, 33)
RED, GREEN, WHITE = DRAGON_TILES

#: A hand's tile counts: how many of each of the 34 tiles (index = tile).
Counts = list[int]


class TileError(MessageError):
    """Tile notation that cannot be read (an ``N_`` template and its parameters, see MessageError)."""


class Tile(int):
    """One tile; behaves as its small-integer code, prints in notation (``5p``, ``E``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Tile({tile_str(self)!r})"

    def __str__(self) -> str:
        return tile_str(self)


# ---------------------------------------------------------------- the arithmetic of the numbering


def suited(suit_index: int, face: int) -> int:
    """The tile of that suit (0 characters, 1 dots, 2 bamboo) and face number 1-9."""
    return 9 * suit_index + face - 1


def suit(t: int) -> int:
    """Suit of a suited tile: 0 characters, 1 dots, 2 bamboo (honors give 3)."""
    return t // 9


def number(t: int) -> int:
    """Face number 1-9 of a suited tile (meaningless for an honor)."""
    return t % 9 + 1


def is_honor(t: int) -> bool:
    return t >= SUITED


def is_wind(t: int) -> bool:
    return WIND_TILES[0] <= t <= WIND_TILES[-1]


def is_dragon(t: int) -> bool:
    return t >= DRAGON_TILES[0]


def is_terminal(t: int) -> bool:
    """A 1 or a 9 of a suit."""
    return t < SUITED and number(t) in (1, 9)


def is_terminal_or_honor(t: int) -> bool:
    return t >= SUITED or number(t) in (1, 9)


#: The terminals and honors: the tiles of Thirteen Orphans.
TERMINALS_HONORS = frozenset(t for t in range(NUM_KINDS) if is_terminal_or_honor(t))
#: Tiles that look the same upside down (MCR fan 40, the Spanish Mirror): 1234589 dots, 245689 bamboo, white.
REVERSIBLE = frozenset(
    [*(suited(1, n) for n in (1, 2, 3, 4, 5, 8, 9)), *(suited(2, n) for n in (2, 4, 5, 6, 8, 9)), WHITE]
)
#: The green tiles (All Green): 23468 bamboo and the green dragon.
GREEN_TILES = frozenset([*(suited(2, n) for n in (2, 3, 4, 6, 8)), GREEN])


def count_tiles(tiles: Iterable[int]) -> Counts:
    """How many of each tile: a 34-slot counts array."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return counts


# ---------------------------------------------------------------- notation


def tile_str(t: int) -> str:
    if t < SUITED:
        return f"{number(t)}{SUIT_LETTERS[suit(t)]}"
    return HONOR_LETTERS[t - SUITED]


def tiles_str(tiles: Iterable[int]) -> str:
    """Compact notation, suits grouped: [0, 1, 2, 13, 13] -> '123m55p'."""
    out = []
    pending: list[str] = []
    pending_suit = 0
    for t in sorted(tiles):
        if t < SUITED:
            s = suit(t)
            if pending and s != pending_suit:
                out.append("".join(pending) + SUIT_LETTERS[pending_suit])
                pending = []
            pending_suit = s
            pending.append(str(number(t)))
        else:
            if pending:
                out.append("".join(pending) + SUIT_LETTERS[pending_suit])
                pending = []
            out.append(HONOR_LETTERS[t - SUITED])
    if pending:
        out.append("".join(pending) + SUIT_LETTERS[pending_suit])
    return "".join(out)


def parse_tiles(text: object) -> list[Tile]:
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
        elif ch in SUIT_LETTERS:
            if not digits:
                raise TileError(
                    N_("suit letter '%(letter)s' at position %(position)s of %(text)s has no numbers before it"),
                    letter=ch,
                    position=pos + 1,
                    text=repr(text),
                )
            tiles.extend(Tile(suited(SUIT_LETTERS.index(ch), int(d))) for d in digits)
            digits = []
        elif ch in HONOR_LETTERS:
            if digits:
                raise TileError(
                    N_("numbers %(numbers)s in %(text)s have no suit letter (m, p or s)"),
                    numbers=repr("".join(digits)),
                    text=repr(text),
                )
            tiles.append(Tile(SUITED + HONOR_LETTERS.index(ch)))
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


def parse_tile(text: object) -> Tile:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(N_("expected exactly one tile, got %(count)s in %(text)s"), count=len(tiles), text=repr(text))
    return tiles[0]
