"""Write the tile artwork, static/tiles/*.svg, and the same tiles as one sprite, static/tiles/sprite.svg,
from the drawing below.

    python scripts/make_tiles.py

The SVG files are committed; this script is how they were made, so a change to the look is a change
here followed by a re-run, and every tile keeps the same frame, viewBox and palette. Pages draw the tiles
from the sprite (one request for all 43, cached for good): each is a ``<symbol id="t-CODE">``, used as
``<svg><use href="sprite.svg#t-1m"/></svg>``; the single files are the same pictures, for the contact sheet. Chinese
characters are drawn as strokes (no font needed on the phone); only the small corner indices use
<text>, with generic font families.
"""

from math import cos, pi, sin
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "tiles"

W, H = 60, 80
IVORY, EDGE, BACK = "#fdfaf0", "#a39c86", "#2d7a5f"
INK, RED, GREEN, BLUE = "#1f2a5c", "#c62828", "#16804a", "#1f4fa3"
DARK_GREEN, GOLD = "#0d5a32", "#e0a100"

# Strokes of characters on a 100 x 100 grid, one path each (subpaths start with M).
GLYPHS = {
    "1": "M10 50H90",
    "2": "M22 30H78M8 72H92",
    "3": "M18 18H82M26 48H74M8 80H92",
    "4": "M14 18V86M14 18H86V86M14 84H86M40 20V44Q40 58 26 64M60 20V56Q60 64 70 64H84",
    "5": "M16 14H84M46 14L38 84M22 46H68V84M8 84H92",
    "6": "M46 6L54 20M10 34H90M36 54L16 86M64 54L86 84",
    "7": "M10 46L90 34M40 10V74Q40 88 54 88H86V74",
    "8": "M38 18Q38 62 10 86M62 18Q64 62 92 84",
    "9": "M40 8Q42 62 10 90M14 36H60Q66 36 66 44V76Q66 88 78 88H92V74",
    "wan": "M8 18H92M40 18Q40 66 12 92M40 46H80V80Q80 92 66 90",
    "E": "M14 18H86M50 4V96M26 30V66M26 30H74V66M26 48H74M26 66H74M46 68Q34 82 10 90M54 68Q66 82 90 90",
    "S": "M14 18H86M50 4V32M20 38V96M20 38H80V88Q80 96 70 95M38 46L44 55M62 46L56 55M32 62H68M28 77H72M50 62V96",
    "W": "M8 12H92M20 32V92M20 32H80V92M20 90H80M40 12V50Q40 62 22 66M60 12V58Q60 66 70 66H80",
    "N": "M36 8V92M12 38H36M8 84L36 70M86 24L62 42M62 8V80Q62 92 76 92H94V78",
    "C": "M14 28V72M14 28H86V72M14 70H86M50 4V96",
    "F": "M30 8L22 36M8 40H92M66 8L80 24M50 10Q50 64 10 94M36 58H76Q66 82 34 94M44 66Q60 88 92 94",
}


def glyph(name, x, y, size, color, width=10):
    s = size / 100
    return (
        f'<path transform="translate({x:g} {y:g}) scale({s:g})" d="{GLYPHS[name]}" fill="none" '
        f'stroke="{color}" stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>'
    )


def index(text, color, x=6, y=15, size=12):
    """Small corner numeral: helps count crowded tiles at a glance."""
    return (
        f'<text x="{x}" y="{y}" font-family="system-ui,sans-serif" font-size="{size}" '
        f'font-weight="700" fill="{color}">{text}</text>'
    )


def frame(body, face=IVORY):
    # The green band under the face reads as the tile's thickness and ties every tile to the back.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">'
        f'<rect x=".75" y=".75" width="58.5" height="78.5" rx="7" fill="{BACK}"/>'
        f'<rect x=".75" y=".75" width="58.5" height="73" rx="7" fill="{face}" stroke="{EDGE}" '
        f'stroke-width="1.5"/>{body}</svg>\n'
    )


# ---------------------------------------------------------------- dots


