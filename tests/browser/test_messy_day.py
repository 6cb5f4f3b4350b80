"""The messy day of issue 29, played in Chromium from start to finish: a 16-player, 3-session round robin with
two substitutes on the bench, where everything a director meets happens once.

Session 1: two no-shows at the roll call (their seats go to the bench substitutes); one of them arrives nine
minutes late and takes the substitute's seat back (10 points, MCR 3.11.2); two players found in each other's
seats after hand 3 (their seats swapped); table 3's hands entered on table 2's sheet (moved); table 4 given 10
more minutes. Session 2: a player falls ill after hand 2 (the rest of that table's hands not played). Before
session 3: a disqualification (loss of rank, MCR 3.11.5), "Draw again" pressed by mistake and undone, a lost card
(a new code and that card reprinted alone). At the end two players tie on everything at the top and the chief
referee records a play-off (MCR 3.10.1).

The hands are recorded through the services (the referees' entry is tested elsewhere); every incident goes through
the pages a director uses, each page checked with axe-core. At the end the standings page, the ranking file and the
audit log are compared with a recomputation made here from the test's own ledger of every hand and penalty, not
from the application's results.
"""

import csv
import io
from collections import defaultdict
from datetime import timedelta
from fractions import Fraction

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from rules import payments as pay
from schedule import attendance as att
from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand
from tests.browser.test_series import assert_accessible
from tests.closing import end_appeal_windows
from tournament import services as ts
from tournament.models import AuditLog, Player, Seat, Session, TournamentRole, Withdrawal

pytestmark = pytest.mark.browser

HANDS = 4
PLACES = (4, 2, 1, 0)  # MCR table points by place (3.8.2)
NO_SHOWS = (4, 11)  # player 4 arrives late; player 11 never comes
LATE = 4
ILL = 9  # falls ill after hand 2 of session 2
DISQUALIFIED = 13  # after session 2 (MCR 3.11.4-5): loses their rank
LOST_CARD = 5
INVOLVED = {*NO_SHOWS, ILL, DISQUALIFIED}


class Ledger:
    """The test's own record of the day: each table's score by player, hand by hand and penalty by penalty, as
    the rulebook pays them (MCR 3.7: self-drawn, each other player pays 8 + fan; on a discard, the discarder pays
    8 + fan, the others 8), from which the standings are recomputed without the application's code."""

    def __init__(self):
        self.tables = defaultdict(lambda: defaultdict(int))  # (session, table) -> {player number: score}
        self.seated = {}  # (session, table) -> player numbers East..North as finally seated

    def self_drawn(self, where, winner, others, fan):
        self.tables[where][winner] += 3 * (8 + fan)
        for p in others:
            self.tables[where][p] -= 8 + fan

    def discard(self, where, winner, discarder, others, fan):
        self.tables[where][winner] += 8 + fan + 2 * 8
        self.tables[where][discarder] -= 8 + fan
        for p in others:
            self.tables[where][p] -= 8

    def penalty(self, where, player, points):
        self.tables[where][player] -= points

    def per_player(self):
        """{player: [table points, score, sessions played]}: table points by place, players level at a table
        sharing the points of their places (MCR 3.8.2)."""
        out = defaultdict(lambda: [Fraction(0), 0, 0])
        for where, players in self.seated.items():
            scores = {p: self.tables[where][p] for p in players}
            ordered = sorted(players, key=lambda p: -scores[p])
            for p in players:
                level = [i for i, q in enumerate(ordered) if scores[q] == scores[p]]
                out[p][0] += Fraction(sum(PLACES[i] for i in level), len(level))
                out[p][1] += scores[p]
                out[p][2] += 1
        return out


def seats_of(tournament, session_number):
    """{table number: [player numbers East..North]} as seated now."""
    tables = defaultdict(list)
    for table, number in (
        Seat.objects.filter(session__tournament=tournament, session__number=session_number)
        .order_by("table__number", "position")
        .values_list("table__number", "player__number")
    ):
        tables[table].append(number)
    return dict(tables)


