"""English dates in the style of most of the world (issue 21): day before month, 24-hour times; Spanish and
Chinese keep Django's own formats."""

import datetime

import pytest
from django.utils import translation
from django.utils.formats import date_format


@pytest.mark.parametrize(
    "language, short, long",
    [
        ("en", "26/11/2026 19:48", "26 November 2026"),
        ("es", "26/11/2026 19:48", "26 de noviembre de 2026"),
    ],
)
def test_dates_in_the_languages_format(language, short, long):
    moment = datetime.datetime(2026, 11, 26, 19, 48)
    with translation.override(language):
        assert date_format(moment, "SHORT_DATETIME_FORMAT") == short
        assert date_format(moment.date(), "DATE_FORMAT") == long
        assert date_format(moment, "TIME_FORMAT") == "19:48"
