"""Export downloads: who may fetch them, content types, file names, and the files' content."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tournament.models import Tournament

pytestmark = pytest.mark.django_db

ALL = ("anonymous", "outsider", "other_referee", "referee", "organizer")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def searchable_pdf(monkeypatch):
    """reportlab compresses page streams by default; uncompressed, the text is in the bytes."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pageCompression", 0)


def standings_urls(slug):
    return [
        reverse(name, args=[slug, fmt])
        for name in ("export-standings", "export-team-standings", "export-tabulation")
        for fmt in ("xlsx", "pdf", "csv")
    ]


def sheet_urls(slug):
    urls = [reverse("export-score-sheets", args=[slug, 1]), reverse("export-score-sheet", args=[slug, 1, 2])]
    return urls + [u + "?blank=1" for u in urls]


def organizer_urls(slug):
    return [
        reverse("export-ema", args=[slug]),
        reverse("export-fouls", args=[slug, "pdf"]),
        reverse("export-fouls", args=[slug, "xlsx"]),
    ]


def expect_role_only(response, role, allowed):
    if role in allowed:
        assert response.status_code == 200, response.request["PATH_INFO"]
    elif role == "anonymous":
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    else:
        assert response.status_code == 403, response.request["PATH_INFO"]


@pytest.mark.parametrize("role", ALL)
def test_standings_exports_public_when_tournament_is(client_for, played, role):
    client = client_for(role)
    for url in standings_urls(played.slug):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("role", ALL)
def test_standings_exports_hidden_with_the_tournament(client_for, played, role):
    Tournament.objects.filter(pk=played.pk).update(published=False)
    client = client_for(role)
    for url in standings_urls(played.slug):
        assert client.get(url).status_code == (200 if role in ("referee", "organizer") else 404), url


@pytest.mark.parametrize("role", ALL)
def test_score_sheets_for_referees_and_organizers(client_for, played, role):
    client = client_for(role)
    for url in sheet_urls(played.slug):
        expect_role_only(client.get(url), role, ("referee", "organizer"))


@pytest.mark.parametrize("role", ALL)
def test_ema_file_and_record_of_fouls_for_organizers_only(client_for, ema_ready, role):
    client = client_for(role)
    for url in organizer_urls(ema_ready.slug):
        expect_role_only(client.get(url), role, ("organizer",))


def test_unknown_format_and_unseated_session_are_404(client_for, played):
    client = client_for("organizer")
    assert client.get(reverse("export-standings", args=[played.slug, "doc"])).status_code == 404
    assert client.get(reverse("export-fouls", args=[played.slug, "docx"])).status_code == 404
    assert client.get(reverse("export-score-sheets", args=[played.slug, 3])).status_code == 404
    assert client.get(reverse("export-score-sheet", args=[played.slug, 1, 9])).status_code == 404
    assert client.get(reverse("export-ema", args=[played.slug]).replace(".csv", ".pdf")).status_code == 404


def test_standings_xlsx_headers_numbers_and_file_name(client_for, played):
    response = client_for("anonymous").get(reverse("export-standings", args=[played.slug, "xlsx"]))
    assert response["Content-Type"] == XLSX
    assert response["Content-Disposition"] == 'attachment; filename="test-open-standings.xlsx"'
    sheet = load_workbook(io.BytesIO(response.content)).active
    header = [c.value for c in sheet[1]]
    assert header[:7] == ["Rank", "No.", "Name", "Country", "Team", "Table points", "Score"]
    assert all(c.font.bold for c in sheet[1])
    assert sheet.freeze_panes == "A2"
    rows = {row[1].value: row for row in sheet.iter_rows(min_row=2)}
    tp, score = rows[8][5], rows[8][6]
    assert tp.value == 1.75 and isinstance(tp.value, float) and tp.number_format == "0.00"
    assert score.value == -26 and isinstance(score.value, int)
    assert rows[5][0].value == 1 and rows[5][5].value == 5.75
    assert rows[1][2].value == "Ana López Ruiz"


def test_tabulation_xlsx_groups_sessions_above_the_header(client_for, played):
    response = client_for("anonymous").get(reverse("export-tabulation", args=[played.slug, "xlsx"]))
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert sheet["D1"].value == "Session 1" and "D1:G1" in {str(r) for r in sheet.merged_cells.ranges}
    assert [c.value for c in sheet[2]][:7] == ["No.", "Team", "Name", "TP", "Sum TP", "CP", "Sum CP"]
    assert sheet.freeze_panes == "A3"
    assert sheet.page_setup.orientation == "landscape" and sheet.print_title_rows == "$1:$2"
    first = [c.value for c in sheet[3]]
    assert first[:11] == [5, "Bamboo", "Player 5", 4, 4, 48, 48, 1.75, 5.75, 0, 48]


