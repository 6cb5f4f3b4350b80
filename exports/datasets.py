"""Row generators: the results as datasets -- a title, typed columns and plain rows -- for any renderer.

Built like pretix's exporters: a generator turns results into a :class:`Dataset`, and a renderer
(``exports.renderers``) turns any dataset into CSV, XLSX or PDF. Views only pick the two.

Values in dataset rows are ``int``, ``str``, ``None`` (blank) or, for table points, ``Fraction``
(exact: 7/4 is written 1.75, 7/3 as 2.33 where text is needed, and as the number itself in XLSX).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.models import Penalty
from scoring.results import lost_sessions
from scoring.rules import fouls
from scoring.rules.rotation import round_of_hand, seat_winds
from standings import selectors
from standings.tables import tiebreak_label
from tournament.models import Seat

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
    groups: list = None  # optional header row above the columns: [(label, span), ...]
    landscape: bool = False
    notes: list = field(default_factory=list)
    muted_rows: set = field(default_factory=set)  # row indexes shown greyed in the PDF
    heading: str = ""  # a line under the title in the PDF, e.g. the group (appendix 6's header)

    @property
    def header(self):
        return [c.label for c in self.columns]


# --- Row generators ---------------------------------------------------------------------------

def team_name(player):
    return player.team.name if player.team_id else ""


def standings_dataset(tournament, rows=None):
    """Player standings: rank, number, name, country, team, table points, score, then the
    tournament's further tie-breaks in order (as on the standings page)."""
    rows = selectors.standings_rows(tournament, rows)
    extra = [k for k in tournament.tiebreak_keys() if k not in ("table_points", "score")]
    columns = [Column(_("Rank"), INT), Column(_("No."), INT), Column(_("Name")), Column(_("Country")),
               Column(_("Team")), Column(_("Table points"), POINTS), Column(_("Score"), INT)]
    columns += [Column(tiebreak_label(k), INT) for k in extra]
    columns.append(Column(_("Provisional")))
    out = [[r["rank"], r["number"], r["name"], r["country"], r["team"] or "", r["table_points"], r["score"],
            *(r["tiebreaks"][k] for k in extra), "*" if r["provisional"] else ""] for r in rows]
    notes = [_("* Provisional: some score sheets are still open.")] if any(r["provisional"] for r in rows) else []
    return Dataset(name="standings", title=_("Standings"), columns=columns, rows=out, notes=notes)


def team_standings_dataset(tournament, rows=None):
    """Teams ranked by their members' summed table points, then summed score."""
    teams = selectors.team_standings(tournament, rows)
    columns = [Column(_("Rank"), INT), Column(_("Team")), Column(_("Table points"), POINTS),
               Column(_("Score"), INT), Column(_("Members"))]
    out = [[t.rank, t.team.name, t.table_points, t.score, ", ".join(m.player.name for m in t.members)]
           for t in teams]
    return Dataset(name="team-standings", title=_("Team standings"), columns=columns, rows=out)


def tabulation_dataset(tournament, rows=None):
    """The tabulation sheet (MCR appendix 7): per player number, team and name, for each session
    the table points (TP), their running sum, the score (contest points, CP) and its running sum;
    then the totals and the rank. Players in standings order."""
    sessions, table = selectors.tabulation(tournament, rows)
    tp, cp, sum_ = _("TP"), _("CP"), pgettext("running total", "Sum")
    columns = [Column(_("No."), INT), Column(_("Team")), Column(_("Name"))]
    groups = [("", 3)]
    for n in sessions:
        columns += [Column(tp, POINTS), Column(f"{sum_} {tp}", POINTS), Column(cp, INT), Column(f"{sum_} {cp}", INT)]
        groups.append((_("Session %(n)s") % {"n": n}, 4))
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
    return Dataset(name="tabulation", title=_("Tabulation of results"), columns=columns, rows=out,
                   groups=groups, landscape=True,
                   notes=[_("TP: table points. CP: contest points (the session score). Sum: running total.")])


