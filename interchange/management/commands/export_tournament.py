"""python manage.py export_tournament SLUG [--output FILE]"""

from django.core.management.base import BaseCommand, CommandError

from interchange.export import export_json
from interchange.format import InterchangeError
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Export a tournament as interchange JSON (to standard output, or --output FILE)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--output", "-o", help="Write to this file instead of standard output.")

    def handle(self, *args, slug, output=None, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament “{slug}”.")
        try:
            text = export_json(tournament)
        except InterchangeError as exc:
            raise CommandError(str(exc)) from exc
        if output:
            with open(output, "w", encoding="utf-8") as fh:
                fh.write(text)
            self.stderr.write(f"Wrote {output}")
        else:
            self.stdout.write(text, ending="")
