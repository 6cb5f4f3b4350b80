"""python manage.py standings SLUG [--format json|csv]"""
import csv
import io
import json

from django.core.management.base import BaseCommand, CommandError

from standings.selectors import standings_rows
from tournament.models import Tournament

COLUMNS = ("rank", "number", "name", "team", "table_points", "score")


def command_rows(tournament):
    """The standings with the command's fields; table points rounded to 2 decimals."""
    return [{"rank": r["rank"], "number": r["number"], "name": r["name"], "team": r["team"],
             "table_points": round(float(r["table_points"]), 2), "score": r["score"]}
            for r in standings_rows(tournament)]


class Command(BaseCommand):
    help = "Print a tournament's player standings as JSON or CSV."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=("json", "csv"), default="json")

    def handle(self, *args, slug, format="json", **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament “{slug}”.")
        rows = command_rows(tournament)
        if format == "json":
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([row["rank"], row["number"], row["name"], row["team"] or "",
                             f"{row['table_points']:.2f}", row["score"]])
        self.stdout.write(out.getvalue(), ending="")
