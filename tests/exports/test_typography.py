"""Every PDF prints Latin, Chinese, Japanese and Korean names, each in a font that has its characters: an
embedded TrueType font when the server has one, else the standard CID fonts (docs/pdf.md)."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from exports import typography
from rules import payments as pay
from scoring import services as ap
from scoring import services as ss
from tournament import services as ts

pytestmark = pytest.mark.django_db

# Player 3 is a substitute in `played` (not ranked), so the names go to players 1, 2, 4 and 5.
CHINESE, JAPANESE, KANA, KOREAN = "王小明", "山田太郎", "山田 かな", "김민수"
NAMES = {1: CHINESE, 2: JAPANESE, 4: KANA, 5: KOREAN, 6: "José Núñez"}
TEAM = "東京龍"
# The CID fonts and the scripts they have glyphs for (HeiseiKakuGo has no hangul, HYGothic no kana).
CID_SCRIPTS = {"HeiseiKakuGo-W5": {"ja", "han"}, "HYGothic-Medium": {"ko", "han"}, "STSong-Light": {"han"}}


@pytest.fixture(params=["truetype", "cid"])
def font_path(request, settings):
    """Both ways CJK text is printed: the embedded TrueType font (when one is installed) and the CID fonts."""
    if request.param == "cid":
        settings.PDF_CJK_FONT = "none"
    else:
        settings.PDF_CJK_FONT = "auto"
        if typography.truetype_cjk_font() is None:
            pytest.skip("no TrueType CJK font installed (apt-get install fonts-wqy-microhei)")
    return request.param


@pytest.fixture
def cjk(played, players, organizer, referee):
    """`played` with Chinese, Japanese and Korean names, a Japanese team name, a penalty on each CJK-named
    player (so the record of fouls names them all) and an appeal filed by the Japanese player."""
    for number, name in NAMES.items():
        ts.player_update(player=players[number - 1], name=name, by=organizer)
    for player in players[:2]:
        ts.player_update(player=player, team=TEAM, by=organizer)
    session = played.sessions.get(number=2)
    first, second = (session.tables.get(number=n).sheet for n in (1, 2))
    penalty = None
    for sheet, player in ((first, players[0]), (first, players[1]), (first, players[3]), (second, players[4])):
        given = ss.penalty_record(
            sheet=sheet, player=player, amount=5, to=pay.TO_NOBODY, reason=f"{player.name} slow play", by=referee
        )
        penalty = penalty or given
    ap.appeal_file(
        sheet=first,
        filer=players[1],
        kind="rule",
        penalty=penalty,
        statement=f"{CHINESE} was not slow; {KANA} and {KOREAN} saw it.",
        by=referee,
    )
    return played


def every_pdf(slug):
    """(url, the names it must print) of every PDF of the tournament."""
    everyone = list(NAMES.values())
    dataset = [
        reverse(name, args=[slug, "pdf"]) for name in ("export-standings", "export-team-standings", "export-tabulation")
    ]
    return [
        *((url, everyone) for url in dataset),
        (reverse("export-fouls", args=[slug, "pdf"]), [CHINESE, JAPANESE, KANA, KOREAN]),
        (reverse("export-score-sheets", args=[slug, 1]), everyone),
        (reverse("export-score-sheets", args=[slug, 1]) + "?blank=1", everyone),
        (reverse("export-score-sheet", args=[slug, 2, 1]), [CHINESE, JAPANESE, KANA]),
        (reverse("export-player-cards", args=[slug]), everyone),
        (reverse("export-seat-list", args=[slug, 1]), everyone),
        (reverse("appeal-pdf", args=[slug, 1]), [CHINESE, JAPANESE, KANA, KOREAN]),
    ]


def text_and_fonts(content):
    """The PDF's text, and each piece of text shown with the name of the font it is shown in."""
    pieces = []

    def visit(text, _cm, _tm, font, _size):
        if text.strip() and font is not None:
            pieces.append((text, str(font["/BaseFont"]).lstrip("/")))

    reader = PdfReader(io.BytesIO(content))
    text = "\n".join(page.extract_text(visitor_text=visit) for page in reader.pages)
    return text, pieces


def embedded_cjk_font():
    """The PostScript name and the characters of the TrueType CJK font in use."""
    name = typography.truetype_cjk_font()
    return pdfmetrics.getFont(name).face.name.decode(), next(typography._truetype_fonts())[1]


def assert_cjk_has_glyphs(pieces, path, url):
    """No CJK character is shown in a Latin font, nor in a CJK font without it."""
    truetype = embedded_cjk_font() if path == "truetype" else None
    for text, font in pieces:
        scripts = {typography.script(ch) for ch in text} - {None}
        if not scripts:
            continue
        name = font.split("+")[-1]  # an embedded subset is named ABCDEF+Name-n
        assert not name.startswith(("Helvetica", "Courier", "Times", "Zapf", "Symbol", "DejaVu")), (url, text, font)
        if path == "cid":
            assert scripts <= CID_SCRIPTS[name], (url, text, font)
        else:
            assert name.rsplit("-", 1)[0] == truetype[0], (url, text, font)
            assert all(ord(ch) in truetype[1] for ch in text if typography.script(ch)), (url, text)


