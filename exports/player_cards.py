"""Player cards as PDF: one card per player, several to an A4 page with dashed cut lines, printed before the
tournament and handed out at registration.

A card carries the player's number, name and team, their table and starting wind in every session seated
so far (blank where a session is not seated yet, e.g. later Swiss sessions), and a QR code of their page.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.translation import gettext as _

from exports.renderers import fonts
from rules.rotation import WINDS
from tournament.models import WIND_NAMES, Player, Seat, Tournament

MM = 72 / 25.4  # points per millimetre
PAGE_W, PAGE_H = 210 * MM, 297 * MM  # A4
MARGIN = 10 * MM
COLUMNS = 2
PAD = 4 * MM
QR_SIZE = 27 * MM
HEAD_H = QR_SIZE + 3 * MM  # the card's top part: who the player is, and the QR code
SESSIONS_PER_BLOCK = 10  # session columns side by side; more sessions wrap into further blocks
BLOCK_H = 13 * MM  # at least, for three rows: session, table, wind
GAP = 1.5 * MM


def player_card_url(player: Player, request) -> str:
    """The address in the card's QR code: absolute, since it is read by a phone. The player's private page
    when they have a code (their seat, results, fouls, appeals, confirmations; revoked by a new code), else
    the public player page."""
    if player.code:
        return request.build_absolute_uri(reverse("player-page", args=[player.tournament.slug, player.code]))
    return request.build_absolute_uri(player.get_absolute_url())


@dataclass
class Card:
    number: int
    name: str
    team: str
    substitute: bool
    url: str
    seats: list = field(default_factory=list)  # per session 1..n: (table number, wind letter) or None


def player_cards(tournament: Tournament, url_for) -> list[Card]:
    """The cards in player-number order; `url_for(player)` gives the QR code's address."""
    players = list(tournament.players.select_related("team", "tournament").order_by("number"))
    where = {
        (seat.player_id, seat.session.number): (seat.table.number, WINDS[seat.position])
        for seat in Seat.objects.filter(session__tournament=tournament).select_related("session", "table")
    }
    sessions = range(1, tournament.session_count + 1)
    return [
        Card(
            number=p.number,
            name=p.name,
            team=p.team.name if p.team_id else "",
            substitute=p.is_substitute,
            url=url_for(p),
            seats=[where.get((p.pk, n)) for n in sessions],
        )
        for p in players
    ]


