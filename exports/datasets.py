"""Row generators: the results as datasets -- a title, typed columns and plain rows -- for any renderer.

Built like pretix's exporters: a generator turns results into a :class:`Dataset`, and a renderer
(``exports.renderers``) turns any dataset into CSV, XLSX or PDF. Views only pick the two.

Values in dataset rows are ``int``, ``str``, ``None`` (blank) or, for table points, ``Fraction``
(exact: 7/4 is written 1.75, 7/3 as 2.33 where text is needed, and as the number itself in XLSX).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.countries import alpha3
from ratings.base import format_number
from rules import fouls
from rules.rotation import round_of_hand, seat_winds
from scoring import lifecycle
from scoring.models import Penalty, ScoreSheet
from scoring.results import lost_sessions, table_results
from standings import selectors
from standings.tables import tiebreak_label
from standings.weight import tournament_weight
from tournament.clock import day_label, is_multi_day
from tournament.models import Seat, Tournament
from tournament.numbers import table_points_shown

TEXT, INT, POINTS = "text", "int", "points"


@dataclass
class Column:
    label: str
    kind: str = TEXT


@dataclass
class Dataset:
    """A header and rows, ready for any renderer."""

    name: str  # file name part, e.g. "standings"
    title: str
    columns: list
    rows: list
    groups: list | None = None  # optional header row above the columns: [(label, span), ...]
    landscape: bool = False
    notes: list = field(default_factory=list)
    muted_rows: set = field(default_factory=set)  # row indexes shown greyed in the PDF
    heading: str = ""  # a line under the title in the PDF, e.g. the group (appendix 6's header)
    # (label, value) lines above the table in the XLSX: the ranking file's header (tournament, dates, weight).
    preamble: list = field(default_factory=list)

    @property
    def header(self):
        return [c.label for c in self.columns]


# --- Row generators ---------------------------------------------------------------------------


def team_name(player):
    return player.team.name if player.team_id else ""


def not_public_notes(tournament, public):
    """The note on an organizer's copy whose results include sessions the public does not see yet."""
    if public:
        return []
    hidden = selectors.unpublished_sessions_with_results(tournament)
    if not hidden:
        return []
    return [
        ngettext(
            "Not public: includes the results of session %(list)s, not published yet.",
            "Not public: includes the results of sessions %(list)s, not published yet.",
            len(hidden),
        )
        % {"list": ", ".join(map(str, hidden))}
    ]


def standings_dataset(tournament, rows=None, *, public=False):
    """Player standings: rank, number, name, country, team, table points, score, then the
    tournament's further tie-breaks in order (as on the standings page). ``public``: published
    sessions only, as the public sees them."""
    rows = selectors.standings_rows(tournament, rows, public=public)
    extra = [k for k in tournament.tiebreak_keys() if k not in ("table_points", "score")]
    columns = [
        Column(_("Rank"), INT),
        Column(_("No."), INT),
        Column(_("Name")),
        Column(_("Country")),
        Column(_("Team")),
        Column(_("Table points"), POINTS),
        Column(_("Score"), INT),
    ]
    columns += [Column(tiebreak_label(k), INT) for k in extra]
    columns.append(Column(_("Provisional")))
    out = [
        [
            r["rank"],
            r["number"],
            r["name"],
            r["country"],
            r["team"] or "",
            r["table_points"],
            r["score"],
            *(r["tiebreaks"][k] for k in extra),
            "*" if r["provisional"] else "",
        ]
        for r in rows
    ]
    if any(r.get("elimination") for r in rows):
        # Elimination tournaments: who is still in and when the others went out (their rank is final).
        columns.insert(3, Column(_("Elimination")))
        out = [[*line[:3], r["elimination"], *line[3:]] for line, r in zip(out, rows)]
    notes = [_("* Provisional: some score sheets are still open.")] if any(r["provisional"] for r in rows) else []
    notes += not_public_notes(tournament, public)
    return Dataset(name="standings", title=_("Standings"), columns=columns, rows=out, notes=notes)


