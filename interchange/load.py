"""Import: a tournament from interchange data, through the services (which validate, lock and audit)
inside one transaction, so a bad file imports nothing. Errors name the element at fault, e.g.
``sessions[0].tables[1].hands[3].from: player 17 is not at this table``.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from interchange.format import FINAL_KEYS, PLAYER_KEYS, InterchangeError
from interchange.shape import default_status, parse_moment, validate
from rules import payments as pay
from schedule import clock, elimination, finals, withdrawals
from schedule import services as schedule
from scoring import services as ss
from scoring.models import Appeal, Hand, HandVersion, Penalty, ScoreSheet
from scoring.selectors import open_appeals_by_table
from standings import deciders
from tournament import player_fields
from tournament import services as ts
from tournament.audit import audit
from tournament.models import Elimination, Player, Seat, Session, Tournament, Withdrawal

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# {(session number, table number): (its penalties, its withdrawn penalties)}, in the file's order.
Players: TypeAlias = dict[int, Player]  # by number
# A session's clock (starts_at, ends_at), when the file gives one.
Bell: TypeAlias = tuple[datetime.datetime | None, datetime.datetime | None] | None
TablePenalties: TypeAlias = dict[tuple[int, int], tuple[list[Penalty], list[Penalty]]]


def _messages(exc: ValidationError) -> str:
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{k}: {' '.join(v)}" if k != "__all__" else " ".join(v) for k, v in exc.message_dict.items())
    return " ".join(getattr(exc, "messages", [str(exc)]))


PLAYER_FIELDS = {k: k for k in PLAYER_KEYS}
HAND_FIELDS = {
    "winner": "winner",
    "discarder": "from",
    "points": "points",
    "flowers": "flowers",
    "note": "note",
    "tiles": "tiles",
    "player_points": "player_points",
}
PENALTY_FIELDS = {
    "player": "player",
    "amount": "amount",
    "to": "to",
    "reason": "reason",
    "hand_number": "hand",
    "recipient": "to",
    "minutes": "minutes",
    "seconds": "seconds",
    "from_deal": "from_deal",
    "tiles": "tiles",
    "foul": "foul",
}
SIGNATURE_FIELDS = {"player": "player", "method": "method"}


class _At:
    """Turn a service's ValidationError into an InterchangeError at the element being imported; when
    the model names a single field that the element has, the path goes down to that field."""

    def __init__(self, path: str, fields: dict[str, str] | None = None) -> None:
        self.path = path
        self.fields = fields or {}

    def __enter__(self) -> _At:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> Literal[False]:
        if exc_type is not None and issubclass(exc_type, DatabaseError):
            # A constraint or size the services do not check; the whole import is rolled back.
            raise InterchangeError(self.path, f"the database refused it: {exc}") from exc
        if isinstance(exc, ValidationError):
            path = self.path
            named = [k for k in (getattr(exc, "message_dict", None) or {}) if k != "__all__"]
            if len(named) == 1 and named[0] in self.fields:
                path = f"{path}.{self.fields[named[0]]}"
                message = " ".join(exc.message_dict[named[0]])
            else:
                message = _messages(exc)
            raise InterchangeError(path, message) from exc
        return False


def tournament_delete(tournament: Tournament, by: User | None = None) -> None:
    """Delete a tournament and everything in it (used by --replace). Players and hand versions are
    protected against deletion while referenced, so the score records go first. Its audit log stays,
    under the tournament's slug, with an entry saying it was deleted."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        # Appeals point at the hand versions and penalties they amended (protected): they go first. The file
        # carries them again ("appeals"); their history stays in the audit log too.
        Appeal.objects.filter(tournament=tournament).delete()
        hands = Hand.objects.filter(sheet__table__session__tournament=tournament)
        hands.update(current=None, pending=None)
        HandVersion.objects.filter(hand__sheet__table__session__tournament=tournament).delete()
        hands.delete()
        Penalty.objects.filter(sheet__table__session__tournament=tournament).delete()
        Seat.objects.filter(session__tournament=tournament).delete()
        Elimination.objects.filter(tournament=tournament).delete()
        Withdrawal.objects.filter(tournament=tournament).delete()
        audit(
            tournament=None,
            actor=by,
            action="tournament.delete",
            obj=None,
            slug=tournament.slug,
            name=tournament.name,
            pk=tournament.pk,
        )
        tournament.delete()


