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
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.prepared import Prepared
from scoring import lifecycle as sheet_lifecycle
from scoring.lifecycle import AppealStatus
from scoring.models import Appeal, Hand, Signature
from tournament import lifecycle as session_lifecycle
from tournament.floor import announcements_shown, calls_of_table
from tournament.models import Seat, Session

if TYPE_CHECKING:
    from tournament.models import Player, Tournament

POLL_SECONDS = 3  # the page shows a new seat within a few seconds; the poll costs a handful of small queries
HIDDEN_POLL_SECONDS = 30  # a tab out of sight polls less, and at once when it comes back


@dataclass(frozen=True)
class News:
    key: str  # changes when the fact changes
    text: str  # what the page says about it, when it is new
    silent: bool = False  # changes the page without a notice (their own confirmation, made on the page)


# The queries of the news. The poll runs them ~70 times a second in `make loadtest` (200 pages open), so each is
# compiled once (core.prepared): building and compiling a queryset cost ten times more CPU than running it. They
# read values, never model instances, and the states through the lifecycles' own functions.
_SEATS = Prepared(
    lambda player: (
        Seat.objects.filter(player_id=player, session__in=Session.objects.public())
        .order_by("session__number")
        .values_list(
            "session__number",
            "session__status",
            "table_id",
            "table__number",
            "position",
            "table__sheet",
            "table__sheet__status",
        )
    ),
    player=int,
)
_CALL = Prepared(lambda table: calls_of_table(table).values_list("pk", "status", "taken_by_name")[:1], table=int)
# Every hand waiting for a player of the player's tables, and every signature of theirs: a handful; the news keep
# those of the sheets still unsigned (``_sheet_news``).
_PENDING_HANDS = Prepared(
    lambda player: (
        Hand.objects.filter(pending__isnull=False, sheet__table__seats__player_id=player)
        .order_by("sheet_id", "number")
        .values_list("sheet_id", "number", "pending_id")
    ),
    player=int,
)
_SIGNED = Prepared(
    lambda player: Signature.objects.filter(
        player_id=player, role=Signature.Role.PLAYER, voided_at__isnull=True
    ).values_list("sheet_id", flat=True),
    player=int,
)
_APPEALS = Prepared(
    lambda player: (
        Appeal.objects.filter(
            pk__in=Appeal.objects.filter(Q(sheet__table__seats__player_id=player) | Q(filer_id=player)).values("pk")
        )
        .annotate(decided=Count("decisions"))
        .values_list("number", "status", "decided")
        .order_by("number")
    ),
    player=int,
)
_ANNOUNCEMENTS = Prepared(
    lambda tournament, now: announcements_shown(tournament, now).values_list("pk", "text"),
    tournament=int,
    now=datetime,
)


@dataclass(frozen=True)
class SeatFacts:
    """One of the player's seats in a published session, as far as the news read it."""

    session: int
    session_status: str
    table_id: int
    table: int
    position: int
    sheet_id: int | None
    sheet_status: str | None

    @property
    def still_to_play(self) -> bool:
        """The game of this seat is still to be played or being played (``scoring.selectors.still_to_play``)."""
        return not session_lifecycle.is_closed(self.session_status) and (
            self.sheet_status is None or sheet_lifecycle.is_open(self.sheet_status)
        )

    @property
    def unsigned(self) -> bool:
        """It has a sheet, not signed yet (``ScoreSheet.is_signed``)."""
        return self.sheet_status is not None and not sheet_lifecycle.is_finished(self.sheet_status)

    @property
    def wind_name(self) -> str:
        return Seat.wind_name_of(self.position)


@dataclass(frozen=True)
class CallFacts:
    """A table's call as the news read it; ``status`` is read by ``tournament.lifecycle``'s call functions."""

    pk: int
    status: str
    taken_by_name: str

    @property
    def is_live(self) -> bool:
        return session_lifecycle.call_is_live(self)

    @property
    def is_taken(self) -> bool:
        return session_lifecycle.call_is_taken(self)


