"""Row generators: the exported rows are the standings, not a recomputation of them."""

from fractions import Fraction

import pytest

from exports import datasets, renderers, typography
from scoring.results import sheets_data
from standings.selectors import player_standings, team_standings

pytestmark = pytest.mark.django_db


def by_number(dataset, column="No."):
    index = dataset.header.index(column)
    return {row[index]: row for row in dataset.rows}


def test_standings_rows_match_player_standings(played):
    dataset = datasets.standings_dataset(played)
    rows = player_standings(played)
    assert dataset.header[:7] == ["Rank", "No.", "Name", "Country", "Team", "Table points", "Score"]
    assert [r[:7] for r in dataset.rows] == [
        [r.rank, r.player.number, r.player.name, r.player.country, r.player.team.name, r.table_points, r.score]
        for r in rows
    ]
    lines = by_number(dataset)
    assert 3 not in lines  # the substitute is not ranked
    assert lines[5][5] == Fraction(23, 4) and lines[5][6] == 48 and lines[5][0] == 1
    assert lines[8][5] == Fraction(7, 4) and lines[8][6] == -26
    assert lines[6][5] == Fraction(13, 4)


def test_team_standings_rows_match(played):
    dataset = datasets.team_standings_dataset(played)
    assert dataset.header == ["Rank", "Team", "Table points", "Score", "Members"]
    assert [r[:4] for r in dataset.rows] == [
        [t.rank, t.team.name, t.table_points, t.score] for t in team_standings(played)
    ]


def test_tabulation_has_session_values_and_running_sums(played):
    dataset = datasets.tabulation_dataset(played)
    assert dataset.header[:3] == ["No.", "Team", "Name"]
    assert dataset.header[3:7] == ["TP", "Sum TP", "CP", "Sum CP"]
    assert dataset.header[-3:] == ["TP", "CP", "Rank"]
    assert dataset.groups[1] == ("Session 1", 4) and len(dataset.groups) == 2 + played.session_count
    line = by_number(dataset)[5]
    assert line[3:11] == [4, 4, 48, 48, Fraction(7, 4), Fraction(23, 4), 0, 48]
    assert line[11:15] == [None] * 4  # session 3 not played
    standing = {r.player.number: r for r in player_standings(played)}
    for number, row in by_number(dataset).items():
        assert row[-3:] == [standing[number].table_points, standing[number].score, standing[number].rank]
    assert [r[0] for r in dataset.rows] == [r.player.number for r in player_standings(played)]


@pytest.mark.parametrize(
    "name, expected",
    [
        ("Ana López Ruiz", ("Ana", "López Ruiz")),
        ("Li Wei", ("Li", "Wei")),
        ("  Yuki   Sato ", ("Yuki", "Sato")),
        ("Madonna", ("", "Madonna")),
        ("", ("", "")),
    ],
)
def test_split_name(name, expected):
    assert datasets.split_name(name) == expected


def test_ema_results_columns_names_and_substitutes(ema_ready):
    dataset = datasets.ema_dataset(ema_ready)
    assert dataset.header == ["Rank", "EMA id", "Last name", "First name", "Country", "Table points", "Score"]
    # Eight players; the substitute played, so counts as a participant for the EMA: listed after the seven
    # ranked players, as the standings list substitutes apart when they are not ranked.
    assert len(dataset.rows) == 8
    assert dataset.rows[-1][:4] == [8, "", "Player", "3"]
    ana = next(r for r in dataset.rows if r[2] == "López Ruiz")
    # The country in three letters, as the EMA's results workbook carries it (core.countries).
    assert ana[1] == "04000001" and ana[3] == "Ana" and ana[4] == "ESP" and ana[5] == Fraction(7, 2) and ana[6] == 0
    assert all(r[1] == "" for r in dataset.rows if r is not ana)
    text = renderers.render_csv(dataset).decode("utf-8").splitlines()
    assert text[0] == "Rank,EMA id,Last name,First name,Country,Table points,Score"
    assert "1,,Player,5,ESP,5.75,48" in text
    assert any(line.endswith(",04000001,López Ruiz,Ana,ESP,3.50,0") for line in text)