class Progress:
    """What an import reports as it goes (the command prints it); this one reports nothing."""

    def start(self, *, players: int, sessions: int, hands: int) -> None:
        """The file's size: players, sessions with tables and hands."""

    def players(self, count: int) -> None:
        """The players are in."""

    def session(self, number: int, hands: int) -> None:
        """Session ``number`` is in, with its ``hands``."""


def _locked_by_slug(slug: str) -> Tournament | None:
    """The tournament of ``slug``, locked until the import ends, or None. Another import replacing it at the
    same moment is waited for; the tournament that import made is then the one found (and replaced), where
    reading without the lock would delete a tournament already gone."""
    for _attempt in range(5):
        existing = Tournament.objects.select_for_update().filter(slug=slug).order_by("pk").first()
        # None after waiting: the row waited for was deleted by the other import, which may have made a new
        # one of the same slug, visible now to a new statement.
        if existing is not None or not Tournament.objects.filter(slug=slug).exists():
            return existing
    raise InterchangeError(
        "slug",
        _("The tournament “%(slug)s” is being replaced by other imports at this moment; try again.") % {"slug": slug},
    )


def tournament_import(
    data: dict[str, Any], replace: bool = False, by: User | None = None, progress: Progress | None = None
) -> Tournament:
    """Create a tournament from interchange data through the services, all or nothing. `by`, when given,
    becomes the new tournament's organizer and the importer in the audit log. ``progress`` hears of the
    players and each session once they are in (still inside the transaction)."""
    progress = progress or Progress()
    settings = validate(data)
    seated = [srow for srow in data.get("sessions", []) if srow.get("tables")]
    progress.start(
        players=len(data.get("players", [])),
        sessions=len(seated),
        hands=sum(len(t.get("hands", [])) for srow in seated for t in srow["tables"]),
    )
    with transaction.atomic():
        existing = _locked_by_slug(data["slug"])
        if existing is not None:
            if not replace:
                raise InterchangeError(
                    "slug", f"a tournament “{data['slug']}” already exists (import with --replace to overwrite it)"
                )
            tournament_delete(existing)
        tournament = _create_tournament(data, settings, by)
        players = _load_players(tournament, data)
        ts.player_codes_make_missing(tournament=tournament, by=None)  # for the player cards
        progress.players(len(players))
        # {(session, table): (its penalties, its withdrawn penalties)} in the file's order, for the appeals.
        table_penalties: TablePenalties = {}
        for s, srow in enumerate(data.get("sessions", [])):
            if srow.get("tables"):
                _load_session(tournament, srow, f"sessions[{s}]", players, table_penalties)
                progress.session(srow["number"], sum(len(t.get("hands", [])) for t in srow["tables"]))
        sessions = {s.number: s for s in tournament.sessions.all()}
        _load_withdrawals(data, players, sessions)
        if data.get("timetable"):
            with _At("timetable"):
                clock.sessions_timetable_set(
                    tournament=tournament,
                    starts={int(n): parse_moment(v, f"timetable.{n}") for n, v in data["timetable"].items()},
                    by=None,
                    closed_too=True,
                )
        for i, drow in enumerate(data.get("tie_deciders", [])):
            with _At(f"tie_deciders[{i}]", {"note": "note"}):
                deciders.tie_decider_load(
                    tournament=tournament,
                    order=drow["order"],
                    method=drow["method"],
                    note=drow.get("note", ""),
                    withdrawn=drow.get("withdrawn", False),
                    by=None,
                )
        for i, arow in enumerate(data.get("appeals", [])):
            _load_appeal(arow, f"appeals[{i}]", sessions, players, table_penalties)
        if data.get("final"):
            _load_final(tournament, data["final"], players)
        notes = import_notes(tournament)
        audit(
            tournament=tournament,
            actor=by,
            action="tournament.import",
            obj=tournament,
            players=len(players),
            sessions=len(data.get("sessions", [])),
            replaced=existing is not None,
            **({"appeals": len(data["appeals"])} if data.get("appeals") else {}),
            **({"notes": notes} if notes else {}),
        )
        return tournament


