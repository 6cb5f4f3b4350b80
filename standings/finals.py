"""The standings of a tournament with a final after a cut (docs/elimination.md, "Finals with a cut"): the
finalists first, each with the part of their totals carried over from the sessions up to the cut and the part
played in the final (``seating.finals.final_lines``), then everyone else in the order of their own totals."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from seating import finals
from tournament.finals_models import FinalStage

if TYPE_CHECKING:
    from tournament.models import Tournament

# A standings row (``standings.selectors.StandingRow``, which holds a ``FinalPart``): named, not imported, so the
# two modules do not import each other.
StandingRow = Any


@dataclass(frozen=True)
class FinalPart:
    """A finalist's totals split: what was carried over from the sessions up to the cut, and the final's."""

    carried_table_points: Fraction
    carried_score: Fraction
    final_table_points: Fraction
    final_score: Fraction


def final_columns(part: FinalPart) -> dict[str, str]:
    """A finalist's two parts as the standings page shows them: "table points · points", in the reader's
    language."""
    from tournament.numbers import number_shown, table_points_shown

    def text(tp: Fraction, pts: Fraction) -> str:
        return f"{table_points_shown(tp)} · {number_shown(shown_score(pts))}"

    return {
        "carried": text(part.carried_table_points, part.carried_score),
        "final_part": text(part.final_table_points, part.final_score),
    }


def cut_stage(tournament: Tournament) -> FinalStage | None:
    """The tournament's final once the cut is made; None before (or without a final)."""
    stage = FinalStage.objects.filter(tournament=tournament).first()
    return stage if stage is not None and stage.is_cut else None


def shown_score(value: Fraction) -> int | float:
    """Points as the standings show them: whole, or with the half (or the factor's part) carried over."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def _sums(row: StandingRow, after: int, final: bool) -> tuple[Fraction, Fraction]:
    picked = [r for n, r in row.sessions.items() if (n > after) == final]
    return sum((Fraction(r.table_points) for r in picked), Fraction(0)), Fraction(sum(r.score for r in picked))


def final_order(tournament: Tournament, rows: list[StandingRow]) -> list[StandingRow]:
    """``rows`` (ranked on everything played) reordered for a tournament whose cut is made: the finalists by
    their carried part plus their final part (table points, then points), sharing a rank only when level on
    both; then the others in their own order, ranked after the last finalist."""
    stage = cut_stage(tournament)
    if stage is None:
        return rows
    by_pk = {row.player.pk: row for row in rows}
    chosen = [pk for pk in stage.finalists if pk in by_pk]
    k = stage.after_session
    before = {pk: _sums(by_pk[pk], k, final=False) for pk in chosen}
    during = {pk: _sums(by_pk[pk], k, final=True) for pk in chosen}
    out: list[StandingRow] = []
    previous: tuple[Fraction, Fraction] | None = None
    for place, line in enumerate(finals.final_lines(chosen, before, during, stage.carry()), start=1):
        row = by_pk[cast(int, line.player)]
        key = (line.table_points, line.points)
        row.rank = out[-1].rank if key == previous and out else place
        previous = key
        row.table_points, row.score = line.table_points, shown_score(line.points)
        row.final = FinalPart(
            line.carried_table_points, line.carried_points, line.final_table_points, line.final_points
        )
        out.append(row)
    others = [row for row in rows if row.player.pk not in set(chosen)]
    ranks = [row.rank for row in others]  # their places among everyone, before renumbering
    for i, row in enumerate(others):
        row.rank = len(out) + 1 + sum(1 for r in ranks[:i] if r < ranks[i])
    return out + others
