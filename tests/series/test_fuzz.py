"""Random input to the series forms and the series file: a page with the errors, never a server error."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from series.fileformat import SeriesFileError, parse, series_import

pytestmark = pytest.mark.django_db

TEXT = st.text(max_size=30)
VALUES = st.one_of(TEXT, st.integers(-(10**6), 10**6).map(str), st.sampled_from(["", "0", "-1", "1.5", "on", "1e9"]))
FIELDS = [
    "name",
    "slug",
    "description",
    "published",
    "method",
    "as_of",
    "minimum_results",
    "best_results",
    "listed_from",
    "part_a_best",
    "part_a_share",
    "league_by",
    "decay_0_days",
    "decay_0_factor",
    "decay_1_days",
    "decay_1_factor",
]
JSONISH = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-(10**6), 10**6), st.floats(allow_nan=False, allow_infinity=False), TEXT
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=20,
)
KEYS = st.sampled_from(
    [
        "name",
        "slug",
        "method",
        "as_of",
        "tournaments",
        "decay",
        "minimum_results",
        "best_results",
        "listed_from",
        "part_a_best",
        "part_a_share",
        "league_by",
        "organizers",
        "links",
        "public",
        "description",
    ]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=len(FIELDS)))
def test_the_series_form_never_fails(small_tournaments, organizer, data):
    from tournament.models import TournamentRole

    TournamentRole.objects.get_or_create(tournament=small_tournaments[0], user=organizer, role="organizer")
    client = Client()
    client.force_login(organizer)
    response = client.post(reverse("series-create"), data)
    assert response.status_code in (200, 302)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(KEYS, JSONISH, max_size=10))
def test_a_series_file_is_imported_or_refused_with_reasons(small_tournaments, data):
    try:
        series_import(parse(json.dumps(data)))
    except SeriesFileError as exc:
        assert exc.problems and all(isinstance(message, str) and message for _path, message in exc.problems)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=300))
def test_the_upload_never_fails(small_tournaments, organizer, content):
    from tournament.models import TournamentRole

    TournamentRole.objects.get_or_create(tournament=small_tournaments[0], user=organizer, role="organizer")
    client = Client()
    client.force_login(organizer)
    response = client.post(reverse("series-import"), {"file": SimpleUploadedFile("s.json", content)})
    assert response.status_code in (200, 302)


@pytest.mark.parametrize(
    "change",
    [
        {"decay": [{"older_than_days": 365, "factor": 1e300}]},
        {"decay": [{"older_than_days": 10**14, "factor": 0.5}]},
        {"tournaments": [{"slug": "club-jan", "weight": 1e300}]},
        {"tournaments": [{"slug": "club-jan", "weight": 1e-300}]},
        {"part_a_share": 1e300},
        {"minimum_results": 10**14},
        {"name": "x" * 5000},
        {"slug": "a" * 500},
        {"name": "bad\x00name"},
    ],
)
def test_extreme_values_are_refused_with_reasons(small_tournaments, change):
    data = {"name": "X", "slug": "x", "method": "mers", "tournaments": [{"slug": "club-jan"}], **change}
    with pytest.raises(SeriesFileError) as caught:
        series_import(parse(json.dumps(data)))
    assert caught.value.problems
