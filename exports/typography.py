"""The type of every PDF: which font prints which text, so that Latin, Chinese, Japanese and Korean names
print on all of them (score sheets, player cards, seat lists, standings, fouls, appeals; docs/pdf.md).

- Latin text prints in Helvetica, which every PDF reader has (Western European letters). A document
  with other letters (Cyrillic, Greek) prints in DejaVu Sans when the server has it.
- Chinese, Japanese and Korean text prints in a TrueType font embedded in the PDF (only the characters
  used), so every viewer shows it: the first installed font of ``TRUETYPE_CJK_FILES`` (Debian's
  ``fonts-wqy-microhei`` first), or of the file(s) named by the ``PDF_CJK_FONT`` setting, that has every
  CJK character of the text. Without one, or with ``PDF_CJK_FONT=none``, it prints in the standard CID
  fonts PDF readers supply (``CID_FONTS``): kana in the Japanese one, hangul in the Korean one, Chinese
  characters in the Japanese font beside kana, the Korean beside hangul, else the Chinese. Nothing is
  embedded then, and a viewer without Adobe's Asian fonts shows no CJK text.

The font is chosen per text, never per document, so a page mixes scripts: each string's CJK runs print
in their font and the rest in the document's. Every PDF writes text through this module: ``paragraph``
(flowing text), ``table`` (cells), ``draw_string`` (a canvas, e.g. the player cards).
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Iterable, Iterator
from typing import Any
from xml.sax.saxutils import escape

from django.conf import settings

logger = logging.getLogger(__name__)

LATIN, LATIN_BOLD = "Helvetica", "Helvetica-Bold"

# Fonts with more than Western European letters (Cyrillic, Greek...), as (regular, bold), tried in order.
UNICODE_FONT_FILES = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
)

# TrueType fonts with Chinese, Japanese and Korean characters (Debian's packages, then other systems' paths
# of the same fonts), tried in order. Fonts with PostScript outlines (Noto Sans CJK's .ttc, .otf files)
# cannot be embedded by reportlab and are skipped.
TRUETYPE_CJK_FILES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",  # fonts-wqy-microhei: Chinese, kana, hangul, Latin
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",  # fonts-wqy-zenhei: the same scripts
    "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",  # Fedora, Arch
    "/usr/share/fonts/wqy-microhei/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  # fonts-droid-fallback
    "/usr/share/fonts/truetype/arphic/uming.ttc",  # fonts-arphic-uming: Chinese
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",  # fonts-ipafont-gothic: Japanese
    "/usr/share/fonts/truetype/nanum/NanumGothic.ttf",  # fonts-nanum: Korean
)

# reportlab's built-in CID fonts: the reader supplies them (Adobe's Asian font packs), nothing is embedded.
CID_FONTS = {"ja": "HeiseiKakuGo-W5", "ko": "HYGothic-Medium", "zh": "STSong-Light"}


# --- Which characters need a CJK font -------------------------------------------------------------------


def script(ch: str) -> str | None:
    """ "ja" (kana), "ko" (hangul), "han" (Chinese characters, CJK punctuation, full-width forms) or None."""
    o = ord(ch)
    if 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F:
        return "ja"
    if 0xAC00 <= o <= 0xD7FF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F or 0xA960 <= o <= 0xA97F:
        return "ko"
    if (
        0x2E80 <= o <= 0x2FDF
        or 0x3000 <= o <= 0x303F
        or 0x3190 <= o <= 0x31EF
        or 0x3200 <= o <= 0x33FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0xFF00 <= o <= 0xFF65
        or 0x20000 <= o <= 0x3FFFF
    ):
        return "han"
    return None


def has_cjk(text: object) -> bool:
    return any(script(ch) for ch in str(text))


# --- The fonts: TrueType when installed, CID otherwise ----------------------------------------------------


def truetype_cjk_files() -> tuple[str, ...]:
    """The TrueType files to try for CJK text, from the ``PDF_CJK_FONT`` setting: "auto" (the default) tries
    ``TRUETYPE_CJK_FILES``; "none" none (the CID fonts); otherwise the paths given, separated by ``:``."""
    value = str(getattr(settings, "PDF_CJK_FONT", "auto") or "auto").strip()
    if value.lower() == "none":
        return ()
    if value.lower() == "auto":
        return TRUETYPE_CJK_FILES
    return tuple(path for path in value.split(os.pathsep) if path)


@functools.cache
def _truetype(path: str) -> tuple[str, frozenset[int]] | None:
    """Register the TrueType font at `path` with reportlab: (its name, the characters it has), or None when
    it is missing or cannot be embedded. Once per process: reading a CJK font takes about half a second."""
    if not os.path.exists(path):
        return None
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = "CJK-" + os.path.splitext(os.path.basename(path))[0]
    try:
        font = TTFont(name, path, subfontIndex=0)
    except Exception as exc:  # PostScript outlines, a broken file: not usable, try the next
        logger.warning("PDF font %s cannot be embedded: %s", path, exc)
        return None
    pdfmetrics.registerFont(font)
    for bold in (0, 1):  # no bold face: bold text of a paragraph prints in the regular one
        for italic in (0, 1):
            addMapping(name, bold, italic, name)
    return name, frozenset(font.face.charToGlyph)


def _truetype_fonts() -> Iterator[tuple[str, frozenset[int]]]:
    """The usable TrueType CJK fonts in order, each read only when the ones before it did not do."""
    return (font for font in map(_truetype, truetype_cjk_files()) if font is not None)


def truetype_cjk_font() -> str | None:
    """The name of the first usable TrueType CJK font (None: CJK text prints in the CID fonts)."""
    return next((name for name, _chars in _truetype_fonts()), None)


@functools.cache
def _cid(name: str) -> str:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont(name))
    return name


def cjk_faces(text: object) -> dict[str, str]:
    """The font of each Chinese, Japanese and Korean character of `text` ({} when it has none): the first
    TrueType font that has them all; else the CID fonts, kana in the Japanese one and hangul in the Korean
    one, Chinese characters in the Japanese font beside kana (the kanji of a Japanese name), else in the
    Korean font beside hangul (hanja), else in the Chinese font."""
    chars = {ch for ch in str(text) if script(ch)}
    if not chars:
        return {}
    wanted = {ord(ch) for ch in chars}
    for name, have in _truetype_fonts():
        if wanted <= have:
            return dict.fromkeys(chars, name)
    scripts = {script(ch) for ch in chars}
    han = "ja" if "ja" in scripts else "ko" if "ko" in scripts else "zh"
    return {ch: _cid(CID_FONTS[han if script(ch) == "han" else str(script(ch))]) for ch in chars}


@functools.cache
def _unicode_fonts() -> tuple[str, str] | None:
    """DejaVu Sans (regular, bold) registered with reportlab when installed, else None."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for regular, bold in UNICODE_FONT_FILES:
        if os.path.exists(regular) and os.path.exists(bold):
            try:
                pdfmetrics.registerFont(TTFont("Export-Sans", regular))
                pdfmetrics.registerFont(TTFont("Export-Sans-Bold", bold))
            except Exception:  # a broken font file: try the next
                continue
            return "Export-Sans", "Export-Sans-Bold"
    return None


