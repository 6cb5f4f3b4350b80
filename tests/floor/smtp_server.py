"""A real SMTP server (aiosmtpd) for the e-mail tests: ``smtp`` (a fixture, registered in conftest) starts one
on a free port, points Django's SMTP backend at it and yields its inbox."""

import socket
from email import message_from_bytes, policy

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command


class Inbox:
    """The SMTP server's handler: keeps every message it accepts."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content, policy=policy.default)))
        return "250 OK"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.MAIL_OFFERED = True
    settings.SITE_URL = "https://mahjong.example.org"
    inbox.controller = controller
    yield inbox
    controller.stop()


def worker():
    """The outbox's worker, one pass: sends what is due."""
    call_command("send_mail_outbox", "--once")


def recipients(inbox):
    return sorted(address for tos, _m in inbox.messages for address in tos)
