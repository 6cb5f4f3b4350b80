"""Random data posted to every appeal form (the player's, on their private link, and the referees', the
chief referee's and the committee's) never gives a server error."""

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scoring import services as ap
from scoring.forms import appeals as forms_appeals
from scoring.forms import signing as forms_signing
from tests.fuzz.test_no_server_error import FUZZ, check, form_fields, post_data
from tournament import services as ts
from tournament.models import TournamentRole

FIELDS = form_fields(
    forms_appeals.RefereeAppealForm,
    forms_appeals.DecisionForm,
    forms_appeals.EscalateForm,
    forms_appeals.AmendHandForm,
    forms_appeals.AmendWithdrawForm,
    forms_signing.FoulForm,
)


@pytest.fixture
def appeal_world(hands_entered, tournament, players, organizer, referee, chief_referee, make_user):
    committee = make_user("committee")
    TournamentRole.objects.create(tournament=tournament, user=committee, role=TournamentRole.Role.APPEALS_COMMITTEE)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    player = tournament.players.get(number=2)
    filed = ap.appeal_file(sheet=hands_entered, filer=player, code=player.code, kind="other", statement="x")
    upheld = ap.appeal_file(
        sheet=hands_entered, filer=player, code=player.code, kind="rule", statement="y", hand_number=1
    )
    ap.appeal_decide(appeal=upheld, outcome="upheld", reasons="ok", by=referee)
    rejected = ap.appeal_file(
        sheet=hands_entered, filer=player, code=player.code, kind="rule", statement="z", hand_number=2
    )
    ap.appeal_decide(appeal=rejected, outcome="rejected", reasons="no", by=referee)
    clients = {}
    for role, user in (
        ("organizer", organizer),
        ("referee", referee),
        ("chief", chief_referee),
        ("committee", committee),
        ("anonymous", None),
    ):
        clients[role] = Client()
        if user is not None:
            clients[role].force_login(user)
    slug = tournament.slug
    urls = [
        reverse("sheet-appeal", args=[slug, 1, 1]),
        reverse("player-appeal", args=[slug, player.code, 1, 1]),
        reverse("player-appeal-escalate", args=[slug, player.code, rejected.number]),
    ]
    for number in (filed.number, upheld.number, rejected.number):
        urls += [
            reverse(name, args=[slug, number])
            for name in (
                "appeal-decide",
                "appeal-escalate",
                "appeal-amend-hand",
                "appeal-amend-withdraw",
                "appeal-amend-foul",
            )
        ]
    return {"clients": clients, "urls": sorted(urls)}


@FUZZ
@given(data=st.data())
def test_appeal_forms(appeal_world, data):
    url = data.draw(st.sampled_from(appeal_world["urls"]))
    client = appeal_world["clients"][data.draw(st.sampled_from(sorted(appeal_world["clients"])))]
    check(client.post(url, data.draw(post_data([*FIELDS, "reason", "statement", "kind"]))), url)
