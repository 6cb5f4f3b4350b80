"""What a player's private page keeps current without a reload (issue 31; docs/running-the-day.md, "Live
pages"): the facts the page shows that change during the day, each a *news item* with a key that changes when
the fact does, and a digest of them all.

The page embeds the items it was drawn with; its script (``static/js/player-live.js``) polls
``player_pulse`` every few seconds and, when the digest differs, fetches the page again and tells the player
what changed: the items whose keys it has not seen. A few small queries, nothing kept in memory between
requests, so any app server answers any poll.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from scoring.lifecycle import AppealStatus
from scoring.models import Appeal, Hand, Signature
from tournament.floor import announcements_shown, call_of_table
from tournament.models import Seat, Session

if TYPE_CHECKING:
    from tournament.models import Player, Table, Tournament

POLL_SECONDS = 3  # the page shows a new seat within a few seconds; the poll costs a handful of small queries
HIDDEN_POLL_SECONDS = 30  # a tab out of sight polls less, and at once when it comes back


@dataclass(frozen=True)
class News:
    key: str  # changes when the fact changes
    text: str  # what the page says about it, when it is new
    silent: bool = False  # changes the page without a notice (their own confirmation, made on the page)


def _seat_text(seat: Seat) -> str:
    return _("Session %(n)s: table %(t)s, starting wind %(wind)s") % {
        "n": seat.session.number,
        "t": seat.table.number,
        "wind": seat.wind_name,
    }


def _still_to_play(seat: Seat) -> bool:
    """The game of this seat is still to be played or being played (``scoring.selectors.still_to_play``)."""
    sheet = getattr(seat.table, "sheet", None)
    return not seat.session.is_closed and (sheet is None or sheet.is_open)


def current_table(seats: list[Seat]) -> Seat | None:
    """The seat the player plays next (or now): the first published session still to be played."""
    return next((seat for seat in seats if _still_to_play(seat)), None)


def player_seats(player: Player) -> list[Seat]:
    return list(
        Seat.objects.filter(player=player, session__in=Session.objects.public())
        .select_related("session", "table__sheet")
        .order_by("session__number")
    )


def _sheet_news(player: Player, seats: list[Seat]) -> list[News]:
    """Sheets waiting for the player's confirmation and hands waiting for it."""
    unsigned = {
        seat.table.sheet.pk: seat
        for seat in seats
        if getattr(seat.table, "sheet", None) is not None and not seat.table.sheet.is_signed
    }
    if not unsigned:
        return []
    news = []
    # Not every hand entered at the player's table: the player sits there, and each would cost every player of
    # the table a fetch of the page (make loadtest: four page fetches a hand). Only what asks them to act.
    hands = Hand.objects.filter(sheet_id__in=unsigned, pending__isnull=False).values_list(
        "sheet_id", "number", "pending_id"
    )
    for sheet_id, number, pending_id in hands.order_by("sheet_id", "number"):
        seat = unsigned[sheet_id]
        if pending_id is not None:
            text = _("Hand %(h)s of session %(n)s, table %(t)s waits for your confirmation") % {
                "h": number,
                "n": seat.session.number,
                "t": seat.table.number,
            }
            news.append(News(f"pending:{sheet_id}:{number}:{pending_id}", text))
    confirming = [pk for pk, seat in unsigned.items() if not seat.table.sheet.is_open]
    confirmed = set(
        Signature.objects.filter(
            sheet_id__in=confirming, role=Signature.Role.PLAYER, player=player, voided_at__isnull=True
        ).values_list("sheet_id", flat=True)
    )
    for pk in confirming:
        seat = unsigned[pk]
        if pk in confirmed:
            news.append(News(f"confirmed:{pk}", "", silent=True))
        else:
            text = _("Session %(n)s, table %(t)s: every hand is in. Check the sheet, then confirm it.") % {
                "n": seat.session.number,
                "t": seat.table.number,
            }
            news.append(News(f"confirm:{pk}", text))
    return news


def _appeal_news(player: Player) -> list[News]:
    mine = Appeal.objects.filter(Q(sheet__table__seats__player=player) | Q(filer=player)).values("pk")
    rows = (
        Appeal.objects.filter(pk__in=mine)
        .annotate(decided=Count("decisions"))
        .values_list("number", "status", "decided")
        .order_by("number")
    )
    return [
        News(
            f"appeal:{number}:{status}:{decided}",
            _("Appeal %(n)s: %(state)s") % {"n": number, "state": AppealStatus(status).label},
        )
        for number, status, decided in rows
    ]


def call_news(call) -> News | None:
    if call is None:
        return None
    if not call.is_live:
        return News(f"call:{call.pk}:closed", _("Your call for a referee is closed."))
    if call.is_taken:
        return News(
            f"call:{call.pk}:taken",
            _("%(name)s is coming to your table.") % {"name": call.taken_by_name or _("A referee")},
        )
    return News(f"call:{call.pk}:open", _("You called a referee; one will come to your table."))


def player_news(tournament: Tournament, player: Player) -> tuple[list[News], Table | None]:
    """Every news item of the player's page, and the table they play at next (or now)."""
    seats = player_seats(player)
    news: list[News] = []
    upcoming = current_table(seats)
    if upcoming is not None:
        news.append(
            News(f"seat:{upcoming.session.number}:{upcoming.table.number}:{upcoming.position}", _seat_text(upcoming))
        )
        call = call_news(call_of_table(upcoming.table))
        if call is not None:
            news.append(call)
    news += _sheet_news(player, seats)
    news += _appeal_news(player)
    news += [News(f"announcement:{a.pk}", a.text) for a in announcements_shown(tournament)]
    return news, upcoming.table if upcoming is not None else None


def digest(news: list[News]) -> str:
    return hashlib.sha256("\n".join(item.key for item in news).encode()).hexdigest()[:16]


def pulse(news: list[News]) -> dict[str, Any]:
    """The JSON the page embeds and its script polls."""
    return {
        "digest": digest(news),
        "news": [asdict(item) for item in news],
        "poll_seconds": POLL_SECONDS,
        "hidden_poll_seconds": HIDDEN_POLL_SECONDS,
    }
