"""Standings and the tabulation, from the tables' results (``scoring.results``) and the pure ranking
engine. Nothing is cached between requests."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from scoring.results import table_results
from scoring.rules.ranking import Entry, SessionResult, rank_entries
from tournament.models import Player, Team, Tournament


@dataclass
class StandingRow:
    rank: int
    player: Player
    table_points: Fraction
    score: int
    values: dict
    sessions: dict  # session number -> SessionResult
    provisional: bool


def _session_results(tournament: Tournament) -> dict[int, dict[int, SessionResult]]:
    """Per player, per session. A session's results are provisional for everyone until every one of its
    sheets is signed (countersigned where required): any of them may still change the ranking."""
    per_player = defaultdict(dict)
    results = list(table_results(tournament).values())
    final = defaultdict(lambda: True)
    for result in results:
        final[result.session] = final[result.session] and result.submitted
    for result in results:
        if not result.started:
            continue
        for i, player in enumerate(result.players):
            per_player[player.pk][result.session] = SessionResult(
                session=result.session, score=result.scores[i], rank=result.ranks[i],
                table_points=result.table_points[i], complete=final[result.session], lost=bool(result.lost[i]),
            )
    return per_player


def player_standings(tournament: Tournament) -> list[StandingRow]:
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


def team_standings(tournament: Tournament, rows: list[StandingRow] | None = None) -> list[TeamRow]:
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


def tabulation(tournament: Tournament, rows: list[StandingRow] | None = None):
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


def displayed_tiebreak(key: str, value):
    """A tie-break's value as people read it: the ranking engine negates "fewest last places" so that
    bigger is better everywhere; the standings show the count."""
    if key == "fewest_last_places" and value is not None:
        return -value
    return value


def standings_rows(tournament: Tournament, rows: list[StandingRow] | None = None) -> list[dict]:
    """The standings as plain rows, best first: what the standings page, the standings files and the
    ``standings`` command show. ``tiebreaks`` holds the tournament's further tie-breaks in order."""
    rows = player_standings(tournament) if rows is None else rows
    extra = [k for k in tournament.tiebreak_keys() if k not in ("table_points", "score")]
    return [{
        "rank": row.rank, "number": row.player.number, "name": row.player.name, "country": row.player.country,
        "team": row.player.team.name if row.player.team_id else None, "table_points": row.table_points,
        "score": row.score, "provisional": row.provisional, "player": row.player,
        # Before a player's first result their rank says nothing (everyone would be "1"): shown as a dash.
        "played": bool(row.sessions),
        "tiebreaks": {key: displayed_tiebreak(key, row.values.get(key)) for key in extra},
        "lost_sessions": sorted(n for n, r in row.sessions.items() if r.lost),
    } for row in rows]
