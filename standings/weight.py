"""A tournament's MERS weight from its own facts, by the EMA's table (``ratings.weights``; docs/series.md, "The
EMA's weight table"): its days, the players who played (the substitutes who played, three at most), their
countries, and whether players had to qualify. Shown on the dashboard, in the API and the tournament file,
and offered as the weight when the tournament joins a series."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ratings.weights import WeightParts, participants, weight_parts
from scoring.results import TableResult, table_results
from standings.selectors import player_standings, substitute_standings
from tournament.models import Tournament


def tournament_days(tournament: Tournament) -> int:
    """How many days it was played: from its start date to its end date; one without dates."""
    if tournament.start_date and tournament.end_date:
        return (tournament.end_date - tournament.start_date).days + 1
    return 1


@dataclass(frozen=True)
class TournamentWeight:
    parts: WeightParts
    ranked: int  # ranked players counted
    substitutes: int  # substitutes who played and are not ranked (three count at most)
    # "played": from the players with a result; "registered": nobody has played yet, so from the players
    # registered (not withdrawn), as the weight will be if they all play.
    basis: str


def tournament_weight(
    tournament: Tournament, *, public: bool = False, results: dict[int, TableResult] | None = None
) -> TournamentWeight:
    """The weight the EMA's table gives the tournament as it stands (``public``: from its public results)."""
    results = table_results(tournament, public=public) if results is None else results
    rows = [r for r in player_standings(tournament, public=public, results=results) if r.sessions]
    substitutes = substitute_standings(tournament, public=public, results=results)
    basis = "played"
    if rows:
        ranked, subs = len(rows), len(substitutes)
        countries = {r.player.country for r in [*rows, *substitutes] if r.player.country}
    else:
        basis = "registered"
        registered = list(
            tournament.players.exclude(withdrawals__undone_at__isnull=True, withdrawals__isnull=False).values_list(
                "country", "is_substitute"
            )
        )
        ranked = sum(1 for _c, sub in registered if not sub)
        subs = len(registered) - ranked
        countries = {c for c, _s in registered if c}
    parts = weight_parts(
        days=tournament_days(tournament),
        players=participants(ranked, subs),
        countries=len(countries),
        qualification=tournament.qualification_required,
    )
    return TournamentWeight(parts=parts, ranked=ranked, substitutes=subs, basis=basis)


def _number(value: Fraction) -> int | float:
    """A weight as JSON writes it: whole numbers as integers, halves as decimals (exact in binary)."""
    return int(value) if value.denominator == 1 else float(value)


def weight_json(weight: TournamentWeight) -> dict:
    """The weight with its parts and the facts they were read from (the API's and the file's ``mers_weight``)."""
    p = weight.parts
    return {
        "total": _number(p.total),
        "parts": {
            "duration": _number(p.duration_part),
            "players": _number(p.players_part),
            "countries": _number(p.countries_part),
            "qualification": _number(p.qualification_part),
        },
        "days": p.days,
        "players": p.players,
        "countries": p.countries,
        "qualification_required": p.qualification,
        "counted_from": weight.basis,
    }
