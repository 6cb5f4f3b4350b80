"""A session's lifecycle, defined once: its stored states, the moves allowed from each, the questions every
reader asks of them (public? seated? closed?) and the phase people see, with one label per phase. The
model (``Session``, ``SessionQuerySet``), the services, the dashboard, the sessions lists, the public pages,
the hall display and the API read these; nothing else compares a session's status.

Stored states say what the organizer did:

    planned -> seated          seated (by any method; seated again while nothing is published or scored)
    seated -> planned          an elimination undone takes the next round's seating back
    seated -> published        its seating is published: everyone sees it, and its results
    published -> closed        closed: its results are final (``schedule.services.session_close``)
    closed -> published        reopened, saying why

``SESSION`` is the table (``core.lifecycle.Lifecycle``): each move named, with the message of its refusal;
``SESSION.move`` is the only writer of a session's status.

The phase adds what the referees are doing, so a published session whose hands are coming in reads
"In play" everywhere, and one whose every sheet is signed reads "All sheets signed" until it is closed.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.lifecycle import Lifecycle, move


class SessionStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    SEATED = "seated", _("Seated")
    PUBLISHED = "published", _("Seating published")
    CLOSED = "closed", _("Closed")


_S = SessionStatus
# Seating refused once published (``schedule.services.check_seating_may_change`` says so first, with the list).
_PUBLISHED_STAYS = (
    _("The seating of sessions %(s)s is already published; players may have seen it, so it is not replaced."),
    "published",
)
SESSION = Lifecycle(
    model="tournament.Session",
    states=SessionStatus,
    moves={
        "seat": move({_S.PLANNED, _S.SEATED}, _S.SEATED, _PUBLISHED_STAYS),
        # An elimination undone takes the next round's seating back.
        "unseat": move({_S.SEATED}, _S.PLANNED, _PUBLISHED_STAYS),
        "publish": move({_S.SEATED}, _S.PUBLISHED, _("Only a seated session can be published.")),
        "close": move(
            {_S.PUBLISHED},
            _S.CLOSED,
            {
                _S.CLOSED: _("Session %(n)s is already closed."),
                None: _("Publish the seating of session %(n)s before closing it."),
            },
        ),
        "reopen": move({_S.CLOSED}, _S.PUBLISHED, _("Session %(n)s is not closed.")),
    },
    params=lambda session: {"n": session.number, "s": session.number},
)
TRANSITIONS: dict[str, frozenset[str]] = SESSION.transitions

# public: its seating and results are shown to everyone (published, or closed after being played); before,
#   only its organizers and referees see them, and nothing of it reaches the public: no page, file, API
#   answer or hall display.
PUBLIC = (SessionStatus.PUBLISHED, SessionStatus.CLOSED)
# seated: it has tables and seats (seated, published or closed).
SEATED = (SessionStatus.SEATED, SessionStatus.PUBLISHED, SessionStatus.CLOSED)
# closed: its results are final; open: not closed (planned, seated or in play).
CLOSED = (SessionStatus.CLOSED,)
# awaiting publication: seated, its seating not published yet (what "publish" and "publish all" act on).
AWAITING_PUBLICATION = (SessionStatus.SEATED,)
# Referees enter hands and fouls only at a published session: what they enter is public at once, so
# nothing is entered that the players cannot see (docs/running-the-day.md, "Publishing").
ENTRY = (SessionStatus.PUBLISHED, SessionStatus.CLOSED)


def may_move(old: str, new: str) -> bool:
    return SESSION.may_move(old, new)


def is_public(status: str) -> bool:
    return status in PUBLIC


def is_seated(status: str) -> bool:
    return status in SEATED


def is_closed(status: str) -> bool:
    return status in CLOSED


def is_planned(status: str) -> bool:
    return status == SessionStatus.PLANNED


# Phases, as people see them on every page, the hall display and the API.
PHASE_PLANNED, PHASE_SEATED, PHASE_PUBLISHED, PHASE_IN_PLAY, PHASE_FINISHED, PHASE_CLOSED = (
    "planned",
    "seated",
    "published",
    "in_play",
    "finished",
    "closed",
)
PHASE_LABELS = {
    PHASE_PLANNED: _("Not seated yet"),
    PHASE_SEATED: _("Seated, not published"),
    PHASE_PUBLISHED: _("Seating published"),
    PHASE_IN_PLAY: _("In play"),
    PHASE_FINISHED: _("All sheets signed"),
    PHASE_CLOSED: _("Closed"),
}


def phase(status: str, *, tables: int, started: int, finished: int) -> str:
    """The phase of a session in ``status`` with ``tables`` tables, ``started`` of their sheets past open or
    with a hand or a foul, and ``finished`` of them signed (``scoring.lifecycle.FINISHED``)."""
    if status == SessionStatus.CLOSED:
        return PHASE_CLOSED
    if status == SessionStatus.PLANNED or not tables:
        return PHASE_PLANNED
    if status == SessionStatus.SEATED:
        return PHASE_SEATED
    if finished >= tables:
        return PHASE_FINISHED
    if started:
        return PHASE_IN_PLAY
    return PHASE_PUBLISHED


def phase_label(value: str) -> str:
    return str(PHASE_LABELS[value])


def phase_labels() -> dict[str, str]:
    return {value: str(text) for value, text in PHASE_LABELS.items()}


# --- The roll call of a session and each player's check-in ------------------------------------------
#
# A session's roll call (``Session.roll_call``, ``ROLL_CALL``):
#
#     none -> open            open: the desk calls the roll (``schedule.attendance.roll_call_open``)
#     open <-> self           self / desk: players may also check themselves in, on their private page
#     open|self -> none       put away: the roll call is put away unused
#     open|self -> seated     seat: the organizer confirmed the seating proposed from it; absentees are no-shows
#
# A player's check-in for that session (``CheckIn.status``, ``CHECK_IN``):
#
#     expected -> present | late      at the desk, or by the player (present only)
#     present|late -> expected        a tap in error taken back
#     late -> present                 the late player arrives before the seating
#     expected|late -> no_show        only by the confirmed seating: they were not there
#     no_show -> present              they arrive after all: back in (``schedule.withdrawals.player_return``)


class RollCallStatus(models.TextChoices):
    NONE = "none", _("No roll call")
    OPEN = "open", _("Roll call at the desk")
    SELF = "self", _("Roll call, self check-in open")
    SEATED = "seated", _("Seated from the roll call")


_R = RollCallStatus
_ALREADY_SEATED = {
    _R.SEATED: _("Session %(n)s was already seated from its roll call."),
    None: _("The roll call of session %(n)s is not open."),
}
ROLL_CALL = Lifecycle(
    model="tournament.Session",
    states=RollCallStatus,
    field="roll_call",
    moves={
        "open": move(
            {_R.NONE},
            _R.OPEN,
            {
                _R.SEATED: _("Session %(n)s was already seated from its roll call."),
                None: _("The roll call of session %(n)s is already open."),
            },
        ),
        "self": move({_R.OPEN}, _R.SELF, _ALREADY_SEATED),
        "desk": move({_R.SELF}, _R.OPEN, _ALREADY_SEATED),
        "put_away": move({_R.OPEN, _R.SELF}, _R.NONE, _ALREADY_SEATED),
        "seat": move({_R.OPEN, _R.SELF}, _R.SEATED, _ALREADY_SEATED),
    },
    params=lambda session: {"n": session.number},
)
# The desk (and, with SELF, the players) may mark who is here.
ROLL_CALL_TAKING = (RollCallStatus.OPEN, RollCallStatus.SELF)


class CheckInStatus(models.TextChoices):
    EXPECTED = "expected", _("Not here yet")
    PRESENT = "present", _("Present")
    LATE = "late", _("Coming late")
    NO_SHOW = "no_show", _("No-show")


_C = CheckInStatus
_MARKED = _("%(player)s is marked “%(state)s”; that cannot change this way.")
CHECK_IN = Lifecycle(
    model="tournament.CheckIn",
    states=CheckInStatus,
    moves={
        "present": move({_C.EXPECTED, _C.LATE, _C.NO_SHOW}, _C.PRESENT, _MARKED),
        "late": move({_C.EXPECTED}, _C.LATE, _MARKED),
        "expected": move({_C.PRESENT, _C.LATE}, _C.EXPECTED, _MARKED),
        "no_show": move({_C.EXPECTED, _C.LATE}, _C.NO_SHOW, _MARKED),
    },
    params=lambda check_in: {"player": check_in.player, "state": CheckInStatus(check_in.status).label},
)
# Seated when the session is seated from the roll call: here, or told the desk they are on their way (a late
# arrival keeps their seat and pays the late penalty at the table, MCR 3.11.2).
CHECK_IN_SEATED = (CheckInStatus.PRESENT, CheckInStatus.LATE)


def checked_in_as(check_in, *states: str) -> bool:
    """Whether a check-in (or None: not here yet) is in one of ``states``."""
    return (check_in.status if check_in is not None else CheckInStatus.EXPECTED) in states


def roll_call_taking(session) -> bool:
    """The desk (and, when opened to them, the players) may mark who is here."""
    return ROLL_CALL.is_in(session, *ROLL_CALL_TAKING)


def self_check_in(session) -> bool:
    return ROLL_CALL.is_in(session, RollCallStatus.SELF)


def roll_call_unused(session) -> bool:
    return ROLL_CALL.is_in(session, RollCallStatus.NONE)


# A table's call for a referee (``RefereeCall.status``, ``REFEREE_CALL``; ``tournament.floor``):
#
#     open -> taken        a referee says they are on their way (one referee: the others see who)
#     open|taken -> closed the referee dealt with it, or the table no longer needs one
#
# A table has at most one call that is open or taken (a database constraint), so a table cannot flood the queue.


class CallStatus(models.TextChoices):
    OPEN = "open", _("Waiting for a referee")
    TAKEN = "taken", _("A referee is on the way")
    CLOSED = "closed", _("Closed")


_K = CallStatus
REFEREE_CALL = Lifecycle(
    model="tournament.RefereeCall",
    states=CallStatus,
    moves={
        "take": move(
            {_K.OPEN},
            _K.TAKEN,
            {
                _K.TAKEN: (_("%(taker)s has already taken this call."), "taken"),
                None: (_("This call is closed."), "closed"),
            },
        ),
        "close": move({_K.OPEN, _K.TAKEN}, _K.CLOSED, (_("This call is already closed."), "closed")),
    },
    params=lambda call: {"taker": call.taken_by_name or _("another referee")},
)
# A call still waiting or being answered: the one a table may have, the ones the referees see.
CALL_LIVE = (CallStatus.OPEN, CallStatus.TAKEN)


def call_is_live(call) -> bool:
    return REFEREE_CALL.is_in(call, *CALL_LIVE)


def call_is_taken(call) -> bool:
    return REFEREE_CALL.is_in(call, CallStatus.TAKEN)
