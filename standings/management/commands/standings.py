"""python manage.py standings SLUG [--format json|csv] [--public]

The organizer's view: every session with results, published or not (as organizers and referees see
the standings page). ``--public`` gives what the public sees: published and closed sessions only.
"""

from django.core.management.base import BaseCommand, CommandError

from core.command_output import neutralise, rows_text
from standings.selectors import standings_rows
from tournament.models import Tournament

COLUMNS = ("rank", "number", "name", "team", "table_points", "score")


def command_row(r):
    """One row of ``standings_rows`` with the command's fields; table points rounded to 2 decimals."""
    return {
        "rank": r["rank"],
        "number": r["number"],
        "name": r["name"],
        "team": r["team"],
        "table_points": round(float(r["table_points"]), 2),
        "score": r["score"],
    }


def command_rows(tournament, public=False):
    """The standings with the command's fields."""
    return [command_row(r) for r in standings_rows(tournament, public=public)]


class Command(BaseCommand):
    help = (
        "Print a tournament's player standings as JSON or CSV: the organizer's view, every session with "
        "results; --public for the public's (published sessions only)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=("json", "csv"), default="json")
        parser.add_argument(
            "--public", action="store_true", help="Only published and closed sessions, as the public pages show them."
        )

    def handle(self, *args, slug, format="json", public=False, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament “{slug}”.")
        rows = command_rows(tournament, public=public)
        self.stdout.write(rows_text(rows, format, COLUMNS, _csv_cells), ending="" if format == "csv" else "\n")


def _csv_cells(row):
    return [
        row["rank"],
        row["number"],
        neutralise(row["name"]),
        neutralise(row["team"] or ""),
        f"{row['table_points']:.2f}",
        row["score"],
    ]
