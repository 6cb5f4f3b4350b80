"""python manage.py import_series FILE.json [--replace] [--organizer USERNAME]"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from series.fileformat import MAX_FILE_BYTES, SeriesFileError, parse, series_import
from tournament.management.files import command_text


class Command(BaseCommand):
    help = "Import a series from a series file (all or nothing) and compute its ranking."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument(
            "--replace", action="store_true", help="Change the series of the same slug to what the file says."
        )
        parser.add_argument("--organizer", help="Make this user an organizer of the series.")

    def handle(self, *args, file, replace=False, organizer=None, **options):
        text = command_text(file, max_bytes=MAX_FILE_BYTES)
        try:
            data = parse(text)
            if organizer:
                if not get_user_model().objects.filter(username=organizer).exists():
                    raise CommandError(f"No user “{organizer}”.")
                if isinstance(data, dict):
                    data["organizers"] = sorted({*data.get("organizers", []), organizer})
            series = series_import(data, replace=replace)
        except SeriesFileError as exc:
            lines = "\n".join(f"  {path}: {message}" if path else f"  {message}" for path, message in exc.problems)
            raise CommandError(f"{file}: nothing was imported:\n{lines}") from exc
        ranking = series.rankings.order_by("-number").first()
        listed = sum(1 for r in ranking.rows if r["listed"]) if ranking else 0
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported “{series.name}” ({series.slug}): {series.entries.count()} tournaments, "
                f"{listed} players ranked (version {ranking.number if ranking else 0})."
            )
        )
