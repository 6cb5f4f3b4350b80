"""What the table page gives its outbox (static/js/outbox.js, issue 22): the idempotency key of a plain form,
the fouls version a foul form was drawn at, and what the page says about each hand of the session, so the
form can move to the next hand without asking the server.

``{% load entry_offline %}``: ``{% entry_key %}``, ``{% fouls_version sheet %}``, ``{% hands_info %}``,
``{% csrf_cookie_name %}``.
"""

import uuid

from django import template
from django.conf import settings
from django.utils.html import json_script
from django.utils.translation import gettext as _

from scoring.entry_replay import fouls_version as _fouls_version
from scoring.results import sheet_hand
from tournament.models import WIND_NAMES

register = template.Library()


@register.simple_tag
def entry_key():
    """A fresh idempotency key for a form drawn by the server: a form posted twice (a double tap, the browser
    sending it again) is stored once. The outbox makes its own key on the phone for each entry."""
    return uuid.uuid4()


@register.simple_tag
def fouls_version(sheet):
    return _fouls_version(sheet)


@register.simple_tag
def csrf_cookie_name():
    return settings.CSRF_COOKIE_NAME


@register.simple_tag(takes_context=True)
def hands_info(context):
    """``<script type="application/json" id="hands-info">``: for each hand of the session, its announcement,
    the words of its button and the players' seat winds (``seats``, in the players' order), in the page's
    language, exactly as the hand form draws them (scoring/_hand_form.html, HandForm.seat_buttons)::

        {"players": [pk, ...], "winds": {"E": ["East", "E"], ...},
         "hands": {"1": {"no": "Hand 1 of 16", "round": "East round", "dealer": "East (dealer): Ana",
                         "submit": "Record hand 1", "seats": "ESWN"}, ...}}
    """
    players, tournament = context.get("players") or [], context["tournament"]
    if len(players) != 4:
        return ""
    rules, total = tournament.rule_set, tournament.hands_per_session
    winds = {}
    for wind, name in WIND_NAMES.items():
        # 东 南 西 北 are written whole; other languages show the rulebook's letter (as the form does).
        winds[wind] = [str(name), str(name) if len(str(name)) == 1 else wind]
    hands = {}
    for number in range(1, total + 1):
        hand = sheet_hand(number, rules)
        hands[number] = {
            "no": _("Hand %(n)s of %(total)s") % {"n": number, "total": total},
            "round": _("%(wind)s round") % {"wind": WIND_NAMES[hand.round_wind]},
            "dealer": _("East (dealer): %(dealer)s") % {"dealer": players[hand.dealer].name},
            "submit": _("Record hand %(n)s") % {"n": number},
            "seats": "".join(hand.seat_winds),
        }
    return json_script({"players": [p.pk for p in players], "winds": winds, "hands": hands}, "hands-info")
