"""Session results and standings, read from the database in a few aggregate queries and computed
by the pure ranking and table-points engines. Nothing is cached between requests."""
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Sum

from scoring.models import Hand, Penalty, ScoreSheet
from scoring.rules.ranking import Entry, SessionResult, rank_entries
from scoring.rules.table_points import table_points
from tournament.models import Player, Seat, Team

DELTAS = ("delta_0", "delta_1", "delta_2", "delta_3")


@dataclass
class TableResult:
    session: int
    table: int
    table_id: int
    players: list  # Player objects in initial position order
    hand_scores: list
    penalty_scores: list
    hands_entered: int
    submitted: bool
    ranks: list = field(default_factory=list)
    table_points: list = field(default_factory=list)

    @property
    def scores(self):
        return [h + p for h, p in zip(self.hand_scores, self.penalty_scores)]

    @property
    def started(self):
        return self.hands_entered > 0 or any(self.penalty_scores)


def table_results(tournament, session=None):
    """Every seated table's scores, ranks and table points, keyed by table id."""
    seats = Seat.objects.filter(session__tournament=tournament).select_related("player", "table", "session")
    if session is not None:
        seats = seats.filter(session=session)
    tables = {}
    for seat in seats:
        entry = tables.setdefault(seat.table_id, {"session": seat.session.number, "table": seat.table.number,
                                                  "players": [None] * 4})
        entry["players"][seat.position] = seat.player
    sheet_filter = {"sheet__table__session__tournament": tournament}
    if session is not None:
        sheet_filter["sheet__table__session"] = session
    hand_sums = {
        row["sheet__table_id"]: row
        for row in Hand.objects.filter(current__isnull=False, **sheet_filter)
        .values("sheet__table_id")
        .annotate(n=Count("id"), **{d: Sum(f"current__{d}") for d in DELTAS})
    }
    penalty_sums = {
        row["sheet__table_id"]: row
        for row in Penalty.objects.filter(withdrawn_at__isnull=True, **sheet_filter)
        .values("sheet__table_id")
        .annotate(**{d: Sum(d) for d in DELTAS})
    }
    submitted = set(
        ScoreSheet.objects.filter(status=ScoreSheet.Status.SUBMITTED, table__session__tournament=tournament)
        .values_list("table_id", flat=True)
    )
    points_config = tournament.table_points_values()
    results = {}
    for table_id, info in tables.items():
        if any(p is None for p in info["players"]):
            continue
        hands = hand_sums.get(table_id, {})
        pens = penalty_sums.get(table_id, {})
        result = TableResult(
            session=info["session"], table=info["table"], table_id=table_id, players=info["players"],
            hand_scores=[hands.get(d) or 0 for d in DELTAS], penalty_scores=[pens.get(d) or 0 for d in DELTAS],
            hands_entered=hands.get("n") or 0, submitted=table_id in submitted,
        )
        by_position = table_points({i: s for i, s in enumerate(result.scores)}, points_config)
        result.ranks = [by_position[i][0] for i in range(4)]
        result.table_points = [by_position[i][1] for i in range(4)]
        results[table_id] = result
    return results


@dataclass
class StandingRow:
    rank: int
    player: Player
    table_points: Fraction
    score: int
    values: dict
    sessions: dict  # session number -> SessionResult
    provisional: bool


def _session_results(tournament):
    per_player = defaultdict(dict)
    for result in table_results(tournament).values():
        if not result.started:
            continue
        for i, player in enumerate(result.players):
            per_player[player.pk][result.session] = SessionResult(
                session=result.session, score=result.scores[i], rank=result.ranks[i],
                table_points=result.table_points[i], complete=result.submitted,
            )
    return per_player


def player_standings(tournament):
    """Ranked players, best first. Substitutes are left out; their opponents' results stand."""
    per_player = _session_results(tournament)
    players = {p.pk: p for p in Player.objects.filter(tournament=tournament, is_substitute=False).select_related("team")}
    entries = [Entry(key=p.number, results=list(per_player.get(pk, {}).values())) for pk, p in players.items()]
    by_number = {p.number: p for p in players.values()}
    rows = []
    for entry in rank_entries(entries, tournament.tiebreak_keys()):
        sessions = {r.session: r for r in entry.results}
        rows.append(StandingRow(
            rank=entry.rank, player=by_number[entry.key], table_points=entry.values["table_points"],
            score=entry.values["score"], values=entry.values, sessions=sessions,
            provisional=any(not r.complete for r in entry.results),
        ))
    return rows


@dataclass
class TeamRow:
    rank: int
    team: Team
    table_points: Fraction
    score: int
    members: list


def team_standings(tournament, rows=None):
    """Teams ranked by their members' summed table points, then summed score (MCR 3.10)."""
    rows = rows if rows is not None else player_standings(tournament)
    members = defaultdict(list)
    for row in rows:
        if row.player.team_id:
            members[row.player.team_id].append(row)
    teams = {t.pk: t for t in Team.objects.filter(tournament=tournament)}
    entries = []
    for team_id, team in teams.items():
        results = [r for row in members.get(team_id, []) for r in row.sessions.values()]
        entries.append(Entry(key=team.name, results=results))
    by_name = {t.name: t for t in teams.values()}
    out = []
    for entry in rank_entries(entries, []):
        team = by_name[entry.key]
        out.append(TeamRow(rank=entry.rank, team=team, table_points=entry.values["table_points"],
                           score=entry.values["score"],
                           members=sorted(members.get(team.pk, []), key=lambda r: r.rank)))
    return out


@dataclass
class TabulationCell:
    result: SessionResult
    cum_table_points: Fraction
    cum_score: int


def tabulation(tournament, rows=None):
    """Appendix 7's sheet: for each standings row, per session its result and the running totals.

    Returns (session numbers, [(StandingRow, [TabulationCell or None per session])]).
    """
    rows = player_standings(tournament) if rows is None else rows
    played = {n for row in rows for n in row.sessions}
    sessions = list(range(1, max([tournament.session_count, *played]) + 1))
    lines = []
    for row in rows:
        cells, cum_tp, cum_score = [], Fraction(0), 0
        for n in sessions:
            result = row.sessions.get(n)
            if result is None:
                cells.append(None)
                continue
            cum_tp += result.table_points
            cum_score += result.score
            cells.append(TabulationCell(result, cum_tp, cum_score))
        lines.append((row, cells))
    return sessions, lines