def _load_final(tournament: Tournament, row: dict[str, Any], players: dict[int, Player]) -> None:
    """The final's settings, and its cut as the file recorded it (the file seats the sessions itself)."""
    settings = {k: row[k] for k in FINAL_KEYS - {"finalists", "level_order"} if k in row}
    for factor in ("table_points_factor", "points_factor"):
        if settings.get(factor) is not None:
            settings[factor] = Decimal(str(settings[factor]))
    with _At("final"):
        finals.final_stage_set(tournament=tournament, by=None, **settings)
    if row.get("finalists"):
        missing = [n for n in row["finalists"] if n not in players]
        if missing:
            raise InterchangeError("final.finalists", f"no player {missing[0]} in the file")
        with _At("final.finalists"):
            finals.final_cut_load(
                tournament=tournament,
                finalists=[players[n] for n in row["finalists"]],
                level_order=row.get("level_order", []),
            )


def import_notes(tournament: Tournament) -> list[str]:
    """What the file closed that an organizer could not have closed without overriding: a closed session
    with a required countersignature missing or an appeal undecided. The file is the record, so the import
    keeps it as it is (``schedule.services.session_close`` checks only the signatures without a user), and
    the import summary lists these for the organizer. In the language of the request."""
    notes = []
    undecided = open_appeals_by_table(tournament)
    for session in tournament.sessions.closed().order_by("number"):
        tables = list(session.tables.select_related("sheet").order_by("number"))
        if tournament.countersign_required:
            missing = [t.number for t in tables if not t.sheet.is_final(tournament)]
            if missing:
                notes.append(
                    ngettext(
                        "Session %(n)s is closed as the file says, but the chief referee has not countersigned "
                        "the score sheet of table %(t)s.",
                        "Session %(n)s is closed as the file says, but the chief referee has not countersigned "
                        "the score sheets of tables %(t)s.",
                        len(missing),
                    )
                    % {"n": session.number, "t": ", ".join(map(str, missing))}
                )
        appealed = [t.number for t in tables if (session.number, t.number) in undecided]
        if appealed:
            notes.append(
                ngettext(
                    "Session %(n)s is closed as the file says, but an appeal at table %(t)s is not decided.",
                    "Session %(n)s is closed as the file says, but appeals at tables %(t)s are not decided.",
                    len(appealed),
                )
                % {"n": session.number, "t": ", ".join(map(str, appealed))}
            )
    return notes


def _create_tournament(data: dict[str, Any], settings: dict[str, Any], by: User | None) -> Tournament:
    try:
        return ts.tournament_create(by=by, name=data["name"], slug=data["slug"], **settings)
    except ValidationError as exc:
        # Point at the first setting the model refused.
        fields = [f for f in (getattr(exc, "message_dict", None) or {}) if f != "__all__"]
        raise InterchangeError(fields[0] if fields else "", _messages(exc)) from exc


def _player_row(row: dict[str, Any]) -> dict[str, Any]:
    """A player of the file as the services take it: a field the file leaves out has its default, and an empty
    team is none."""
    out = {f.key: row.get(f.key, f.default) for f in player_fields.PLAYER_FIELDS}
    for f in player_fields.PLAYER_FIELDS:
        if f.kind is player_fields.Kind.TEAM:
            out[f.key] = out[f.key] or None
    return out


