"""Whole-tournament files in the browser: the organizer's download, and creating a tournament from a file
(same checks and messages as import_tournament, all or nothing, the uploader becomes organizer)."""

import json

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from interchange.export import tournament_export
from interchange.forms import MAX_FILE_BYTES
from tournament.models import AuditLog, Player, Tournament, TournamentRole

pytestmark = pytest.mark.django_db

ALL = ("anonymous", "outsider", "other_referee", "referee", "organizer")
IMPORT = reverse("tournament-import")


@pytest.fixture
def creator(make_user):
    """May create tournaments (the permission an administrator grants), with no role anywhere yet."""
    user = make_user("creator")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


def upload(client, content, **fields):
    if isinstance(content, (dict, list)):
        content = json.dumps(content).encode()
    return client.post(IMPORT, {"file": SimpleUploadedFile("t.json", content, "application/json"), **fields})


def small_file(slug="spring-open"):
    return {
        "name": "Spring Open",
        "slug": slug,
        "rules": "mcr",
        "session_count": 2,
        "players": [{"number": n, "name": f"Player {n}", "team": "Dragons" if n < 3 else None} for n in range(1, 5)],
        "sessions": [
            {
                "number": 1,
                "status": "published",
                "tables": [
                    {
                        "number": 1,
                        "seats": [1, 2, 3, 4],
                        "hands": [{"winner": 1, "self_drawn": True, "points": 8}, {"draw": True}],
                    }
                ],
            }
        ],
    }


def counts():
    return Tournament.objects.count(), Player.objects.count(), TournamentRole.objects.count(), AuditLog.objects.count()


# ------------------------------------------------------------------ download


@pytest.mark.parametrize("role", ALL)
def test_download_only_for_organizers(client_for, hands_entered, tournament, role):
    response = client_for(role).get(reverse("manage-tournament-file", args=[tournament.slug]))
    if role == "organizer":
        assert response.status_code == 200
        assert response["Content-Disposition"] == 'attachment; filename="test-open.json"'
        assert response["Cache-Control"] == "no-store"
        assert json.loads(response.content) == tournament_export(tournament)
    elif role == "anonymous":
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    else:
        assert response.status_code == 403


def test_download_is_linked_from_the_organizer_home(client_for, tournament):
    content = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    assert reverse("manage-tournament-file", args=[tournament.slug]) in content


def test_a_downloaded_file_uploads_as_a_copy(client_for, hands_entered, tournament, creator):
    file = client_for("organizer").get(reverse("manage-tournament-file", args=[tournament.slug])).content
    client = client_for("creator")
    response = upload(client, file, slug="test-open-copy", name="Test Open (copy)")
    assert response.status_code == 302 and response.url == reverse("manage-home", args=["test-open-copy"])
    copy = Tournament.objects.get(slug="test-open-copy")
    assert copy.name == "Test Open (copy)"
    exported = tournament_export(copy)
    assert {**exported, "slug": "test-open", "name": "Test Open"} == tournament_export(tournament)


# ------------------------------------------------------------------ upload: who


def test_upload_needs_a_login(client):
    response = client.get(IMPORT)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    before = counts()
    response = upload(client, small_file())
    assert response.status_code == 302 and counts() == before


@pytest.mark.parametrize("role", ("outsider", "referee", "organizer"))
def test_upload_needs_permission_to_create_tournaments(client_for, tournament, role):
    client = client_for(role)
    assert client.get(IMPORT).status_code == 403
    before = counts()
    assert upload(client, small_file()).status_code == 403
    assert counts() == before


def test_the_uploader_becomes_organizer_and_the_importer_in_the_log(client_for, creator):
    client = client_for("creator")
    response = upload(client, small_file())
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="spring-open")
    assert TournamentRole.objects.filter(tournament=tournament, user=creator, role="organizer").exists()
    entry = AuditLog.objects.get(tournament=tournament, action="tournament.import")
    assert entry.actor == creator and entry.data["players"] == 4
    assert AuditLog.objects.get(tournament=tournament, action="tournament.create").actor == creator
    page = client.get(response.url).content.decode()
    assert "Tournament Spring Open imported with 4 players. You are its organizer." in page
    assert tournament.sessions.get(number=1).status == "published"


def test_the_imported_players_have_codes_for_their_cards(client_for, creator):
    assert upload(client_for("creator"), small_file()).status_code == 302
    codes = list(Player.objects.filter(tournament__slug="spring-open").values_list("code", flat=True))
    assert len(codes) == 4 and all(codes) and len(set(codes)) == 4


def test_import_page_is_linked_from_home_for_creators(client_for, creator):
    assert IMPORT in client_for("creator").get(reverse("home")).content.decode()
    assert IMPORT not in client_for("outsider").get(reverse("home")).content.decode()


# ------------------------------------------------------------------ upload: bad files change nothing


