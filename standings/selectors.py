"""Standings and the tabulation, from the tables' results (``scoring.results``) and the pure ranking
engine. Nothing is cached between requests."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q
from django.utils.translation import gettext

from rules.ranking import Entry, SessionResult, rank_entries
from scoring.models import ScoreSheet
from scoring.results import TableResult, table_results
from standings.finals import FinalPart, final_columns, final_order
from tournament.models import AdvanceRule, Elimination, Player, Session, Team, TieDecider, Tournament, Withdrawal


@dataclass
class StandingRow:
    rank: int
    player: Player
    table_points: Fraction
    score: int
    values: dict
    sessions: dict  # session number -> SessionResult
    provisional: bool
    # Elimination tournaments: the session (round) after which the player went out; their rank is then the
    # final rank they keep.
    eliminated_in: int | None = None
    final_table: bool = False  # ranked at the final table
    withdrawn: bool = False  # left the tournament, kept in the standings with what they earned
    # The chief referee's decision that ordered this player among players tied on everything (MCR 3.10.1).
    decider: TieDecider | None = None
    # A finalist's carried and final parts, once the cut of a final is made (standings.finals).
    final: FinalPart | None = None


def _session_results(
    tournament: Tournament, public: bool, before: int | None = None, results: dict[int, TableResult] | None = None
) -> dict[int, dict[int, SessionResult]]:
    """Per player, per session. A session's results are provisional for everyone until every one of its
    sheets is signed (countersigned where required): any of them may still change the ranking.
    ``results``: ``table_results(tournament, public=public)`` when the caller has it already (no second read)."""
    per_player: dict[int, dict[int, SessionResult]] = defaultdict(dict)
    played = [
        r
        for r in (table_results(tournament, public=public) if results is None else results).values()
        if before is None or r.session < before
    ]
    final: dict[int, bool] = defaultdict(lambda: True)
    for result in played:
        final[result.session] = final[result.session] and result.submitted
    for result in played:
        if not result.started:
            continue
        scores = result.scores  # computed on each access
        for i, player in enumerate(result.players):
            per_player[player.pk][result.session] = SessionResult(
                session=result.session,
                score=scores[i],
                rank=result.ranks[i],
                table_points=result.table_points[i],
                complete=final[result.session],
                lost=bool(result.lost[i]),
            )
    return per_player


def _withdrawn(tournament: Tournament) -> dict[int, bool]:
    """Players withdrawn (in force): whether each stays in the standings."""
    return dict(
        Withdrawal.objects.filter(tournament=tournament, undone_at__isnull=True).values_list(
            "player_id", "keep_in_standings"
        )
    )


def active_deciders(tournament: Tournament) -> list[TieDecider]:
    return list(
        TieDecider.objects.filter(tournament=tournament, withdrawn_at__isnull=True).order_by("created_at", "id")
    )


def _decide_ties(ranked: list[Entry], deciders: list[TieDecider]) -> dict[int, TieDecider]:
    """Order the groups of fully tied entries a decider covers, giving them the places they occupy one by
    one (1, 2 instead of 1, 1); the latest decider covering a whole group wins. A decider whose players are no
    longer tied that way orders nothing (the results changed since). Returns each ordered number's decider."""
    decided: dict[int, TieDecider] = {}
    groups: dict[int, list[Entry]] = defaultdict(list)
    for entry in ranked:
        groups[entry.rank].append(entry)
    for rank, group in groups.items():
        if len(group) < 2:
            continue
        numbers = {e.key for e in group}
        decider = next((d for d in reversed(deciders) if numbers <= set(d.order)), None)
        if decider is None:
            continue
        place = {n: i for i, n in enumerate(decider.order)}
        group.sort(key=lambda e: place[e.key])
        for offset, entry in enumerate(group):
            entry.rank = rank + offset
            decided[entry.key] = decider
    ranked.sort(key=lambda e: e.rank)
    return decided


