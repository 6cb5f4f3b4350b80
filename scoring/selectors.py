"""Reads of the scoring app: what a sheet has and lacks, the counted fouls, and what the sheet, appeal and
player pages show. No writes here; the services (``scoring.services``) make every change and use these reads
for their checks. A table's results (totals, places, table points) are ``scoring.results``.

The players' pages show published sessions only (``Session.objects.public()``): a seating not yet published is
not shown to players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import lifecycle
from scoring.appeal_window import appeal_deadline
from scoring.lifecycle import APPEAL, APPEAL_FINAL_STATUSES, APPEAL_OPEN_STATUSES
from scoring.models import (
    Appeal,
    AppealDecision,
    ClosedSessionChange,
    Hand,
    HandVersion,
    Penalty,
    ReopenRequest,
    ScoreSheet,
    Signature,
)
from scoring.results import SheetData, sheets_data
from tournament import teams as team_services
from tournament.models import EscalationScope, Player, Seat, Session, Table, Team, Withdrawal
from tournament.numbers import table_points_shown
from tournament.permissions import is_appeals_committee, is_chief_referee, is_referee

if TYPE_CHECKING:
    from collections.abc import Iterable
    from datetime import datetime

    from django.contrib.auth.models import AnonymousUser, User
    from django.db.models import QuerySet

    from tournament.models import Tournament


# ------------------------------------------------------------------ a sheet's hands


def sheet_hand_outcomes(sheet: ScoreSheet) -> dict[int, str]:
    """Every hand with an entry, counted or waiting for confirmation: its number -> the outcome of its latest
    entry (the one waiting, else the one that counts)."""
    rows = (
        Hand.objects.filter(sheet=sheet)
        .filter(Q(current__isnull=False) | Q(pending__isnull=False))
        .values_list("number", "pending__outcome", "current__outcome")
    )
    return {number: pending or current for number, pending, current in rows}


def sheet_entered_numbers(sheet: ScoreSheet) -> set[int]:
    """Hands with an entry, counted or waiting for confirmation."""
    return set(
        Hand.objects.filter(sheet=sheet)
        .filter(Q(current__isnull=False) | Q(pending__isnull=False))
        .values_list("number", flat=True)
    )


def sheet_missing_hands(sheet: ScoreSheet) -> list[int]:
    """Hand numbers not yet entered; a sheet is complete when none are missing (and none are pending)."""
    total = sheet.table.session.tournament.hands_per_session
    entered = sheet_entered_numbers(sheet)
    return [n for n in range(1, total + 1) if n not in entered]


def sheet_pending_hands(sheet: ScoreSheet) -> list[int]:
    """Hands whose latest entry waits for a second person's confirmation (two-person entry)."""
    return list(
        Hand.objects.filter(sheet=sheet, pending__isnull=False).order_by("number").values_list("number", flat=True)
    )


def hand_latest_version(sheet: ScoreSheet, number: int) -> HandVersion | None:
    """Hand `number`'s latest entry: the one waiting for confirmation, else the one that counts."""
    hand = Hand.objects.filter(sheet=sheet, number=number).select_related("current", "pending").first()
    return (hand.pending or hand.current) if hand else None


def hand_with_versions(sheet: ScoreSheet, number: int) -> tuple[Hand | None, list[HandVersion]]:
    """Hand `number` of the sheet (None before its first entry) and every version of it, the latest first."""
    hand = Hand.objects.filter(sheet=sheet, number=number).select_related("current", "pending").first()
    if hand is None:
        return None, []
    versions = list(
        HandVersion.objects.filter(hand=hand)
        .select_related("winner", "discarder", "created_by", "confirmed_by", "confirmed_by_player")
        .order_by("-version")
    )
    return hand, versions


