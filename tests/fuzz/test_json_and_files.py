"""Hostile JSON and files never give a server error (issue 23): the settings form's and /new/'s rule set options
(random JSON, deep nesting, long numbers, lone surrogates, values that are not objects), the tournament file
(a valid file with one value replaced by something hostile) and players files in any encoding."""

import itertools
import json

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz.test_no_server_error import FUZZ, NASTY, check
from tests.interchange.test_file_views import small_file as import_file
from tests.tournament.test_manage_views import settings_data
from tournament.models import Tournament

# A JSON escape of half a surrogate pair: what no page or database can hold once parsed.
lone_surrogate = st.integers(0xD800, 0xDFFF).map(lambda c: f"\\u{c:04x}")
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**80), 2**80),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=10), inner, max_size=4)),
    max_leaves=12,
)
HOSTILE_JSON = [
    '{"x":"\\ud800"}',
    '{"\\udfff": 1}',
    '["\\udbff\\udbff"]',
    "[" * 10_000 + "]" * 10_000,
    "{" * 3_000,
    "1" + "0" * 5_000,
    '{"hands_per_session": ' + "9" * 5_000 + "}",
    "1e309",
    "-1e309",
    "NaN",
    "Infinity",
    '{"payment_mode": NaN}',
    "1",
    "1.5",
    "[]",
    '"mcr"',
    "null",
    "true",
    "",
    "{",
    '{"payment_mode": "official", "hands_per_session": 16}',
    '{"hands_per_session": "16"}',
    '{"hands_per_session": -1}',
    '{"payment_mode": "\\ud83c\\udc04"}',
]


def json_text():
    """Text that may or may not be JSON: hostile cases, random JSON (sometimes with a lone surrogate spliced into a
    string), and random text."""
    random_json = json_values.map(json.dumps)
    spliced = st.tuples(random_json, lone_surrogate).map(
        lambda pair: pair[0].replace('"', '"' + pair[1], 1) if '"' in pair[0] else f'"{pair[1]}"'
    )
    return st.one_of(st.sampled_from(HOSTILE_JSON), random_json, spliced, st.sampled_from(NASTY), st.text(max_size=60))


@pytest.fixture
def json_world(tournament, organizer, make_user):
    creator = make_user("creator")
    creator.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    clients = {}
    for name, user in (("organizer", organizer), ("creator", creator)):
        clients[name] = Client()
        clients[name].force_login(user)
    return {"t": tournament, "clients": clients}


@FUZZ
@given(data=st.data())
def test_rule_set_options_never_give_a_server_error(json_world, data):
    text = data.draw(json_text())
    rules = data.draw(st.sampled_from(["mcr", "spanish", "swiss_championship", "nope"]))
    if data.draw(st.booleans()):
        url = reverse("manage-settings", args=[json_world["t"].slug])
        payload = settings_data(json_world["t"], rules=rules, rule_options=text)
        client = json_world["clients"]["organizer"]
    else:
        url = reverse("tournament-create")
        payload = settings_data(Tournament(name="Fuzz Open"), slug="fuzz-open", rules=rules, rule_options=text)
        if data.draw(st.booleans()):
            del payload["hands_per_session"]
        client = json_world["clients"]["creator"]
    check(client.post(url, payload), url)


def small_file(slug="fuzz-open"):
    return {**import_file(slug), "name": "Fuzz Open"}


def _paths(value, path=()):
    """Every place in a JSON value, as a tuple of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


PLACES = [p for p in _paths(small_file()) if p]
SLUGS = itertools.count(1)
MARK = "@@FUZZ@@"


def mutated_file(place, raw, slug):
    """The small file's JSON text with the value at ``place`` replaced by the JSON text ``raw``."""
    data = small_file(slug)
    target = data
    for key in place[:-1]:
        target = target[key]
    target[place[-1]] = MARK
    return json.dumps(data).replace(json.dumps(MARK), raw)


raw_values = st.one_of(
    st.sampled_from(HOSTILE_JSON[:12]),
    json_values.map(json.dumps),
    st.tuples(st.text(max_size=10), lone_surrogate, st.text(max_size=10)).map(
        lambda t: json.dumps(t[0])[:-1] + t[1] + json.dumps(t[2])[1:]
    ),
    st.sampled_from(NASTY).map(json.dumps),
)


@pytest.fixture
def uploader(make_user):
    user = make_user("uploader")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = Client()
    client.force_login(user)
    return client


@FUZZ
@given(place=st.sampled_from(PLACES), raw=raw_values, encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]))
def test_a_tournament_file_with_any_value_replaced_never_gives_a_server_error(uploader, place, raw, encoding):
    slug = f"fuzz-{next(SLUGS)}"  # each example imports afresh (the examples share one database)
    content = mutated_file(place, raw, slug).encode(encoding)
    url = reverse("tournament-import")
    check(uploader.post(url, {"file": SimpleUploadedFile("t.json", content, "application/json")}), url)


cells = st.one_of(st.sampled_from(NASTY), st.text(max_size=30))
players_csv = st.lists(st.lists(cells, min_size=1, max_size=5), max_size=8).map(
    lambda rows: "\n".join(["number,name,country,club,team", *(",".join(r) for r in rows)])
)


@FUZZ
@given(
    text=players_csv,
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"]),
    damage=st.sampled_from([b"", b"\x00", b"\xff", b"\x00\xd8"]),
    name=st.sampled_from(["players.csv", "players.txt", "players.tsv"]),
)
def test_players_files_in_any_encoding_never_give_a_server_error(json_world, text, encoding, damage, name):
    content = text.encode(encoding, "surrogatepass") + damage
    upload = SimpleUploadedFile(name, content, "text/csv")
    url = reverse("manage-import", args=[json_world["t"].slug])
    check(json_world["clients"]["organizer"].post(url, {"file": upload}), url)
