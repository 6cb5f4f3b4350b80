"""Player codes against guessing, without locking a venue out (docs/security.md has the arithmetic).

A player code opens that player's private page with no login (``tournament.services.player_for_code``). At a
venue every phone shares the hall's one address, so the throttle must let a hall's worth of mistyped codes
through, and still make guessing hopeless:

- wrong codes are counted per address and tournament (core/throttle.py, in the database: every app server sees
  the same count, and parallel guesses cannot slip past it); an address may get ``PLAYER_CODE_FAILURE_LIMIT``
  wrong within ``PLAYER_CODE_WINDOW_MINUTES`` of its first; past that its guesses are refused (429, and when it
  may try again) until that window ends. A refused guess is not looked up, so it tells nothing;
- a phone that has opened a player's page before carries the signed device cookie (core/device.py) noting that
  code: it keeps its page while its address is refused, since it proved the code already. So one person typing
  hundreds of wrong codes at the venue keeps out only the phones that never opened their page.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

from core import device, throttle
from core.prepared import Prepared

if TYPE_CHECKING:
    from tournament.models import Player, Tournament


def _player_of_code_query(tournament: int, code: str):
    from tournament.models import Player

    return Player.objects.filter(tournament_id=tournament, code=code).order_by("number")[:1]


# Looked up on every poll of a player's live page (scoring.live), so compiled once (core.prepared).
_PLAYER_OF_CODE = Prepared(_player_of_code_query, tournament=int, code=str)


def player_of_code(tournament: Tournament, code: str) -> Player | None:
    """The player of the tournament whose code is ``code`` (as stored: ``normalise_code``), or None. No
    throttle: ``tournament.services.player_for_code`` is the door for a code typed or sent."""
    found = _PLAYER_OF_CODE(tournament=tournament.pk, code=code) if code else []
    return found[0] if found else None


def failure_window() -> timedelta:
    return timedelta(minutes=settings.PLAYER_CODE_WINDOW_MINUTES)


def bucket(*, tournament: Tournament, address: str) -> throttle.Bucket:
    """What a wrong code counts against: its address, in this tournament."""
    return throttle.Bucket(
        "player-code", (tournament.pk, address or ""), settings.PLAYER_CODE_FAILURE_LIMIT, failure_window()
    )


def _proof(tournament: Tournament, code: str) -> str:
    return device.mark("player-code", tournament.pk, code)


def is_known(request, tournament: Tournament, code: str) -> bool:
    """Whether this phone has opened the page of ``code`` before (its device cookie says so)."""
    return bool(code) and device.knows(request, _proof(tournament, code))


def remember(response, request, tournament: Tournament, code: str) -> None:
    """Let this phone keep ``code``'s page while its address is refused (see the module's docstring)."""
    device.remember(response, request, _proof(tournament, code))


def player_for_request(request, *, tournament: Tournament, code: str):
    """``player_for_code`` for a request: its address (behind the trusted proxies) and its cookie."""
    from core.client import client_address
    from tournament.services import normalise_code, player_for_code

    known = is_known(request, tournament, normalise_code(code))
    return player_for_code(tournament=tournament, code=code, address=client_address(request), known=known)


def wait_minutes(until: datetime | None) -> int:
    if until is None:
        return max(1, settings.PLAYER_CODE_WINDOW_MINUTES)
    return max(1, math.ceil((until - timezone.now()).total_seconds() / 60))


def refused_message(until: datetime | None) -> str:
    minutes = wait_minutes(until)
    return ngettext(
        "Too many wrong player codes have been typed from this network lately. Try again in %(n)s minute. "
        "A phone that has opened its page before still can; a referee can also help.",
        "Too many wrong player codes have been typed from this network lately. Try again in %(n)s minutes. "
        "A phone that has opened its page before still can; a referee can also help.",
        minutes,
    ) % {"n": minutes}


def refused_response(request, tournament: Tournament, until: datetime | None):
    """The page a refused guess gets: 429, what happened and when to try again (also in Retry-After)."""
    response = render(
        request,
        "tournament/code_refused.html",
        {"tournament": tournament, "message": refused_message(until)},
        status=429,
    )
    response["Retry-After"] = str(wait_minutes(until) * 60)
    return response