def test_record_of_fouls_lists_withdrawn_penalties_with_position(played):
    dataset = datasets.fouls_dataset(played)
    assert dataset.header == [
        "Team",
        "Player",
        "No.",
        "Session",
        "Round",
        "Table",
        "Position",
        "Hand",
        "Nature of the foul",
        "Penalty",
        "Paid to",
        "Remarks",
        "Umpire",
        "Date",
    ]
    assert len(dataset.rows) == 2
    withdrawn, late = dataset.rows
    # Player 1 started East; in hand 5 (South round) the seats have changed: player 1 sits South.
    assert withdrawn[:10] == ["Dragons", "Ana López Ruiz", 1, 1, "South", 1, "South", 5, "touching the wall", -20]
    assert "Withdrawn" in withdrawn[11] and "given in error" in withdrawn[11] and "organizer" in withdrawn[11]
    assert withdrawn[12] == "referee"
    assert dataset.muted_rows == {0}
    # No hand given: the initial wind, no round.
    assert late[:12] == ["Dots", "Player 8", 8, 1, "", 2, "North", None, "late arrival", -10, "Paid to nobody", ""]


def test_score_sheet_data_filled_and_blank(played):
    session = played.sessions.get(number=1)
    filled = sheets_data(played, session.tables.all())
    assert [s.table for s in filled] == [1, 2]
    table2 = filled[1]
    assert [p.number for p in table2.players] == [5, 6, 7, 8]
    assert table2.hands[0].deltas == [48, -16, -16, -16] and table2.hands[0].totals == [48, -16, -16, -16]
    assert table2.hands[1].deltas is None
    assert table2.penalty_scores == [0, 0, 0, -10] and table2.scores == [48, -16, -16, -26]
    assert table2.table_points == [4, Fraction(3, 2), Fraction(3, 2), 0]
    assert [p.reason for p in table2.penalties] == ["late arrival"]
    assert filled[0].penalties == []  # the withdrawn penalty does not count
    # The dealer passes right every hand; hand 5 is dealt by who started South (appendix 4).
    assert [h.dealer for h in table2.hands[:8]] == [0, 1, 2, 3, 1, 0, 3, 2]
    blank = sheets_data(played, session.tables.all(), blank=True)
    assert all(h.deltas is None for s in blank for h in s.hands)
    assert all(s.scores is None and not s.penalties for s in blank)
    assert len(blank[0].hands) == played.hands_per_session


def test_pdf_font_is_helvetica_for_latin_text_and_unicode_otherwise(played):
    assert typography.document_fonts(["Ana López Ruiz", "Zoë"]) == ("Helvetica", "Helvetica-Bold")
    fonts = typography.document_fonts(["Иван Петров"])
    assert fonts == (typography._unicode_fonts() or fonts)
    dataset = datasets.standings_dataset(played)
    dataset.rows[0][2] = "Иван Петров 王"
    pdf = renderers.render_pdf(dataset, played)
    assert pdf.startswith(b"%PDF")
    if typography._unicode_fonts():
        assert b"DejaVuSans" in pdf


def test_wide_tabulation_continues_in_blocks_repeating_who(played):
    played.session_count = 24
    dataset = datasets.tabulation_dataset(played)
    assert len(dataset.columns) == 3 + 24 * 4 + 3
    widths = [20] * len(dataset.columns)
    blocks = renderers._column_blocks(dataset, widths, available=800)
    assert len(blocks) > 1
    assert all(block[:3] == [0, 1, 2] for block in blocks)
    assert all(sum(widths[c] for c in block) <= 800 for block in blocks)
    assert sorted({c for block in blocks for c in block}) == list(range(len(dataset.columns)))
    assert blocks[-1][-3:] == [len(dataset.columns) - 3, len(dataset.columns) - 2, len(dataset.columns) - 1]
    assert renderers._column_blocks(dataset, [5] * len(dataset.columns), available=800) == [
        list(range(len(dataset.columns)))
    ]
    assert renderers.render_pdf(dataset, played).startswith(b"%PDF")


def test_the_ranking_file_checks_the_tournaments_own_table_points_total(ema_ready):
    """The total every table's table points must reach is the tournament's setting (not a fixed 7): with 3/2/1/0
    each finished table gives 6 and the file goes; a table whose points add up otherwise is named."""
    from types import SimpleNamespace

    from tournament.models import Tournament

    Tournament.objects.filter(pk=ema_ready.pk).update(table_points="3/2/1/0")
    ema_ready.refresh_from_db()
    assert datasets.ema_dataset(ema_ready).rows  # every table totals 6: no problem (it used to say "not 7")
    unplayed = SimpleNamespace(session=1, table=2, started=False, table_points=[])
    assert datasets.ema_problems(ema_ready, [], {1: unplayed}) == [
        "Session 1, table 2: the table points total 0.00, not 6.00."
    ]


def test_the_ranking_file_reads_the_table_results_once(ema_ready):
    """The standings and the checks share one read of the tables' results."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        datasets.ema_dataset(ema_ready)
    seats_reads = [q["sql"] for q in queries.captured_queries if 'FROM "tournament_seat"' in q["sql"]]
    assert len(seats_reads) == 1, seats_reads