def team_standings_dataset(tournament, rows=None, *, public=False):
    """Teams ranked by their members' summed table points, then summed score."""
    teams = selectors.team_standings(tournament, rows, public=public)
    columns = [
        Column(_("Rank"), INT),
        Column(_("Team")),
        Column(_("Table points"), POINTS),
        Column(_("Score"), INT),
        Column(_("Members")),
    ]
    out = [[t.rank, t.team.name, t.table_points, t.score, ", ".join(m.player.name for m in t.members)] for t in teams]
    return Dataset(
        name="team-standings",
        title=_("Team standings"),
        columns=columns,
        rows=out,
        notes=not_public_notes(tournament, public),
    )


def tabulation_dataset(tournament, rows=None, *, public=False):
    """The tabulation sheet (MCR appendix 7): per player number, team and name, for each session
    the table points (TP), their running sum, the score (contest points, CP) and its running sum;
    then the totals and the rank. Players in standings order."""
    sessions, table = selectors.tabulation(tournament, rows, public=public)
    tp, cp, sum_ = _("TP"), _("CP"), pgettext("running total", "Sum")
    columns = [Column(_("No."), INT), Column(_("Team")), Column(_("Name"))]
    groups = [("", 3)]
    hidden = set() if public else set(selectors.unpublished_sessions_with_results(tournament))
    timed = list(tournament.sessions.all())
    # A multi-day event heads each session with its day ("Session 4 · Sunday 3 May").
    days = {s.number: day_label(s.day) for s in timed} if is_multi_day(timed) else {}
    for n in sessions:
        columns += [Column(tp, POINTS), Column(f"{sum_} {tp}", POINTS), Column(cp, INT), Column(f"{sum_} {cp}", INT)]
        label = _("Session %(n)s") % {"n": n}
        if days.get(n):
            label = f"{label} · {days[n]}"
        groups.append((_("%(session)s (not public)") % {"session": label} if n in hidden else label, 4))
    columns += [Column(tp, POINTS), Column(cp, INT), Column(_("Rank"), INT)]
    groups.append((_("Total"), 3))
    out = []
    for row, cells in table:
        p = row.player
        line = [p.number, team_name(p), p.name]
        for cell in cells:
            if cell is None:
                line += [None] * 4
            else:
                line += [cell.result.table_points, cell.cum_table_points, cell.result.score, cell.cum_score]
        line += [row.table_points, row.score, row.rank]
        out.append(line)
    return Dataset(
        name="tabulation",
        title=_("Tabulation of results"),
        columns=columns,
        rows=out,
        groups=groups,
        landscape=True,
        notes=[
            _("TP: table points. CP: contest points (the session score). Sum: running total."),
            *not_public_notes(tournament, public),
        ],
    )


def split_name(name):
    """(first name, last name) of a player's single name field, by the first-word rule: "Ana López Ruiz"
    gives ("Ana", "López Ruiz"). Kept for callers outside the ranking file; the ranking file itself
    uses the players' family and given names and refuses players without them (``ema_problems``)."""
    parts = (name or "").split()
    if not parts:
        return "", ""
    if len(parts) == 1:
        return "", parts[0]
    return parts[0], " ".join(parts[1:])


class RankingFileNotReady(Exception):
    """The ranking file cannot be sent yet; ``problems`` says why, one message each."""

    def __init__(self, problems):
        super().__init__("; ".join(problems))
        self.problems = problems


