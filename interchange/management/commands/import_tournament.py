"""python manage.py import_tournament FILE.json [--replace]"""

import time

from django.core.management.base import BaseCommand, CommandError

from interchange.format import MAX_FILE_BYTES, InterchangeError
from interchange.load import Progress, import_notes, tournament_import
from interchange.shape import parse_json
from tournament.management.files import command_text


class PrintedProgress(Progress):
    """Progress lines on standard error once the import has run for ``after`` seconds: a small file imports
    silently, a large one (minutes before issue 11, seconds now) says how far it is."""

    AFTER = 3.0  # seconds

    def __init__(self, write):
        self.write = write
        self.began = time.monotonic()
        self.total = self.done = 0

    def _say(self, text):
        elapsed = time.monotonic() - self.began
        if elapsed >= self.AFTER:
            self.write(f"{text} ({elapsed:.0f} s)")

    def start(self, *, players, sessions, hands):
        self.total = hands

    def players(self, count):
        self._say(f"{count} players in")

    def session(self, number, hands):
        self.done += hands
        self._say(f"session {number} in: {self.done} of {self.total} hands")


class Command(BaseCommand):
    help = "Import a tournament from an interchange JSON file (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file, or - for standard input")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Delete an existing tournament with the same slug first (in the same transaction).",
        )
        parser.add_argument("--slug", help="Import under this short name instead of the file's (e.g. to make a copy).")
        parser.add_argument("--name", help="Import under this name instead of the file's.")

    def handle(self, *args, file, replace=False, slug=None, name=None, **options):
        text = command_text(file, max_bytes=MAX_FILE_BYTES)
        try:
            data = parse_json(text)
            if isinstance(data, dict):
                data.update({k: v for k, v in (("slug", slug), ("name", name)) if v})
            progress = PrintedProgress(lambda line: self.stderr.write(line, style_func=lambda x: x))
            tournament = tournament_import(data, replace=replace, progress=progress)
        except InterchangeError as exc:
            raise CommandError(f"{file}: {exc}") from exc
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported “{tournament.name}” ({tournament.slug}): {tournament.players.count()} players, "
                f"{tournament.sessions.seated().count()} sessions seated."
            )
        )
        for note in import_notes(tournament):
            self.stdout.write(self.style.WARNING(note))
