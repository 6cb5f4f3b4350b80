"""Issue 30: the longest names of the demo stay inside their cells in the PDFs: a name wraps, and its font
shrinks until every word and every line fits the cell (exports.typography.fitted)."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from exports import score_sheets
from exports.typography import fitted, styles_for
from tournament import services as ts

LONGEST = "María José Fernández-Olmedo de la Concepción"
MIXED = "欧阳娜娜 Ouyang Nana-Wilhelmina Featherstonehaugh"


@pytest.mark.parametrize("name", [LONGEST, MIXED, "Ana", "王小明"])
def test_a_name_fits_its_cell_whatever_its_length(name):
    width, height = score_sheets.NAME_CELL
    cell = fitted(name, styles_for()["cell"], width, height)
    _w, h = cell.wrap(width, 10_000)
    assert h <= height + 0.01 and cell.minWidth() <= width + 0.01
    # Short names keep the cell's own size; long ones shrink, but stay readable.
    assert cell.style.fontSize == (8 if len(name) < 10 else cell.style.fontSize) and cell.style.fontSize >= 5


def test_the_score_sheet_prints_the_longest_names_whole(client_for, tournament, organizer, players, published_session):
    ts.player_update(player=players[0], by=organizer, name=LONGEST)
    ts.player_update(player=players[2], by=organizer, name=MIXED)
    response = client_for("referee").get(reverse("export-score-sheet", args=[tournament.slug, 1, 1]))
    assert response.status_code == 200
    pdf = PdfReader(io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content))
    # Still one page a table, with every word of each name on it.
    assert len(pdf.pages) == 1
    text = " ".join(pdf.pages[0].extract_text().split())
    for word in ("María", "Fernández-Olmedo", "Concepción", "Featherstonehaugh", "Nana-Wilhelmina"):
        assert word in text