def dot(x, y, r, color):
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{color}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.64:g}" fill="{IVORY}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r * 0.36:g}" fill="{color}"/>'
    )


DOTS = {
    2: [(30, 21, 11.5, GREEN), (30, 54, 11.5, BLUE)],
    3: [(16, 16, 9.5, BLUE), (30, 37, 9.5, RED), (44, 58, 9.5, GREEN)],
    4: [(18, 21, 10.5, BLUE), (42, 21, 10.5, GREEN), (18, 54, 10.5, GREEN), (42, 54, 10.5, BLUE)],
    5: [(17, 17, 9, BLUE), (43, 17, 9, GREEN), (30, 37, 9, RED), (17, 58, 9, GREEN), (43, 58, 9, BLUE)],
    6: [(19, 14, 8, GREEN), (41, 14, 8, GREEN)] + [(x, y, 8, RED) for y in (39, 59) for x in (19, 41)],
    7: [(15, 12, 7, GREEN), (30, 19, 7, GREEN), (45, 26, 7, GREEN)]
    + [(x, y, 7.5, RED) for y in (44, 62) for x in (19, 41)],
    8: [(x, y, 7.3, BLUE) for y in (12, 29, 46, 63) for x in (19, 41)],
    9: [(x, y, 7.5, c) for y, c in ((14, BLUE), (37, RED), (60, GREEN)) for x in (14, 30, 46)],
}


def dots(n):
    if n == 1:
        # One big ornate dot: rings of colour around a small flower of points.
        ring = "".join(
            f'<circle cx="{30 + 12.5 * cos(a * pi / 4):.1f}" cy="{37 + 12.5 * sin(a * pi / 4):.1f}" '
            f'r="2.2" fill="{IVORY}"/>'
            for a in range(8)
        )
        body = (
            f'<circle cx="30" cy="37" r="22" fill="{GREEN}"/><circle cx="30" cy="37" r="17.5" fill="{BLUE}"/>'
            f'{ring}<circle cx="30" cy="37" r="9" fill="{IVORY}"/><circle cx="30" cy="37" r="6" fill="{RED}"/>'
            f'<circle cx="30" cy="37" r="2.2" fill="{IVORY}"/>'
        )
    else:
        body = "".join(dot(*d) for d in DOTS[n])
    return frame(body)


# ---------------------------------------------------------------- bamboo


def stick(x, y, h, color=GREEN, w=8):
    """One bamboo stick centred on (x, y): a rounded rod with a node in the middle and at both ends."""
    dark = RED if color == RED else DARK_GREEN
    top, bot = y - h / 2, y + h / 2
    return (
        f'<rect x="{x - w / 2:g}" y="{top:g}" width="{w:g}" height="{h:g}" rx="{w / 2:g}" fill="{color}"/>'
        f'<path d="M{x:g} {top + 2.5:g}V{bot - 2.5:g}" stroke="{IVORY}" stroke-width="1.3" opacity=".7"/>'
        f'<path d="M{x - w / 2:g} {y:g}h{w:g}M{x - w / 2:g} {top + 3:g}h{w:g}M{x - w / 2:g} {bot - 3:g}h{w:g}" '
        f'stroke="{dark}" stroke-width="1.6"/>'
    )


BAMBOO = {
    2: [(30, 21, 27), (30, 54, 27)],
    3: [(30, 21, 26), (19, 54, 26), (41, 54, 26)],
    4: [(x, y, 26) for y in (21, 54) for x in (19, 41)],
    5: [(15, 21, 26), (45, 21, 26), (30, 37, 24, RED), (15, 54, 26), (45, 54, 26)],
    6: [(x, y, 26) for y in (21, 54) for x in (15, 30, 45)],
    7: [(30, 14, 18, RED)] + [(x, y, 19) for y in (38, 60) for x in (15, 30, 45)],
    8: [(x, y, 26) for y in (21, 54) for x in (12, 24, 36, 48)],
    9: [(x, y, 18, RED if x == 30 else GREEN) for y in (14, 37, 60) for x in (15, 30, 45)],
}