def split_name(name):
    """(first name, last name) of a player's single name field, for the EMA results file.

    Rule: the first word is the first name, everything after it the last name, so
    "Ana López Ruiz" gives ("Ana", "López Ruiz") -- Spanish double surnames stay together. A name
    of one word is taken as the last name, with an empty first name. Players whose names do not
    fit this rule (e.g. family name first) should be checked by hand before sending the file.
    """
    parts = (name or "").split()
    if not parts:
        return "", ""
    if len(parts) == 1:
        return "", parts[0]
    return parts[0], " ".join(parts[1:])


def ema_dataset(tournament, rows=None):
    """The ranking body's results file (EMA style, MCR): rank, EMA id (blank if none), last name,
    first name, country, table points, score. Substitutes are left out, as in the standings."""
    rows = selectors.player_standings(tournament) if rows is None else rows
    # A file for the ranking body's software, not for people: its headings stay fixed in English
    # whatever the organizer's language.
    columns = [Column("Rank", INT), Column("EMA id"), Column("Last name"), Column("First name"),
               Column("Country"), Column("Table points", POINTS), Column("Score", INT)]
    out = []
    for row in rows:
        p = row.player
        if p.is_substitute:  # player_standings already leaves them out; never send one
            continue
        first, last = split_name(p.name)
        out.append([row.rank, p.ema_id or "", last, first, p.country, row.table_points, row.score])
    return Dataset(name="ema-results", title=_("Results for the ranking"), columns=columns, rows=out)


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


def fouls_dataset(tournament):
    """The record of fouls (MCR appendix 6): every penalty given, withdrawn ones too (marked).

    The position is the player's seat wind in the hand when the hand is known, else the wind
    the player started the session in; the round is the prevalent wind of that hand.
    """
    penalties = list(
        Penalty.objects.filter(sheet__table__session__tournament=tournament)
        .select_related("player__team", "recipient", "sheet__table__session", "created_by", "withdrawn_by")
        .order_by("sheet__table__session__number", "sheet__table__number", "created_at", "id"))
    positions = {(s.table_id, s.player_id): s.position
                 for s in Seat.objects.filter(session__tournament=tournament).only("table_id", "player_id",
                                                                                   "position")}
    lost = lost_sessions(tournament)
    columns = [Column(_("Team")), Column(_("Player")), Column(_("No."), INT), Column(_("Session"), INT),
               Column(_("Round")), Column(_("Table"), INT), Column(_("Position")), Column(_("Hand"), INT),
               Column(_("Nature of the foul")), Column(_("Penalty"), INT), Column(_("Paid to")),
               Column(_("Remarks")), Column(_("Umpire")), Column(_("Date"))]
    out, muted = [], set()
    for i, p in enumerate(penalties):
        table = p.sheet.table
        position = positions.get((table.id, p.player_id))
        round_name = place = ""
        if position is not None:
            if p.hand_number:
                place = wind_name(seat_winds(p.hand_number)[position])
            else:
                place = wind_name(position)
        if p.hand_number:
            round_name = wind_name(round_of_hand(p.hand_number))
        loses = lost.get((table.id, p.player_id)) if p.active and p.foul in (fouls.LATE, fouls.TIME) else None
        remarks = foul_remarks(p, loses)
        if not p.active:
            muted.add(i)
            remarks.append(_("Withdrawn %(date)s by %(who)s: %(reason)s") % {
                "date": local_time(p.withdrawn_at), "who": p.withdrawn_by.get_username() if p.withdrawn_by else "",
                "reason": p.withdrawn_reason})
        out.append([team_name(p.player), p.player.name, p.player.number, table.session.number, round_name,
                    table.number, place, p.hand_number, foul_nature(p), -p.amount, foul_paid_to(p),
                    "; ".join(remarks), p.created_by.get_username() if p.created_by else "", local_time(p.created_at)])
    heading = _("Group: %(group)s") % {"group": tournament.group} if tournament.group else ""
    return Dataset(name="fouls", title=_("Record of fouls"), columns=columns, rows=out, landscape=True,
                   muted_rows=muted, heading=heading,
                   notes=[_("Penalty: points lost by the player; paid to each other player, each of the "
                            "other three receives them; paid to one player, that player receives them. A "
                            "warning costs no points. Withdrawn penalties do not count.")])
