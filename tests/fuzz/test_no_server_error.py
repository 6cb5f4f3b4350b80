"""Random data posted to every form and upload endpoint, by every role that can post, never gives a server
error: bad input always gets a page that says what is wrong (or a refusal), never a 500.

Derandomized and bounded (a fixed number of examples per endpoint group), so CI is stable and quick.
"""

import io
import re
import zipfile

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import payments as pay
from schedule import forms as schedule_forms
from scoring import forms as scoring_forms
from scoring import services as ss
from tournament import forms as tournament_forms

FUZZ = settings(
    max_examples=int(__import__("os").environ.get("FUZZ_EXAMPLES", "40")),
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)

NASTY = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "16",
    "17",
    "99999",
    "100000",
    str(2**31),
    str(2**63),
    "9" * 5000,
    "1e999",
    "NaN",
    "on",
    "true",
    "\x00",
    "a\x00b",
    '=HYPERLINK("http://evil","x")',
    "@SUM(1+1)",
    "李伟 (Li Wei)",
    "x" * 300,
    "<script>",
    "draw",
    "discard",
    "self_drawn",
    "not_played",
    "nobody",
    "each_other",
    "organizer",
    "referee",
    "mcr",
    "4/2/1/0",
    "2026-02-30",
    "[[[[",
    '{"sessions": [[[1,2,3,4]]]}',
    "create",
    "rename",
    "merge",
    "delete",
    "add",
]
values = st.one_of(st.sampled_from(NASTY), st.text(max_size=40), st.integers(-(2**70), 2**70).map(str))


def form_fields(*forms):
    return sorted({name for form in forms for name in form.base_fields})


ALL_FIELDS = [
    *form_fields(
        scoring_forms.HandForm,
        scoring_forms.PenaltyForm,
        scoring_forms.WithdrawPenaltyForm,
        scoring_forms.SignForm,
        scoring_forms.ReopenForm,
        schedule_forms.SeatSessionForm,
        schedule_forms.ReasonForm,
        schedule_forms.GenerateForm,
        schedule_forms.ChartUploadForm,
        schedule_forms.ChartConfirmForm,
        tournament_forms.TournamentCreateForm,
        tournament_forms.PlayerForm,
        tournament_forms.ImportConfirmForm,
        tournament_forms.RoleGrantForm,
    ),
    "confirm",
    "preview",
    "from_history",
    "add_another",
    "mark_rest_not_played",
    "language",
    "next",
    "username",
    "password",
    "s1-seed",
    "s1-reason",
    "s2-seed",
    "s2-reason",
]


def post_data(field_names):
    """A dict of some of `field_names` (and sometimes any other field) to nasty or random text."""
    names = st.lists(st.sampled_from(field_names), max_size=len(field_names), unique=True)
    extra = st.lists(st.sampled_from(ALL_FIELDS), max_size=4, unique=True)
    return st.tuples(names, extra).flatmap(
        lambda pair: st.fixed_dictionaries(dict.fromkeys(set(pair[0]) | set(pair[1]), values))
    )


def xlsx_like(data):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("xl/worksheets/sheet1.xml", data)
        archive.writestr("[Content_Types].xml", data[:50])
    return buffer.getvalue()


uploads = st.one_of(
    st.binary(max_size=2000),
    st.text(max_size=2000).map(lambda t: t.encode("utf-8")),
    st.lists(st.lists(st.sampled_from(NASTY), max_size=8), max_size=20).map(
        lambda rows: "\n".join(",".join(r) for r in rows).encode("utf-8")
    ),
    st.binary(max_size=500).map(xlsx_like),
)


@pytest.fixture
def world(hands_entered, tournament, players, organizer, referee, outsider):
    penalty = ss.penalty_record(
        sheet=hands_entered, player=players[0], amount=5, to=pay.TO_NOBODY, reason="late", by=referee
    )
    clients = {}
    for role, user in (("organizer", organizer), ("referee", referee), ("outsider", outsider), ("anonymous", None)):
        client = Client()
        if user is not None:
            client.force_login(user)
        clients[role] = client
    return {"t": tournament, "penalty": penalty, "clients": clients}


def check(response, url):
    assert response.status_code < 500, (url, response.status_code)


def score_urls(slug, penalty_pk):
    sheet = [slug, 1, 1]
    return {
        reverse("sheet-hand", args=sheet): [*form_fields(scoring_forms.HandForm), "from_history"],
        reverse("sheet-penalty", args=sheet): form_fields(scoring_forms.PenaltyForm),
        reverse("penalty-withdraw", args=[*sheet, penalty_pk]): form_fields(scoring_forms.WithdrawPenaltyForm),
        reverse("sheet-submit", args=sheet): form_fields(scoring_forms.SignForm),
        reverse("sheet-reopen", args=sheet): form_fields(scoring_forms.ReopenForm),
        reverse("sheet-reopen-request", args=sheet): form_fields(scoring_forms.ReopenRequestForm),
        reverse("sheet-reopen-decline", args=sheet): form_fields(scoring_forms.ReopenDeclineForm),
    }