def test_every_pdf_prints_chinese_japanese_and_korean_names(client_for, cjk, font_path):
    client = client_for("organizer")
    for url, names in every_pdf(cjk.slug):
        response = client.get(url)
        assert response.status_code == 200, url
        text, pieces = text_and_fonts(response.content)
        for name in names:
            assert name in text, (font_path, url, name, text[:300])
        assert "■" not in text, (url, "a character no font had")
        assert_cjk_has_glyphs(pieces, font_path, url)
        fonts = {font for _text, font in pieces}
        if font_path == "truetype":
            assert any(embedded_cjk_font()[0] in font for font in fonts), url
        else:
            assert fonts & set(CID_SCRIPTS), url
            assert b"/FontFile2" not in response.content or "DejaVu" in str(fonts), url  # nothing embedded


def test_every_pdf_in_chinese_prints_its_labels(client_for, cjk, font_path):
    """The labels of a Chinese-speaking organizer's PDFs (headings, table headers, the card's grid, the page
    number) are CJK text too."""
    client = client_for("organizer")
    for url, _names in every_pdf(cjk.slug):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert response.status_code == 200, url
        text, pieces = text_and_fonts(response.content)
        assert "■" not in text, url
        assert_cjk_has_glyphs(pieces, font_path, url)
    sheets = client.get(reverse("export-score-sheets", args=[cjk.slug, 1]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    text, _pieces = text_and_fonts(sheets.content)
    assert "一轮比赛的记分表" in text and "总分" in text and "桌分" in text


# --- the module's choices ---------------------------------------------------------------------------------


def test_cid_fonts_by_script(settings):
    settings.PDF_CJK_FONT = "none"
    assert typography.truetype_cjk_font() is None
    assert typography.runs("李伟 (Li Wei)", "Helvetica") == [("李伟", "STSong-Light"), (" (Li Wei)", "Helvetica")]
    # Kana: the kanji beside them print in the Japanese font too; hangul in the Korean one.
    assert {face for _run, face in typography.runs("山田 たろう", "X")} == {"HeiseiKakuGo-W5", "X"}
    assert typography.runs("김민준", "X") == [("김민준", "HYGothic-Medium")]
    # Kana and hangul in one text: each in a font that has it.
    assert dict(typography.runs("かな김", "X")) == {"かな": "HeiseiKakuGo-W5", "김": "HYGothic-Medium"}
    assert typography.markup("李伟 (Li <Wei>)") == '<font face="STSong-Light">李伟</font> (Li &lt;Wei&gt;)'
    assert typography.runs("Ana López", "X") == [("Ana López", "X")]


def test_the_truetype_font_prints_every_script_when_installed(settings):
    settings.PDF_CJK_FONT = "auto"
    name = typography.truetype_cjk_font()
    if name is None:
        pytest.skip("no TrueType CJK font installed")
    assert {face for _run, face in typography.runs(f"{CHINESE} {KANA} {KOREAN}", "Helvetica")} == {name, "Helvetica"}


def test_a_font_without_the_characters_is_not_used(settings):
    """A TrueType font named in the setting that lacks CJK characters (DejaVu Sans), or is missing, leaves
    the text to the CID fonts."""
    settings.PDF_CJK_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:/nowhere/font.ttc"
    assert typography.runs("김민수", "Helvetica") == [("김민수", "HYGothic-Medium")]


def test_latin_letters_beyond_western_europe_get_a_unicode_font(settings):
    settings.PDF_CJK_FONT = "auto"
    assert typography.document_fonts(["Ana López", CHINESE]) == ("Helvetica", "Helvetica-Bold")
    regular, bold = typography.document_fonts(["Иван Петров"])
    if regular == "Helvetica":  # neither DejaVu Sans nor a TrueType CJK font installed
        assert typography._unicode_fonts() is None and typography.truetype_cjk_font() is None
    else:
        assert all(ord(ch) in pdfmetrics.getFont(face).face.charToGlyph for ch in "Иван" for face in (regular, bold))


def test_a_table_cell_with_cjk_text_keeps_its_font_size_and_alignment(settings):
    settings.PDF_CJK_FONT = "none"
    table = typography.table(
        [["Name", CHINESE], [KOREAN, "7"]],
        [("FONT", (0, 0), (-1, -1), "Helvetica-Bold", 13), ("ALIGN", (1, 0), (1, -1), "RIGHT")],
        colWidths=[100, 100],
    )
    cells = table._cellvalues
    assert cells[0][0] == "Name" and cells[1][1] == "7"
    assert isinstance(cells[0][1], Paragraph) and isinstance(cells[1][0], Paragraph)
    style: ParagraphStyle = cells[0][1].style
    assert (style.fontName, style.fontSize, style.alignment) == ("Helvetica-Bold", 13, 2)
    assert 'face="STSong-Light"' in cells[0][1].text


def test_draw_string_centres_mixed_text(settings):
    settings.PDF_CJK_FONT = "none"
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    typography.draw_string(canvas, 100, 100, f"7 {KOREAN}", "Helvetica", 10, "centre")
    canvas.save()
    text, pieces = text_and_fonts(buffer.getvalue())
    assert KOREAN in text and ("7 ", "Helvetica") in pieces
    width = typography.text_width(f"7 {KOREAN}", "Helvetica", 10)
    assert width == pytest.approx(
        pdfmetrics.stringWidth("7 ", "Helvetica", 10) + pdfmetrics.stringWidth(KOREAN, "HYGothic-Medium", 10)
    )