def u(tournament, name, *args):
    return reverse(name, args=[tournament.slug, *args])


@pytest.fixture
def day(organizer, referee, make_user):
    t = ts.tournament_create(
        by=organizer, name="Messy Open", slug="messy", session_count=3, hands_per_session=HANDS, appeal_minutes=5
    )
    TournamentRole.objects.create(tournament=t, user=referee, role=TournamentRole.Role.REFEREE)
    chief = make_user("chief")
    TournamentRole.objects.create(tournament=t, user=chief, role=TournamentRole.Role.CHIEF_REFEREE)
    for n in range(1, 17):
        ts.player_create(
            tournament=t,
            number=n,
            name=f"Player {n}",
            family_name=f"Family{n}",
            given_name=f"Given{n}",
            no_ema_id=True,
            by=organizer,
        )
    for n, name in ((17, "Bench Bea"), (18, "Bench Carl")):
        ts.player_create(
            tournament=t,
            number=n,
            name=name,
            family_name=name.split()[1],
            given_name=name.split()[0],
            is_substitute=True,
            no_ema_id=True,
            by=organizer,
        )
    sched.schedule_generate(tournament=t, by=organizer, seed=7)
    return t


def the_top_two(tournament):
    """Two players in every session, never at one table, not part of any incident: they will tie at the top."""
    candidates = [n for n in range(1, 17) if n not in INVOLVED | {LOST_CARD}]
    met = set()
    for s in range(1, 4):
        for table in seats_of(tournament, s).values():
            met.update((a, b) for a in table for b in table)
    return next((a, b) for a in candidates for b in candidates if a < b and (a, b) not in met)


def play_table(table, ledger, top, referee, hands, *, sheet=None, credited=None):
    """Hands ``hands`` of a table: hand 1 a self-drawn 8 by a top player at the table, else a discard win of 8 by
    East off South; the others drawn. ``sheet``: the sheet they are entered on when it is another table's (the
    referee taps the player in the same seat there); the ledger credits the players of ``table`` all the same."""
    seated = table.seated_players()
    on = (sheet or table.sheet).table.seated_players()  # whom the referee taps, seat for seat
    numbers = [p.number for p in seated]
    where = (table.session.number, table.number)
    ledger.seated[where] = numbers
    for number in hands:
        if number > 1:
            ss.hand_record(sheet=sheet or table.sheet, number=number, outcome=pay.DRAW, by=referee)
            continue
        star = next((i for i, n in enumerate(numbers) if n in top), None)
        if star is not None:
            ss.hand_record(
                sheet=sheet or table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=on[star], points=8, by=referee
            )
            ledger.self_drawn(where, numbers[star], [n for n in numbers if n != numbers[star]], 8)
        else:
            ss.hand_record(
                sheet=sheet or table.sheet,
                number=1,
                outcome=pay.DISCARD,
                winner=on[0],
                discarder=on[1],
                points=8,
                by=referee,
            )
            ledger.discard(where, numbers[0], numbers[1], numbers[2:], 8)


def play(tournament, session_number, ledger, top, referee, *, stop_after=None, skip_tables=()):
    """Every table of the session not in ``skip_tables``; ``stop_after``: {table: hands} where play stopped."""
    for table in Session.objects.get(tournament=tournament, number=session_number).tables.order_by("number"):
        if table.number not in skip_tables:
            last = (stop_after or {}).get(table.number, HANDS)
            play_table(table, ledger, top, referee, range(1, last + 1))


def sign_all(session, referee):
    for table in session.tables.all():
        table.sheet.refresh_from_db()
        if not table.sheet.is_signed:
            ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    end_appeal_windows(session)


def close_in_the_browser(page, tournament, n):
    page.goto(u(tournament, "manage-sessions"))
    with page.expect_navigation():
        page.locator(f"#session-{n}").get_by_role("button", name="Close session").click()
    assert page.locator("h1").inner_text() == f"Close session {n}?"
    with page.expect_navigation():
        page.locator(".confirm").get_by_role("button", name="Close session").click()
    assert f"Session {n} closed" in page.locator(".messages").inner_text()