def manage_urls(slug):
    return {
        reverse("manage-settings", args=[slug]): form_fields(tournament_forms.TournamentForm),
        reverse("manage-player-add", args=[slug]): [*form_fields(tournament_forms.PlayerForm), "add_another"],
        reverse("manage-player-edit", args=[slug, 1]): form_fields(tournament_forms.PlayerForm),
        reverse("manage-roles", args=[slug]): form_fields(tournament_forms.RoleGrantForm),
        reverse("manage-role-revoke", args=[slug, 1]): [],
        reverse("manage-teams", args=[slug]): [
            "action",
            *form_fields(
                tournament_forms.TeamNameForm, tournament_forms.TeamMergeForm, tournament_forms.TeamPlayersForm
            ),
        ],
        reverse("manage-session-seat", args=[slug, 2]): ["s2-seed"],
        reverse("manage-session-publish", args=[slug, 2]): ["s2-reason"],
        reverse("manage-session-close", args=[slug, 1]): ["s1-reason"],
        reverse("manage-session-reopen", args=[slug, 1]): ["s1-reason"],
        reverse("manage-seating-generate", args=[slug]): form_fields(schedule_forms.GenerateForm),
        reverse("manage-seating-swiss", args=[slug, 2]): form_fields(schedule_forms.SeatSessionForm),
        reverse("manage-seating-publish", args=[slug]): [],
        reverse("manage-seating-chart", args=[slug]): [
            *form_fields(schedule_forms.ChartUploadForm, schedule_forms.ChartConfirmForm),
            "preview",
            "confirm",
        ],
        reverse("manage-import", args=[slug]): [*form_fields(tournament_forms.ImportConfirmForm), "confirm"],
        reverse("tournament-create"): form_fields(tournament_forms.TournamentCreateForm),
        reverse("manage-session-clock", args=[slug, 1]): [
            "action",
            "start-minutes",
            "schedule-starts_at",
            "schedule-minutes",
            "adjust-minutes",
            "adjust-reason",
        ],
        reverse("manage-withdrawals", args=[slug]): form_fields(schedule_forms.WithdrawForm),
        reverse("manage-withdrawal-substitute", args=[slug, 1]): ["w1-substitute", "w1-new_name"],
        reverse("manage-withdrawal-undo", args=[slug, 1]): [],
    }


ROLES = st.sampled_from(["organizer", "referee", "outsider", "anonymous"])


@FUZZ
@given(data=st.data())
def test_score_entry_forms(world, data):
    urls = score_urls(world["t"].slug, world["penalty"].pk)
    url = data.draw(st.sampled_from(sorted(urls)))
    client = world["clients"][data.draw(ROLES)]
    check(client.post(url, data.draw(post_data(urls[url] or ALL_FIELDS))), url)


@FUZZ
@given(data=st.data())
def test_organizer_forms(world, data):
    urls = manage_urls(world["t"].slug)
    url = data.draw(st.sampled_from(sorted(urls)))
    client = world["clients"][data.draw(st.sampled_from(["organizer", "organizer", "referee", "anonymous"]))]
    check(client.post(url, data.draw(post_data(urls[url] or ALL_FIELDS))), url)


@FUZZ
@given(data=st.data())
def test_uploads(world, data):
    slug = world["t"].slug
    client = world["clients"][data.draw(st.sampled_from(["organizer", "organizer", "referee"]))]
    content = data.draw(uploads)
    name = data.draw(st.sampled_from(["players.csv", "players.xlsx", "chart.json", "chart.csv", "x.xls", "x"]))
    upload = io.BytesIO(content)
    upload.name = name
    if data.draw(st.booleans()):
        url = reverse("manage-import", args=[slug])
        check(client.post(url, {"file": upload}), url)
        # The confirm step carries the file back base64-encoded: random text there too.
        check(client.post(url, data.draw(post_data(["content", "filename", "confirm"]))), url)
    else:
        url = reverse("manage-seating-chart", args=[slug])
        check(client.post(url, {"file": upload, "preview": "1", **data.draw(post_data(["winds_given"]))}), url)
        check(client.post(url, {"text": content.decode("utf-8", "replace"), "preview": "1"}), url)
        check(client.post(url, data.draw(post_data(["chart", "winds_given", "confirm"]))), url)


@FUZZ
@given(data=st.data())
def test_public_forms_login_language_and_calculator(world, data):
    client = world["clients"][data.draw(ROLES)]
    choice = data.draw(st.sampled_from(["login", "language", "calculator", "logout"]))
    if choice == "login":
        url = reverse("login")
        check(
            client.post(
                url,
                data.draw(post_data(["username", "password", "next"])),
                REMOTE_ADDR=data.draw(st.sampled_from(["10.1.1.1", "10.1.1.2"])),
            ),
            url,
        )
    elif choice == "language":
        url = reverse("set_language")
        check(client.post(url, data.draw(post_data(["language", "next"]))), url)
    elif choice == "calculator":
        url = reverse("calculator")
        check(client.get(url, data.draw(post_data(form_fields(scoring_forms.CalculatorForm)))), url)
    else:
        url = reverse("logout")
        check(client.post(url, data.draw(post_data(["next"]))), url)
        if client is world["clients"]["organizer"]:
            client.force_login(world["t"].roles.filter(role="organizer").first().user)


def test_the_fuzzed_field_names_are_real():
    """The generators above reach the real forms: every field they know is a field of some form."""
    assert {"expected_version", "points", "amount", "family_name", "text", "chart", "content"} <= set(ALL_FIELDS)
    assert all(re.fullmatch(r"[a-z0-9_-]+", name) for name in ALL_FIELDS)
