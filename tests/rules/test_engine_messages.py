"""The rules' refusals as templates: every HandError, TileError and invalid score carries an N_ template and
named parameters whose English rendering is exactly the message the CLI prints, and no raise in the rules
can slip back to an unmarked English string (the web layer could not translate it)."""

import ast
from pathlib import Path

import pytest

from rules import base
from rules.core.tiles import TileError, parse_tile, parse_tiles
from rules.mcr.hand import HandError as MCRHandError
from rules.payments import PaymentError
from rules.registry import get_rule_set
from rules.text import N_, Message, MessageError

RULES_DIR = Path(base.__file__).resolve().parent
# Thirteen tiles that win on 1p (the pung of 1p, the pair of 5p); the flags make it impossible.
FULL = "123m456m789m11p55p"
NOT_WINNING = "123m456m789m1357p"

# (rule set, hand fields, a piece of the English reason): one per kind of refusal a referee can meet.
BAD_HANDS = [
    ("mcr", {"concealed": "1z", "win_tile": "1m"}, "concealed tiles: unknown tile character 'z'"),
    ("mcr", {"concealed": "0m", "win_tile": "1m"}, "'0' at position 1"),
    ("mcr", {"concealed": "m", "win_tile": "1m"}, "suit letter 'm' at position 1"),
    ("mcr", {"concealed": "12E", "win_tile": "1m"}, "numbers '12' in '12E'"),
    ("mcr", {"concealed": "123", "win_tile": "1m"}, "at the end of '123'"),
    ("mcr", {"concealed": "123m", "win_tile": "1m2m"}, "win_tile: expected exactly one tile, got 2"),
    ("mcr", {"concealed": "123m"}, "win_tile is missing: give the winning tile"),
    ("mcr", {"concealed": "123m456m789m1p", "win_tile": "1p", "flowers": 9}, "flowers must be from 0 to 8"),
    ("mcr", {"concealed": "123m456m789m1p", "win_tile": "1p", "flowers": "2"}, "flowers must be a whole number"),
    ("mcr", {"concealed": "123m456m789m1p", "win_tile": "1p", "seat_wind": "X"}, "seat_wind must be one of"),
    ("mcr", {"concealed": "123m456m789m1p", "win_tile": "1p", "kong": "yes"}, "kong must be true or false"),
    ("mcr", {"concealed": "123m", "win_tile": "1p", "colour": 1}, "unknown field(s) colour"),
    ("mcr", [], "a hand must be a JSON object"),
    ("mcr", {"concealed": "123m456m789m1p2p", "win_tile": "1p"}, "wrong number of tiles"),
    ("mcr", {"concealed": "1111m23m456m789m5p", "win_tile": "1m"}, "5 copies of 1m"),
    ("mcr", {"concealed": "456m789m1p", "melds": ["chow 124m"], "win_tile": "1p"}, "chow 124m is not a chow"),
    ("mcr", {"concealed": "456m789m1p", "melds": ["pung 123m"], "win_tile": "1p"}, "pung 123m is not a pung"),
    (
        "mcr",
        {"concealed": "456m789m1p", "melds": ["concealed_kong 1112m"], "win_tile": "1p"},
        "concealed kong 1112m is not a kong",
    ),
    ("mcr", {"concealed": "456m789m1p", "melds": ["trio 111m"], "win_tile": "1p"}, "unknown kind 'trio'"),
    ("mcr", {"concealed": "456m789m1p", "melds": ["pung"], "win_tile": "1p"}, "needs a kind and its tiles"),
    ("mcr", {"concealed": "456m789m1p", "melds": ["pung 1x"], "win_tile": "1p"}, "meld 'pung 1x': unknown tile"),
    ("mcr", {"concealed": "456m789m1p", "melds": [3], "win_tile": "1p"}, "a meld must be written as text"),
    ("mcr", {"concealed": "456m789m1p", "melds": {"a": 1}, "win_tile": "1p"}, "melds must be a list"),
    ("mcr", {"concealed": FULL, "win_tile": "1p", "kong": True}, "robbing a kong of 1p"),
    ("mcr", {"concealed": FULL, "win_tile": "1p", "last_tile": True}, "1p cannot be the last tile of its kind"),
    ("mcr", {"concealed": FULL, "win_tile": "1p", "kong": True, "self_drawn": True}, "needs a kong declared"),
    ("swiss_championship", {"concealed": "1x", "win_tile": "1m"}, "concealed: unknown tile character"),
    ("swiss_championship", {"concealed": "123m456m789m1p"}, "win_tile is missing"),
    ("swiss_championship", {"concealed": "123m456m789m1p", "win_tile": "1p", "flowers": 2}, "flowers must be 0"),
    (
        "swiss_championship",
        {"concealed": "123m456m789m1p", "win_tile": "1p", "last_tile": True},
        "last_tile (last tile of its kind)",
    ),
    ("swiss_championship", {"concealed": "123m456m789mEE", "win_tile": "E"}, "E is not one of the 108 tiles"),
    (
        "swiss_championship",
        {"concealed": "456m789m1p", "melds": ["chow 123m"], "win_tile": "1p"},
        "chow 123m may not be melded",
    ),
    ("swiss_championship", {"concealed": "123m456m789p11s55s", "win_tile": "1s"}, "uses all three suits"),
    (
        "swiss_championship",
        {"concealed": FULL, "win_tile": "1p", "first_draw": True},
        "first_draw is Sky Hu (the dealer wins on the dealt tiles), which is self-drawn",
    ),
    (
        "swiss_championship",
        {
            "concealed": FULL,
            "win_tile": "1p",
            "first_draw": True,
            "self_drawn": True,
            "seat_wind": "S",
            "last_wall": True,
        },
        "first_draw is Earth Hu",
    ),
    (
        "swiss_championship",
        {"concealed": FULL, "win_tile": "1p", "kong_discard": True, "self_drawn": True},
        "kong_discard is a win on the discard",
    ),
    ("swiss_championship", {"concealed": "123m456m789m1p2p", "win_tile": "1p"}, "besides the winning tile"),
    ("spanish", {"concealed": "123m456m789m1p", "win_tile": "1p", "flowers": 2}, "flowers must say which flowers"),
    (
        "spanish",
        {"concealed": "123m456m789m1p", "win_tile": "1p", "seasons": "15"},
        "seasons: '5' is not a season number",
    ),
    ("spanish", {"concealed": "123m456m789m1p", "win_tile": "1p", "flowers": "11"}, "flower 1 is listed twice"),
    ("spanish", {"concealed": "123m456m789m1p", "win_tile": "1p", "seasons": True}, "seasons must list tile"),
    (
        "spanish",
        {"concealed": "123m456m789m1p", "win_tile": "1p", "winning": False},
        "a hand that did not win has no winning tile",
    ),
    ("spanish", {"concealed": FULL, "winning": False, "self_drawn": True}, "self_drawn describes how a hand was won"),
    ("spanish", {"concealed": "123m456m789m1p", "winning": False}, "must have 13 tiles, but it has 10"),
    ("spanish", {"concealed": FULL, "win_tile": "1p", "kong": True, "self_drawn": True}, "a win on a replacement tile"),
]