def publish_in_the_browser(page, tournament, n):
    page.goto(u(tournament, "manage-sessions"))
    with page.expect_navigation():
        page.locator(f"#session-{n}").get_by_role("button", name="Publish seating").click()
    assert page.locator("h1").inner_text() == f"Publish the seating of session {n}?"
    assert Session.objects.get(tournament=tournament, number=n).status == Session.Status.SEATED  # asked first
    with page.expect_navigation():
        page.locator(".confirm").get_by_role("button", name="Publish").click()
    assert f"Seating of session {n} published." in page.locator(".messages").inner_text()


def session_1(desk, phone, day, organizer, referee, chief, ledger, top):
    """Roll call with two no-shows; the late arrival back in the substitute's seat; the corrections after hands."""
    first = day.sessions.get(number=1)
    desk.goto(u(day, "manage-roll-call", 1))
    desk.get_by_role("button", name="Open the roll call").click()
    for n in [n for n in range(1, 19) if n not in NO_SHOWS][2:]:
        att.check_in_mark(session=first, player=day.players.get(number=n), status="present", by=referee)
    phone.goto(u(day, "manage-roll-call", 1))
    for n in (1, 2):  # the first two at the desk on a phone; the rest were marked by a second referee
        phone.fill("#roll-q", str(n))
        phone.locator(f"#p-{n}").get_by_role("button", name="Here").click()
        phone.wait_for_load_state()
    counts = phone.locator(".roll-counts").inner_text()
    assert "14\npresent" in counts and "2\nnot here" in counts
    assert_accessible(phone)
    desk.goto(u(day, "manage-roll-call", 1))
    desk.get_by_role("link", name="Give the absentees' seats to substitutes…").click()
    proposal = desk.locator("main").inner_text()
    assert "Player 4" in proposal and "Player 11" in proposal and "Bench Bea" in proposal
    assert_accessible(desk)
    desk.get_by_role("button", name="Confirm: give the seats to substitutes").click()
    no_shows = Withdrawal.objects.filter(tournament=day, reason="no_show")
    assert sorted(no_shows.values_list("player__number", flat=True)) == sorted(NO_SHOWS)
    publish_in_the_browser(desk, day, 1)

    # Player 4 arrives nine minutes after the start: back in Bench Bea's seat, 10 points (MCR 3.11.2).
    now = timezone.now()
    Session.objects.filter(pk=first.pk).update(
        starts_at=now - timedelta(minutes=8), ends_at=now + timedelta(minutes=142)
    )
    desk.goto(u(day, "manage-withdrawals"))
    desk.get_by_role("button", name=f"Player {LATE} is here: back in").click()
    message = desk.locator(".messages").inner_text()
    bench = Withdrawal.objects.get(player__number=LATE).substitute  # the substitute who had their seat
    assert f"Player {LATE} sits again from session 1" in message and f"{bench} returns to the bench" in message
    assert "Late arrival, 9 minutes: 10 points" in message
    assert_accessible(desk)
    late_table = Seat.objects.get(session=first, player__number=LATE).table.number
    ledger.penalty((1, late_table), LATE, 10)

    corrections_after_hands(desk, phone, day, referee, chief, ledger, top)
    play(day, 1, ledger, top, referee, skip_tables=ledger.played_early.get(1, ()))
    sign_all(first, referee)
    close_in_the_browser(desk, day, 1)


