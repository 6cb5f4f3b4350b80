"""Settings for the test suite: the development configuration (DEBUG=1 unless the environment says
otherwise, so no HTTPS redirects and a development secret key). pytest-django still runs every test
with DEBUG off, as production does."""

import os

os.environ.setdefault("DEBUG", "1")

from config.settings import *  # noqa: F403

# Tests look at the public standings right after changing scores: nothing kept, unless a test turns it on.
PUBLIC_STANDINGS_CACHE_SECONDS = 0