def document_fonts(texts: Iterable[object]) -> tuple[str, str]:
    """A document's (regular, bold) fonts for everything but CJK characters: Helvetica, unless a text has
    letters beyond Western European ones (Cyrillic, Greek); then DejaVu Sans when installed, else the
    TrueType CJK font when it has them (it has no bold)."""
    others = {ch for text in texts for ch in str(text) if not script(ch)}
    try:
        "".join(others).encode("cp1252")
    except UnicodeEncodeError:
        pass
    else:
        return LATIN, LATIN_BOLD
    if fonts := _unicode_fonts():
        return fonts
    for name, chars in _truetype_fonts():
        if {ord(ch) for ch in others} <= chars:
            return name, name
    return LATIN, LATIN_BOLD


# --- Writing text ----------------------------------------------------------------------------------------


def runs(text: object, font: str) -> list[tuple[str, str]]:
    """`text` cut into (run, font) pieces: its CJK runs in their font, the rest in `font`."""
    text = str(text)
    faces = cjk_faces(text)
    pieces: list[tuple[str, str]] = []
    for ch in text:
        face = faces.get(ch, font)
        if pieces and pieces[-1][1] == face:
            pieces[-1] = (pieces[-1][0] + ch, face)
        else:
            pieces.append((ch, face))
    return pieces


def markup(text: object) -> str:
    """Paragraph markup for `text`: escaped, its CJK runs in their font, its line breaks kept."""
    pieces = runs(text, "")
    out = "".join(f'<font face="{face}">{escape(run)}</font>' if face else escape(run) for run, face in pieces)
    return out.replace("\n", "<br/>")