def corrections_after_hands(desk, phone, day, referee, chief, ledger, top):
    """Two players found in each other's seats at table 1 after hand 3; table 3's hands entered on table 2's sheet;
    table 4 given 10 minutes more: each on its page, by the organizer at the desk. The ledger follows the players,
    so none changes a score: a swap keeps who won and who paid, a move gives each hand to the player in the same
    seat of the right table."""
    first = day.sessions.get(number=1)
    one, two, three = (first.tables.get(number=n) for n in (1, 2, 3))
    play_table(one, ledger, top, referee, range(1, 4))
    a, b = [p for p in one.seated_players() if p.number not in top][:2]
    desk.goto(u(day, "sheet-seats-swap", 1, 1))
    desk.locator("select[name=first]").select_option(str(a.pk))
    desk.locator("select[name=second]").select_option(str(b.pk))
    desk.locator("input[name=reason]").fill("sat in each other's seats")
    assert_accessible(desk)
    desk.get_by_role("button", name="Swap their seats").click()
    assert "now sit in each other's seats on the sheet" in desk.locator(".messages").inner_text()
    swapped = [p.number for p in one.seated_players()]
    assert swapped.index(b.number) < swapped.index(a.number)  # each in the other's seat
    ledger.seated[(1, 1)] = swapped
    phone.goto(u(day, "sheet", 1, 1))
    assert "Hands 3 entered" in phone.locator("main").inner_text()
    assert_accessible(phone)
    ss.hand_record(sheet=one.sheet, number=4, outcome=pay.DRAW, by=referee)
    # Table 3's referee enters all its hands on table 2's sheet; they are moved to table 3's.
    play_table(three, ledger, top, referee, range(1, HANDS + 1), sheet=two.sheet)
    desk.goto(u(day, "sheet-hands-move", 1, 2))
    desk.locator("select[name=target]").select_option("3")
    desk.locator("input[name=reason]").fill("entered on table 2's sheet")
    assert_accessible(desk)
    desk.get_by_role("button", name="Move the hands and fouls").click()
    assert "are on table 3's sheet now" in desk.locator(".messages").inner_text()
    phone.goto(u(day, "sheet", 1, 3))
    assert f"Hands {HANDS} entered" in phone.locator("main").inner_text()
    assert not Hand.objects.filter(sheet=two.sheet).exists()
    # Table 4 started 10 minutes late: the organizer gives it 10 minutes after the session's bell.
    bell = timezone.localtime(Session.objects.get(pk=first.pk).ends_at)
    desk.goto(u(day, "table-time", 1, 4))
    desk.locator("input[name=minutes]").fill("10")
    desk.locator("input[name=reason]").fill("Started 10 minutes late")
    assert_accessible(phone)
    desk.get_by_role("button", name="Give this time").click()
    until = (bell + timedelta(minutes=10)).strftime("%H:%M")
    assert f"Table 4 plays until {until}." in desk.locator(".messages").inner_text()
    assert first.tables.get(number=4).ends_at == Session.objects.get(pk=first.pk).ends_at + timedelta(minutes=10)
    assert first.tables.get(number=3).ends_at == Session.objects.get(pk=first.pk).ends_at
    ledger.played_early = {1: (1, 3)}


def session_2(desk, phone, day, organizer, referee, ledger, top):
    """Player 9 falls ill after hand 2: withdrawn on the Withdrawals page, the substitute on the bench taking their
    seat in session 3."""
    second = day.sessions.get(number=2)
    publish_in_the_browser(desk, day, 2)
    ill_table = Seat.objects.get(session=second, player__number=ILL).table.number
    play(day, 2, ledger, top, referee, stop_after={ill_table: 2})
    desk.goto(u(day, "manage-withdrawals"))
    form = desk.locator("#withdraw")
    form.locator("select[name=player]").select_option(label=f"{ILL}. Player {ILL}")
    form.locator("select[name=from_session]").select_option(label="Session 2")
    form.locator("select[name=reason]").select_option("illness")
    bench = Withdrawal.objects.get(player__number=LATE).substitute  # back on the bench since player 4 came
    form.locator("select[name=substitute]").select_option(label=str(bench))
    form.get_by_role("button", name="Withdraw").click()
    withdrawal = Withdrawal.objects.get(player__number=ILL)
    assert withdrawal.after_hand == 2 and withdrawal.keep_in_standings
    assert "Left during session 2, after hand 2." in desk.locator(f"#withdrawal-{withdrawal.pk}").inner_text()
    assert_accessible(desk)
    # The table's referee marks the rest not played, as the table page offers.
    phone.goto(u(day, "sheet", 2, ill_table))
    phone.locator(".departure-action").get_by_role("button", name=f"Player {ILL} left: mark hands").click()
    phone.get_by_role("button", name="Yes, mark them not played").click()
    assert "marked not played" in phone.locator("body").inner_text()
    sign_all(second, referee)
    close_in_the_browser(desk, day, 2)


