"""Scoring a hand from its tiles: the glue between the entry forms and the tournament's rule set.

The forms give text (concealed tiles, declared melds, winning tile, flags); the hand's context
(self-drawn or not, flowers, seat and prevalent wind) comes from the outcome, the flowers field
and the hand number. This module builds the rule set's input dict, scores it, and compares the
total with points a referee may also have typed. It never touches the database; the rule set
(``rules.base.RuleSet``: ``parse_hand``, ``score``, ``hand_fields``, ``seat_winds``) is
used as is, and reads only the fields it lists in ``hand_fields``.
"""

import logging
import re
from dataclasses import dataclass, field

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from rules.base import HandError
from rules.registry import get_rule_set
from rules.rotation import WINDS
from rules.text import Message, message_of
from tournament.models import WIND_NAMES, Tournament

log = logging.getLogger(__name__)

# Keys of the engine's input dict that a referee types or ticks (the rest come from the context).
TEXT_KEYS = ("concealed", "melds", "win_tile")
# Every flag a rule set may read; a form offers those in its rule set's hand_fields.
FLAG_KEYS = ("last_tile", "kong", "last_wall", "kong_discard", "first_draw")
# Bonus tiles a rule set reads by number (RuleSet.bonus_by_number): "13" is tiles 1 and 3 of that kind.
BONUS_KEYS = ("flowers", "seasons")
INPUT_KEYS = (*TEXT_KEYS, "self_drawn", *BONUS_KEYS, *FLAG_KEYS, "seat_wind", "prevalent_wind")
# Each bonus tile as a referee names it: its number and the seat wind it belongs to (printed on the tile).
BONUS_LABELS = {
    "flowers": {
        1: gettext_lazy("Flower 1 (East)"),
        2: gettext_lazy("Flower 2 (South)"),
        3: gettext_lazy("Flower 3 (West)"),
        4: gettext_lazy("Flower 4 (North)"),
    },
    "seasons": {
        1: gettext_lazy("Season 1 (East)"),
        2: gettext_lazy("Season 2 (South)"),
        3: gettext_lazy("Season 3 (West)"),
        4: gettext_lazy("Season 4 (North)"),
    },
}


def bonus_numbers(value):
    """The bonus tiles held, as the engine reads them: ``"31"``, ``[3, 1]`` or ``["1", "3"]`` -> ``"13"``.

    A count (MCR's int ``flowers``) names no tile and gives ``""``; so do digits other than 1-4.
    """
    if isinstance(value, str):
        items = list(value)
    elif isinstance(value, (list, tuple)):
        items = [str(v) for v in value]
    else:
        return ""
    return "".join(sorted({c for c in items if c in ("1", "2", "3", "4")}))


def flower_count(data):
    """The number of flowers a counted-flowers rule set (MCR) adds to the points; 0 where they are named."""
    value = (data or {}).get("flowers")
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def bonus_held(data):
    """The bonus tiles named in an input dict, in words (``["Flower 1 (East)", "Season 2 (South)"]``)."""
    return [str(BONUS_LABELS[key][int(n)]) for key in BONUS_KEYS for n in bonus_numbers((data or {}).get(key))]


def default_rules():
    """The rule set a tournament has when none is chosen (the model field's default), with its defaults."""
    return get_rule_set(Tournament._meta.get_field("rules").default)


def split_melds(text):
    """``"chow 234m, pung EEE"`` or one meld a line -> ``["chow 234m", "pung EEE"]``.

    Commas inside one meld's tiles are not expected (``pung E,E,E`` is not how melds are written),
    so every comma or line break separates melds. Runs of spaces are folded.
    """
    if not text:
        return []
    if isinstance(text, (list, tuple)):
        parts = text
    else:
        parts = re.split(r"[,;\n\r]+", text)
    return [" ".join(p.split()) for p in parts if p and p.strip()]


def melds_text(melds):
    """The stored melds list as the form shows it again."""
    if isinstance(melds, str):
        return melds
    return ", ".join(melds or [])


def has_tiles(concealed="", melds="", win_tile=""):
    """True when the referee typed anything into the tile fields."""
    return any((v or "").strip() if isinstance(v, str) else bool(v) for v in (concealed, melds, win_tile))


