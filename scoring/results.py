"""What a table's score sheet says: hand by hand, and the totals, places and table points it ends with.

One place computes both, for every reader: the score-sheet page, the PDF score sheets, the session and
player pages and the standings. Table totals come from a few aggregate queries; the sheet's hand-by-hand
rows from the hands of the tables asked for. Nothing is cached between requests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from django.db.models import Count, Prefetch, Sum

from core.prepared import Prepared
from rules import fouls
from rules.rotation import WINDS, round_of_hand, seat_winds
from rules.table_points import table_points
from scoring import lifecycle
from scoring.models import DELTA_FIELDS, Hand, HandVersion, Penalty, ScoreSheet, Signature
from tournament.models import Player, Seat, Session, Table, Tournament

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from rules.base import RuleSet


def rank_table(
    scores: list[int], points_config: Sequence[Fraction], lost: Iterable[int] = ()
) -> tuple[list[int], list[Fraction]]:
    """Places (1..4, shared on ties) and table points of the four positions of one table; positions in
    `lost` lost the session and are placed last."""
    by_position = table_points(dict(enumerate(scores)), points_config, lost=lost)
    return [by_position[i][0] for i in range(4)], [by_position[i][1] for i in range(4)]


def final_statuses(tournament: Tournament) -> list[str]:
    """Sheet statuses whose results are final: signed, and countersigned where the tournament requires it."""
    return list(lifecycle.final_states(tournament.countersign_required))


# The fouls that can cost a player the session (arriving late, over the time limits), and the excuse of a
# time forfeit (WSOM time limits 7), which lost_session reads with them.
LOSING_FOULS = (fouls.LATE, *fouls.TIME_FOULS, fouls.TIME_EXCUSED)


def lost_sessions(tournament: Tournament, session: Session | None = None) -> dict[tuple[int, int], str]:
    """(table id, player id) -> why the player lost that session (``rules.fouls.lost_session``)."""
    found = Penalty.objects.filter(
        sheet__table__session__tournament=tournament, withdrawn_at__isnull=True, foul__in=LOSING_FOULS
    )
    if session is not None:
        found = found.filter(sheet__table__session=session)
    given: dict[tuple[int, int], list] = {}
    for row in found.values("sheet__table_id", "player_id", "foul", "amount", "minutes", "hand_number"):
        given.setdefault((row["sheet__table_id"], row["player_id"]), []).append(
            fouls.Given(row["foul"], row["amount"], row["minutes"], row["hand_number"])
        )
    return _lost_reasons(given)


def _lost_reasons(given: dict) -> dict:
    """key -> why that player lost the session, for each key whose counted fouls (``fouls.Given``) lose it."""
    out = {}
    for key, player_fouls in given.items():
        reason = fouls.lost_session(player_fouls)
        if reason:
            out[key] = reason
    return out


@dataclass
class TableResult:
    """A seated table's result so far: per initial position (East..North)."""

    session: int
    table: int
    table_id: int
    players: list[Player]
    hand_scores: list[int]
    penalty_scores: list[int]
    hands_entered: int
    submitted: bool  # final: signed (and countersigned where required); until then the results are provisional
    sheet_status: str = "open"  # the sheet's state (``scoring.lifecycle``)
    ranks: list[int] = field(default_factory=list)
    table_points: list[Fraction] = field(default_factory=list)
    # Per position: why the player lost the session (English, marked for translation), or None.
    lost: list[str | None] = field(default_factory=lambda: [None] * 4)

    @property
    def scores(self) -> list[int]:
        return [h + p for h, p in zip(self.hand_scores, self.penalty_scores)]

    @property
    def started(self) -> bool:
        """A sheet with nothing on it has no places or table points yet."""
        return self.hands_entered > 0 or any(self.penalty_scores) or any(self.lost)


