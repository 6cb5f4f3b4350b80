"""python manage.py import_tournament FILE.json [--replace]"""
from django.core.management.base import BaseCommand, CommandError

from interchange.format import MAX_FILE_BYTES, InterchangeError
from interchange.load import tournament_import
from interchange.shape import parse_json


class Command(BaseCommand):
    help = "Import a tournament from an interchange JSON file (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument("--replace", action="store_true",
                            help="Delete an existing tournament with the same slug first (in the same transaction).")
        parser.add_argument("--slug", help="Import under this short name instead of the file's (e.g. to make a copy).")
        parser.add_argument("--name", help="Import under this name instead of the file's.")

    def handle(self, *args, file, replace=False, slug=None, name=None, **options):
        try:
            # Read one character past the limit at most: a huge file is refused without being held.
            if file == "-":
                import sys
                text = sys.stdin.read(MAX_FILE_BYTES + 1)
            else:
                with open(file, encoding="utf-8-sig") as fh:
                    text = fh.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"{file}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise CommandError(f"{file}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
        try:
            data = parse_json(text)
            if isinstance(data, dict):
                data.update({k: v for k, v in (("slug", slug), ("name", name)) if v})
            tournament = tournament_import(data, replace=replace)
        except InterchangeError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        self.stdout.write(self.style.SUCCESS(
            f"Imported “{tournament.name}” ({tournament.slug}): {tournament.players.count()} players, "
            f"{tournament.sessions.exclude(status='planned').count()} sessions seated."))