def late_minutes_from_clock(session: Session, now: datetime | None = None) -> int | None:
    """Minutes since the session's clock started, rounded up (10 min 20 s late is more than 10 minutes,
    MCR 3.11.2); None before the start or without a clock."""
    now = now or timezone.now()
    if session.starts_at is None or now <= session.starts_at:
        return None
    seconds = (now - session.starts_at).total_seconds()
    return max(1, -int(-seconds // 60))


# ------------------------------------------------------------------ fouls and confirmations


def sheet_dead_hand(sheet: ScoreSheet, player: Player, number: int) -> Penalty | None:
    """The foul (not withdrawn) that made `player`'s hand `number` dead, if any."""
    return (
        Penalty.objects.filter(
            sheet=sheet, player=player, hand_number=number, dead_hand=True, withdrawn_at__isnull=True
        )
        .order_by("id")
        .first()
    )


def counted_fouls(sheet: ScoreSheet, tournament: Tournament, player: Player, code: str) -> QuerySet[Penalty]:
    """Fouls of kind `code` by `player` that count for escalation: in this session, or in the whole
    tournament when the organizer says so. Withdrawn ones were given in error and do not count."""
    found = Penalty.objects.filter(
        player=player, foul=code, withdrawn_at__isnull=True, sheet__table__session__tournament=tournament
    )
    if tournament.escalation_scope == EscalationScope.SESSION:
        found = found.filter(sheet__table__session=sheet.table.session)
    return found


def sheet_penalties(sheet: ScoreSheet) -> list[Penalty]:
    """The sheet's penalties in the order given, withdrawn ones too."""
    return list(Penalty.objects.filter(sheet=sheet).select_related("player").order_by("created_at", "id"))


def unconfirmed_players(sheet: ScoreSheet, players: list[Player]) -> list[Player]:
    """Those of `players` who have not confirmed the sheet as it now is."""
    confirmed = set(
        Signature.objects.filter(sheet=sheet, role=Signature.Role.PLAYER, voided_at__isnull=True).values_list(
            "player_id", flat=True
        )
    )
    return [p for p in players if p.pk not in confirmed]


def has_confirmed(sheet: ScoreSheet, player: Player) -> bool:
    return Signature.objects.filter(
        sheet=sheet, player=player, role=Signature.Role.PLAYER, voided_at__isnull=True
    ).exists()


# ------------------------------------------------------------------ appeals


def sheet_appeals(sheet: ScoreSheet) -> list[Appeal]:
    return list(Appeal.objects.filter(sheet=sheet).order_by("number"))


def tournament_appeals(tournament: Tournament) -> QuerySet[Appeal]:
    """Every appeal of the tournament, the latest first, with what the list shows of each."""
    return (
        Appeal.objects.filter(tournament=tournament)
        .select_related("sheet__table__session", "filer")
        .order_by("-number")
    )


def appeal_with_details() -> QuerySet[Appeal]:
    """Appeals with what their page shows loaded: the table, the filer, the penalty, who filed, who let it late."""
    return Appeal.objects.select_related(
        "sheet__table__session", "filer", "penalty__player", "filed_by", "late_accepted_by"
    )


def appeal_amendment_defaults(appeal: Appeal, data: SheetData) -> dict[str, dict[str, Any]]:
    """What the amendment forms of an upheld appeal start with: the hand and the penalty the appeal names
    (a penalty's hand when the appeal names no hand), so that the first click acts on what the appeal is
    about and never on hand 1 or the first penalty."""
    penalty = appeal.penalty
    number = appeal.hand_number or (penalty.hand_number if penalty is not None else None)
    hand = next((h for h in data.hands if h.number == number), None) if number else None
    # The hand only: its entry is on the page beside the form, and a filled-in discarder left over from a
    # discard would make a corrected self-drawn win fail.
    amend_hand = {"hand": f"{hand.number}:{hand.version.version if hand.version else 0}"} if hand is not None else {}
    active = {p.pk for p in data.given_penalties if p.active}
    withdraw = {"penalty": penalty.pk} if penalty is not None and penalty.pk in active else {}
    return {
        "amend_hand_form": amend_hand,
        "amend_withdraw_form": withdraw,
        "amend_foul_form": {"hand_number": number} if number else {},
    }


def team_mates(tournament: Tournament, players: list[Player]) -> list[Player]:
    """The players of the teams of `players` who are not among them, by number."""
    teams = {p.team_id for p in players if p.team_id}
    return list(
        Player.objects.filter(tournament=tournament, team_id__in=teams)
        .exclude(pk__in=[p.pk for p in players])
        .order_by("number")
    )


def appeal_seat(tournament: Tournament, player: Player, session: int, table: int) -> tuple[Seat | None, Player | None]:
    """The seat an appeal by `player` about table `table` of session `session` is filed for: their own, or, for
    a team captain, the first seat there of a member of their team (MCR 3.12.1), then with that member.
    Published sessions only."""
    seat = (
        _published(player.seats.all())
        .filter(session__number=session, table__number=table)
        .select_related("table__session")
        .first()
    )
    if seat is not None:
        return seat, None
    team = team_services.team_captain_of(player)
    if team is None:
        return None, None
    seat = (
        _published(Seat.objects.filter(session__tournament=tournament, player__team=team))
        .filter(session__number=session, table__number=table)
        .select_related("table__session", "player")
        .order_by("position")
        .first()
    )
    return (seat, seat.player) if seat is not None else (None, None)


# ------------------------------------------------------------------ the player's private page


def _published(seats: QuerySet[Seat]) -> QuerySet[Seat]:
    return seats.filter(session__in=Session.objects.public())


def player_seat(player: Player, session: int, table: int) -> Seat | None:
    """The player's seat at table `table` of session `session`, whatever the session's state."""
    return (
        Seat.objects.filter(player=player, session__number=session, table__number=table).select_related("table").first()
    )


def player_tables(tournament: Tournament, player: Player) -> tuple[list[Seat], dict[int, SheetData]]:
    """The player's seats in published sessions (oldest first) and the sheets of their tables by table id: what
    their private page reads once for all its parts (``player_sheets_to_confirm``, ``player_page``)."""
    seats = list(
        _published(Seat.objects.filter(player=player))
        .select_related("table__sheet", "session")
        .order_by("session__number")
    )
    tables = Table.objects.filter(pk__in=[seat.table_id for seat in seats])
    return seats, ({d.table_id: d for d in sheets_data(tournament, tables)} if seats else {})


def player_sheets_to_confirm(
    tournament: Tournament, player: Player, tables: tuple[list[Seat], dict[int, SheetData]] | None = None
) -> tuple[list[dict[str, Any]], list[Seat]]:
    """The player's score sheets not yet signed, each with their own column, to check and confirm on their
    phone (newest session first), each with the hands entered or waiting; and their seats whose sheets are
    signed. ``tables``: ``player_tables``."""
    seats, data_of = tables or player_tables(tournament, player)
    sheets, signed = [], []
    for seat in reversed(seats):
        sheet = getattr(seat.table, "sheet", None)
        if sheet is None:
            continue
        if sheet.is_signed:
            signed.append(seat)
            continue
        data = data_of[seat.table_id]
        sheets.append(
            {
                "seat": seat,
                "data": data,
                "sheet": sheet,
                "mine": data.confirmation_of(player),
                "score": data.scores[seat.position] if data.scores else None,
                "rows": [
                    {
                        "hand": h,
                        "delta": h.deltas[seat.position] if h.deltas else None,
                        "total": h.totals[seat.position] if h.totals else None,
                        "pending_delta": h.pending.deltas[seat.position] if h.pending else None,
                    }
                    for h in data.hands
                    if h.version or h.pending
                ],
            }
        )
    return sheets, signed


def _session_row(tournament: Tournament, seat: Seat, data: SheetData, now: datetime) -> dict[str, Any]:
    """One published session on the player's page: their seat, score, table points and hands, the appeal
    window."""
    sheet = getattr(seat.table, "sheet", None)
    position = seat.position
    until = appeal_deadline(seat.session, tournament, sheet)
    return {
        "seat": seat,
        "data": data,
        "sheet": sheet,
        "signed": bool(sheet and sheet.is_signed),
        "closed": seat.session.is_closed,
        "appeal_until": until,
        "score": data.scores[position] if data.scores else None,
        "table_points": table_points_shown(data.table_points[position]) if data.table_points else None,
        "hands": [
            {"hand": h, "delta": h.deltas[position], "total": h.totals[position]}
            for h in data.hands
            if h.version is not None and h.deltas is not None and h.totals is not None
        ],
        "appeal_open": until is None or now <= until,
    }


def still_to_play(row: dict[str, Any]) -> bool:
    """Whether the game of a session row (``_session_row``) is still to be played or being played: not closed,
    and its sheet not yet complete (every hand in makes it "awaiting confirmation") nor signed.

    A small reading of the stored states; where the one lifecycle of sheets and sessions lands, this reads it."""
    if row["closed"]:
        return False
    sheet = row["sheet"]
    return sheet is None or sheet.is_open


def player_page(
    tournament: Tournament, player: Player, tables: tuple[list[Seat], dict[int, SheetData]] | None = None
) -> dict[str, Any]:
    """The rest of a player's private page: their seat and starting wind in every published session, with
    the next one to play first; their results hand by hand; their fouls; the appeals about their tables.
    ``tables``: ``player_tables``."""
    seats, data_of = tables or player_tables(tournament, player)
    now = timezone.now()
    rows, fouls = [], []
    for seat in seats:
        data = data_of[seat.table_id]
        rows.append(_session_row(tournament, seat, data, now))
        fouls += [(seat.session.number, seat.table.number, p) for p in data.given_penalties if p.player_id == player.pk]
    # The next seat: the first published session still to be played at the player's table (a finished game
    # waiting for confirmations or signatures is behind them).
    upcoming = next((r for r in rows if still_to_play(r)), None)
    # A captain also sees the appeals they filed for their team's tables, to follow and escalate them.
    appeals = list(
        Appeal.objects.filter(Q(sheet__table__seats__player=player) | Q(filer=player))
        .distinct()
        .select_related("sheet__table__session", "filer")
        .prefetch_related("decisions")
        .order_by("-number")
    )
    waiting_seating = None
    if upcoming is None:
        # Nothing published to play: say which session comes, so the player knows the page is not stuck.
        waiting_seating = tournament.sessions.not_public().open().order_by("number").first()
    return {
        "my_sessions": rows,
        "next_seat": upcoming,
        "next_unpublished": waiting_seating,
        "my_fouls": fouls,
        "my_appeals": appeals,
        "captain_tables": captain_tables(tournament, player, exclude={seat.table_id for seat in seats}),
    }


def captain_tables(tournament: Tournament, player: Player, exclude: Iterable[int] = ()) -> list[dict[str, Any]]:
    """For a team captain, the tables of published sessions where members of their team played and they did
    not (those are in their own results): each with those members and its appeal window (MCR 3.12.1)."""

    team = team_services.team_captain_of(player)
    if team is None:
        return []
    seats = (
        _published(Seat.objects.filter(session__tournament=tournament, player__team=team))
        .exclude(table_id__in=exclude)
        .exclude(player=player)
        .select_related("table__sheet", "session", "player")
        .order_by("session__number", "table__number", "position")
    )
    now = timezone.now()
    rows: dict[int, dict[str, Any]] = {}
    for seat in seats:
        row = rows.get(seat.table_id)
        if row is None:
            until = appeal_deadline(seat.session, tournament, getattr(seat.table, "sheet", None))
            row = rows[seat.table_id] = {
                "session": seat.session.number,
                "table": seat.table.number,
                "members": [],
                "appeal_until": until,
                "appeal_open": until is None or now <= until,
            }
        row["members"].append(seat.player)
    return list(rows.values())


def tables_asking_to_reopen(session: Session) -> set[int]:
    """Numbers of the session's tables whose referee asks the chief referee to reopen the signed sheet."""
    return set(
        ReopenRequest.objects.filter(sheet__table__session=session, status=ReopenRequest.Status.OPEN).values_list(
            "sheet__table__number", flat=True
        )
    )


def changes_after_closing(tournament: Tournament, session: Session | None = None) -> list[dict[str, Any]]:
    """The changes made to closed sessions' results that the organizer has not acknowledged yet, grouped by
    session (oldest first): ``{"session": n, "changes": [ClosedSessionChange, ...]}``. For the organizer's
    dashboard and the session's page."""
    found = ClosedSessionChange.objects.filter(session__tournament=tournament, acknowledged_at__isnull=True)
    if session is not None:
        found = found.filter(session=session)
    groups: dict[int, dict[str, Any]] = {}
    for change in found.select_related("session", "sheet__table", "appeal", "changed_by").order_by(
        "session__number", "changed_at", "id"
    ):
        groups.setdefault(change.session.number, {"session": change.session, "changes": []})["changes"].append(change)
    return list(groups.values())


# ------------------------------------------------------------------ a player who left during the session


def sheet_departures(sheet: ScoreSheet) -> dict[int, Withdrawal]:
    """Players of this table withdrawn from its session on while seated at it, by player id: they left
    during the session (``Withdrawal.after_hand``: after that hand; None: before the first). Hands after it
    are not theirs to win or pay, and the table's remaining hands are not played (docs/running-the-day.md,
    "When things go wrong")."""
    table = sheet.table
    seated = [s.player_id for s in table.seats.all()]
    return {
        w.player_id: w
        for w in Withdrawal.objects.filter(
            tournament_id=table.session.tournament_id,
            from_session_id=table.session_id,
            player_id__in=seated,
            undone_at__isnull=True,
        ).select_related("player")
    }


def latest_reopen_request(sheet: ScoreSheet) -> ReopenRequest | None:
    """The request to reopen a signed sheet that the sheet shows: the one waiting, or the chief referee's last
    answer; none once the sheet was reopened (granted) or signed again since it was answered."""
    if not sheet.pk:
        return None
    request = (
        ReopenRequest.objects.filter(sheet=sheet).select_related("requested_by", "decided_by").order_by("-id").first()
    )
    if request is not None and (
        request.is_granted or (not request.is_open and sheet.submitted_at and request.requested_at < sheet.submitted_at)
    ):
        return None  # about an earlier signature: the sheet was reopened since, and signed again
    return request


# --- appeals (MCR 3.12-3.13): who filed what, what is still to decide, who decides it ----------------------


def table_players(sheet: ScoreSheet) -> list[Player]:
    """The table's players, East to North, with their teams."""
    return [s.player for s in sheet.table.seats.select_related("player", "player__team").order_by("position")]


def captained_members(filer: Player, players: list[Player]) -> list[Player]:
    """The players among ``players`` (a table's) who are in the team ``filer`` captains; none if ``filer``
    captains no team."""
    if filer.team_id is None:
        return []
    if not Team.objects.filter(pk=filer.team_id, captain=filer).exists():
        return []
    return [p for p in players if p.team_id == filer.team_id and p.pk != filer.pk]


def open_appeal_about(
    *, sheet: ScoreSheet, filer: Player, hand_number: int | None = None, penalty: Penalty | None = None
) -> Appeal | None:
    """The filer's appeal at this table about the same hand (or, naming no hand, the same penalty, or the table
    as a whole) that is not decided for good: filed, or with the referees' rejection not yet taken further, or
    before the chief referee. One such appeal per player and subject: the next is answered with a link to it."""
    appeals = Appeal.objects.filter(sheet=sheet, filer=filer).exclude(APPEAL.q(APPEAL_FINAL_STATUSES))
    if hand_number is not None:
        appeals = appeals.filter(hand_number=hand_number)
    elif penalty is not None:
        appeals = appeals.filter(hand_number__isnull=True, penalty=penalty)
    else:
        appeals = appeals.filter(hand_number__isnull=True, penalty__isnull=True)
    return appeals.order_by("number").first()


def appeal_counts_by_table(tournament: Tournament) -> list[dict]:
    """Tables with appeals, for those who decide them: session and table numbers, how many are open (filed or
    before the chief referee: ``Appeal.is_open``, as the public marker counts them) and how many in all; the
    tables with most open appeals first. One query."""
    rows = (
        Appeal.objects.filter(tournament=tournament)
        .values("sheet__table__session__number", "sheet__table__number")
        .annotate(total=Count("id"), open=Count("id", filter=APPEAL.q(APPEAL_OPEN_STATUSES)))
        .order_by("-open", "-total", "sheet__table__session__number", "sheet__table__number")
    )
    return [
        {
            "session": row["sheet__table__session__number"],
            "table": row["sheet__table__number"],
            "open": row["open"],
            "total": row["total"],
        }
        for row in rows
    ]


def appeal_deciding_body(appeal: Appeal) -> AppealDecision.Body | None:
    """Who decides the appeal next: the referees or the committee first, the chief referee once escalated."""
    if APPEAL.is_in(appeal, Appeal.Status.FILED):
        return AppealDecision.Body.REFEREES if appeal.kind == Appeal.Kind.RULE else AppealDecision.Body.COMMITTEE
    if APPEAL.is_in(appeal, Appeal.Status.ESCALATED):
        return AppealDecision.Body.CHIEF_REFEREE
    return None


def may_decide(user: User | AnonymousUser | None, appeal: Appeal) -> bool:
    body = appeal_deciding_body(appeal)
    tournament = appeal.tournament
    if body == AppealDecision.Body.REFEREES:
        return is_referee(user, tournament)
    if body == AppealDecision.Body.CHIEF_REFEREE:
        return is_chief_referee(user, tournament)
    if body == AppealDecision.Body.COMMITTEE:
        return is_appeals_committee(user, tournament)
    return False


def open_appeals_by_table(tournament: Tournament) -> dict[tuple[int, int], int]:
    """{(session number, table number): how many appeals there are still undecided}: what the public sees."""
    found: dict[tuple[int, int], int] = {}
    for s, t in Appeal.objects.filter(APPEAL.q(APPEAL_OPEN_STATUSES), tournament=tournament).values_list(
        "sheet__table__session__number", "sheet__table__number"
    ):
        found[(s, t)] = found.get((s, t), 0) + 1
    return found


def players_under_appeal(tournament: Tournament) -> set[int]:
    """Ids of the players seated at a table with an undecided appeal: their results may still change."""
    return set(
        Seat.objects.filter(
            APPEAL.q(APPEAL_OPEN_STATUSES, via="table__sheet__appeals"),
            table__sheet__appeals__tournament=tournament,
        ).values_list("player_id", flat=True)
    )


# ------------------------------------------------------------------ countersigning a session's sheets at once


def countersign_lacks(sheets: list[ScoreSheet]) -> dict[int, list[str]]:
    """What each sheet lacks before the chief referee countersigns it with the others of its session, by sheet id
    (an empty list: ready). Ready means signed by the referee (after the players confirmed, where they confirm),
    no appeal about it undecided, no referee's request to reopen it unanswered. The one rule of the batch: the
    page that offers it and the service that does it both read it."""
    ids = [s.pk for s in sheets]
    appeals: dict[int, list[int]] = {}
    for sheet_id, number in (
        Appeal.objects.filter(sheet_id__in=ids, status__in=APPEAL_OPEN_STATUSES)
        .order_by("number")
        .values_list("sheet_id", "number")
    ):
        appeals.setdefault(sheet_id, []).append(number)
    asked = set(
        ReopenRequest.objects.filter(sheet_id__in=ids, status=ReopenRequest.Status.OPEN).values_list(
            "sheet_id", flat=True
        )
    )
    lacks: dict[int, list[str]] = {}
    for sheet in sheets:
        found = []
        if sheet.status == lifecycle.COUNTERSIGNED:
            found.append(_("Already countersigned."))
        elif sheet.status != lifecycle.SIGNED:
            found.append(_("The referee has not signed it yet (%(state)s).") % {"state": sheet.status_label})
        numbers = appeals.get(sheet.pk)
        if numbers:
            found.append(
                ngettext(
                    "Appeal %(numbers)s about it is not decided yet.",
                    "Appeals %(numbers)s about it are not decided yet.",
                    len(numbers),
                )
                % {"numbers": ", ".join(str(n) for n in numbers)}
            )
        if sheet.pk in asked:
            found.append(_("A referee's request to reopen it waits for your answer."))
        lacks[sheet.pk] = found
    return lacks