def hand_winds(hand_number, winner_position, rules=None):
    """Seat wind of the winner and prevalent wind, as letters, for a hand of a session.

    winner_position is the winner's initial position at the table (0..3: the players who drew
    East, South, West, North). The rule set says how seats and the deal move (MCR appendix 4),
    so the winner's seat wind in that hand is derived, never typed.
    """
    rules = rules or default_rules()
    return WINDS[rules.seat_winds(hand_number)[winner_position]], rules.prevalent_wind(hand_number)


def engine_input(
    *,
    concealed,
    melds,
    win_tile,
    self_drawn,
    flowers=0,
    last_tile=False,
    kong=False,
    last_wall=False,
    seat_wind="E",
    prevalent_wind="E",
    rules=None,
    bonus=None,
    **flags,
):
    """The rule set's input dict (what HandVersion.tiles stores) from form values.

    ``bonus`` names the bonus tiles held, for a rule set that reads them by number
    (``{"flowers": "13", "seasons": "2"}``); it replaces the flower count ``flowers``.

    ``flags`` are the further flags of FLAG_KEYS a rule set reads (e.g. ``first_draw``); each is kept
    only when ``rules`` lists it in its hand_fields, so an MCR hand stores exactly what it always did.
    """
    extra = {k: bool(v) for k, v in flags.items() if k in FLAG_KEYS and rules is not None and k in rules.hand_fields}
    if bonus is not None:
        extra.update({k: bonus_numbers(v) for k, v in bonus.items() if k in BONUS_KEYS})
    return {
        "concealed": " ".join((concealed or "").split()),
        "melds": split_melds(melds),
        "win_tile": (win_tile or "").strip(),
        "self_drawn": bool(self_drawn),
        "flowers": int(flowers or 0),
        "last_tile": bool(last_tile),
        "kong": bool(kong),
        "last_wall": bool(last_wall),
        "seat_wind": seat_wind,
        "prevalent_wind": prevalent_wind,
        **extra,
    }


def engine_text(source):
    """Why the rules refuse a hand, in the language of the request.

    ``source`` is an error of the rules (``HandError``, ``TileError``) or a score that is not a valid
    win. The rules give an ``N_`` template and parameters (``rules.text.Message``); the
    template, and every parameter that is itself a marked word, go through gettext here, so the
    sentence and its words are in one language. Anything without a template is shown as it is.
    """
    if isinstance(source, BaseException):
        message = message_of(source)
    else:
        message = getattr(source, "error_message", None)
        if message is None:
            error = getattr(source, "error", None)
            message = Message(str(error)) if error else None
    if message is None or not message.template:
        return str(message or "")
    try:
        return message.render(_)
    except (KeyError, ValueError, TypeError):
        # A translation whose placeholders do not match its msgid must not cost the referee the reason.
        log.warning("bad translation of engine message %r", message.template)
        return str(message)


@dataclass
class Scored:
    """The engine's verdict on one input dict. ``error`` is set when the hand cannot be a win."""

    data: dict
    result: object = None  # the rule set's Score, when the tiles could be read
    error: str = ""
    fans: list = field(default_factory=list)

    @property
    def valid(self):
        return self.result is not None and self.result.valid and not self.error

    @property
    def total(self):
        return self.result.total if self.result is not None else None


def score(data, rules=None):
    """Score an input dict with ``rules`` (default: the default rule set). Never raises: a bad hand
    comes back with ``error`` set.

    Hands under the minimum come back with their fans (so the referee sees why) and the rule set's message.
    """
    rules = rules or default_rules()
    try:
        hand = rules.parse_hand({k: v for k, v in data.items() if k in rules.hand_fields})
    except HandError as exc:
        return Scored(data, None, _("The tiles cannot be scored: %(reason)s.") % {"reason": engine_text(exc)})
    try:
        result = rules.score(hand)
    except Exception:
        log.exception("%s rules failed on %r", rules.code, data)
        return Scored(data, None, _("The calculator could not score these tiles; enter the points instead."))
    fans = fan_rows(result)
    if not result.valid:
        return Scored(data, result, _("Not a valid winning hand: %(reason)s.") % {"reason": engine_text(result)}, fans)
    return Scored(data, result, "", fans)


def fan_label(names):
    """A fan's name in the language of the request: {"name", "name_es", "name_zh"} -> one of them.

    The engine carries each fan's rulebook names in English, Spanish and Chinese; the catalogue does
    not translate them, so the names stay exactly the rulebooks' ones.
    """
    language = (get_language() or "en").lower()
    if language.startswith("zh") and names.get("name_zh"):
        return names["name_zh"]
    if language.startswith("es") and names.get("name_es"):
        return names["name_es"]
    return names["name"]