def rendered(message: Message) -> str:
    """The English text rebuilt from the template and parameters alone, as the web layer does with gettext."""
    params = {k: rendered(v) if isinstance(v, Message) else v for k, v in message.params.items()}
    return message.template % params if params else message.template


@pytest.mark.parametrize("code, data, reason", BAD_HANDS, ids=[f"{c}-{r[:30]}" for c, _d, r in BAD_HANDS])
def test_every_refusal_is_a_template_that_renders_to_the_english_message(code, data, reason):
    rules = get_rule_set(code)
    with pytest.raises(base.HandError) as caught:
        rules.parse_hand(data)
    exc = caught.value
    assert reason in str(exc)
    assert (exc.template and "%(" in exc.template) or not exc.params
    assert rendered(exc.message) == str(exc)
    # The CLI answers the same English text as before templates existed.
    assert rules.score_dict(data)["error"] == str(exc)


def test_a_meld_kind_and_bonus_tiles_are_translatable_words_not_english_inside_the_sentence():
    with pytest.raises(base.HandError) as caught:
        get_rule_set("mcr").parse_hand({"concealed": "456m789m1p", "melds": ["pung 123m"], "win_tile": "1p"})
    assert caught.value.params["kind"] == Message("pung")
    with pytest.raises(base.HandError) as caught:
        get_rule_set("spanish").parse_hand({"concealed": "123m456m789m1p", "win_tile": "1p", "seasons": "15"})
    assert caught.value.params["tiles"] == Message("seasons") and caught.value.params["tile"] == Message("season")
    with pytest.raises(base.HandError) as caught:
        get_rule_set("mcr").parse_hand({"concealed": "1z", "win_tile": "1m"})
    inner = caught.value.params["error"]
    assert isinstance(inner, Message) and inner.template.startswith("unknown tile character")
    assert caught.value.params["field"] == Message("concealed tiles")