def before_session_3(desk, day, organizer, ledger, screenshot):
    """The disqualification, "Draw again" pressed by mistake and undone, a lost card reprinted alone."""
    desk.goto(u(day, "manage-withdrawals"))
    form = desk.locator("#withdraw")
    form.locator("select[name=player]").select_option(label=f"{DISQUALIFIED}. Player {DISQUALIFIED}")
    form.locator("select[name=from_session]").select_option(label="Session 3")
    form.locator("select[name=reason]").select_option("disqualification")
    form.locator("input[name=keep_in_standings]").uncheck()
    form.locator("input[name=new_name]").fill("Dan Standin")
    form.get_by_role("button", name="Withdraw").click()
    assert not Withdrawal.objects.get(player__number=DISQUALIFIED).keep_in_standings

    # "Draw again" on the unpublished session 3, by mistake: asked first, then undone from the kept version.
    seated = seats_of(day, 3)
    desk.goto(u(day, "manage-sessions"))
    desk.locator("#session-3").get_by_role("button", name="Draw again").click()
    assert desk.locator("h1").inner_text() == "Draw session 3 again?"
    question = desk.locator(".confirm").inner_text()
    assert "Repeat meetings over the seated sessions:" in question and "before →" in question
    assert "print them again" in question
    assert_accessible(desk)
    screenshot(desk, "draw-again-confirm-desktop", full_page=False)
    assert seats_of(day, 3) == seated  # nothing yet
    desk.locator(".confirm").get_by_role("button", name="Draw again").click()
    assert "The seating it replaced is kept" in desk.locator(".messages").inner_text()
    assert seats_of(day, 3) != seated
    desk.locator("#session-3").get_by_role("link", name="Seating replaced (1 version kept)").click()
    assert_accessible(desk)
    screenshot(desk, "seating-versions-desktop", full_page=False)
    desk.get_by_role("button", name="Put this seating back…").first.click()
    assert "this too can be undone" in desk.locator(".confirm").inner_text()
    desk.locator(".confirm").get_by_role("button", name="Put this seating back").click()
    assert "Session 3 is seated as it was before." in desk.locator(".messages").inner_text()
    assert seats_of(day, 3) == seated

    # Player 5 lost their card: a new code (asked first), then their card printed alone.
    old = day.players.get(number=LOST_CARD).code
    desk.goto(u(day, "manage-player-codes"))
    assert_accessible(desk)
    card = desk.locator(f"#card-{LOST_CARD}")
    card.get_by_role("button", name=f"New code: Player {LOST_CARD}").click()
    assert desk.locator("h1").inner_text() == f"Give {LOST_CARD}. Player {LOST_CARD} a new code?"
    assert_accessible(desk)
    assert day.players.get(number=LOST_CARD).code == old
    desk.get_by_role("button", name="Give a new code").click()
    player = day.players.get(number=LOST_CARD)
    assert player.code != old
    href = (
        desk.locator(f"#card-{LOST_CARD}")
        .get_by_role("link", name=f"Print this card: Player {LOST_CARD}")
        .get_attribute("href")
    )
    pdf = desk.request.get(desk.url.split("/t/")[0] + href)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert player.code_display in text and f"Player {LOST_CARD}" in text and "Player 6" not in text
    assert "Cannot scan? Type your code at" in text and "/t/messy/confirm" in text


