"""python manage.py standings SLUG [--format json|csv]"""
import csv
import io
import json

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.results import player_standings

COLUMNS = ("rank", "number", "name", "team", "table_points", "score")


def standings_rows(tournament):
    """Player standings as plain rows, best first; table points rounded to 2 decimals."""
    return [
        {"rank": row.rank, "number": row.player.number, "name": row.player.name,
         "team": row.player.team.name if row.player.team_id else None,
         "table_points": round(float(row.table_points), 2), "score": row.score}
        for row in player_standings(tournament)
    ]


class Command(BaseCommand):
    help = "Print a tournament's player standings as JSON or CSV."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--format", choices=("json", "csv"), default="json")

    def handle(self, *args, slug, format="json", **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament “{slug}”.")
        rows = standings_rows(tournament)
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