def _load_players(tournament: Tournament, data: dict[str, Any]) -> Players:
    """The teams and players, then each team's captain. Returns {number: player}."""
    for i, name in enumerate(data.get("teams", [])):
        with _At(f"teams[{i}]"):
            ts.team_get_or_create(tournament=tournament, name=name, by=None)
    rows = data.get("players", [])
    try:
        with _At("players"):  # a database error of the bulk insert: the rows were checked one by one
            created = ts.players_create(tournament=tournament, by=None, rows=[_player_row(row) for row in rows])
    except ts.PlayerRowError as exc:
        with _At(f"players[{exc.index}]", PLAYER_FIELDS):
            raise exc.error from None
    players = {player.number: player for player in created}
    for i, row in enumerate(rows):
        if row.get("team_captain"):
            with _At(f"players[{i}].team_captain"):
                captain = players[row["number"]]
                # The shape checks made sure a captain has a team.
                ts.team_captain_set(team=captain.team, captain=captain, by=None)  # type: ignore[arg-type]
    return players


def _load_session(
    tournament: Tournament,
    srow: dict[str, Any],
    spath: str,
    players: Players,
    table_penalties: TablePenalties,
) -> None:
    """A seated session: its seating and clock, its hands, each table's penalties and signatures, then its
    status and who played on."""
    tables = srow["tables"]
    session = tournament.sessions.get(number=srow["number"])
    with _At(f"{spath}.tables"):
        schedule.session_seat(
            session=session,
            by=None,
            tables=[[players[n] for n in t["seats"]] for t in tables],
            method=srow.get("seating_method", ""),
            seed=srow.get("seed"),
        )
    bell: Bell = None
    if "starts_at" in srow:
        with _At(f"{spath}.starts_at"):
            session = clock.session_clock_load(
                session=session,
                by=None,
                starts_at=parse_moment(srow["starts_at"], f"{spath}.starts_at"),
                ends_at=parse_moment(srow["ends_at"], f"{spath}.ends_at"),
            )
        bell = (session.starts_at, session.ends_at)
    extra = _load_table_times(session, tables, spath)
    # A table with a hand waiting for a second person goes hand by hand; the others in bulk.
    one_by_one = {t for t, trow in enumerate(tables) if any(h.get("pending") for h in trow.get("hands", []))}
    _load_hands_in_bulk(session, tables, spath, players, one_by_one)
    sheets = {
        sheet.table.number: sheet for sheet in ScoreSheet.objects.filter(table__session=session).select_related("table")
    }
    for t, trow in enumerate(tables):
        tpath = f"{spath}.tables[{t}]"
        sheet = sheets[t + 1]
        if t in one_by_one:
            for h, hrow in enumerate(trow.get("hands", [])):
                with _At(f"{tpath}.hands[{h}]", HAND_FIELDS):
                    ss.hand_record(
                        sheet=sheet,
                        number=h + 1,
                        by=None,
                        **_hand_kwargs(hrow, players),
                        **_bell_kwargs(hrow, _table_bell(bell, extra.get(t, 0))),
                    )
        _load_sheet_records(sheet, trow, tpath, players, table_penalties.setdefault((srow["number"], t + 1), ([], [])))
    _finish_session(session, srow, spath)


def _load_table_times(session: Session, tables: list[dict[str, Any]], spath: str) -> dict[int, int]:
    """Each table's extra time after the session's bell, as the file gives it (with the session clock only):
    the extra minutes by the table's index in the file."""
    extra = {}
    for t, trow in enumerate(tables):
        if trow.get("extra_minutes"):
            with _At(f"{spath}.tables[{t}].extra_minutes"):
                table = clock.table_time_load(
                    table=session.tables.get(number=t + 1),
                    minutes=trow["extra_minutes"],
                    reason=trow.get("extra_reason", ""),
                    by=None,
                )
            extra[t] = table.extra_minutes
    return extra