def test_team_standings_csv(client_for, played):
    response = client_for("anonymous").get(reverse("export-team-standings", args=[played.slug, "csv"]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="test-open-team-standings.csv"'
    assert response.content.decode().splitlines()[0] == "Rank,Team,Table points,Score,Members"


def test_standings_pdf_contains_the_players(client_for, played, searchable_pdf):
    response = client_for("anonymous").get(reverse("export-standings", args=[played.slug, "pdf"]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="test-open-standings.pdf"'
    assert response.content.startswith(b"%PDF")
    for number in (2, 5, 8):
        assert f"(Player {number})".encode() in response.content
    assert b"(Player 3)" not in response.content  # substitute
    assert rb"(Ana L\363pez Ruiz)" in response.content  # WinAnsi-encoded in the PDF string
    assert b"(5.75)" in response.content


def test_tabulation_pdf_is_landscape(client_for, played, searchable_pdf):
    response = client_for("anonymous").get(reverse("export-tabulation", args=[played.slug, "pdf"]))
    assert response.content.startswith(b"%PDF")
    assert b"/MediaBox [ 0 0 841.8898 595.2756 ]" in response.content
    assert b"(Player 7)" in response.content and b"(Session 4)" in response.content


def test_record_of_fouls_pdf(client_for, played, searchable_pdf):
    response = client_for("organizer").get(reverse("export-fouls", args=[played.slug, "pdf"]))
    assert response["Content-Disposition"] == 'inline; filename="test-open-fouls.pdf"'
    content = response.content
    assert content.startswith(b"%PDF")
    assert b"(Record of fouls)" in content and b"(Player 8)" in content and b"(late arrival)" in content
    assert b"touching the wall" in content and b"given in error" in content


def test_ema_csv_download(client_for, ema_ready):
    response = client_for("organizer").get(reverse("export-ema", args=[ema_ready.slug]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="test-open-ema-results.csv"'
    lines = response.content.decode("utf-8").splitlines()
    assert lines[0] == "Rank,EMA id,Last name,First name,Country,Table points,Score"
    assert len(lines) == 1 + 8  # the substitute who played is listed last (the ranking body counts them)
    assert lines[-1].startswith("8,,Player,3,")


def test_session_score_sheets_filled_and_blank(client_for, played, searchable_pdf):
    client = client_for("referee")
    url = reverse("export-score-sheets", args=[played.slug, 1])
    filled = client.get(url)
    assert filled["Content-Type"] == "application/pdf"
    assert filled["Content-Disposition"] == 'inline; filename="test-open-session-1-score-sheets.pdf"'
    content = filled.content
    assert content.startswith(b"%PDF") and content.count(b"/Type /Page\n") == 2  # one page per table
    for number in range(1, 9):
        assert f"Player {number}".encode() in content or number == 1
    assert b"(+48)" in content and b"(-26)" in content and b"(1.50)" in content
    assert b"Results are final once the sheet is signed" in content
    assert b"(Signature of the chief umpire)" in content
    blank = client.get(url + "?blank=1")
    assert blank["Content-Disposition"] == 'inline; filename="test-open-session-1-score-sheets-blank.pdf"'
    assert b"(Player 5)" in blank.content and b"(+48)" not in blank.content and b"(1.50)" not in blank.content


def test_single_table_score_sheet(client_for, played, searchable_pdf):
    response = client_for("organizer").get(reverse("export-score-sheet", args=[played.slug, 1, 2]))
    assert response["Content-Disposition"] == 'inline; filename="test-open-session-1-table-2-score-sheet.pdf"'
    assert response.content.count(b"/Type /Page\n") == 1
    assert b"(Player 8)" in response.content and b"(Player 2)" not in response.content
    assert b"late arrival" in response.content


@pytest.mark.parametrize("role", ALL)
def test_pages_link_the_exports_for_who_may_use_them(client_for, played, role):
    client = client_for(role)
    slug = played.slug
    standings = client.get(reverse("standings", args=[slug])).content.decode()
    assert reverse("export-standings", args=[slug, "xlsx"]) in standings
    assert reverse("export-standings", args=[slug, "pdf"]) in standings
    tabulation = client.get(reverse("tabulation", args=[slug])).content.decode()
    assert reverse("export-tabulation", args=[slug, "pdf"]) in tabulation
    assert (
        reverse("export-team-standings", args=[slug, "xlsx"])
        in client.get(reverse("team-standings", args=[slug])).content.decode()
    )
    scorer = role in ("referee", "organizer")
    session = client.get(reverse("session-detail", args=[slug, 1])).content.decode()
    assert (reverse("export-score-sheets", args=[slug, 1]) + "?blank=1" in session) == scorer
    sheet = client.get(reverse("sheet", args=[slug, 1, 1])).content.decode()
    assert (reverse("export-score-sheet", args=[slug, 1, 1]) in sheet) == scorer
    if role == "organizer":
        manage = client.get(reverse("manage-home", args=[slug])).content.decode()
        assert reverse("export-ema", args=[slug]) in manage
        assert reverse("export-fouls", args=[slug, "pdf"]) in manage