def _seat_text(seat: SeatFacts) -> str:
    return _("Session %(n)s: table %(t)s, starting wind %(wind)s") % {
        "n": seat.session,
        "t": seat.table,
        "wind": seat.wind_name,
    }


def current_table(seats: list[SeatFacts]) -> SeatFacts | None:
    """The seat the player plays next (or now): the first published session still to be played."""
    return next((seat for seat in seats if seat.still_to_play), None)


def player_seats(player_id: int) -> list[SeatFacts]:
    return [SeatFacts(*row) for row in _SEATS(player=player_id)]


def _sheet_news(player_id: int, seats: list[SeatFacts]) -> list[News]:
    """Sheets waiting for the player's confirmation and hands waiting for it."""
    unsigned = {seat.sheet_id: seat for seat in seats if seat.unsigned}
    if not unsigned:
        return []
    news = []
    # Not every hand entered at the player's table: the player sits there, and each would cost every player of
    # the table a fetch of the page (make loadtest: four page fetches a hand). Only what asks them to act.
    for sheet_id, number, pending_id in _PENDING_HANDS(player=player_id):
        seat = unsigned.get(sheet_id)
        if seat is not None:
            text = _("Hand %(h)s of session %(n)s, table %(t)s waits for your confirmation") % {
                "h": number,
                "n": seat.session,
                "t": seat.table,
            }
            news.append(News(f"pending:{sheet_id}:{number}:{pending_id}", text))
    confirming = [pk for pk, seat in unsigned.items() if not sheet_lifecycle.is_open(seat.sheet_status or "")]
    confirmed = set(_SIGNED(player=player_id)) if confirming else set()
    for pk in confirming:
        seat = unsigned[pk]
        if pk in confirmed:
            news.append(News(f"confirmed:{pk}", "", silent=True))
        else:
            text = _("Session %(n)s, table %(t)s: every hand is in. Check the sheet, then confirm it.") % {
                "n": seat.session,
                "t": seat.table,
            }
            news.append(News(f"confirm:{pk}", text))
    return news


def _appeal_news(player_id: int) -> list[News]:
    return [
        News(
            f"appeal:{number}:{status}:{decided}",
            _("Appeal %(n)s: %(state)s") % {"n": number, "state": AppealStatus(status).label},
        )
        for number, status, decided in _APPEALS(player=player_id)
    ]


def call_news(call: CallFacts | None) -> News | None:
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


def table_call(table_id: int) -> CallFacts | None:
    """The call the table shows (``tournament.floor.call_of_table``)."""
    rows = _CALL(table=table_id)
    return CallFacts(*rows[0]) if rows else None


def player_news(
    tournament: Tournament, player: Player, now: datetime | None = None
) -> tuple[list[News], SeatFacts | None]:
    """Every news item of the player's page, and the seat they play at next (or now)."""
    seats = player_seats(player.pk)
    news: list[News] = []
    upcoming = current_table(seats)
    if upcoming is not None:
        news.append(News(f"seat:{upcoming.session}:{upcoming.table}:{upcoming.position}", _seat_text(upcoming)))
        call = call_news(table_call(upcoming.table_id))
        if call is not None:
            news.append(call)
    news += _sheet_news(player.pk, seats)
    news += _appeal_news(player.pk)
    shown = _ANNOUNCEMENTS(tournament=tournament.pk, now=now or timezone.now())
    news += [News(f"announcement:{pk}", text) for pk, text in shown]
    return news, upcoming


def digest(news: list[News]) -> str:
    return hashlib.sha256("\n".join(item.key for item in news).encode()).hexdigest()[:16]


def pulse(news: list[News]) -> dict[str, Any]:
    """The JSON the page embeds and its script polls."""
    return {
        "digest": digest(news),
        "news": [{"key": item.key, "text": item.text, "silent": item.silent} for item in news],
        "poll_seconds": POLL_SECONDS,
        "hidden_poll_seconds": HIDDEN_POLL_SECONDS,
    }