def _table_bell(bell: Bell, minutes: int) -> Bell:
    """The session's clock as one table had it: its own end, the session's plus its extra time."""
    if bell is None or bell[1] is None:
        return bell
    return bell[0], bell[1] + datetime.timedelta(minutes=minutes)


def _load_hands_in_bulk(
    session: Session, tables: list[dict[str, Any]], spath: str, players: Players, one_by_one: set[int]
) -> None:
    """The hands of a session in a few bulk inserts (scoring.services.hands_import checks each as hand_record
    does), but those of the tables in ``one_by_one``."""
    try:
        with _At(f"{spath}.tables"):
            ss.hands_import(
                session=session,
                by=None,
                tables={
                    t + 1: [_hand_kwargs(h, players, pending=False) | _after_bell(h) for h in trow.get("hands", [])]
                    for t, trow in enumerate(tables)
                    if t not in one_by_one and trow.get("hands")
                },
            )
    except ss.HandRowError as exc:
        with _At(f"{spath}.tables[{exc.table - 1}].hands[{exc.index}]", HAND_FIELDS):
            raise exc.error from None


def _load_sheet_records(
    sheet: ScoreSheet,
    trow: dict[str, Any],
    tpath: str,
    players: Players,
    penalties: tuple[list[Penalty], list[Penalty]],
) -> None:
    """A table's penalties, withdrawn penalties, signatures and submission; ``penalties`` (given, withdrawn)
    receives the penalties in the file's order."""
    given, withdrawn = penalties
    for k, prow in enumerate(trow.get("penalties", [])):
        with _At(f"{tpath}.penalties[{k}]", PENALTY_FIELDS):
            given.append(_penalty(sheet, prow, players))
    # Withdrawn penalties an appeal refers to: given after the others (so the escalating fouls
    # of the list count as before) and withdrawn at once, before the sheet is signed.
    for k, prow in enumerate(trow.get("withdrawn_penalties", [])):
        with _At(f"{tpath}.withdrawn_penalties[{k}]", PENALTY_FIELDS):
            penalty = _penalty(sheet, {k: v for k, v in prow.items() if k != "withdrawn_reason"}, players)
            withdrawn.append(ss.penalty_withdraw(penalty=penalty, reason=prow["withdrawn_reason"], by=None))
    for k, grow in enumerate(trow.get("signatures", [])):
        with _At(f"{tpath}.signatures[{k}]", SIGNATURE_FIELDS):
            _sign(sheet, grow, players)
    if trow.get("submitted") and not ss.sheet_for_table(table=sheet.table).is_submitted:
        with _At(f"{tpath}.submitted"):
            ss.sheet_sign(sheet=sheet, by=None)


def _finish_session(session: Session, srow: dict[str, Any], spath: str) -> None:
    """The session's status as the file gives it, then who played on after it."""
    status = srow.get("status", default_status(srow["tables"]))
    with _At(f"{spath}.status"):
        if status == Session.Status.PUBLISHED:
            schedule.session_publish(session=session, by=None)
        elif status == Session.Status.CLOSED:
            # A session is published before it closes (tournament.lifecycle).
            schedule.session_publish(session=session, by=None)
            schedule.session_close(session=session, by=None)
    # After the status, which closing would set to now: the file's first close, kept through a reopening.
    if srow.get("first_closed_at") is not None:
        with _At(f"{spath}.first_closed_at"):
            schedule.session_first_closed_load(
                session=session,
                first_closed_at=parse_moment(srow["first_closed_at"], f"{spath}.first_closed_at"),
                by=None,
            )
    if "advance" in srow:
        advance = srow["advance"]
        with _At(f"{spath}.advance"):
            rule = elimination.elimination_rule(advance["rule"], advance.get("count"))
            # The file gives the next session's seating; the eliminations and final ranks are
            # recomputed from the results, as the organizer's decision made them.
            elimination.session_eliminate_and_seat(
                session=session, rule=rule, by=None, seat_next=False, decided_order=advance.get("order", [])
            )