def fan_rows(result):
    """The fans as plain dicts for templates: number, names (``label`` in the page's language), points each,
    count, subtotal, sources, and ``other_names``: the names in the two other languages."""
    rows = []
    for f in result.fans:
        # Each rule set's items carry their rulebook names; ids differ between rule sets, so no lookup by id.
        row = {
            "id": f.id,
            "name": f.name,
            "name_es": f.name_es or "",
            "name_zh": getattr(f, "name_zh", "") or "",
            "points": f.points,
            "count": f.count,
            "subtotal": f.points * f.count,
            "sources": list(f.sources or []),
        }
        row["label"] = fan_label(row)
        row["other_names"] = [
            {"lang": lang, "name": row[key]}
            for lang, key in (("en", "name"), ("es", "name_es"), ("zh-Hans", "name_zh"))
            if row[key] and row[key] != row["label"]
        ]
        rows.append(row)
    return rows


def live_answer(scored, error=""):
    """The live score's JSON (docs/tile-picker.md): the engine's result with fan names in the page's language."""
    if scored is None:
        return {"valid": False, "total": 0, "fans": [], "error": error or None}
    return {
        "valid": scored.valid,
        "total": scored.total or 0,
        "error": scored.error or error or None,
        "fans": [
            {"id": f["id"], "name": f["label"], "points": f["points"], "count": f["count"], "from": f["sources"]}
            for f in scored.fans
        ],
    }


def fans_summary(scored):
    """One line naming the fans, e.g. ``All Pungs (49) 6, Half Flush (50) 6, Seat Wind (61) 2``."""
    parts = []
    for f in scored.fans:
        count = f" ×{f['count']}" if f["count"] > 1 else ""
        parts.append(f"{f['label']} ({f['id']}) {f['points']}{count}")
    return ", ".join(parts)


def check_points(scored, typed_points):
    """Compare with points the referee typed. Returns (points to record, error message or "")."""
    if not scored.valid:
        return None, scored.error
    if typed_points is None:
        return scored.total, ""
    if typed_points != scored.total:
        return None, _(
            "The tiles score %(total)s points (%(fans)s), but %(typed)s points were typed. "
            "Correct the tiles or the points, or leave the points blank to use the tiles' total."
        ) % {"total": scored.total, "fans": fans_summary(scored), "typed": typed_points}
    return scored.total, ""


def describe(tiles, recorded_points=None, scored=None, rules=None):
    """What a template needs to show a stored hand: its tiles, flags, winds and fans.

    The fans are scored again from the stored input; if the engine now gives another total than the
    one recorded (the engine was corrected since), ``differs`` says so rather than hiding it.
    """
    if not tiles or not isinstance(tiles, dict):
        return None
    data = {k: v for k, v in tiles.items() if k in INPUT_KEYS}
    if scored is None:
        scored = score(data, rules)
    flags = []
    if data.get("self_drawn"):
        flags.append(_("self-drawn"))
    if data.get("last_tile"):
        flags.append(_("last of its kind"))
    if data.get("kong"):
        flags.append(_("out on a kong replacement") if data.get("self_drawn") else _("robbing a kong"))
    if data.get("last_wall"):
        flags.append(_("last tile of the wall"))
    if data.get("kong_discard"):
        flags.append(_("on the discard after a kong"))
    if data.get("first_draw"):
        flags.append(_("won on the first draw"))
    names = WIND_NAMES
    return {
        "seat_wind_name": names.get(data.get("seat_wind"), data.get("seat_wind", "")),
        "prevalent_wind_name": names.get(data.get("prevalent_wind"), data.get("prevalent_wind", "")),
        "concealed": data.get("concealed", ""),
        "melds": list(data.get("melds") or []),
        "win_tile": data.get("win_tile", ""),
        "seat_wind": data.get("seat_wind", ""),
        "prevalent_wind": data.get("prevalent_wind", ""),
        "flowers": flower_count(data),
        "bonus": bonus_held(data),
        "flags": flags,
        "fans": scored.fans,
        "total": scored.total,
        "error": scored.error,
        "differs": recorded_points is not None and scored.total is not None and scored.total != recorded_points,
    }
