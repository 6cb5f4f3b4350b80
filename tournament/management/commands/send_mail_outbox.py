"""Send the e-mail outbox (tournament.mail): every few seconds the mails that are due, each once; run it as a
service beside the app servers (docs/deploy.md, "E-mail"), or let `make serve` run it beside gunicorn.
``--once`` sends what is due now and stops.

SIGTERM or SIGINT (gunicorn stopping under `make serve`, systemd stopping the service) lets the mail being sent
finish and be marked sent, then stops: stopping never leaves a mail accepted by the server but not marked sent.
A database that goes away (restarted, failed over) stops nothing: the worker says so and looks again later."""

import signal
import time

from django.core.management.base import BaseCommand
from django.db import DatabaseError, close_old_connections

from tournament.mail import outbox_send


class Command(BaseCommand):
    help = "Send the queued e-mails to players (the outbox), then keep watching for new ones."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="send what is due now, then stop")
        parser.add_argument("--interval", type=float, default=5.0, help="seconds between looks at the outbox")

    def handle(self, *args, once=False, interval=5.0, **options):
        self.stopping = False
        if not once:
            for number in (signal.SIGTERM, signal.SIGINT):
                signal.signal(number, self._stop)
        while not self.stopping:
            try:
                sent, failed = outbox_send(stop=lambda: self.stopping)
            except DatabaseError as exc:
                if once:
                    raise
                self.stderr.write(f"the database did not answer ({exc}); looking again in {interval:g} s")
                close_old_connections()
                sent = failed = 0
            if sent or failed:
                self.stdout.write(f"sent {sent}, failed {failed} (to be tried again)")
                self.stdout.flush()  # a log line now, not when a buffer fills (stdout is a pipe under make serve)
            if once:
                return
            self._sleep(interval)
        self.stdout.write("stopped")

    def _stop(self, number, frame):
        self.stopping = True

    def _sleep(self, seconds: float) -> None:
        """Sleep in short steps, so a stop is heard within a fraction of a second."""
        end = time.monotonic() + seconds
        while not self.stopping and time.monotonic() < end:
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