def _rows_per_page(session_count: int) -> int:
    """Four cards a column; fewer, taller ones when many sessions need more blocks of the grid."""
    blocks = max(1, -(-session_count // SESSIONS_PER_BLOCK))
    needed = 2 * PAD + HEAD_H + 2 * MM + blocks * (BLOCK_H + GAP)
    available = PAGE_H - 2 * MARGIN
    return max(1, min(4, int(available // needed)))


def _fit(_canvas, text, font, size, width, smallest=6):
    """The text and a font size at which it fits `width`, shrinking first, then cutting with an ellipsis."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    while size > smallest and stringWidth(text, font, size) > width:
        size -= 0.5
    if stringWidth(text, font, size) > width:
        while text and stringWidth(text + "…", font, size) > width:
            text = text[:-1]
        text += "…"
    return text, size


def _name_lines(name, font, width):
    """A name on one line at 13 pt down to 9 pt; a longer one on two lines, cut only if even that fails."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    text, size = _fit(None, name, font, 13, width, smallest=9)
    if text == name:
        return [name], size
    words = name.split()
    best = None
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        widest = max(stringWidth(first, font, 10), stringWidth(second, font, 10))
        if best is None or widest < best[0]:
            best = (widest, first, second)
    if best is None:
        return [_fit(None, name, font, 10, width)[0]], _fit(None, name, font, 10, width)[1]
    first, size = _fit(None, best[1], font, 10, width)
    second, size2 = _fit(None, best[2], font, size, width)
    return [first, second], min(size, size2)


def _qr(canvas, url, x, y, size):
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    # Level M survives a crease or a smudge on a card carried around all day.
    widget = QrCodeWidget(url, barLevel="M", barBorder=2)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    renderPDF.draw(drawing, canvas, x, y)


def _card(canvas, card: Card, tournament: Tournament, x, y, w, h, font, bold):
    """One card with its lower left corner at (x, y)."""
    from reportlab.lib import colors

    top = y + h - PAD
    left = x + PAD
    text_w = w - 2 * PAD - QR_SIZE - 3 * MM
    _qr(canvas, card.url, x + w - PAD - QR_SIZE, top - QR_SIZE, QR_SIZE)
    canvas.setFillColor(colors.HexColor("#555555"))
    title, size = _fit(canvas, tournament.name, font, 7.5, text_w)
    canvas.setFont(font, size)
    canvas.drawString(left, top - 7, title)
    canvas.setFillColor(colors.black)
    number = str(card.number)
    canvas.setFont(bold, 26)
    canvas.drawString(left, top - 34, number)
    lines, size = _name_lines(card.name, bold, text_w)
    canvas.setFont(bold, size)
    for i, line in enumerate(lines):
        canvas.drawString(left, top - 52 - i * (size + 1.5), line)
    team = card.team
    if card.substitute:
        team = f"{team} · {_('substitute')}" if team else _("substitute")
    if team:
        team, size = _fit(canvas, team, font, 9.5, text_w)
        canvas.setFont(font, size)
        canvas.drawString(left, top - 65 - (len(lines) - 1) * 11, team)
    canvas.setFont(font, 6.5)
    canvas.setFillColor(colors.HexColor("#555555"))
    caption, size = _fit(canvas, _("Your seats and results"), font, 6.5, QR_SIZE + 2 * MM, smallest=5)
    canvas.setFont(font, size)
    canvas.drawCentredString(x + w - PAD - QR_SIZE / 2, top - QR_SIZE - 6, caption)
    canvas.setFillColor(colors.black)

    # The grid takes the card's remaining height and width: the table number is what players look for.
    label_w = 13 * MM
    blocks = max(1, -(-len(card.seats) // SESSIONS_PER_BLOCK))
    cell_w = (w - 2 * PAD - label_w) / min(max(len(card.seats), 1), SESSIONS_PER_BLOCK)
    block_top = top - HEAD_H - 2 * MM
    block_h = min((block_top - (y + PAD)) / blocks - GAP, 3 * 8 * MM)
    row_h = block_h / 3
    table_size = min(16, row_h * 0.75, cell_w * 0.5)
    labels = (_("Session"), _("Table"), _("Wind"))
    for start in range(0, len(card.seats), SESSIONS_PER_BLOCK):
        seats = card.seats[start : start + SESSIONS_PER_BLOCK]
        canvas.setStrokeColor(colors.HexColor("#999999"))
        canvas.setLineWidth(0.4)
        right = left + label_w + cell_w * len(seats)
        for r in range(4):
            canvas.line(left, block_top - r * row_h, right, block_top - r * row_h)
        for c in range(len(seats) + 1):
            cx = left + label_w + c * cell_w
            canvas.line(cx, block_top, cx, block_top - block_h)
        for r, label in enumerate(labels):
            text, size = _fit(canvas, label, font, 7, label_w - 2)
            canvas.setFont(font, size)
            canvas.drawString(left, block_top - (r + 0.5) * row_h - size * 0.35, text)
        for c, seat in enumerate(seats):
            cx = left + label_w + c * cell_w + cell_w / 2
            canvas.setFont(font, 7)
            canvas.drawCentredString(cx, block_top - 0.5 * row_h - 2.5, str(start + c + 1))
            if seat is None:
                continue
            table, wind = seat
            canvas.setFont(bold, table_size)
            canvas.drawCentredString(cx, block_top - 1.5 * row_h - table_size * 0.35, str(table))
            wind_text, size = _fit(canvas, str(WIND_NAMES[wind]), font, 8, cell_w - 2, smallest=4.5)
            canvas.setFont(font, size)
            canvas.drawCentredString(cx, block_top - 2.5 * row_h - size * 0.35, wind_text)
        block_top -= block_h + GAP


def _cut_lines(canvas, rows, w, h):
    from reportlab.lib import colors

    canvas.saveState()
    canvas.setStrokeColor(colors.HexColor("#aaaaaa"))
    canvas.setLineWidth(0.5)
    canvas.setDash(3, 3)
    top = PAGE_H - MARGIN
    for r in range(rows + 1):
        canvas.line(MARGIN, top - r * h, MARGIN + COLUMNS * w, top - r * h)
    for c in range(COLUMNS + 1):
        canvas.line(MARGIN + c * w, top, MARGIN + c * w, top - rows * h)
    canvas.restoreState()


def player_cards_pdf(tournament: Tournament, cards: list[Card]) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(PAGE_W, PAGE_H))
    canvas.setTitle(f"{tournament.name}: {_('Player cards')}")
    canvas.setAuthor(tournament.name)
    canvas.setCreator("MCR tournament system")
    font, bold = fonts([tournament.name, *(t for c in cards for t in (c.name, c.team))])
    rows = _rows_per_page(tournament.session_count)
    w = (PAGE_W - 2 * MARGIN) / COLUMNS
    h = (PAGE_H - 2 * MARGIN) / 4 * (4 / rows)
    per_page = rows * COLUMNS
    if not cards:
        canvas.setFont(font, 12)
        canvas.drawString(MARGIN, PAGE_H - MARGIN - 12, _("No players yet: add players, then print their cards."))
    for start in range(0, len(cards), per_page):
        page = cards[start : start + per_page]
        used_rows = -(-len(page) // COLUMNS)
        _cut_lines(canvas, used_rows, w, h)
        for i, card in enumerate(page):
            row, col = divmod(i, COLUMNS)
            _card(canvas, card, tournament, MARGIN + col * w, PAGE_H - MARGIN - (row + 1) * h, w, h, font, bold)
        canvas.showPage()
    if not cards:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
