"""The ranking file agrees with the standings for the people a real day adds: a no-show who played nothing
(not a participant: not listed), a disqualified player who lost their rank (MCR 3.11.5: in neither), a
substitute who played (a participant for the EMA: listed, with their EMA id), and players tied on everything
whose order the chief referee decided (MCR 3.10.1: the file follows the decider)."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from exports import datasets
from schedule import withdrawals as wd
from standings import deciders, selectors
from tournament import services as ts
from tournament.models import AuditLog, TieDecider


def file_rows(t):
    return {row[2] + " " + row[3]: row for row in datasets.ema_dataset(t).rows}


def standing_ranks(t):
    return {r.player.number: r.rank for r in selectors.player_standings(t) if r.sessions}


def test_a_no_show_who_played_nothing_is_not_in_the_file(ema_ready, organizer):
    no_show = ts.player_create(
        tournament=ema_ready, number=9, name="Nora Show", family_name="Show", given_name="Nora", by=organizer
    )
    wd.player_withdraw(player=no_show, from_session=ema_ready.sessions.get(number=3), reason="no_show", by=organizer)
    row = next(r for r in selectors.standings_rows(ema_ready) if r["number"] == 9)
    assert not row["played"] and row["withdrawn"]  # the web: "— W", after every ranked player
    assert row["rank"] > max(standing_ranks(ema_ready).values())
    assert "Show Nora" not in file_rows(ema_ready)
    assert len(datasets.ema_dataset(ema_ready).rows) == 8


def test_a_disqualified_player_who_lost_their_rank_is_in_neither(ema_ready, organizer, players):
    wd.player_withdraw(
        player=players[7],
        from_session=ema_ready.sessions.get(number=3),
        reason="disqualification",
        keep_in_standings=False,
        by=organizer,
    )
    assert 8 not in standing_ranks(ema_ready)
    assert "Player 8" not in file_rows(ema_ready)


def test_a_disqualified_player_who_keeps_their_rank_is_in_both_at_that_rank(ema_ready, organizer, players):
    wd.player_withdraw(
        player=players[7], from_session=ema_ready.sessions.get(number=3), reason="disqualification", by=organizer
    )
    assert file_rows(ema_ready)["Player 8"][0] == standing_ranks(ema_ready)[8]


def test_a_substitute_who_played_is_listed_with_their_ema_id(ema_ready, organizer, players):
    ts.player_update(player=players[2], no_ema_id=False, ema_id="04000003", by=organizer)
    row = file_rows(ema_ready)["Player 3"]
    assert row[1] == "04000003" and row[0] == 8  # after the seven ranked players
    ema_ready.substitutes_ranked = True
    ema_ready.save(update_fields=["substitutes_ranked"])
    ranks = standing_ranks(ema_ready)
    assert file_rows(ema_ready)["Player 3"][0] == ranks[3]  # ranked like everyone when the tournament says so


def test_every_listed_rank_is_the_standings_rank(ema_ready):
    ranks = standing_ranks(ema_ready)
    numbers = {f"Player {n}": n for n in range(2, 9)} | {"López Ruiz Ana": 1}
    for name, row in file_rows(ema_ready).items():
        if numbers[name] != 3:  # the substitute, listed after the ranked players
            assert row[0] == ranks[numbers[name]]


# --- deciders --------------------------------------------------------------------------------------------


def test_ties_lists_the_groups_tied_on_everything(ema_ready):
    groups = [sorted(p.number for p in tie.players) for tie in deciders.ties(ema_ready)]
    assert [1, 2, 4] in groups and [6, 7] in groups


def test_a_decider_orders_the_standings_and_the_file(ema_ready, chief_referee, client_for):
    before = standing_ranks(ema_ready)
    assert before[1] == before[2] == before[4] == 2
    decider = deciders.tie_decider_record(
        tournament=ema_ready, order=[4, 1, 2], method="play_off", note="one East round", by=chief_referee
    )
    ranks = standing_ranks(ema_ready)
    assert (ranks[4], ranks[1], ranks[2]) == (2, 3, 4)
    rows = file_rows(ema_ready)
    assert (rows["Player 4"][0], rows["López Ruiz Ana"][0], rows["Player 2"][0]) == (2, 3, 4)
    page = client_for("anonymous").get(reverse("standings", args=[ema_ready.slug])).content.decode()
    assert "Play-off between players 4, 1, 2 (one East round)" in page
    assert AuditLog.objects.get(action="standings.tie_decide").data["order"] == [4, 1, 2]
    # Withdrawn: they share their place again.
    deciders.tie_decider_withdraw(decider=decider, by=chief_referee)
    assert standing_ranks(ema_ready) == before


def test_a_decider_only_for_one_whole_group_of_fully_tied_players(ema_ready, chief_referee):
    for order in ([1, 2], [1, 5], [1, 1, 2, 4], [6, 7, 1]):
        with pytest.raises(ValidationError):
            deciders.tie_decider_record(tournament=ema_ready, order=order, method="lots", by=chief_referee)
    with pytest.raises(ValidationError):
        deciders.tie_decider_record(tournament=ema_ready, order=[6, 7], method="coin", by=chief_referee)
    assert not TieDecider.objects.exists()


def test_a_new_decider_replaces_the_old_one(ema_ready, chief_referee):
    first = deciders.tie_decider_record(tournament=ema_ready, order=[6, 7], method="lots", by=chief_referee)
    deciders.tie_decider_record(tournament=ema_ready, order=[7, 6], method="play_off", by=chief_referee)
    first.refresh_from_db()
    assert not first.active
    ranks = standing_ranks(ema_ready)
    assert ranks[7] < ranks[6]


def test_a_decider_that_no_longer_matches_orders_nothing(ema_ready, chief_referee, organizer, players):
    deciders.tie_decider_record(tournament=ema_ready, order=[7, 6], method="lots", by=chief_referee)
    # Player 7 is disqualified and loses their rank: 6 is alone now; nothing to order.
    wd.player_withdraw(
        player=players[6],
        from_session=ema_ready.sessions.get(number=3),
        reason="disqualification",
        keep_in_standings=False,
        by=organizer,
    )
    row = next(r for r in selectors.player_standings(ema_ready) if r.player.number == 6)
    assert row.decider is None


def test_who_records_a_decider(ema_ready, referee, organizer):
    with pytest.raises(PermissionDenied):
        deciders.tie_decider_record(tournament=ema_ready, order=[6, 7], method="lots", by=referee)
    deciders.tie_decider_record(tournament=ema_ready, order=[6, 7], method="lots", by=organizer)


@pytest.mark.parametrize(
    "role, status",
    [("anonymous", 302), ("outsider", 403), ("referee", 403), ("chief_referee", 200), ("organizer", 200)],
)
def test_the_ties_page_per_role(ema_ready, client_for, role, status):
    client = client_for(role)
    url = reverse("tie-deciders", args=[ema_ready.slug])
    assert client.get(url).status_code == status
    response = client.post(url, {"order": ["7", "6"], "method": "lots"})
    assert response.status_code == (302 if status == 200 else status)
    assert TieDecider.objects.exists() == (status == 200)


def test_the_ties_page_refuses_a_wrong_order_keeping_nothing(ema_ready, client_for):
    response = client_for("chief_referee").post(
        reverse("tie-deciders", args=[ema_ready.slug]), {"order": ["6", "6"], "method": "lots"}
    )
    assert response.status_code == 400 and "one place" in response.content.decode()
    assert not TieDecider.objects.exists()
