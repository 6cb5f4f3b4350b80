"""python manage.py series_standings SLUG [--format json|csv] [--recompute] [--ranking N]

Prints the series' ranking as kept (the latest version, or version N). ``--recompute`` computes it from
the tournaments' results as they are now first, keeping a new version when it changed (in the audit
log, by the system). Without it, a note on standard error says when the results changed since.
"""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from core.command_output import neutralise, rows_text
from series import selectors, services
from series.models import Series

COLUMNS = ("rank", "ema_id", "name", "country", "rating", "results")


def command_rows(ranking, country: str = "") -> list[dict]:
    """The listed players in ranking order: rank, player (EMA id, name, country), rating to two decimals,
    how many real results counted; with ``country``, that country's, each with its national rank."""
    return [
        {
            **({"national_rank": row["national_rank"]} if country else {}),
            "rank": row["rank"],
            "player": {"ema_id": row["ema_id"], "name": row["name"], "country": row["country"]},
            "rating": round(float(row["rating"]), 2),
            "results": row["results"],
        }
        for row in selectors.listed_rows(ranking, country)
    ]


class Command(BaseCommand):
    help = "Print a series' ranking (JSON or CSV): the latest kept, or computed again with --recompute."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=("json", "csv"), default="json")
        parser.add_argument(
            "--recompute", action="store_true", help="Compute it from the results now; keep it if it changed."
        )
        parser.add_argument("--ranking", type=int, help="Print this kept version instead of the latest.")
        parser.add_argument("--country", help="Only the players of this country (e.g. ES), with their national rank.")

    def handle(self, *args, slug, format="json", recompute=False, ranking=None, country=None, **options):
        series = Series.objects.filter(slug=slug).first()
        if series is None:
            raise CommandError(f"No series “{slug}”.")
        if recompute:
            try:
                done = services.series_recompute(series=series, by=None, reason="command")
            except ValidationError as exc:
                raise CommandError("; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())) from exc
            self.stderr.write(
                f"Version {done.ranking.number} {'kept' if done.changed else 'unchanged'}.", style_func=lambda x: x
            )
        kept = selectors.ranking_version(series, ranking) if ranking is not None else selectors.latest_ranking(series)
        if kept is None:
            raise CommandError(f"No ranking{f' version {ranking}' if ranking else ''} kept for “{slug}”.")
        if not recompute and ranking is None:
            self._warn_if_stale(series, kept)
        rows = command_rows(kept, (country or "").upper())
        self.stdout.write(rows_text(rows, format, COLUMNS, _csv_cells), ending="" if format == "csv" else "\n")

    def _warn_if_stale(self, series, kept):
        try:
            now = selectors.series_compute(series, as_of=kept.as_of)
        except (selectors.SeriesInputError, ValueError) as exc:
            self.stderr.write(f"Note: the ranking cannot be computed again now: {exc}", style_func=lambda x: x)
            return
        if now.results_json() != kept.results or now.events_json() != kept.events:
            self.stderr.write(
                "Note: results changed since this ranking was computed; --recompute keeps a new one.",
                style_func=lambda x: x,
            )


def _csv_cells(row):
    player = row["player"]
    return [
        row["rank"],
        player["ema_id"],
        neutralise(player["name"]),
        player["country"],
        f"{row['rating']:.2f}",
        row["results"],
    ]
