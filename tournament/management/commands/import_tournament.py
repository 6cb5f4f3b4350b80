"""python manage.py import_tournament FILE.json [--replace]"""
from django.core.management.base import BaseCommand, CommandError

from tournament.interchange import InterchangeError, parse_json, tournament_import


class Command(BaseCommand):
    help = "Import a tournament from an interchange JSON file (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument("--replace", action="store_true",
                            help="Delete an existing tournament with the same slug first (in the same transaction).")

    def handle(self, *args, file, replace=False, **options):
        try:
            if file == "-":
                import sys
                text = sys.stdin.read()
            else:
                with open(file, encoding="utf-8-sig") as fh:
                    text = fh.read()
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise CommandError(f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
        try:
            tournament = tournament_import(parse_json(text), replace=replace)
        except InterchangeError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        self.stdout.write(self.style.SUCCESS(
            f"Imported “{tournament.name}” ({tournament.slug}): {tournament.players.count()} players, "
            f"{tournament.sessions.exclude(status='planned').count()} sessions seated."))