def expected_standings(day, ledger, top):
    """Ranked players, best first, recomputed from the ledger: table points, then score (MCR 3.10.1); the tie
    at the top in the order of the play-off. Substitutes are not ranked; the disqualified player left."""
    totals = ledger.per_player()
    ranked = [n for n in range(1, 17) if n != DISQUALIFIED and totals[n][2]]
    key = {n: (-totals[n][0], -totals[n][1]) for n in ranked}
    ranked.sort(key=lambda n: (key[n], n))
    rows = []
    for n in ranked:
        rank = next(j for j, m in enumerate(ranked, start=1) if key[m] == key[n])
        rows.append((rank, n, totals[n][0], totals[n][1]))
    winner, runner_up = top
    assert key[winner] == key[runner_up] and rows[0][1] in top and rows[1][1] in top, "the day is built to tie them"
    rows[0], rows[1] = (1, winner, *totals[winner][:2]), (2, runner_up, *totals[runner_up][:2])
    return rows


def test_the_messy_day(desktop_page, phone_page, login, day, organizer, referee, screenshot):
    desk, phone = desktop_page, phone_page
    login(desk, organizer)
    login(phone, referee)
    ledger = Ledger()
    top = the_top_two(day)

    chief = TournamentRole.objects.get(tournament=day, role=TournamentRole.Role.CHIEF_REFEREE).user
    session_1(desk, phone, day, organizer, referee, chief, ledger, top)
    session_2(desk, phone, day, organizer, referee, ledger, top)
    before_session_3(desk, day, organizer, ledger, screenshot)
    publish_in_the_browser(desk, day, 3)
    play(day, 3, ledger, top, referee)
    sign_all(day.sessions.get(number=3), referee)
    close_in_the_browser(desk, day, 3)

    # The tie at the top: the chief referee records the play-off, the second of the two winning it.
    winner, runner_up = top[1], top[0]
    login(phone, chief)
    phone.goto(u(day, "tie-deciders"))
    tie = phone.locator(".tie").first
    assert sorted(
        int(o)
        for o in tie.locator("select[name=order]").nth(0).locator("option").evaluate_all("els => els.map(e => e.value)")
    ) == sorted(top)
    tie.locator("select[name=order]").nth(0).select_option(str(winner))
    tie.locator("select[name=order]").nth(1).select_option(str(runner_up))
    tie.locator("select[name=method]").select_option("play_off")
    tie.get_by_role("button", name="Record the decider").click()
    assert "The decider is recorded" in phone.locator(".messages").inner_text()
    assert_accessible(phone)

    # The ranking file needs every listed player's family name and EMA id (or "none"): the substitute made on the
    # day has neither until the organizer fills them in.
    dan = day.players.get(name="Dan Standin")
    ts.player_update(player=dan, family_name="Standin", given_name="Dan", no_ema_id=True, by=organizer)
    expected = expected_standings(day, ledger, (winner, runner_up))
    check_standings_page(desk, day, expected)
    check_ranking_file(desk, day, expected, ledger)
    check_audit_log(day, ledger)