def error_text(response):
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "mutate, where, message",
    [
        (
            lambda d: d["players"][1].update(number="two"),
            "players[1].number",
            "expected a whole number, found a string",
        ),
        (
            lambda d: d["sessions"][0]["tables"][0]["hands"][0].update(winner=9),
            "sessions[0].tables[0].hands[0].winner",
            "player 9",
        ),
        (lambda d: d["players"][2].update(country="Spain"), "players[2].country", "two-letter country code"),
        (lambda d: d.update(colour="red"), "colour", "unknown field"),
        (lambda d: d["sessions"][0]["tables"][0]["hands"][0].update(points=5), "sessions[0].tables[0].hands[0]", "8"),
    ],
)
def test_a_file_with_a_mistake_imports_nothing_and_names_the_field(client_for, creator, mutate, where, message):
    data = small_file()
    mutate(data)
    before = counts()
    content = error_text(upload(client_for("creator"), data))
    assert "Nothing was imported." in content
    assert f"<code>{where}" in content and message in content
    assert counts() == before


def test_an_existing_short_name_is_refused_on_its_field(client_for, tournament, creator):
    before = counts()
    response = upload(client_for("creator"), small_file(slug="test-open"))
    content = error_text(response)
    assert "A tournament with the short name “test-open” already exists." in content
    assert response.context["form"].errors["slug"]
    assert counts() == before
    assert Tournament.objects.get(slug="test-open").name == "Test Open"


@pytest.mark.parametrize(
    "content, message",
    [
        (b'{"name": "x",\n "slug": }', "The file is not valid JSON: line 2, column 10: invalid JSON"),
        ('{"name": "Año"}'.encode("latin-1"), "The file is not UTF-8 text"),
        (b"[1, 2]", "The file holds no tournament"),
        (b"", "The submitted file is empty."),
    ],
)
def test_unreadable_files_are_explained(client_for, creator, content, message):
    before = counts()
    text = error_text(upload(client_for("creator"), content))
    assert message in text
    assert counts() == before


def test_a_file_over_the_limit_is_refused(client_for, creator):
    big = b" " * (MAX_FILE_BYTES + 1)
    text = error_text(upload(client_for("creator"), big))
    assert "The file is too big: 10.0 MB; a tournament file has at most 10 MB." in text


def test_the_form_keeps_what_was_typed(client_for, creator):
    data = small_file()
    data["players"][0]["number"] = 0
    response = upload(client_for("creator"), data, slug="my-copy", name="My copy")
    content = error_text(response)
    assert 'value="my-copy"' in content and 'value="My copy"' in content
    assert "players[0].number" in content


def test_upload_page_in_spanish(client_for, creator):
    content = client_for("creator").get(IMPORT, HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Nuevo torneo desde un archivo" in content


def test_importing_a_short_mcr_tournament_warns_about_six_sessions(client_for, creator):
    """MCR 3.5.4: at least six sessions. The file still imports (a warning, not a refusal)."""
    client = client_for("creator")
    page = client.get(upload(client, small_file()).url).content.decode()
    assert "This tournament has 2 sessions; MCR 3.5.4 asks for at least 6." in page
    assert Tournament.objects.filter(slug="spring-open").exists()


# ------------------------------------------------------------------ a closed session the organizer could not close


def closed_without_countersignatures(slug="closed-open"):
    """Session 1 closed in the file, its two sheets signed, neither countersigned, though the tournament
    requires it."""
    data = small_file(slug)
    data["countersign_required"] = True
    data["players"] = [{"number": n, "name": f"Player {n}"} for n in range(1, 9)]
    hands = [{"winner": 1, "self_drawn": True, "points": 8}] + [{"draw": True}] * 15
    data["sessions"][0].update(
        status="closed",
        tables=[
            {"number": 1, "seats": [1, 2, 3, 4], "hands": hands, "submitted": True},
            {
                "number": 2,
                "seats": [5, 6, 7, 8],
                "hands": [{"winner": 5, "self_drawn": True, "points": 8}] + [{"draw": True}] * 15,
                "submitted": True,
            },
        ],
    )
    return data


def test_a_file_is_the_record_closed_sessions_are_kept_and_what_is_missing_is_listed(client_for, creator):
    client = client_for("creator")
    response = upload(client, closed_without_countersignatures())
    assert response.status_code == 302
    tournament = Tournament.objects.get(slug="closed-open")
    assert tournament.sessions.get(number=1).is_closed
    page = client.get(response.url).content.decode()
    assert (
        "Session 1 is closed as the file says, but the chief referee has not countersigned the score sheets of "
        "tables 1, 2." in page
    )
    entry = AuditLog.objects.get(action="tournament.import")
    assert entry.data["notes"] == [
        "Session 1 is closed as the file says, but the chief referee has not countersigned the score sheets of "
        "tables 1, 2."
    ]


def test_a_complete_file_has_no_notes(client_for, creator):
    data = closed_without_countersignatures()
    data["countersign_required"] = False
    response = upload(client_for("creator"), data)
    page = client_for("creator").get(response.url).content.decode()
    assert "as the file says" not in page
    assert "notes" not in AuditLog.objects.get(action="tournament.import").data


def test_the_command_lists_them_too(tmp_path):
    import io

    from django.core.management import call_command

    path = tmp_path / "t.json"
    path.write_text(json.dumps(closed_without_countersignatures()))
    out = io.StringIO()
    call_command("import_tournament", str(path), stdout=out, stderr=io.StringIO())
    assert "the chief referee has not countersigned the score sheets of tables 1, 2." in out.getvalue()