def ema_problems(tournament, rows, results=None):
    """What a ranking body would refuse, checked before the file leaves: every session played is
    public and every sheet submitted (nothing provisional); at every table the table points total what the
    tournament's table points add up to (4+2+1+0 = 7 by default; ties split them, keeping the total);
    every ranked player has a family name and an EMA id or is marked as having none. ``results``: the
    tournament's ``table_results``, when the caller has them (the standings were computed from them)."""
    problems = []
    sessions = tournament.sessions.seated().order_by("number")
    for session in sessions:
        if not session.is_public:
            problems.append(_("Session %(n)s is not published.") % {"n": session.number})
    not_final = (
        ScoreSheet.objects.filter(table__session__in=sessions)
        .exclude(lifecycle.SHEET.q(lifecycle.final_states(tournament.countersign_required)))
        .select_related("table__session")
        .order_by("table__session__number", "table__number")
    )
    for sheet in not_final:
        where = {"s": sheet.table.session.number, "t": sheet.table.number}
        if sheet.is_signed:
            problems.append(
                _(
                    "Session %(s)s, table %(t)s: the score sheet is signed but not countersigned (results are provisional)."
                )
                % where
            )
        else:
            problems.append(
                _("Session %(s)s, table %(t)s: the score sheet is not submitted (results are provisional).") % where
            )
    expected = sum(tournament.table_points_values())
    results = table_results(tournament) if results is None else results
    for result in sorted(results.values(), key=lambda r: (r.session, r.table)):
        total = sum(result.table_points) if result.started else 0
        if total != expected:
            problems.append(
                _("Session %(s)s, table %(t)s: the table points total %(tp)s, not %(expected)s.")
                % {
                    "s": result.session,
                    "t": result.table,
                    "tp": table_points_shown(total),
                    "expected": table_points_shown(expected),
                }
            )
    for row in rows:
        p = row.player
        who = {"n": p.number, "name": p.name}
        if not p.family_name:
            problems.append(
                _("Player %(n)s (%(name)s) has no family name: set the family and given names on the player's page.")
                % who
            )
        if not p.ema_id and not p.no_ema_id:
            problems.append(
                _("Player %(n)s (%(name)s) has no EMA id: enter it, or mark the player as having none.") % who
            )
        if p.country and alpha3(p.country) is None:
            problems.append(
                _(
                    "Player %(n)s (%(name)s): the country code %(code)s has no three-letter form in the results "
                    "file's table (docs/series.md); check the code."
                )
                % {**who, "code": p.country}
            )
    return problems


def ema_rows(tournament, rows=None, results=None):
    """Who the ranking file lists, in the standings' order (docs/running-the-day.md, "The ranking file"):
    everyone who played at least one session, ranked as the standings rank them (ties ordered by a decider
    where the chief referee recorded one). A player who played nothing (a no-show) is no participant and is
    not listed; a disqualified player who lost their rank (MCR 3.11.5) is not in the standings and not here.
    Substitutes who played are participants for the EMA ("Substitute players (maximum 3) are accounted in the
    calculation of participating players", EMA, Basics for ranking system): ranked with everyone where the
    tournament ranks them, else after the ranked players, in the order the standings list them apart."""
    results = table_results(tournament) if results is None else results
    rows = selectors.player_standings(tournament, results=results) if rows is None else rows
    listed = [row for row in rows if row.sessions]
    if not tournament.substitutes_ranked:
        after = len(listed)
        for row in selectors.substitute_standings(tournament, results=results):
            if row.sessions:
                listed.append(replace(row, rank=after + row.rank))
    return listed


def ema_dataset(tournament, rows=None):
    """The ranking body's results file (EMA style, MCR): rank, EMA id (blank for a player marked as
    having none), last (family) name, first (given) name, country, table points, score, for the players
    ``ema_rows`` lists. Raises RankingFileNotReady naming every problem ``ema_problems`` finds."""
    results = table_results(tournament)  # read once: the standings, the substitutes and the checks
    rows = ema_rows(tournament, rows, results)
    problems = ema_problems(tournament, rows, results)
    if problems:
        raise RankingFileNotReady(problems)
    # A file for the ranking body's software, not for people: its headings stay fixed in English
    # whatever the organizer's language.
    columns = [
        Column("Rank", INT),
        Column("EMA id"),
        Column("Last name"),
        Column("First name"),
        Column("Country"),
        Column("Table points", POINTS),
        Column("Score", INT),
    ]
    out = [
        [
            row.rank,
            row.player.ema_id or "",
            row.player.family_name,
            row.player.given_name,
            alpha3(row.player.country) or "",
            row.table_points,
            row.score,
        ]
        for row in rows
    ]
    return Dataset(
        name="ema-results",
        title=_("Results for the ranking"),
        columns=columns,
        rows=out,
        preamble=ranking_file_header(tournament),
    )


def ranking_file_header(tournament):
    """The results file's header, where the format has one (the XLSX): name, dates, city, country (three
    letters) and the MERS weight by the EMA's table (``standings.weight``). Fixed English labels, as the columns."""
    weight = tournament_weight(tournament).parts
    dates = " - ".join(d.isoformat() for d in (tournament.start_date, tournament.end_date) if d)
    return [
        ("Tournament", tournament.name),
        ("Dates", dates),
        ("City", tournament.city),
        ("Country", alpha3(tournament.country) or ""),
        ("MERS weight", format_number(weight.total)),
    ]