def table_results(
    tournament: Tournament, session: Session | None = None, *, public: bool = False
) -> dict[int, TableResult]:
    """Every fully seated table's scores, places and table points, keyed by table id.

    ``public``: only the tables of sessions whose results are public (published or closed), as the
    public pages and files show them; otherwise every session, as organizers and referees see them."""
    seats = Seat.objects.filter(session__tournament=tournament)
    sheet_filter: dict[str, Tournament | Session] = {"sheet__table__session__tournament": tournament}
    if session is not None:
        seats = seats.filter(session=session)
        sheet_filter["sheet__table__session"] = session
    if public:
        seats = seats.filter(session__in=Session.objects.public())
    seat_rows = list(seats.values_list("table_id", "position", "player_id", "session__number", "table__number"))
    # Seats as plain values and each player once (a model instance per seat, table and session cost a
    # second for 1,000 players x 10 sessions). Through the related manager, every player knows its tournament
    # (its link needs the slug) and its team without a query each.
    players = {p.pk: p for p in tournament.players.select_related("team")}
    tables: dict[int, dict] = {}
    for table_id, position, player_id, session_number, table_number in seat_rows:
        entry = tables.setdefault(table_id, {"session": session_number, "table": table_number, "players": [None] * 4})
        entry["players"][position] = players[player_id]
    hand_sums: dict[int, Mapping[str, Any]] = {
        row["sheet__table_id"]: row
        for row in Hand.objects.filter(current__isnull=False, **sheet_filter)
        .values("sheet__table_id")
        .annotate(n=Count("id"), **{d: Sum(f"current__{d}") for d in DELTA_FIELDS})
    }
    penalty_sums: dict[int, Mapping[str, Any]] = {
        row["sheet__table_id"]: row
        for row in Penalty.objects.filter(withdrawn_at__isnull=True, **sheet_filter)
        .values("sheet__table_id")
        .annotate(**{d: Sum(d) for d in DELTA_FIELDS})
    }
    sheet_status = dict(
        ScoreSheet.objects.filter(table__session__tournament=tournament).values_list("table_id", "status")
    )
    final = final_statuses(tournament)
    lost = lost_sessions(tournament, session)
    points_config = tournament.table_points_values()
    results = {}
    for table_id, info in tables.items():
        if any(p is None for p in info["players"]):
            continue
        hands = hand_sums.get(table_id, {})
        pens = penalty_sums.get(table_id, {})
        results[table_id] = _ranked(
            TableResult(
                session=info["session"],
                table=info["table"],
                table_id=table_id,
                players=info["players"],
                hand_scores=[hands.get(d) or 0 for d in DELTA_FIELDS],
                penalty_scores=[pens.get(d) or 0 for d in DELTA_FIELDS],
                hands_entered=hands.get("n") or 0,
                submitted=sheet_status.get(table_id) in final,
                sheet_status=sheet_status.get(table_id, lifecycle.OPEN),
                lost=[lost.get((table_id, p.pk)) for p in info["players"]],
            ),
            points_config,
        )
    return results


def _ranked(result: TableResult, points_config: Sequence[Fraction]) -> TableResult:
    result.ranks, result.table_points = rank_table(
        result.scores, points_config, lost=[i for i, why in enumerate(result.lost) if why]
    )
    return result


def _loaded_table_result(
    tournament: Tournament,
    table: Table,
    players: list[Player],
    versions: dict[int, HandVersion],
    penalties: list[Penalty],
    points_config: Sequence[Fraction],
) -> TableResult:
    """``table_results`` for one table, from its hands and penalties already loaded for its sheet: the same
    sums, the same lost sessions, the same places, without reading them again."""
    counted = [p for p in penalties if p.active]
    given: dict[int, list] = {}
    for p in counted:
        if p.foul in LOSING_FOULS:
            given.setdefault(p.player_id, []).append(fouls.Given(p.foul, p.amount, p.minutes, p.hand_number))
    lost = _lost_reasons(given)
    sheet = getattr(table, "sheet", None)
    return _ranked(
        TableResult(
            session=table.session.number,
            table=table.number,
            table_id=table.pk,
            players=players,
            hand_scores=[sum(v.deltas[i] for v in versions.values()) for i in range(4)],
            penalty_scores=[sum(p.deltas[i] for p in counted) for i in range(4)],
            hands_entered=len(versions),
            submitted=sheet is not None and sheet.status in final_statuses(tournament),
            sheet_status=sheet.status if sheet is not None else lifecycle.OPEN,
            lost=[lost.get(p.pk) for p in players],
        ),
        points_config,
    )


@dataclass
class SheetHand:
    """One line of a score sheet (appendix 5): who deals, each position's seat wind, and once the hand
    is entered its current version with each position's + / − and running total."""

    number: int
    round_wind: str  # prevalent wind letter of the hand
    dealer: int  # initial position (0..3) of the hand's East
    seat_winds: list[str]  # seat wind letter of each initial position
    version: HandVersion | None = None
    deltas: list[int] | None = None
    totals: list[int] | None = None
    # Two-person entry: the latest entry, waiting for a second person; it does not count yet.
    pending: HandVersion | None = None

    @property
    def corrected(self) -> bool:
        return self.version is not None and self.version.version > 1

    @property
    def cells(self) -> list[dict]:
        """Per initial position: seat wind, and + / − and running total once entered."""
        if self.deltas is None or self.totals is None:
            return [{"wind": w, "delta": None, "total": None} for w in self.seat_winds]
        return [{"wind": w, "delta": d, "total": t} for w, d, t in zip(self.seat_winds, self.deltas, self.totals)]


