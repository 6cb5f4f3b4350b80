"""The URL tree. Each app owns its URLs; this file only places them.

Audiences are split by prefix: public pages under /t/<slug>/, organizer pages under /t/<slug>/manage/,
downloads under /t/<slug>/exports/; score sheets (public to read, referees to write) per table.
"""

from django.contrib import admin
from django.urls import include, path

import accounts.urls
import api.urls
import exports.urls
import interchange.urls
import schedule.urls
import scoring.urls
import series.urls
import standings.urls
import tournament.urls
from schedule.views import StartView
from scoring.offline import ServiceWorkerView
from scoring.views.public import CalculatorLiveView, CalculatorView
from tournament.views import manage, public

tournament_patterns = [
    path("", include(tournament.urls.urlpatterns)),
    path("", include(standings.urls.urlpatterns)),
    path("", include(schedule.urls.urlpatterns)),
    path("sessions/<int:n>/tables/<int:t>/", include(scoring.urls.urlpatterns)),
    path("", include(scoring.urls.player_patterns)),
    path("appeals/", include(scoring.urls.appeal_patterns)),
    path("work/", include(scoring.urls.work_patterns)),
    path(
        "manage/",
        include(
            tournament.urls.manage_patterns
            + schedule.urls.manage_patterns
            + accounts.urls.manage_patterns
            + series.urls.tournament_manage_patterns
        ),
    ),
    path("exports/", include(exports.urls.urlpatterns)),
    path("", include(api.urls.tournament_patterns + interchange.urls.tournament_patterns)),
    path("", include(series.urls.tournament_patterns)),
]

urlpatterns = [
    path("", public.HomeView.as_view(), name="home"),
    path("calculator/", CalculatorView.as_view(), name="calculator"),
    path("calculator/live/", CalculatorLiveView.as_view(), name="calculator-live"),
    path("new/", manage.TournamentCreateView.as_view(), name="tournament-create"),
    path("new/from-file/", include(interchange.urls.urlpatterns)),
    path("start/", StartView.as_view(), name="start"),
    # Keeps the referees' table pages on their phones (scoring/offline.py); at the root, to look after /t/.
    path("sw.js", ServiceWorkerView.as_view(), name="service-worker"),
    path("t/<slug:slug>/", include(tournament_patterns)),
    path("", include(series.urls.urlpatterns)),
    # Before the API's own patterns, which end in a catch-all for unknown addresses.
    path("api/v1/", include(series.urls.api_patterns)),
    path("api/v1/", include(api.urls.api_patterns)),
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts.urls.urlpatterns)),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]
