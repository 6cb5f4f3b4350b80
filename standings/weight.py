"""A tournament's MERS weight from its own facts, by the EMA's table (``ratings.weights``; docs/series.md, "The
EMA's weight table"): its days, the players who played (the substitutes who played, three at most), their
countries, and whether players had to qualify. Shown on the dashboard, in the API and the tournament file,
and offered as the weight when the tournament joins a series."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from ratings.weights import WeightParts, participants, weight_parts
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


def _counted(rows: list[tuple[str, bool]], substitutes_ranked: bool) -> tuple[int, int, int]:
    """(ranked, substitutes, countries) of players given as (country, is_substitute)."""
    subs = 0 if substitutes_ranked else sum(1 for _c, sub in rows if sub)
    return len(rows) - subs, subs, len({c for c, _s in rows if c})


def tournament_weight(tournament: Tournament, *, public: bool = False) -> TournamentWeight:
    """The weight the EMA's table gives the tournament as it stands (``public``: from its public sessions).

    A player has played once seated at a table with something on its sheet (a hand or a penalty): one query,
    whatever the size of the tournament."""
    sessions = tournament.sessions.public() if public else tournament.sessions.all()
    sheets = Q(seats__table__sheet__hands__isnull=False) | Q(seats__table__sheet__penalties__isnull=False)
    played = list(
        tournament.players.filter(Q(seats__session__in=sessions) & sheets)
        .distinct()
        .values_list("country", "is_substitute")
    )
    basis = "played"
    if not played:
        basis = "registered"
        played = list(
            tournament.players.exclude(withdrawals__undone_at__isnull=True, withdrawals__isnull=False).values_list(
                "country", "is_substitute"
            )
        )
    ranked, subs, countries = _counted(played, tournament.substitutes_ranked)
    parts = weight_parts(
        days=tournament_days(tournament),
        players=participants(ranked, subs),
        countries=countries,
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