@dataclass
class SheetData:
    """A table's score sheet. Totals, places and table points are set once the sheet has started."""

    session: int
    table: int
    table_id: int
    players: list[Player | None]  # initial East..North; None for an empty seat
    hands: list[SheetHand]
    given_penalties: list[Penalty] = field(default_factory=list)  # withdrawn ones too, in order given
    hand_scores: list[int] | None = None
    penalty_scores: list[int] | None = None
    scores: list[int] | None = None
    ranks: list[int] | None = None
    table_points: list[Fraction] | None = None
    submitted_at: object = None
    status: str = ScoreSheet.Status.OPEN
    # Confirmations and signatures in the order given, voided ones too (after a change or a reopening).
    signatures: list[Signature] = field(default_factory=list)
    lost: list[str | None] = field(default_factory=lambda: [None] * 4)

    @property
    def seated(self) -> bool:
        return all(p is not None for p in self.players)

    @property
    def entered(self) -> int:
        return sum(1 for h in self.hands if h.version is not None)

    @property
    def missing(self) -> list[int]:
        """Hands without any entry (an entry waiting for confirmation is not missing)."""
        return [h.number for h in self.hands if h.version is None and h.pending is None]

    @property
    def pending(self) -> list[SheetHand]:
        return [h for h in self.hands if h.pending is not None]

    @property
    def next_hand(self) -> int | None:
        return next((h.number for h in self.hands if h.version is None and h.pending is None), None)

    @property
    def active_signatures(self) -> list[Signature]:
        return [s for s in self.signatures if s.active]

    def confirmation_of(self, player: Player | None) -> Signature | None:
        return next(
            (
                s
                for s in self.active_signatures
                if s.role == Signature.Role.PLAYER and s.player_id == getattr(player, "pk", None)
            ),
            None,
        )

    def signature_of(self, role: str) -> Signature | None:
        return next((s for s in self.active_signatures if s.role == role), None)

    @property
    def penalties(self) -> list[Penalty]:
        """The penalties that count: those not withdrawn."""
        return [p for p in self.given_penalties if p.active]


def sheet_hand(number: int, rules: RuleSet | None = None) -> SheetHand:
    """The fixed part of a sheet line: round, dealer and seat winds of hand `number`, as the rule set moves
    seats and the deal (MCR appendix 4 when none is given)."""
    if rules is None:
        winds, round_wind = seat_winds(number), WINDS[round_of_hand(number)]
    else:
        winds, round_wind = rules.seat_winds(number), rules.prevalent_wind(number)
    return SheetHand(number=number, round_wind=round_wind, dealer=winds.index(0), seat_winds=[WINDS[w] for w in winds])


def with_sheet_and_seats(tables: QuerySet[Table]) -> QuerySet[Table]:
    """Tables with what a score sheet shows of them loaded: session, sheet, seats with players and teams."""
    return tables.select_related("session", "sheet").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player__team").order_by("position"))
    )


# Read for every score-sheet page and player's page: compiled once (core.prepared), since building and compiling
# these joins cost several times more CPU than running them (bench/table_page.py).
_SHEET_HANDS = Prepared(
    lambda tables: (
        Hand.objects.filter(sheet__table__in=tables)
        .exclude(current__isnull=True, pending__isnull=True)
        .select_related(
            "sheet",
            "current__winner",
            "current__discarder",
            "current__created_by",
            "current__confirmed_by",
            "current__confirmed_by_player",
            "pending__winner",
            "pending__discarder",
            "pending__created_by",
        )
    ),
    tables=list,
)
_SHEET_PENALTIES = Prepared(
    lambda tables: (
        Penalty.objects.filter(sheet__table__in=tables)
        .select_related("sheet", "player", "recipient", "created_by", "withdrawn_by")
        .order_by("created_at", "id")
    ),
    tables=list,
)
_SHEET_SIGNATURES = Prepared(
    lambda tables: (
        Signature.objects.filter(sheet__table__in=tables)
        .select_related("sheet", "player", "user", "voided_by")
        .order_by("signed_at", "id")
    ),
    tables=list,
)


