"""The player's private page (seat, results, fouls, appeals), appeals through the pages per role, the public
"under appeal" marker, the appeal PDF and the player card's QR code."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from exports import player_cards
from rules import payments as pay
from scoring import services as ap
from scoring import services as ss
from scoring.models import Appeal, AppealAmendment, AppealDecision
from standings.selectors import player_standings
from tournament import services as ts
from tournament.models import Session

pytestmark = pytest.mark.django_db

STATEMENT = "Hand 2 was a self-drawn win of mine, not a discard."


def text(response):
    return response.content.decode()


def main_text(page):
    return page.split("<main>")[1].split("</main>")[0]


def main(response):
    return main_text(text(response))


@pytest.fixture
def signed(hands_entered, coded, referee):
    ss.foul_record(sheet=hands_entered, player=coded[3], foul="wall_touched", hand_number=2, by=referee)
    ss.sheet_sign(sheet=hands_entered, by=referee, mark_rest_not_played=True)
    return hands_entered


def my_page(tournament, player):
    return reverse("player-page", args=[tournament.slug, player.code])


def file_url(tournament, player, n=1, t=1):
    return reverse("player-appeal", args=[tournament.slug, player.code, n, t])


def an_appeal(sheet, player, kind="rule"):
    return ap.appeal_file(sheet=sheet, filer=player, code=player.code, kind=kind, statement=STATEMENT, by=None)


# ------------------------------------------------------------------ the private page


def test_private_page_shows_seat_results_fouls_and_appeals(client, tournament, signed, coded, organizer, players):
    from schedule import services as sched

    second = tournament.sessions.get(number=2)
    sched.session_seat(
        session=second,
        tables=[[players[4], players[5], players[6], players[3]], [*players[0:3], players[7]]],
        by=organizer,
        method="manual",
    )
    page = text(client.get(my_page(tournament, coded[3])))
    assert "Session 1: table 1, starting wind North" in page
    assert "Session 2" not in page  # seated, not published: not shown yet
    sched.session_publish(session=second, by=organizer)
    page = text(client.get(my_page(tournament, coded[3])))
    assert 'id="next-seat"' in page and "Session 2: table 1, starting wind North" in page.split("Your sessions")[0]
    assert "Your results hand by hand" in page and "Self-drawn win: Player 1 · 8" in page
    assert "Touching the wall" in page or "wall" in page.split('id="my-fouls"')[1].split('id="my-appeals"')[0]
    an_appeal(signed, coded[3])
    page = text(client.get(my_page(tournament, coded[0])))  # a party of the table, not the filer
    assert "Appeal 1 · session 1, table 1" in page and "Filed, awaiting a decision" in page
    assert "Fee" not in page.split('id="my-appeals"')[1]  # the fee is the filer's business


def test_the_first_address_still_works(client, tournament, signed, coded):
    old = reverse("player-sheets", args=[tournament.slug, coded[1].code])
    assert client.get(old).status_code == 200 and "Your sessions" in text(client.get(old))


def test_wrong_and_revoked_links_are_404_without_a_hint(client, tournament, signed, coded, organizer):
    wrong = text(client.get(reverse("player-page", args=[tournament.slug, "NOTACODE"])))
    old_code = coded[0].code
    assert client.get(my_page(tournament, coded[0])).status_code == 200
    ts.player_code_reset(player=coded[0], by=organizer)  # the organizer revokes the link
    revoked = client.get(reverse("player-page", args=[tournament.slug, old_code]))
    assert revoked.status_code == 404
    other_tournament = client.get(reverse("player-page", args=["no-such-cup", old_code]))
    assert other_tournament.status_code == 404
    assert main(revoked) == main_text(wrong) == main(other_tournament)  # one and the same answer
    assert (
        client.post(
            file_url(tournament, coded[0]).replace(coded[0].code, old_code), {"kind": "rule", "statement": "x"}
        ).status_code
        == 404
    )
    assert not Appeal.objects.exists()


def test_player_card_qr_code_is_the_private_link(rf, tournament, coded, seated_session):
    player = coded[0]
    assert (
        player_cards.player_card_url(player, rf.get("/")) == f"http://testserver/t/{tournament.slug}/p/{player.code}/"
    )


# ------------------------------------------------------------------ filing from the private page


def test_player_files_an_appeal_from_their_phone(client, tournament, signed, coded):
    assert "Appeal a ruling at this table" in text(client.get(my_page(tournament, coded[1])))
    form = client.get(file_url(tournament, coded[1]))
    assert form.status_code == 200 and "File the appeal" in text(form)
    response = client.post(file_url(tournament, coded[1]), {"kind": "rule", "hand_number": "2", "statement": STATEMENT})
    assert response.status_code == 302 and response.url.endswith("#result")  # its message, in the appeals panel
    appeal = Appeal.objects.get()
    assert (appeal.filer, appeal.via, appeal.hand_number, appeal.statement) == (coded[1], "link", 2, STATEMENT)
    # The code as printed on the card (two groups of four, lower case) works too.
    printed = file_url(tournament, coded[1]).replace(coded[1].code, coded[1].code_display.lower())
    assert client.post(printed, {"kind": "other", "statement": STATEMENT}).status_code == 302
    assert Appeal.objects.count() == 2


def test_bad_input_keeps_what_was_typed_and_saves_nothing(client, tournament, signed, coded):
    response = client.post(file_url(tournament, coded[1]), {"kind": "whim", "statement": STATEMENT})
    assert response.status_code == 200 and STATEMENT in text(response) and not Appeal.objects.exists()
    response = client.post(file_url(tournament, coded[1]), {"kind": "rule", "statement": "  "})
    assert "This field is required" in text(response) and not Appeal.objects.exists()


def test_late_appeal_is_refused_on_the_page(client, tournament, signed, coded):
    Session.objects.filter(number=1, tournament=tournament).update(
        status="closed", closed_at=timezone.now() - timedelta(minutes=tournament.appeal_minutes + 5)
    )
    page = text(client.get(my_page(tournament, coded[1])))
    assert "The appeal window closed at" in page and "Appeal a ruling at this table" not in page
    response = client.post(file_url(tournament, coded[1]), {"kind": "rule", "statement": STATEMENT})
    assert "appeal window for table 1 of session 1 closed" in text(response) and STATEMENT in text(response)
    assert not Appeal.objects.exists()


def test_a_player_cannot_file_about_another_table(client, tournament, signed, coded):
    assert client.get(file_url(tournament, coded[5], 1, 1)).status_code == 404


def test_the_filer_takes_a_rejected_rule_appeal_to_the_chief_referee(client, tournament, signed, coded, referee):
    appeal = an_appeal(signed, coded[1])
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Discard seen by the referee.", by=referee)
    page = text(client.get(my_page(tournament, coded[1])))
    assert "Discard seen by the referee." in page and "Take it to the chief referee" in page
    escalate = reverse("player-appeal-escalate", args=[tournament.slug, coded[1].code, 1])
    assert (
        client.post(
            reverse("player-appeal-escalate", args=[tournament.slug, coded[0].code, 1]), {"reason": "x"}
        ).status_code
        == 404
    )  # not their appeal
    response = client.post(escalate, {"reason": ""})
    assert "Say why" in text(response)
    assert client.post(escalate, {"reason": "The referee did not see the tile."}).status_code == 302
    assert Appeal.objects.get().status == Appeal.Status.ESCALATED


# ------------------------------------------------------------------ referees, committee, organizers


def sheet_appeal_url(tournament):
    return reverse("sheet-appeal", args=[tournament.slug, 1, 1])


@pytest.mark.parametrize(
    "role, status",
    [("anonymous", 302), ("outsider", 403), ("other_referee", 403), ("referee", 200), ("organizer", 200)],
)
def test_who_may_file_for_a_player(client_for, tournament, signed, role, status):
    assert client_for(role).get(sheet_appeal_url(tournament)).status_code == status


def test_a_referee_files_for_a_player_and_an_organizer_accepts_a_late_one(
    client_for, tournament, signed, coded, referee, organizer
):
    data = {"filer": coded[2].pk, "kind": "other", "statement": STATEMENT}
    response = client_for("referee").post(sheet_appeal_url(tournament), data)
    assert response.status_code == 302 and Appeal.objects.get().filed_by == referee
    sheet_page = text(client_for("referee").get(reverse("sheet", args=[tournament.slug, 1, 1])))
    assert reverse("appeal-detail", args=[tournament.slug, 1]) in sheet_page
    Session.objects.filter(number=1, tournament=tournament).update(
        status="closed", closed_at=timezone.now() - timedelta(hours=3)
    )
    data["hand_number"] = 1  # not the table as a whole again: that appeal is still open
    refused = client_for("referee").post(sheet_appeal_url(tournament), dict(data, late_reason="Was ill"))
    assert "Only an organizer can accept a late appeal" in text(refused) and Appeal.objects.count() == 1
    no_reason = client_for("organizer").post(sheet_appeal_url(tournament), data)
    assert "say why this late appeal is accepted" in text(no_reason) and Appeal.objects.count() == 1
    accepted = client_for("organizer").post(sheet_appeal_url(tournament), dict(data, late_reason="Was ill"))
    assert accepted.status_code == 302
    late = Appeal.objects.get(number=2)
    assert (late.late_reason, late.late_accepted_by) == ("Was ill", organizer)


@pytest.mark.parametrize(
    "role, status",
    [
        ("anonymous", 302),
        ("outsider", 403),
        ("other_referee", 403),
        ("referee", 200),
        ("chief_referee", 200),
        ("committee", 200),
        ("organizer", 200),
    ],
)
def test_who_sees_appeals(client_for, tournament, signed, coded, role, status):
    an_appeal(signed, coded[1])
    for name in ("appeal-list", "appeal-detail", "appeal-pdf"):
        args = [tournament.slug] + ([1] if name != "appeal-list" else [])
        response = client_for(role).get(reverse(name, args=args))
        assert response.status_code == status, name
    if status == 200:
        assert response["Content-Type"] == "application/pdf"
    menu = text(client_for(role).get(reverse("session-detail", args=[tournament.slug, 1])))
    assert (reverse("appeal-list", args=[tournament.slug]) in menu) == (status == 200)


def test_deciding_on_the_page(client_for, tournament, signed, coded):
    appeal = an_appeal(signed, coded[1])
    decide = reverse("appeal-decide", args=[tournament.slug, appeal.number])
    assert "Record the decision" not in text(
        client_for("organizer").get(reverse("appeal-detail", args=[tournament.slug, 1]))
    )
    refused = client_for("organizer").post(decide, {"outcome": "upheld", "reasons": "Yes"})
    assert refused.status_code == 403 and "Only a referee" in text(refused)
    empty = client_for("referee").post(decide, {"outcome": "upheld", "reasons": ""})
    assert empty.status_code == 400 and not AppealDecision.objects.exists()
    assert client_for("referee").post(decide, {"outcome": "rejected", "reasons": "Seen."}).status_code == 302
    assert Appeal.objects.get().status == Appeal.Status.REFEREE_REJECTED


def test_chief_referee_upholds_and_amends_a_signed_sheet(client_for, tournament, signed, coded, referee):
    appeal = an_appeal(signed, coded[1])
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    ap.appeal_escalate(appeal=appeal, reason="Not satisfied", code=coded[1].code)
    chief = client_for("chief_referee")
    detail = reverse("appeal-detail", args=[tournament.slug, 1])
    assert "The chief referee's decision" in text(chief.get(detail))
    assert (
        chief.post(
            reverse("appeal-decide", args=[tournament.slug, 1]), {"outcome": "upheld", "reasons": "Self-drawn."}
        ).status_code
        == 302
    )
    before = {r.player.number: r.score for r in player_standings(tournament)}
    amend = reverse("appeal-amend-hand", args=[tournament.slug, 1])
    stale = chief.post(amend, {"hand": "2:0", "outcome": "self_drawn", "winner": coded[1].pk, "points": "10"})
    import re

    print(re.findall(r"errors[^>]*>(.*?)</", text(stale)))
    assert stale.status_code == 400 and "someone else" in text(stale) and not AppealAmendment.objects.exists()
    assert (
        chief.post(amend, {"hand": "2:1", "outcome": "self_drawn", "winner": coded[1].pk, "points": "10"}).status_code
        == 302
    )
    after = {r.player.number: r.score for r in player_standings(tournament)}
    assert after[2] == before[2] + 20 and after[1] == before[1] - 10  # self-drawn: every other player pays 18
    page = text(chief.get(detail))
    assert "hand 2, version 2" in page
    penalty = signed.penalties.get()
    assert (
        chief.post(reverse("appeal-amend-withdraw", args=[tournament.slug, 1]), {"penalty": penalty.pk}).status_code
        == 302
    )
    penalty.refresh_from_db()
    assert not penalty.active
    assert client_for("committee").post(amend, {"hand": "3:1", "outcome": "draw"}).status_code == 403


# ------------------------------------------------------------------ what the public sees


def test_public_sees_under_appeal_until_it_is_decided(client, tournament, signed, coded, committee):
    session_page = reverse("session-detail", args=[tournament.slug, 1])
    standings = reverse("standings", args=[tournament.slug])
    assert "Under appeal" not in text(client.get(session_page))
    appeal = an_appeal(signed, coded[1], kind="other")
    page = text(client.get(session_page))
    assert page.count('class="under-appeal"') == 1  # table 1 only
    assert 'class="under-appeal"' in text(client.get(standings))
    sheet_page = reverse("sheet", args=[tournament.slug, 1, 1])
    assert 'class="under-appeal"' in text(client.get(sheet_page)) and "Appeal 1" not in text(client.get(sheet_page))
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="No.", by=committee)
    assert 'class="under-appeal"' not in text(client.get(sheet_page))
    assert 'class="under-appeal"' not in text(client.get(session_page))
    assert STATEMENT not in text(client.get(session_page))  # the statement stays with the parties


def test_the_pdf_carries_the_statement_and_the_decisions(client_for, tournament, signed, coded, referee, monkeypatch):
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pageCompression", 0)
    appeal = an_appeal(signed, coded[1])
    ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Seen on video.", by=referee)
    ap.appeal_amend_hand(
        appeal=appeal, number=2, outcome=pay.SELF_DRAWN, winner=coded[1], points=10, expected_version=1, by=referee
    )
    pdf = client_for("organizer").get(reverse("appeal-pdf", args=[tournament.slug, 1])).content
    for words in (
        "Appeal 1",
        "Hand 2 was a self-drawn win of mine",
        "Seen on video.",
        "Returned",
        "appeal upheld",
        "hand 2, version 2",
    ):
        assert words.encode() in pdf, words


def test_the_audit_page_lists_the_appeal_steps(client_for, tournament, signed, coded, referee):
    appeal = an_appeal(signed, coded[1])
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    page = text(
        client_for("organizer").get(
            reverse("manage-audit", args=[tournament.slug]), {"kind": "appeals", "session": 1, "table": 1}
        )
    )
    assert "Player 2 (2) filed appeal 1 about table 1, session 1 on their private link." in page
    assert "decided appeal 1 about table 1, session 1: rejected. Reasons: Seen." in page
    assert "entered hand" not in page


# ------------------------------------------------------------------ duplicates, the link's limit, counts per table


def test_five_appeals_about_the_same_table_from_the_phone_leave_one_open(client, tournament, signed, coded):
    """Done when (issue 23), through the pages: the duplicates are answered with a link to the open appeal."""
    data = {"kind": "other", "statement": STATEMENT}
    assert client.post(file_url(tournament, coded[1]), data).status_code == 302
    for _i in range(4):
        response = client.post(file_url(tournament, coded[1]), data)
        assert response.status_code == 200
        page = text(response)
        assert "already has appeal 1 about this table" in page and STATEMENT in page
        assert f'href="{my_page(tournament, coded[1])}#appeal-1"' in page
    assert Appeal.objects.count() == 1
    assert 'id="appeal-1"' in text(client.get(my_page(tournament, coded[1])))


def test_a_referee_filing_a_duplicate_gets_a_link_to_the_open_appeal(client_for, tournament, signed, coded):
    an_appeal(signed, coded[2])
    data = {"filer": coded[2].pk, "kind": "other", "statement": STATEMENT}
    response = client_for("referee").post(sheet_appeal_url(tournament), data)
    assert response.status_code == 200
    assert f'href="{reverse("appeal-detail", args=[tournament.slug, 1])}"' in text(response)
    assert Appeal.objects.count() == 1


def test_the_links_limit_on_the_page(client, tournament, signed, coded, settings):
    settings.APPEAL_LINK_LIMIT = 2
    for hand in ("1", "2"):
        data = {"kind": "rule", "hand_number": hand, "statement": STATEMENT}
        assert client.post(file_url(tournament, coded[1]), data).status_code == 302
    response = client.post(file_url(tournament, coded[1]), {"kind": "rule", "hand_number": "3", "statement": STATEMENT})
    assert "has filed 2 appeals on their private link" in text(response) and STATEMENT in text(response)
    assert Appeal.objects.count() == 2


def test_the_chiefs_queue_counts_appeals_per_table(client_for, tournament, signed, coded, referee):
    an_appeal(signed, coded[0])
    an_appeal(signed, coded[1])
    decided = an_appeal(signed, coded[2])
    ap.appeal_decide(appeal=decided, outcome="upheld", reasons="Yes.", by=referee)
    page = main(client_for("chief_referee").get(reverse("appeal-list", args=[tournament.slug])))
    assert "Appeals per table" in page
    row = page.split('id="by-table"')[1].split("</tr>")[1]  # after the header row, table 1's
    assert "Session 1, table 1" in row
    assert [cell.split(">")[-1] for cell in row.split("</td>")[1:3]] == ["2", "3"]