@pytest.mark.parametrize("text", ["1z", "0p", "s", "12", "12E", 5])
def test_tile_errors_carry_their_template(text):
    with pytest.raises(TileError) as caught:
        parse_tiles(text)
    assert rendered(caught.value.message) == str(caught.value)
    with pytest.raises(TileError) as caught:
        parse_tile("1m2m")
    assert caught.value.template == "expected exactly one tile, got %(count)s in %(text)s"
    assert caught.value.params == {"count": 2, "text": "'1m2m'"}


# (rule set, options, hand, the English reason the score gives)
INVALID_SCORES = [
    (
        "mcr",
        {},
        {"concealed": "234m67p99s", "melds": ["chow 345s", "chow 678s"], "win_tile": "8p"},
        "under 8 points: the hand scores ",
    ),
    ("mcr", {}, {"concealed": NOT_WINNING, "win_tile": "9p"}, "not a winning hand"),
    ("swiss_championship", {}, {"concealed": NOT_WINNING, "win_tile": "9p"}, "not a winning hand"),
    ("spanish", {}, {"concealed": NOT_WINNING, "win_tile": "9p"}, "not a winning hand"),
    (
        "spanish",
        {"payment_mode": "official"},
        {"concealed": "234m456m678m22p55p", "win_tile": "2p"},
        "official mode: a Mah Jong needs at least one x8 doubling",
    ),
]


@pytest.mark.parametrize("code, options, data, reason", INVALID_SCORES)
def test_an_invalid_score_keeps_its_english_error_and_gives_its_template(code, options, data, reason):
    score = get_rule_set(code, **options).score(get_rule_set(code, **options).parse_hand(data))
    assert not score.valid and reason in score.error
    assert score.error_template and rendered(score.error_message) == score.error
    assert score.to_dict()["error"] == score.error


def test_a_hand_that_fails_validation_inside_the_engine_keeps_the_template():
    hand = get_rule_set("mcr").parse_hand({"concealed": FULL, "win_tile": "1p"})
    hand.flowers = 9
    score = get_rule_set("mcr").score(hand)
    assert score.error == "flowers must be from 0 to 8 (there are eight flower tiles); got 9"
    assert score.error_template.startswith("flowers must be from 0 to 8") and score.error_params == {"flowers": 9}


def test_an_error_keeps_its_english_text_when_reraised_and_pickled():
    import pickle

    exc = MCRHandError(
        N_("%(copies)s copies of %(tile)s in the hand; there are only four of each tile"), copies=5, tile="1m"
    )
    again = base.HandError(exc.message)
    assert str(again) == str(exc) == "5 copies of 1m in the hand; there are only four of each tile"
    assert again.params == {"copies": 5, "tile": "1m"}
    assert str(pickle.loads(pickle.dumps(again))) == str(exc)


# ------------------------------------------------------------------ no unmarked text can slip in

# PaymentError too: the score sheet shows it through scoring.services.payment_error, translated.
ERRORS = {"HandError", "TileError", "MCRHandError", "PaymentError"}
SCORES = {"Score", "Result"}