def wind_name(index):
    return str(Seat.wind_name_of(index))


def local_time(dt):
    return timezone.localtime(dt).strftime("%Y-%m-%d %H:%M") if dt else ""


def foul_nature(p: Penalty) -> str:
    """Appendix 6's "nature of the foul" (``Penalty.description``)."""
    return p.description


def foul_paid_to(p: Penalty) -> str:
    return p.paid_to_label


def foul_remarks(p: Penalty, lost: str | None = None) -> list[str]:
    """The referee's remark on a foul of the catalogue, and what else it did."""
    remarks = [p.reason] if p.foul and p.reason else []
    if p.dead_hand:
        remarks.append(_("dead hand: cannot win hand %(n)s") % {"n": p.hand_number})
    if lost:
        remarks.append(_("session lost: %(why)s") % {"why": _(lost)})
    return remarks


def _foul_columns() -> list[Column]:
    """The columns of appendix 6's record of fouls."""
    return [
        Column(_("Team")),
        Column(_("Player")),
        Column(_("No."), INT),
        Column(_("Session"), INT),
        Column(_("Round")),
        Column(_("Table"), INT),
        Column(_("Position")),
        Column(_("Hand"), INT),
        Column(_("Nature of the foul")),
        Column(_("Penalty"), INT),
        Column(_("Paid to")),
        Column(_("Remarks")),
        Column(_("Umpire")),
        Column(_("Date")),
    ]


def _foul_row(p: Penalty, position: int | None, lost: str | None) -> list:
    """A penalty's line: who, where (the seat wind in the hand when the hand is known, else the starting
    wind; the round of that hand), what and what it cost, the remarks (how it was withdrawn), who gave it."""
    table = p.sheet.table
    round_name = place = ""
    if position is not None:
        place = wind_name(seat_winds(p.hand_number)[position] if p.hand_number else position)
    if p.hand_number:
        round_name = wind_name(round_of_hand(p.hand_number))
    remarks = foul_remarks(p, lost)
    if not p.active:
        remarks.append(
            _("Withdrawn %(date)s by %(who)s: %(reason)s")
            % {
                "date": local_time(p.withdrawn_at),
                "who": p.withdrawn_by.get_username() if p.withdrawn_by else "",
                "reason": p.withdrawn_reason,
            }
        )
    return [
        team_name(p.player),
        p.player.name,
        p.player.number,
        table.session.number,
        round_name,
        table.number,
        place,
        p.hand_number,
        foul_nature(p),
        -p.amount,
        foul_paid_to(p),
        "; ".join(remarks),
        p.created_by.get_username() if p.created_by else "",
        local_time(p.created_at),
    ]


def fouls_dataset(tournament: Tournament) -> Dataset:
    """The record of fouls (MCR appendix 6): every penalty given, withdrawn ones too (marked).

    The position is the player's seat wind in the hand when the hand is known, else the wind
    the player started the session in; the round is the prevalent wind of that hand.
    """
    penalties = list(
        Penalty.objects.filter(sheet__table__session__tournament=tournament)
        .select_related("player__team", "recipient", "sheet__table__session", "created_by", "withdrawn_by")
        .order_by("sheet__table__session__number", "sheet__table__number", "created_at", "id")
    )
    positions = {
        (s.table_id, s.player_id): s.position
        for s in Seat.objects.filter(session__tournament=tournament).only("table_id", "player_id", "position")
    }
    lost = lost_sessions(tournament)
    out = []
    for p in penalties:
        key = (p.sheet.table.id, p.player_id)
        loses = lost.get(key) if p.active and p.foul in (fouls.LATE, *fouls.TIME_FOULS) else None
        out.append(_foul_row(p, positions.get(key), loses))
    muted = {i for i, p in enumerate(penalties) if not p.active}
    heading = _("Group: %(group)s") % {"group": tournament.group} if tournament.group else ""
    return Dataset(
        name="fouls",
        title=_("Record of fouls"),
        columns=_foul_columns(),
        rows=out,
        landscape=True,
        muted_rows=muted,
        heading=heading,
        notes=[
            _(
                "Penalty: points lost by the player; paid to each other player, each of the "
                "other three receives them; paid to one player, that player receives them. A "
                "warning costs no points. Withdrawn penalties do not count."
            )
        ],
    )