def _rank(
    tournament: Tournament,
    players: dict[int, Player],
    per_player: dict[int, dict[int, SessionResult]],
    withdrawn: dict[int, bool],
    deciders: list[TieDecider] | None = None,
) -> list[StandingRow]:
    """Players with a result ranked among themselves (ties decided where the chief referee decided them),
    then those without one, who have no place yet (a no-show who played nothing is ranked nowhere: its
    "rank" is only that it comes after every ranked player)."""
    entries = [Entry(key=p.number, results=list(per_player.get(pk, {}).values())) for pk, p in players.items()]
    by_number = {p.number: p for p in players.values()}
    ranked = rank_entries([e for e in entries if e.results], tournament.tiebreak_keys())
    decided = _decide_ties(ranked, deciders or [])
    unplayed = rank_entries([e for e in entries if not e.results], tournament.tiebreak_keys())
    for entry in unplayed:
        entry.rank = len(ranked) + 1
    rows = []
    for entry in ranked + unplayed:
        sessions = {r.session: r for r in entry.results}
        player = by_number[entry.key]
        rows.append(
            StandingRow(
                rank=entry.rank,
                player=player,
                table_points=entry.values["table_points"],
                score=entry.values["score"],
                values=entry.values,
                sessions=sessions,
                provisional=any(not r.complete for r in entry.results),
                withdrawn=player.pk in withdrawn,
                decider=decided.get(entry.key),
            )
        )
    return rows


def player_standings(
    tournament: Tournament,
    *,
    public: bool = False,
    before: int | None = None,
    results: dict[int, TableResult] | None = None,
) -> list[StandingRow]:
    """Ranked players, best first. Substitutes are left out unless the tournament ranks them
    (``substitutes_ranked``); their opponents' results stand. A withdrawn player stays with what they
    earned, or leaves the standings when their withdrawal says so.

    ``public``: from published and closed sessions only (the public pages and files); otherwise from
    every session with results (organizers and referees, the ``standings`` command, Swiss pairing).
    ``before``: from the sessions before that one only (the ranking before an elimination round).
    ``results``: ``table_results(tournament, public=public)`` when the caller has it already (no second read).
    In an elimination tournament the players still in rank first, then the eliminated by the final rank
    they keep (``_elimination_order``)."""
    per_player = _session_results(tournament, public, before, results)
    withdrawn = _withdrawn(tournament)
    # Through the related manager, so each player knows its tournament (links need its slug) without a query.
    query = tournament.players.select_related("team")
    if not tournament.substitutes_ranked:
        query = query.filter(is_substitute=False)
    players = {p.pk: p for p in query if withdrawn.get(p.pk, True)}
    rows = _rank(tournament, players, per_player, withdrawn, active_deciders(tournament))
    if tournament.format == Tournament.Format.ELIMINATION and before is None:
        rows = _elimination_order(tournament, rows)
    if before is None:
        rows = final_order(tournament, rows)
    return rows


def substitute_standings(
    tournament: Tournament, *, public: bool = False, results: dict[int, TableResult] | None = None
) -> list[StandingRow]:
    """Substitutes with results, listed apart below the ranked players when the tournament does not rank
    them: ordered as the ranking would order them, their "rank" only that order. Empty when they are ranked.
    ``results``: as for ``player_standings``."""
    if tournament.substitutes_ranked:
        return []
    per_player = _session_results(tournament, public, results=results)
    players = {
        p.pk: p for p in tournament.players.filter(is_substitute=True).select_related("team") if per_player.get(p.pk)
    }
    return _rank(tournament, players, per_player, {}) if players else []


def _elimination_order(tournament: Tournament, rows: list[StandingRow]) -> list[StandingRow]:
    """Players still in above everyone eliminated (ranked among themselves as the standings rank them),
    then the eliminated by their final rank. Once the final is played everyone has a final rank: the
    final ranking."""
    out = {e.player_id: e for e in Elimination.objects.filter(tournament=tournament).select_related("session")}
    still_in = [row for row in rows if row.player.pk not in out]
    previous, shared = None, 0
    for i, row in enumerate(still_in, start=1):  # rows come best first: level players keep sharing a rank
        if row.rank != previous:
            previous, shared = row.rank, i
        row.rank = shared
    gone = sorted(
        (row for row in rows if row.player.pk in out),
        key=lambda row: (out[row.player.pk].final_rank, row.player.number),
    )
    for row in gone:
        row.rank = out[row.player.pk].final_rank
        row.eliminated_in = out[row.player.pk].session.number
        row.final_table = out[row.player.pk].session.advance_rule == AdvanceRule.FINAL
    return still_in + gone