def text_width(text: object, font: str, size: float) -> float:
    """The printed width of `text` in `font`, its CJK runs measured in their own font."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(run, face, size) for run, face in runs(text, font))


def draw_string(canvas: Any, x: float, y: float, text: object, font: str, size: float, align: str = "left") -> None:
    """Draw `text` on a canvas at (x, y), left, centre or right aligned, its CJK runs in their own font (one
    line of text, so a reader copies or extracts it whole)."""
    if align != "left":
        width = text_width(text, font, size)
        x -= width / 2 if align == "centre" else width
    line = canvas.beginText(x, y)
    for run, face in runs(text, font):
        line.setFont(face, size)
        line.textOut(run)
    canvas.drawText(line)


def fit(text: str, font: str, size: float, width: float, smallest: float = 6) -> tuple[str, float]:
    """The text and a font size at which it fits `width`: shrinking first, then cutting with an ellipsis."""
    while size > smallest and text_width(text, font, size) > width:
        size -= 0.5
    if text_width(text, font, size) > width:
        while text and text_width(text + "…", font, size) > width:
            text = text[:-1]
        text += "…"
    return text, size


def styles_for(font: str = LATIN, bold: str = LATIN_BOLD) -> dict[str, Any]:
    """The paragraph styles of the flowing documents (title, subtitle, normal, small, cell) in `font`."""
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet

    base = getSampleStyleSheet()
    return {
        "title": ParagraphStyle("x-title", parent=base["Title"], fontName=bold, fontSize=14, leading=17, spaceAfter=2),
        "subtitle": ParagraphStyle(
            "x-subtitle", parent=base["Normal"], fontName=font, fontSize=9, leading=11, alignment=1, spaceAfter=6
        ),
        "normal": ParagraphStyle("x-normal", parent=base["Normal"], fontName=font, fontSize=9, leading=11),
        "small": ParagraphStyle("x-small", parent=base["Normal"], fontName=font, fontSize=7.5, leading=9),
        "cell": ParagraphStyle("x-cell", parent=base["Normal"], fontName=font, fontSize=8, leading=9.5),
    }


def paragraph(text: object, style: Any) -> Any:
    from reportlab.platypus import Paragraph

    return Paragraph(markup(text), style)


def fitted(text: object, style: Any, width: float, height: float, smallest: float = 5) -> Any:
    """A paragraph of `text` that fits a cell of `width` x `height` points: it wraps, and its font shrinks
    (half a point at a time, not below `smallest`) until no word is wider than the cell and the lines fit its
    height. The longest names of the demo ("María José Fernández-Olmedo de la Concepción") then stay in their
    cell instead of running over the next one."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    size = float(style.fontSize)
    while True:
        shrunk = ParagraphStyle(f"{style.name}-{size}", parent=style, fontSize=size, leading=round(size * 1.12, 2))
        result = Paragraph(markup(text), shrunk)
        _w, h = result.wrap(width, 10_000)
        if size <= smallest or (h <= height + 0.01 and result.minWidth() <= width + 0.01):
            return result
        size -= 0.5


ALIGNMENTS = {"LEFT": 0, "CENTER": 1, "CENTRE": 1, "RIGHT": 2, "DECIMAL": 2}


def table(rows: list[list[Any]], commands: list[tuple[Any, ...]], **kwargs: Any) -> Any:
    """A reportlab Table styled with `commands` whose text cells print CJK: a cell holding CJK text becomes
    a paragraph in the font, size, colour and alignment the commands gave the cell (a table draws a text
    cell in one font, which has no CJK glyphs)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Table, TableStyle

    result = Table(rows, **kwargs)
    result.setStyle(TableStyle(commands))
    styles: dict[tuple[Any, ...], ParagraphStyle] = {}
    # The cell styles reportlab resolved from the commands (pinned reportlab; tests/exports/test_typography.py).
    for values, cell_styles in zip(result._cellvalues, result._cellStyles):
        for c, value in enumerate(values):
            if not isinstance(value, str) or not has_cjk(value):
                continue
            cs = cell_styles[c]
            key = (cs.fontname, cs.fontsize, cs.leading, cs.alignment, str(cs.color))
            if key not in styles:
                styles[key] = ParagraphStyle(
                    f"x-table-{len(styles)}",
                    fontName=cs.fontname,
                    fontSize=cs.fontsize,
                    leading=cs.leading,
                    alignment=ALIGNMENTS.get(str(cs.alignment).upper(), 0),
                    textColor=cs.color,
                )
            values[c] = Paragraph(markup(value), styles[key])
    return result
