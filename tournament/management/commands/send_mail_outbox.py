"""Send the e-mail outbox (tournament.mail): every few seconds the mails that are due, each once; run it as a
service beside the app servers (docs/deploy.md, "E-mail"). ``--once`` sends what is due now and stops."""

import time

from django.core.management.base import BaseCommand

from tournament.mail import outbox_send


class Command(BaseCommand):
    help = "Send the queued e-mails to players (the outbox), then keep watching for new ones."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="send what is due now, then stop")
        parser.add_argument("--interval", type=float, default=5.0, help="seconds between looks at the outbox")

    def handle(self, *args, once=False, interval=5.0, **options):
        while True:
            sent, failed = outbox_send()
            if sent or failed:
                self.stdout.write(f"sent {sent}, failed {failed} (to be tried again)")
            if once:
                return
            time.sleep(interval)