def final_ranking_done(tournament: Tournament) -> bool:
    """Whether the final table of an elimination tournament has been played and ranked."""
    return tournament.sessions.filter(advance_rule=AdvanceRule.FINAL).exists()


@dataclass
class TeamRow:
    rank: int
    team: Team
    table_points: Fraction
    score: int
    members: list


def team_standings(
    tournament: Tournament, rows: list[StandingRow] | None = None, *, public: bool = False
) -> list[TeamRow]:
    """Teams ranked by their members' summed table points, then summed score (MCR 3.10)."""
    rows = rows if rows is not None else player_standings(tournament, public=public)
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
        out.append(
            TeamRow(
                rank=entry.rank,
                team=team,
                table_points=entry.values["table_points"],
                score=entry.values["score"],
                members=sorted(members.get(team.pk, []), key=lambda r: r.rank),
            )
        )
    return out


@dataclass
class TabulationCell:
    result: SessionResult
    cum_table_points: Fraction
    cum_score: int


def tabulation(
    tournament: Tournament, rows: list[StandingRow] | None = None, *, public: bool = False
) -> tuple[list[int], list[tuple[StandingRow, list[TabulationCell | None]]]]:
    """Appendix 7's sheet: for each standings row, per session its result and the running totals.

    Returns (session numbers, [(StandingRow, [TabulationCell or None per session])]).
    """
    rows = player_standings(tournament, public=public) if rows is None else rows
    played = {n for row in rows for n in row.sessions}
    sessions = list(range(1, max([tournament.session_count, *played]) + 1))
    lines = []
    for row in rows:
        cells: list[TabulationCell | None] = []
        cum_tp, cum_score = Fraction(0), 0
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


def displayed_tiebreak(key: str, value: Any) -> Any:
    """A tie-break's value as people read it: the ranking engine negates "fewest last places" so that
    bigger is better everywhere; the standings show the count."""
    if key == "fewest_last_places" and value is not None:
        return -value
    return value


def standings_rows(
    tournament: Tournament, rows: list[StandingRow] | None = None, *, public: bool = False
) -> list[dict]:
    """The standings as plain rows, best first: what the standings page, the standings files and the
    ``standings`` command show. ``tiebreaks`` holds the tournament's further tie-breaks in order."""
    rows = player_standings(tournament, public=public) if rows is None else rows
    extra = [k for k in tournament.tiebreak_keys() if k not in ("table_points", "score")]
    return [
        {
            "rank": row.rank,
            "number": row.player.number,
            "name": row.player.name,
            "country": row.player.country,
            "team": row.player.team.name if row.player.team is not None else None,
            "table_points": row.table_points,
            "score": row.score,
            "provisional": row.provisional,
            "player": row.player,
            # Before a player's first result their rank says nothing (everyone would be "1"): shown as a dash.
            "played": bool(row.sessions),
            "tiebreaks": {key: displayed_tiebreak(key, row.values.get(key)) for key in extra},
            "lost_sessions": sorted(n for n, r in row.sessions.items() if r.lost),
            "eliminated_in": row.eliminated_in,
            "final_table": row.final_table,
            "elimination": elimination_status(row) if tournament.format == Tournament.Format.ELIMINATION else None,
            **({"withdrawn": True} if row.withdrawn else {}),
            **({"decider": row.decider} if row.decider else {}),
            **(final_columns(row.final) if row.final else {}),
        }
        for row in rows
    ]


def elimination_status(row: StandingRow) -> str:
    """Where a player of an elimination tournament stands, as the standings page and files say it."""
    if row.final_table:
        return gettext("final table")
    if row.eliminated_in is not None:
        return gettext("eliminated in round %(n)s") % {"n": row.eliminated_in}
    return gettext("still in")


def unpublished_sessions_with_results(tournament: Tournament) -> list[int]:
    """Numbers of the sessions with results that the public does not see yet (seated, not published)."""
    return sorted(
        set(
            ScoreSheet.objects.filter(table__session__tournament=tournament)
            .filter(table__session__in=Session.objects.not_public())
            .filter(Q(hands__current__isnull=False) | Q(penalties__isnull=False))
            .values_list("table__session__number", flat=True)
        )
    )