def bird():
    """1 bamboo: a small bird (our own drawing), as tradition puts one on this tile."""
    return (
        f'<path d="M14 64Q8 50 16 40L24 50Z" fill="{BLUE}"/>'
        f'<path d="M12 58Q4 44 14 34L22 46Z" fill="{GREEN}"/>'
        f'<ellipse cx="32" cy="46" rx="15" ry="11" transform="rotate(-25 32 46)" fill="{GREEN}"/>'
        f'<path d="M26 48Q34 36 44 40Q38 52 26 48Z" fill="{DARK_GREEN}"/>'
        f'<circle cx="42" cy="26" r="8" fill="{RED}"/><circle cx="44" cy="24" r="2" fill="{IVORY}"/>'
        f'<circle cx="44.5" cy="24" r="1" fill="{INK}"/><path d="M49 25L56 28L49 30Z" fill="{GOLD}"/>'
        f'<path d="M28 57L25 68M34 56L34 68M21 68H29M30 68H38" stroke="{RED}" stroke-width="1.8" '
        f'stroke-linecap="round" fill="none"/>'
    )


def bamboo(n):
    if n == 1:
        return frame(bird())
    body = "".join(stick(*s) for s in BAMBOO[n])
    return frame(body)


# ---------------------------------------------------------------- characters, honours


def characters(n):
    return frame(
        glyph(str(n), 15, 4, 30, INK, 11) + glyph("wan", 12, 37, 36, RED, 10) + index(n, INK, x=3.5, y=13, size=11)
    )


def honour(letter):
    if letter == "P":
        # White dragon: the usual blue double frame.
        body = (
            f'<rect x="9" y="9" width="42" height="56" rx="3" fill="none" stroke="{BLUE}" stroke-width="4.5"/>'
            f'<rect x="16" y="16" width="28" height="42" rx="1.5" fill="none" stroke="{BLUE}" stroke-width="2"/>'
        )
        return frame(body)
    color = {"C": RED, "F": GREEN}.get(letter, INK)
    body = glyph(letter, 8, 12, 44, color, 9.5)
    if letter in "ESWN":
        body += index(letter, BLUE, x=3.5, y=12, size=10)
    return frame(body)


# ---------------------------------------------------------------- flowers, seasons, back


def petals(cx, cy, count, rx, ry, dist, color, center):
    parts = [
        f'<ellipse cx="{cx:g}" cy="{cy - dist:g}" rx="{rx:g}" ry="{ry:g}" fill="{color}" '
        f'transform="rotate({360 * i / count:g} {cx:g} {cy:g})"/>'
        for i in range(count)
    ]
    return "".join(parts) + f'<circle cx="{cx:g}" cy="{cy:g}" r="{rx * 0.8:g}" fill="{center}"/>'


def flower_art(n):
    if n == 1:  # plum
        return '<path d="M14 70Q22 56 30 44" stroke="#6d4c2f" stroke-width="3" fill="none"/>' + petals(
            32, 38, 5, 7, 8, 9, "#e0567a", GOLD
        )
    if n == 2:  # orchid
        return (
            f'<path d="M30 72Q28 56 30 46M30 70Q18 60 14 48M30 70Q42 62 46 50" stroke="{GREEN}" '
            f'stroke-width="2.5" fill="none"/>' + petals(30, 34, 3, 5.5, 12, 10, "#8e44ad", GOLD)
        )
    if n == 3:  # chrysanthemum
        return f'<path d="M30 72V50" stroke="{GREEN}" stroke-width="3"/>' + petals(
            30, 36, 14, 2.8, 8, 10, GOLD, "#c0641a"
        )
    # bamboo branch
    return (
        f'<path d="M28 74V10" stroke="{GREEN}" stroke-width="4"/><path d="M25 30h6M25 52h6" stroke="{DARK_GREEN}" '
        f'stroke-width="2"/><path d="M30 30Q44 22 54 24Q44 32 30 30ZM28 50Q14 42 6 44Q14 54 28 50Z'
        f'M30 52Q44 46 52 50Q42 58 30 52Z" fill="{GREEN}"/>'
    )


