"""Static files under content-hashed names, with compressed copies (WhiteNoise), cached by browsers for good.

``collectstatic`` (``make serve``) writes each file under a name carrying a hash of its content
(``css/site.3f2a1b9c8d7e.css``) beside gzip and Brotli copies, and a manifest of the names; ``{% static %}``
then gives the hashed name, which WhiteNoise serves as immutable (``Cache-Control: max-age=315360000, public,
immutable``): a phone fetches each file once, and a changed file gets a new name.

Where no manifest was written -- the test suite, ``runserver``, a benchmark that renders pages without
collecting -- a file keeps its plain name instead of failing the page: those serve the files from their
folders, by plain name, through the static-files finders.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def stored_name(self, name):
        try:
            return super().stored_name(name)
        except ValueError:
            # Not collected (no manifest, or not in it): the plain name, as the finders serve it.
            return name