def _marked(node, scope_assignments) -> bool:
    """True when `node` is N_("..."), a Message, another error's message, or a name only ever bound to those."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "N_":
            return (
                len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
            )
        if node.func.id == "Message":
            return bool(node.args) and _marked(node.args[0], scope_assignments)
        return node.func.id == "message_of"
    if isinstance(node, ast.Attribute):
        return node.attr == "message"
    if isinstance(node, ast.IfExp):
        return _marked(node.body, scope_assignments) and _marked(node.orelse, scope_assignments)
    if isinstance(node, ast.Name):
        values = scope_assignments.get(node.id)
        return bool(values) and all(_marked(v, scope_assignments) for v in values)
    if isinstance(node, ast.Subscript):  # a table of marked templates, e.g. one per seat
        return _marked(node.value, scope_assignments)
    if isinstance(node, ast.Dict):
        return bool(node.values) and all(_marked(v, scope_assignments) for v in node.values)
    return bool(isinstance(node, ast.Constant) and node.value is None)


def _assignments(tree) -> dict:
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    out.setdefault(target.id, []).append(node.value)
    return out


def _unmarked_sites():
    found = []
    for path in sorted(RULES_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = _assignments(tree)
        for node in ast.walk(tree):
            where = f"{path.relative_to(RULES_DIR)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_":
                # xgettext only extracts a literal: an f-string or a variable would never reach the catalogue.
                if not (len(node.args) == 1 and isinstance(node.args[0], ast.Constant)):
                    found.append(f"{where}: N_ of something else than a literal")
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in ERRORS and not (node.exc.args and _marked(node.exc.args[0], names)):
                    found.append(f"{where}: raise {name} without an N_ template")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SCORES:
                error = (
                    node.args[3]
                    if len(node.args) > 3
                    else next((k.value for k in node.keywords if k.arg == "error"), None)
                )
                if error is not None and not _marked(error, names):
                    found.append(f"{where}: {node.func.id} with an unmarked error")
    return found


def test_no_raise_in_the_rules_uses_unmarked_text():
    # HandError, TileError and PaymentError: any of them may reach a referee's page.
    assert _unmarked_sites() == []


def test_the_check_catches_an_f_string(tmp_path, monkeypatch):
    # The walker itself must see the mistakes it guards against, or the test above proves nothing.
    source = (
        'def f(x):\n    raise HandError(f"bad {x}")\n'
        'def g(x):\n    raise TileError("plain")\n'
        'def h(x):\n    return Score(False, 0, [], f"no {x}")\n'
        'def i(x):\n    raise HandError(N_(f"bad {x}"))\n'
    )
    (tmp_path / "bad.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["RULES_DIR"]), "RULES_DIR", tmp_path)
    found = _unmarked_sites()
    assert len([f for f in found if "raise" in f]) == 3 and any("Score" in f for f in found)
    assert any("N_ of something else" in f for f in found)


def test_errors_of_the_rules_are_message_errors():
    assert issubclass(base.HandError, MessageError) and issubclass(MCRHandError, MessageError)
    assert issubclass(TileError, MessageError) and issubclass(TileError, ValueError)


# ------------------------------------------------------------------ payment checks of the rule sets


def _payment_error(call):
    with pytest.raises(PaymentError) as caught:
        call()
    exc = caught.value
    assert exc.message % exc.params == str(exc) if exc.params else exc.message == str(exc)
    return str(exc)


def test_payment_checks_keep_their_english_and_carry_a_template():
    spanish = get_rule_set("spanish")
    entry = spanish.entry
    assert _payment_error(lambda: entry.check(entry.maximum + 10)) == (
        f"the winner's points must be from {entry.minimum} to {entry.maximum}; got {entry.maximum + 10}"
    )
    assert _payment_error(lambda: entry.check("3", winner=False)) == "a player's points must be a whole number; got '3'"
    assert _payment_error(lambda: base.check_payment_args(7, None, 8)) == "the winner must be a seat from 0 to 3; got 7"
    assert _payment_error(lambda: base.check_payment_args(None, 1, 0)) == "a drawn hand has no discarder"
    assert _payment_error(lambda: base.check_payment_args(1, 2, -1)) == (
        "points must be a whole number, 0 or more; got -1"
    )
    assert _payment_error(lambda: spanish.payments(0, None, 40)) == (
        "the ranked payment mode needs every player's points (four values, by seat)"
    )