def season_art(n):
    if n == 1:  # spring: a sprout
        return (
            f'<path d="M30 72V40" stroke="{GREEN}" stroke-width="3.5"/>'
            f'<path d="M30 44Q14 44 10 28Q26 26 30 44ZM30 40Q36 20 52 18Q50 36 30 40Z" fill="{GREEN}"/>'
        )
    if n == 2:  # summer: the sun
        rays = "".join(
            f'<path d="M{30 + 13 * cos(a * pi / 6):.1f} {38 + 13 * sin(a * pi / 6):.1f}'
            f'L{30 + 21 * cos(a * pi / 6):.1f} {38 + 21 * sin(a * pi / 6):.1f}"/>'
            for a in range(12)
        )
        return (
            f'<g stroke="{GOLD}" stroke-width="3.5" stroke-linecap="round">{rays}</g>'
            f'<circle cx="30" cy="38" r="10" fill="{RED}"/>'
        )
    if n == 3:  # autumn: a falling leaf
        return (
            '<path d="M30 62Q10 50 14 30Q28 20 42 14Q52 36 30 62Z" fill="#d2691e"/>'
            '<path d="M30 62Q32 38 42 14M31 46L20 38M34 34L24 28M36 44L46 38" stroke="#8b3a0e" '
            'stroke-width="1.8" fill="none"/><path d="M30 62L26 72" stroke="#8b3a0e" stroke-width="2.5"/>'
        )
    # winter: a snowflake
    arms = "".join(
        f'<path transform="rotate({60 * i} 30 40)" d="M30 40V18M30 24L24 18M30 24L36 18M30 31L25 27M30 31L35 27"/>'
        for i in range(6)
    )
    return f'<g stroke="{BLUE}" stroke-width="3" stroke-linecap="round" fill="none">{arms}</g>'


def flower(k):
    """f1-f4 flowers (plum, orchid, chrysanthemum, bamboo), f5-f8 seasons; numbered 1-4 as on real tiles."""
    n = (k - 1) % 4 + 1
    art = flower_art(n) if k <= 4 else season_art(n)
    return frame(art + index(n, RED if k <= 4 else BLUE, x=4, y=14, size=12))


def back():
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">'
        f'<rect x=".75" y=".75" width="58.5" height="78.5" rx="7" fill="{BACK}" stroke="#1c5a44" stroke-width="1.5"/>'
        f'<rect x="6" y="6" width="48" height="64" rx="4" fill="none" stroke="#7fc1a6" stroke-width="1.5"/>'
        f'<path d="M30 18L44 38L30 58L16 38Z" fill="none" stroke="#7fc1a6" stroke-width="2"/>'
        f'<circle cx="30" cy="38" r="4" fill="#7fc1a6"/></svg>\n'
    )


def all_tiles():
    tiles = {}
    for n in range(1, 10):
        tiles[f"{n}m"] = characters(n)
        tiles[f"{n}p"] = dots(n)
        tiles[f"{n}s"] = bamboo(n)
    for letter in "ESWNCFP":
        tiles[letter] = honour(letter)
    for k in range(1, 9):
        tiles[f"f{k}"] = flower(k)
    tiles["back"] = back()
    return tiles


SVG_OPEN = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}">'


def sprite(tiles):
    """Every tile as a symbol of one SVG file, its drawing exactly that of its own file."""
    symbols = []
    for name, svg in tiles.items():
        body = svg.strip()
        assert body.startswith(SVG_OPEN) and body.endswith("</svg>"), name
        symbols.append(f'<symbol id="t-{name}" viewBox="0 0 {W} {H}">{body[len(SVG_OPEN) : -len("</svg>")]}</symbol>')
    return '<svg xmlns="http://www.w3.org/2000/svg">' + "\n".join(symbols) + "</svg>\n"


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    tiles = all_tiles()
    for name, svg in tiles.items():
        (OUT / f"{name}.svg").write_text(svg)
    (OUT / "sprite.svg").write_text(sprite(tiles))
    print(f"wrote {len(tiles)} tiles and their sprite to {OUT}")


if __name__ == "__main__":
    main()
