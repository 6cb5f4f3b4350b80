"""Player cards as PDF: one card per player, several to an A4 page with dashed cut lines, printed before the
tournament and handed out at registration.

A card carries the player's number, name and team, their table and starting wind in every session seated
so far (blank where a session is not seated yet, e.g. later Swiss sessions), a QR code of their page, and
under it their code as text (made when a session is first published or the players imported), which they
type on the confirmation page ("the code printed on your player card").
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from exports.typography import document_fonts, draw_string, fit, text_width
from rules.rotation import WINDS
from tournament.models import WIND_NAMES, Player, Seat, Tournament

MM = 72 / 25.4  # points per millimetre
PAGE_W, PAGE_H = 210 * MM, 297 * MM  # A4
MARGIN = 10 * MM
COLUMNS = 2
PAD = 4 * MM
QR_SIZE = 27 * MM
HEAD_H = QR_SIZE + 7 * MM  # the card's top part: who the player is, the QR code and the code under it
CODE_FONT = "Courier-Bold"  # the code's letters and digits, evenly spaced, as the player types them
SESSIONS_PER_BLOCK = 10  # session columns side by side; more sessions wrap into further blocks
BLOCK_H = 13 * MM  # at least, for three rows: session, table, wind
GAP = 1.5 * MM


Fonts = tuple[str, str]  # regular, bold
Seated = tuple[int, str] | None  # a session's table number and wind letter, None when not seated


def player_card_url(player: Player, request: HttpRequest) -> str:
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
    code: str = ""  # as printed, K7PM-4XQ2; "" until the player has one
    # The short address where the code is typed, for a player who cannot scan (no camera, an old phone):
    # printed beside the QR code without its scheme, as people type it.
    short_url: str = ""
    seats: list[Seated] = field(default_factory=list)  # per session 1..n


def short_address(url: str) -> str:
    """An absolute address as a person types it: no scheme, no trailing slash."""
    return url.split("://", 1)[-1].rstrip("/")


def player_cards(
    tournament: Tournament, url_for: Callable[[Player], str], short_url: str = "", numbers: set[int] | None = None
) -> list[Card]:
    """The cards in player-number order; `url_for(player)` gives the QR code's address, ``short_url`` the
    address to type the code at. ``numbers``: only these players' cards (one card reprinted alone)."""
    players = tournament.players.select_related("team", "tournament").order_by("number")
    if numbers is not None:
        players = players.filter(number__in=numbers)
    where = {
        (seat.player_id, seat.session.number): (seat.table.number, WINDS[seat.position])
        for seat in Seat.objects.filter(session__tournament=tournament).select_related("session", "table")
    }
    sessions = range(1, tournament.session_count + 1)
    return [
        Card(
            number=p.number,
            name=p.name,
            team=p.team.name if p.team is not None else "",
            substitute=p.is_substitute,
            url=url_for(p),
            code=p.code_display,
            short_url=short_address(short_url) if p.code else "",
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


def _name_lines(name: str, font: str, width: float) -> tuple[list[str], float]:
    """A name on one line at 13 pt down to 9 pt; a longer one on two lines, cut only if even that fails."""
    text, size = fit(name, font, 13, width, smallest=9)
    if text == name:
        return [name], size
    words = name.split()
    best = None
    for cut in range(1, len(words)):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        widest = max(text_width(first, font, 10), text_width(second, font, 10))
        if best is None or widest < best[0]:
            best = (widest, first, second)
    if best is None:
        text, size = fit(name, font, 10, width)
        return [text], size
    first, size = fit(best[1], font, 10, width)
    second, size2 = fit(best[2], font, size, width)
    return [first, second], min(size, size2)


def _qr(canvas: Any, url: str, x: float, y: float, size: float) -> None:
    from reportlab.graphics import renderPDF
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing

    # Level M survives a crease or a smudge on a card carried around all day.
    widget = QrCodeWidget(url, barLevel="M", barBorder=2)
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    renderPDF.draw(drawing, canvas, x, y)


def _code(canvas: Any, code: str, centre: float, y: float, font: str, width: float) -> None:
    """The player's code as text, centred under the QR code: typed on the confirmation page when the QR
    code cannot be read, or with no phone camera at hand."""
    label = _("Code")
    label_size, code_size = 7, 10.5
    gap = 3
    total = text_width(label, font, label_size) + gap + text_width(code, CODE_FONT, code_size)
    if total > width:  # a long translation of "Code": the code alone
        label, total = "", text_width(code, CODE_FONT, code_size)
    x = centre - total / 2
    if label:
        draw_string(canvas, x, y, label, font, label_size)
        x += text_width(label, font, label_size) + gap
    draw_string(canvas, x, y, code, CODE_FONT, code_size)


def _card_head(canvas: Any, card: Card, tournament: Tournament, x: float, top: float, w: float, fonts: Fonts) -> None:
    """The card's top: the tournament, the player's number, name and team; at the right the QR code of
    their page, and under it their code."""
    from reportlab.lib import colors

    font, bold = fonts
    left = x + PAD
    text_w = w - 2 * PAD - QR_SIZE - 3 * MM
    qr_centre = x + w - PAD - QR_SIZE / 2
    _qr(canvas, card.url, x + w - PAD - QR_SIZE, top - QR_SIZE, QR_SIZE)
    grey = colors.HexColor("#555555")
    canvas.setFillColor(grey)
    title, size = fit(tournament.name, font, 7.5, text_w)
    draw_string(canvas, left, top - 7, title, font, size)
    caption, size = fit(_("Your seats and results"), font, 6.5, QR_SIZE + 2 * MM, smallest=5)
    draw_string(canvas, qr_centre, top - QR_SIZE - 6, caption, font, size, "centre")
    canvas.setFillColor(colors.black)
    if card.code:
        _code(canvas, card.code, qr_centre, top - QR_SIZE - 16, font, QR_SIZE + 4 * MM)
    draw_string(canvas, left, top - 34, str(card.number), bold, 26)
    lines, size = _name_lines(card.name, bold, text_w)
    for i, line in enumerate(lines):
        draw_string(canvas, left, top - 52 - i * (size + 1.5), line, bold, size)
    team = card.team
    if card.substitute:
        team = f"{team} · {_('substitute')}" if team else _("substitute")
    if team:
        team, size = fit(team, font, 9.5, text_w)
        draw_string(canvas, left, top - 65 - (len(lines) - 1) * 11, team, font, size)
    if card.short_url:
        _short_address(canvas, card.short_url, left, top, text_w, font)


def _address_lines(address: str, width: float) -> tuple[list[str], float]:
    """The short address on one line, 8 pt down to 6.5; a longer one split after its host onto two lines.
    Never cut with an ellipsis: a cut address cannot be typed."""
    size = 8.0
    while size > 6.5 and text_width(address, CODE_FONT, size) > width:
        size -= 0.5
    if text_width(address, CODE_FONT, size) <= width:
        return [address], size
    host, _slash, path = address.partition("/")
    lines = [host, "/" + path] if path else [address]
    size = 8.0
    while size > 3 and max(text_width(line, CODE_FONT, size) for line in lines) > width:
        size -= 0.5
    return lines, size


def _short_address(canvas: Any, address: str, left: float, top: float, width: float, font: str) -> None:
    """Beside the QR code, level with the code under it: where a player who cannot scan types their code."""
    from reportlab.lib import colors

    canvas.setFillColor(colors.HexColor("#555555"))
    label, size = fit(_("Cannot scan? Type your code at"), font, 6.5, width, smallest=5)
    draw_string(canvas, left, top - QR_SIZE - 6, label, font, size)
    canvas.setFillColor(colors.black)
    lines, size = _address_lines(address, width)
    for i, line in enumerate(lines):
        draw_string(canvas, left, top - QR_SIZE - (16 if len(lines) == 1 else 14.5 + 8 * i), line, CODE_FONT, size)


def _seat_grid(
    canvas: Any, seats: list[Seated], left: float, top: float, w: float, bottom: float, fonts: Fonts
) -> None:
    """Session, table and wind of each session, ten sessions to a block; the grid takes the card's remaining
    height and width: the table number is what players look for."""
    from reportlab.lib import colors

    font, bold = fonts
    label_w = 13 * MM
    blocks = max(1, -(-len(seats) // SESSIONS_PER_BLOCK))
    cell_w = (w - label_w) / min(max(len(seats), 1), SESSIONS_PER_BLOCK)
    block_h = min((top - bottom) / blocks - GAP, 3 * 8 * MM)
    row_h = block_h / 3
    table_size = min(16, row_h * 0.75, cell_w * 0.5)
    labels = (_("Session"), _("Table"), _("Wind"))
    for start in range(0, len(seats), SESSIONS_PER_BLOCK):
        block = seats[start : start + SESSIONS_PER_BLOCK]
        canvas.setStrokeColor(colors.HexColor("#999999"))
        canvas.setLineWidth(0.4)
        right = left + label_w + cell_w * len(block)
        for r in range(4):
            canvas.line(left, top - r * row_h, right, top - r * row_h)
        for c in range(len(block) + 1):
            cx = left + label_w + c * cell_w
            canvas.line(cx, top, cx, top - block_h)
        for r, label in enumerate(labels):
            text, size = fit(label, font, 7, label_w - 2)
            draw_string(canvas, left, top - (r + 0.5) * row_h - size * 0.35, text, font, size)
        for c, seat in enumerate(block):
            cx = left + label_w + c * cell_w + cell_w / 2
            draw_string(canvas, cx, top - 0.5 * row_h - 2.5, str(start + c + 1), font, 7, "centre")
            if seat is None:
                continue
            table, wind = seat
            draw_string(canvas, cx, top - 1.5 * row_h - table_size * 0.35, str(table), bold, table_size, "centre")
            wind_text, size = fit(str(WIND_NAMES[wind]), font, 8, cell_w - 2, smallest=4.5)
            draw_string(canvas, cx, top - 2.5 * row_h - size * 0.35, wind_text, font, size, "centre")
        top -= block_h + GAP


def _card(
    canvas: Any, card: Card, tournament: Tournament, x: float, y: float, w: float, h: float, fonts: Fonts
) -> None:
    """One card with its lower left corner at (x, y)."""
    top = y + h - PAD
    _card_head(canvas, card, tournament, x, top, w, fonts)
    _seat_grid(canvas, card.seats, x + PAD, top - HEAD_H - 2 * MM, w - 2 * PAD, y + PAD, fonts)


def _cut_lines(canvas: Any, rows: int, w: float, h: float) -> None:
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
    fonts = document_fonts([tournament.name, *(t for c in cards for t in (c.name, c.team))])
    rows = _rows_per_page(tournament.session_count)
    w = (PAGE_W - 2 * MARGIN) / COLUMNS
    h = (PAGE_H - 2 * MARGIN) / 4 * (4 / rows)
    per_page = rows * COLUMNS
    if not cards:
        message = _("No players yet: add players, then print their cards.")
        draw_string(canvas, MARGIN, PAGE_H - MARGIN - 12, message, fonts[0], 12)
    for start in range(0, len(cards), per_page):
        page = cards[start : start + per_page]
        used_rows = -(-len(page) // COLUMNS)
        _cut_lines(canvas, used_rows, w, h)
        for i, card in enumerate(page):
            row, col = divmod(i, COLUMNS)
            _card(canvas, card, tournament, MARGIN + col * w, PAGE_H - MARGIN - (row + 1) * h, w, h, fonts)
        canvas.showPage()
    if not cards:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