def _load_withdrawals(data: dict[str, Any], players: Players, sessions: dict[int, Session]) -> None:
    for i, wrow in enumerate(data.get("withdrawals", [])):
        with _At(f"withdrawals[{i}]", {"reason": "reason", "note": "note"}):
            withdrawals.withdrawal_load(
                player=players[wrow["player"]],
                from_session=sessions[wrow["from_session"]],
                reason=wrow["reason"],
                note=wrow.get("note", ""),
                keep_in_standings=wrow.get("keep_in_standings", True),
                substitute=players[wrow["substitute"]] if "substitute" in wrow else None,
                seats_taken=wrow.get("seats_taken", []),
                undone=wrow.get("undone", False),
                after_hand=wrow.get("after_hand"),
                back_from=wrow.get("back_from"),
                by=None,
            )


def _penalty(sheet: ScoreSheet, row: dict[str, Any], players: Players) -> Penalty:
    if "foul" in row:
        return ss.foul_record(sheet=sheet, by=None, **_foul_kwargs(row, players))
    return ss.penalty_record(
        sheet=sheet,
        player=players[row["player"]],
        amount=row["amount"],
        to=row.get("to", pay.TO_NOBODY),
        reason=row["reason"],
        hand_number=row.get("hand"),
        by=None,
    )


APPEAL_FIELDS = {
    "number": "number",
    "hand_number": "hand",
    "penalty": "penalty",
    "filer": "filer",
    "kind": "kind",
    "via": "via",
    "statement": "statement",
    "late_reason": "late_reason",
    "fee_amount": "fee_amount",
    "fee_currency": "fee_currency",
    "fee_status": "fee_status",
    "status": "status",
    "escalation_reason": "escalation_reason",
    "body": "decisions",
    "reasons": "decisions",
    "version": "amendments",
    "hand": "amendments",
}


class _AtAppeal(_At):
    """As _At, the message saying which appeal is at fault."""

    def __init__(self, path: str, number: int) -> None:
        super().__init__(path, APPEAL_FIELDS)
        self.number = number

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> Literal[False]:
        try:
            return super().__exit__(exc_type, exc, tb)
        except InterchangeError as error:
            raise InterchangeError(error.path, f"appeal {self.number}: {error.message}") from exc


def _load_appeal(
    row: dict[str, Any],
    path: str,
    sessions: dict[int, Session],
    players: Players,
    table_penalties: TablePenalties,
) -> None:
    """An appeal as the file gives it (the shape checks made sure its table, hand and penalties are there)."""
    given, withdrawn = table_penalties[(row["session"], row["table"])]

    def penalty(ref: dict[str, Any]) -> Penalty | None:
        if "penalty" in ref:
            return given[ref["penalty"]]
        if "withdrawn_penalty" in ref:
            return withdrawn[ref["withdrawn_penalty"]]
        return None

    sheet = ScoreSheet.objects.select_related("table__session__tournament").get(
        table__session=sessions[row["session"]], table__number=row["table"]
    )
    with _AtAppeal(path, row["number"]):
        ss.appeal_load(
            sheet=sheet,
            number=row["number"],
            filer=players[row["filer"]],
            kind=row["kind"],
            via=row["via"],
            statement=row["statement"],
            filed_at=parse_moment(row["filed_at"], f"{path}.filed_at"),
            status=row["status"],
            hand_number=row.get("hand"),
            penalty=penalty(row),
            filed_by=row.get("filed_by"),
            late_reason=row.get("late_reason", ""),
            late_accepted_by=row.get("late_accepted_by"),
            fee_amount=Decimal(str(row.get("fee_amount", 0))),
            fee_currency=row.get("fee_currency", ""),
            fee_status=row.get("fee_status", Appeal.Fee.PAID),
            escalated_at=(
                parse_moment(row["escalated_at"], f"{path}.escalated_at") if row.get("escalated_at") else None
            ),
            escalation_reason=row.get("escalation_reason", ""),
            decisions=[
                dict(d, at=parse_moment(d["at"], f"{path}.decisions[{k}].at"))
                for k, d in enumerate(row.get("decisions", []))
            ],
            amendments=[
                {"kind": a["kind"], "hand": a.get("hand"), "version": a.get("version"), "penalty": penalty(a)}
                for a in row.get("amendments", [])
            ],
            by=None,
        )