def check_standings_page(page, day, expected):
    page.goto(u(day, "standings"))
    assert_accessible(page)
    table = page.locator("table.standings").first
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    col = {name: headers.index(name) for name in ("Rank", "No.", "Table points", "Score")}
    shown = []
    for row in table.locator("tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        number = int(cells[col["No."]])
        if number == 11:  # the no-show who played nothing: listed, withdrawn, unranked
            assert "W" in cells[col["Rank"]]
            continue
        rank = int(cells[col["Rank"]].split()[0].rstrip("*"))
        shown.append((rank, number, Fraction(cells[col["Table points"]]), int(cells[col["Score"]])))
    assert shown == [(r, n, tp, s) for r, n, tp, s in expected]
    assert DISQUALIFIED not in [n for _r, n, _tp, _s in shown]


def check_ranking_file(page, day, expected, ledger):
    """The ranking file lists who played, ranked as the standings; the substitutes who played after them; not
    the no-show who played nothing nor the disqualified player."""
    response = page.request.get(page.url.split("/t/")[0] + u(day, "export-ema"))
    assert response.status == 200, response.text()
    rows = list(csv.DictReader(io.StringIO(response.text())))
    by_family = {p.family_name: p.number for p in day.players.all()}
    listed = [(int(r["Rank"]), by_family[r["Last name"]], Fraction(r["Table points"]), int(r["Score"])) for r in rows]
    assert listed[: len(expected)] == expected
    totals = ledger.per_player()
    subs = [
        n
        for n in (17, 18, *Player.objects.filter(tournament=day, name="Dan Standin").values_list("number", flat=True))
        if totals[n][2]
    ]
    assert sorted(n for _r, n, _tp, _s in listed[len(expected) :]) == sorted(subs)
    assert 11 not in [n for _r, n, _tp, _s in listed] and DISQUALIFIED not in [n for _r, n, _tp, _s in listed]


def check_audit_log(day, ledger):
    """Every incident is in the audit log, once, as the day had it."""
    entries = list(AuditLog.objects.filter(tournament=day).order_by("pk"))
    actions = [e.action for e in entries]
    withdrawals = sorted(
        (e.data["player"], e.data["reason"], e.data["session"]) for e in entries if e.action == "player.withdraw"
    )
    assert withdrawals == sorted(
        [(4, "no_show", 1), (11, "no_show", 1), (ILL, "illness", 2), (DISQUALIFIED, "disqualification", 3)]
    )
    (back,) = [e for e in entries if e.action == "player.return"]
    assert back.data["player"] == LATE and back.data["back_from"] == 1 and back.data["minutes"] == 9
    assert actions.count("session.publish") == 3 and actions.count("session.close") == 3
    assert actions.count("session.seating_restore") == 1
    (swap,) = [e for e in entries if e.action == "sheet.seats_swap"]
    assert (swap.data["session"], swap.data["table"]) == (1, 1)
    (extended,) = [e for e in entries if e.action == "table.time_extend"]
    assert extended.data["table"] == 4 and extended.data["changes"] == {"extra_minutes": [0, 10]}
    (move,) = [e for e in entries if e.action == "sheet.hands_move"]
    assert move.data["reason"] == "entered on table 2's sheet"
    restore = next(e for e in entries if e.action == "session.seating_restore")
    assert restore.data["tables"] == [seats for _n, seats in sorted(seats_of(day, 3).items())]
    assert [e.data["number"] for e in entries if e.action == "player.code_reset"] == [LOST_CARD]
    (decided,) = [e for e in entries if e.action == "standings.tie_decide"]
    assert decided.data["method"] == "play_off"


def test_draw_again_asked_then_undone_on_a_phone(
    phone_page, login, organizer, tournament, seated_session, assert_no_small_targets, screenshot
):
    """The accidental "Draw again" of the day, on the organizer's phone: Cancel changes nothing; the draw made,
    the seating before is put back from the session's kept versions."""
    page = phone_page
    before = seats_of(tournament, 1)
    login(page, organizer)
    page.goto(u(tournament, "manage-sessions"))
    page.locator("#session-1").get_by_role("button", name="Draw again").click()
    assert page.locator("h1").inner_text() == "Draw session 1 again?"
    assert_accessible(page)
    assert_no_small_targets(page)
    screenshot(page, "draw-again-confirm-phone", full_page=False)
    page.get_by_role("link", name="Cancel").click()
    assert seats_of(tournament, 1) == before
    page.locator("#session-1").get_by_role("button", name="Draw again").click()
    page.locator(".confirm").get_by_role("button", name="Draw again").click()
    assert seats_of(tournament, 1) != before
    page.locator("#session-1").get_by_role("link", name="Seating replaced (1 version kept)").click()
    assert_accessible(page)
    assert_no_small_targets(page)
    screenshot(page, "seating-versions-phone", full_page=False)
    page.get_by_role("button", name="Put this seating back…").click()
    page.locator(".confirm").get_by_role("button", name="Put this seating back").click()
    assert seats_of(tournament, 1) == before
    assert "the seating now" in page.locator("main").inner_text()