@dataclass
class _SheetEntries:
    """What is written on some tables' sheets, by table id: the counted and the waiting version of each hand
    (by hand number), the penalties and the signatures in the order given."""

    versions: dict[int, dict[int, HandVersion]] = field(default_factory=dict)
    pending: dict[int, dict[int, HandVersion]] = field(default_factory=dict)
    penalties: dict[int, list[Penalty]] = field(default_factory=dict)
    signatures: dict[int, list[Signature]] = field(default_factory=dict)

    @classmethod
    def of(cls, table_ids: list[int]) -> _SheetEntries:
        """Three queries, whatever the number of tables."""
        found = cls()
        versions, pending, penalties, signatures = found.versions, found.pending, found.penalties, found.signatures
        for entry in _SHEET_HANDS(tables=table_ids):
            if entry.current is not None:
                versions.setdefault(entry.sheet.table_id, {})[entry.number] = entry.current
            if entry.pending is not None:
                pending.setdefault(entry.sheet.table_id, {})[entry.number] = entry.pending
        for penalty in _SHEET_PENALTIES(tables=table_ids):
            penalties.setdefault(penalty.sheet.table_id, []).append(penalty)
        for signature in _SHEET_SIGNATURES(tables=table_ids):
            signatures.setdefault(signature.sheet.table_id, []).append(signature)
        return found


def _sheet_lines(
    tournament: Tournament, versions: dict[int, HandVersion], pending: dict[int, HandVersion]
) -> list[SheetHand]:
    """A sheet's lines, hand 1 on: who deals, the winds, and each entered hand's changes and running totals."""
    running = [0, 0, 0, 0]
    lines = []
    for number in range(1, tournament.hands_per_session + 1):
        line = sheet_hand(number, tournament.rule_set)
        version = versions.get(number)
        if version is not None:
            running = [r + d for r, d in zip(running, version.deltas)]
            line.version, line.deltas, line.totals = version, version.deltas, list(running)
        line.pending = pending.get(number)
        lines.append(line)
    return lines


def sheets_data(
    tournament: Tournament, tables: QuerySet[Table] | list[Table], *, blank: bool = False
) -> list[SheetData]:
    """The score sheets of the given tables, in table order: a queryset of one session's tables, or a list
    of tables already loaded by ``with_sheet_and_seats`` (then in the list's order).

    A blank sheet (printed before play) carries only the players and who deals each hand.
    """
    if not isinstance(tables, list):
        tables = list(with_sheet_and_seats(tables).order_by("number"))
    entries = _SheetEntries() if blank or not tables else _SheetEntries.of([t.pk for t in tables])
    points_config = tournament.table_points_values()
    out = []
    for table in tables:
        players: list[Player | None] = [None] * 4
        for seat in table.seats.all():
            seat.player.tournament = tournament  # their links need the slug: no query per player
            players[seat.position] = seat.player
        hands = _sheet_lines(tournament, entries.versions.get(table.pk, {}), entries.pending.get(table.pk, {}))
        data = SheetData(
            session=table.session.number,
            table=table.number,
            table_id=table.pk,
            players=players,
            hands=hands,
            given_penalties=entries.penalties.get(table.pk, []),
            signatures=entries.signatures.get(table.pk, []),
        )
        # Its result from the hands and penalties just read, ranked as table_results ranks every table.
        result = (
            None
            if blank or not data.seated
            else _loaded_table_result(
                tournament,
                table,
                [p for p in players if p is not None],
                entries.versions.get(table.pk, {}),
                data.given_penalties,
                points_config,
            )
        )
        if result is not None and result.started:
            data.hand_scores, data.penalty_scores = result.hand_scores, result.penalty_scores
            data.scores, data.ranks, data.table_points = result.scores, result.ranks, result.table_points
            data.lost = result.lost
        sheet = getattr(table, "sheet", None)
        if not blank and sheet is not None:
            data.status = sheet.status  # not a lifecycle move: the sheet's state, copied for the page
            if sheet.is_submitted:
                data.submitted_at = sheet.submitted_at
        out.append(data)
    return out


def sheet_data(tournament: Tournament, table: Table) -> SheetData:
    """The score sheet of one table (no second read of it when it was loaded by ``with_sheet_and_seats``)."""
    loaded = "seats" in getattr(table, "_prefetched_objects_cache", {})
    return sheets_data(tournament, [table] if loaded else Table.objects.filter(pk=table.pk))[0]
