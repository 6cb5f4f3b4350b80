"""Lift the throttle's locks at once (core/throttle.py): every one, or one kind (``--scope login-address``)."""

from django.core.management.base import BaseCommand

from core import throttle

SCOPES = ["login-pair", "login-address", "login-browser", "player-code", "device-code"]


class Command(BaseCommand):
    help = "Lift the locks of the login, player-code and device-code throttles (all, or one --scope)."

    def add_arguments(self, parser):
        parser.add_argument("--scope", choices=SCOPES, help="only this kind of lock")

    def handle(self, *args, scope=None, **options):
        removed = throttle.clear(scope)
        self.stdout.write(f"{removed} counts cleared.")