def _hand_kwargs(hand: dict[str, Any], players: Players, pending: bool = True) -> dict[str, Any]:
    kwargs: dict[str, Any]
    if hand.get("draw"):
        kwargs = {"outcome": pay.DRAW}
    elif hand.get("not_played"):
        kwargs = {"outcome": pay.NOT_PLAYED}
    elif hand.get("self_drawn"):
        kwargs = {
            "outcome": pay.SELF_DRAWN,
            "winner": players[hand["winner"]],
            "points": hand["points"],
            "flowers": hand.get("flowers", 0),
        }
    else:
        kwargs = {
            "outcome": pay.DISCARD,
            "winner": players[hand["winner"]],
            "discarder": players[hand["from"]],
            "points": hand["points"],
            "flowers": hand.get("flowers", 0),
        }
    kwargs["note"] = hand.get("note", "")
    kwargs["tiles"] = hand.get("tiles") or {}
    if hand.get("player_points") is not None:
        kwargs["player_points"] = list(hand["player_points"])
    if pending:
        # The file is the record: its hands count unless it says one still waits for a second person.
        kwargs["pending"] = bool(hand.get("pending"))
    return kwargs


def _after_bell(row: dict[str, Any]) -> dict[str, bool]:
    """For the bulk import: a hand the file marks as entered after the bell (the referee said it ended before
    it) keeps that mark; the bell itself is not checked again, the file being the record."""
    return {"after_bell": True} if row.get("after_bell") else {}


def _bell_kwargs(row: dict[str, Any], bell: Bell) -> dict[str, Any]:
    """With a session clock in the file, a hand is recorded as entered before the bell, or after it for one the
    file marks ``after_bell`` (the referee said it ended before the bell), so the cut-off reads as it did."""
    if bell is None:
        return {}
    starts_at, ends_at = bell
    return {"now": ends_at, "before_bell": True} if row.get("after_bell") else {"now": starts_at}


def _foul_kwargs(row: dict[str, Any], players: Players) -> dict[str, Any]:
    """A foul as the file gives it, for scoring.services.foul_record: "to" is a player's number for the player
    harmed, or a target ("nobody", "each_other") for an "other" foul."""
    kwargs: dict[str, Any] = {
        "player": players[row["player"]],
        "foul": row["foul"],
        "hand_number": row.get("hand"),
        "reason": row.get("reason", ""),
    }
    for key in ("minutes", "seconds", "from_deal", "tiles", "amount"):
        if key in row:
            kwargs[key] = row[key]
    to = row.get("to")
    if isinstance(to, int) and not isinstance(to, bool):
        kwargs["recipient"] = players[to]
    elif to is not None:
        kwargs["to"] = to
    return kwargs


def _when(text: str) -> datetime.datetime:
    moment = datetime.datetime.fromisoformat(text)
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


def _sign(sheet: ScoreSheet, row: dict[str, Any], players: Players) -> None:
    """A confirmation or signature the file records, with its signer and time."""
    at = _when(row["at"])
    if row["role"] == "player":
        ss.sheet_confirm(sheet=sheet, player=players[row["player"]], method=row["method"], by=None, at=at)
    elif row["role"] == "referee":
        ss.sheet_sign(sheet=sheet, by=None, at=at, signer_name=row.get("by") or "")
    else:
        ss.sheet_countersign(sheet=sheet, by=None, at=at, signer_name=row.get("by") or "")
