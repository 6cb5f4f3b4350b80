"""python manage.py export_series SLUG > series.json"""

from django.core.management.base import BaseCommand, CommandError

from series.fileformat import dumps, series_export
from series.models import Series


class Command(BaseCommand):
    help = "Write a series as a series file (JSON) on standard output: every parameter, explicitly."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        series = Series.objects.filter(slug=slug).first()
        if series is None:
            raise CommandError(f"No series “{slug}”.")
        self.stdout.write(dumps(series_export(series)))
