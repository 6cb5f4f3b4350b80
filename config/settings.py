"""Project settings, read from the environment.

DEBUG is off unless DEBUG=1 is set (``make run`` and ``make test`` set it); with DEBUG off a SECRET_KEY
is required, and with SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL ``manage.py check --deploy`` is clean.
"""

import datetime
import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


# Off unless turned on: a forgotten variable must never show tracebacks to the public.
DEBUG = env_bool("DEBUG", False)

_DEV_SECRET = "dev-only-insecure-secret-key-change-me-0123456789abcdefghijklmnop"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")

ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h.strip()
]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    # Our apps, each depending only on those above it (docs/architecture.md).
    "tournament",
    "accounts",
    "scoring",
    "standings",
    "schedule",
    "exports",
    "interchange",
    "api",
    "series",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files straight from the app server (docs/deploy.md): no separate file server to run.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed (about a sixth of their size: a table page is ~7 KB instead of ~40 on a slow hall
    # Wi-Fi). Below WhiteNoise, whose files come compressed already. BREACH: Django pads every compressed
    # response with random bytes and masks the CSRF token afresh in each response (docs/deploy.md).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # Refuses logins while an account or address is locked out, before the password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# Login throttling (django-axes): LOGIN_FAILURE_LIMIT failed logins lock that username, and separately
# that address, for LOGIN_LOCKOUT_MINUTES. A successful login does not clear another address's failures.
AXES_ENABLED = env_bool("LOGIN_THROTTLING", True)
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
AXES_COOLOFF_TIME = datetime.timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_LOCKOUT_CALLABLE = "config.lockout.lockout_response"
AXES_USERNAME_CALLABLE = "config.lockout.attempted_username"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

# Content-Security-Policy (django-csp): pages load only this site's own scripts, styles and images.
# No template has inline scripts, inline styles or style attributes; keep it that way.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Django's stock widgets and labels drawn in Python, to the byte as their templates draw them (the table page
# draws some thirty fields; config/form_renderer.py says why).
FORM_RENDERER = "config.form_renderer.FormRenderer"

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite takes one writer at a time. So that a second referee waits a moment instead of getting
    # "database is locked": WAL lets readers go on beside the writer; every transaction asks for the
    # write lock when it begins (IMMEDIATE), as a deferred one that upgrades later fails at once
    # instead of waiting; and a writer waits up to SQLITE_TIMEOUT seconds for its turn.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            "transaction_mode": "IMMEDIATE",
            "timeout": int(os.environ.get("SQLITE_TIMEOUT", "20")),
        }
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Content-hashed names and compressed copies, served as immutable (config/static_storage.py).
    "staticfiles": {"BACKEND": "config.static_storage.StaticFilesStorage"},
}

LOGIN_URL = "login"
# Who may create tournaments (and copy one as a template): "staff" (staff accounts only), "permission"
# (staff, and users given the tournament.add_tournament permission in the admin), or "any_user" (every
# logged-in user; they become the new tournament's organizer).
TOURNAMENT_CREATORS = os.environ.get("TOURNAMENT_CREATORS", "permission").strip().lower()
if TOURNAMENT_CREATORS not in {"staff", "permission", "any_user"}:
    raise RuntimeError("TOURNAMENT_CREATORS must be staff, permission or any_user")
# How long an invitation link for a new account stays valid.
INVITATION_HOURS = int(os.environ.get("INVITATION_HOURS", "72"))

# Caches. "pages" keeps what the public result pages show for a few seconds, in the database, so every app
# server shares one copy and no state lives in a process (its table is made by a migration).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "page_cache",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}
# Seconds the public standings page may lag behind the scores (0: never kept). Organizers and referees always
# see the scores as they are.
PUBLIC_STANDINGS_CACHE_SECONDS = int(os.environ.get("PUBLIC_STANDINGS_CACHE_SECONDS", "5"))

# The TrueType font PDFs embed for Chinese, Japanese and Korean text (docs/pdf.md): "auto" looks for an
# installed one (Debian's fonts-wqy-microhei first); a path (or several, separated by ":") names it; "none"
# uses the standard CID fonts PDF readers supply instead.
PDF_CJK_FONT = os.environ.get("PDF_CJK_FONT", "auto")

# After logging in (without ?next=): referees land on their tables, organizers on their tournament.
LOGIN_REDIRECT_URL = "start"
LOGOUT_REDIRECT_URL = "home"


if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
