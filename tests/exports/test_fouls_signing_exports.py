"""The record of fouls (appendix 6) with the catalogue's names, the "Group" field of both documents, and the
confirmations and signatures on the score-sheet PDF (appendix 5)."""

import pytest
from django.urls import reverse

from exports import datasets
from scoring import services as ss
from tournament import services as ts

pytestmark = pytest.mark.django_db


@pytest.fixture
def searchable_pdf(monkeypatch):
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pageCompression", 0)


@pytest.fixture
def fouled(tournament, sheet, players, referee, organizer):
    tournament = ts.tournament_update(
        tournament=tournament, by=organizer, group="B", hands_per_session=4, player_confirmation="device"
    )
    a, b, c, d = players[:4]
    ss.foul_record(sheet=sheet, player=d, foul="claim_changed", hand_number=1, by=referee)
    ss.foul_record(sheet=sheet, player=d, foul="claim_changed", hand_number=2, reason="again", by=referee)
    ss.foul_record(sheet=sheet, player=b, foul="late", minutes=17, by=referee)
    ss.foul_record(sheet=sheet, player=a, foul="revealed_tile", amount=15, recipient=c, by=referee)
    ss.foul_record(sheet=sheet, player=c, foul="false_hu_under_8", hand_number=3, by=referee)
    return tournament


def test_record_of_fouls_uses_the_catalogues_names(fouled):
    dataset = datasets.fouls_dataset(fouled)
    rows = {(r[2], r[8]): r for r in dataset.rows}
    assert [r[8] for r in dataset.rows] == [
        "Changing one's mind on a claim (first time)",
        "Changing one's mind on a claim (second time)",
        "Late arrival (17 min late)",
        "Revealing another player's tile",
        "False Hu: under 8 points",
    ]
    first = rows[(4, "Changing one's mind on a claim (first time)")]
    assert (first[9], first[10]) == (0, "Warning, no points")
    second = rows[(4, "Changing one's mind on a claim (second time)")]
    assert (second[9], second[10], second[11]) == (-5, "Paid to each other player", "again")
    late = rows[(2, "Late arrival (17 min late)")]
    assert "session lost" in late[11] and "15 minutes" in late[11]
    revealed = rows[(1, "Revealing another player's tile")]
    assert (revealed[9], revealed[10]) == (-15, "Paid to Player 3")
    assert "dead hand: cannot win hand 3" in rows[(3, "False Hu: under 8 points")][11]
    assert dataset.heading == "Group: B"


def test_record_of_fouls_pdf_has_the_group(client_for, fouled, searchable_pdf):
    content = client_for("organizer").get(reverse("export-fouls", args=[fouled.slug, "pdf"])).content
    assert b"(Group: B)" in content and b"Late arrival \\(17 min late\\)" in content


def test_score_sheet_pdf_shows_group_confirmations_and_signatures(
    client_for, fouled, sheet, players, referee, searchable_pdf
):
    ss.sheet_mark_rest_not_played(sheet=sheet, by=referee)
    for player in players[:4]:
        ss.sheet_confirm(sheet=sheet, player=player, method="device", by=referee)
    ss.sheet_sign(sheet=sheet, by=referee)
    content = client_for("referee").get(reverse("export-score-sheet", args=[fouled.slug, 1, 1])).content
    assert b"(Group: B)" in content
    assert content.count(b"(on the referee's device)") == 4 and content.count(b"(Confirmed ") == 4
    assert b"(Signed by referee, " in content
    blank = client_for("referee").get(reverse("export-score-sheet", args=[fouled.slug, 1, 1]) + "?blank=1").content
    assert b"(Group: B)" in blank and b"Signed by" not in blank and b"Confirmed" not in blank
