"""Project settings, read from the environment.

DEBUG is off unless DEBUG=1 is set (``make run`` and ``make test`` set it); with DEBUG off a SECRET_KEY of
50 characters or more and ALLOWED_HOSTS without "*" are required, and with SECRET_KEY, ALLOWED_HOSTS,
DATABASE_URL and TRUSTED_PROXIES (or TRUSTED_PROXY_COUNT) ``manage.py check --deploy`` is clean.
"""

import ipaddress
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


def parse_proxies(text):
    """TRUSTED_PROXIES: addresses or networks (10.0.0.0/8), comma-separated; a wrong one stops the start."""
    entries = [entry.strip() for entry in text.split(",") if entry.strip()]
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError:
            raise RuntimeError(f"TRUSTED_PROXIES: {entry!r} is not an IP address or network") from None
    return entries


def parse_proxy_count(text):
    if text is None or not text.strip():
        return None
    if not text.strip().isdigit():
        raise RuntimeError(f"TRUSTED_PROXY_COUNT must be a whole number, not {text!r}")
    return int(text)


# Off unless turned on: a forgotten variable must never show tracebacks to the public.
DEBUG = env_bool("DEBUG", False)

_DEV_SECRET = "dev-only-insecure-secret-key-change-me-0123456789abcdefghijklmnop"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")

ALLOWED_HOSTS = [
    h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",") if h.strip()
]
# Production refuses to start unsafe (make serve also stops on any warning of `check --deploy`): a short key can
# be guessed, and "*" lets any Host header in, so links in e-mails and redirects could point anywhere.
SECRET_KEY_MIN_LENGTH = 50
if not DEBUG:
    if len(SECRET_KEY) < SECRET_KEY_MIN_LENGTH:
        raise RuntimeError(
            f"SECRET_KEY must be at least {SECRET_KEY_MIN_LENGTH} characters when DEBUG is off "
            f"(it has {len(SECRET_KEY)}); make one with: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    if "*" in ALLOWED_HOSTS:
        raise RuntimeError("ALLOWED_HOSTS must name the site's host names when DEBUG is off, not '*'")
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    # Our apps, each depending only on those above it (docs/architecture.md).
    "core",  # the throttle's counters (core/throttle.py)
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
    # A redirect with a message goes to the messages (#result), so they are in view without script.
    "config.result_anchor.ResultAnchorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # An action's address opened as a page (a reload, the login's ?next=) goes to its page, not a blank 405.
    "config.action_pages.ActionPageMiddleware",
    "csp.middleware.CSPMiddleware",
    # The visitor's address (behind the trusted proxies), kept while the request is served for the audit log.
    "core.client.ClientAddressMiddleware",
    # Each page says which login it was drawn for; a logout clears the browser's cache (core/login_mark.py).
    "core.login_mark.LoginMarkMiddleware",
    # A refused login becomes the lockout page (429); a successful one marks its browser (core/login_guard.py).
    "core.login_guard.LoginGuardMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # Django's password check behind the login throttle: a locked-out try is refused before the password is
    # checked (core/login_guard.py).
    "core.login_guard.ThrottledModelBackend",
    # Never asked for a password (the one above ends every check): listed so that the sessions of logins made
    # before the throttle, which name it, stay logged in, and for login(backend=...) after an invitation.
    "django.contrib.auth.backends.ModelBackend",
]

# The proxies in front of the app (docs/deploy.md), whose X-Forwarded-For alone says who a visitor is
# (core/client.py): TRUSTED_PROXIES, their addresses or networks, one per hop, the one nearest the visitors
# first (nginx on this machine: 127.0.0.1); or TRUSTED_PROXY_COUNT, how many there are, for an app server that
# only they can reach. Neither: X-Forwarded-For is ignored and the connection's address is the visitor's.
TRUSTED_PROXIES = parse_proxies(os.environ.get("TRUSTED_PROXIES", ""))
TRUSTED_PROXY_COUNT = parse_proxy_count(os.environ.get("TRUSTED_PROXY_COUNT"))
if TRUSTED_PROXIES and TRUSTED_PROXY_COUNT:
    raise RuntimeError("Set TRUSTED_PROXIES or TRUSTED_PROXY_COUNT, not both (docs/deploy.md)")

# Login throttling (core/login_guard.py, counted by core/throttle.py in the database; docs/security.md). A
# browser that has logged in to an account before (its signed device cookie says so) is held only to its own
# failures: LOGIN_FAILURE_LIMIT. Any other browser: LOGIN_FAILURE_LIMIT wrong passwords for one username from one
# address lock that username from that address, and LOGIN_ADDRESS_FAILURE_LIMIT from an address, whatever the
# usernames, lock the address (a flood); each for LOGIN_LOCKOUT_MINUTES.
LOGIN_THROTTLING = env_bool("LOGIN_THROTTLING", True)
LOGIN_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "10"))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "100"))
if not 1 <= LOGIN_FAILURE_LIMIT <= LOGIN_ADDRESS_FAILURE_LIMIT:
    raise RuntimeError("LOGIN_FAILURE_LIMIT must be at least 1 and at most LOGIN_ADDRESS_FAILURE_LIMIT")
LOGIN_LOCKOUT_MINUTES = int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15"))

# Player codes typed or opened from one address (tournament/code_guard.py; docs/security.md): after
# PLAYER_CODE_FAILURE_LIMIT wrong codes within PLAYER_CODE_WINDOW_MINUTES that address must wait until the window
# ends; a phone that has opened its player's page before keeps it meanwhile.
PLAYER_CODE_FAILURE_LIMIT = int(os.environ.get("PLAYER_CODE_FAILURE_LIMIT", "100"))
PLAYER_CODE_WINDOW_MINUTES = int(os.environ.get("PLAYER_CODE_WINDOW_MINUTES", "15"))
# A player confirming on a referee's device with their code (Tournament.device_confirmation_code): after
# DEVICE_CODE_FAILURE_LIMIT wrong codes for that player, on any sheet of the tournament, within
# DEVICE_CODE_WINDOW_MINUTES, further tries are refused until that window ends (scoring/services/signing.py).
DEVICE_CODE_FAILURE_LIMIT = int(os.environ.get("DEVICE_CODE_FAILURE_LIMIT", "5"))
DEVICE_CODE_WINDOW_MINUTES = int(os.environ.get("DEVICE_CODE_WINDOW_MINUTES", "15"))
# Appeals a player may file on their private link in APPEAL_LINK_WINDOW_MINUTES (a referee filing for them is
# not counted): scoring/services/appeals.py.
APPEAL_LINK_LIMIT = int(os.environ.get("APPEAL_LINK_LIMIT", "5"))
APPEAL_LINK_WINDOW_MINUTES = int(os.environ.get("APPEAL_LINK_WINDOW_MINUTES", "60"))

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
                # Which login the page is for, so the phone keeps its copy for that login only (core/login_mark.py).
                "core.login_mark.context",
            ],
        },
    },
]

# Django's stock widgets and labels drawn in Python, to the byte as their templates draw them (the table page
# draws some thirty fields; core/form_renderer.py says why).
FORM_RENDERER = "core.form_renderer.FormRenderer"

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
# English dates day-first with 24-hour times (config/formats/en/formats.py), not Django's US style.
FORMAT_MODULE_PATH = ["config.formats"]
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
# A failed CSRF check (a form opened before the login changed) gets a page in words, and the forms where typing
# costs come back filled in (core/csrf.py, core/kept_input.py).
CSRF_FAILURE_VIEW = "core.csrf.csrf_failure"
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
# Hours a referee's table page kept on the phone for offline use (templates/scoring/service_worker.js) is served
# after it was last refreshed from the network (docs/offline.md, "A shared phone"): bounds how long a login
# ended on the server while the phone was offline keeps its pages there.
OFFLINE_PAGE_KEPT_HOURS = float(os.environ.get("OFFLINE_PAGE_KEPT_HOURS", "12"))
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

# E-mail to players who asked for it (tournament/mail.py, docs/deploy.md "E-mail"): written to an outbox table in
# the transaction of the change and sent by `manage.py send_mail_outbox`. Development prints mails to the console;
# production sets EMAIL_HOST (and EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS or
# EMAIL_USE_SSL) for SMTP, or EMAIL_BACKEND for another. Neither (and DEBUG off): players are not offered e-mail.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587" if env_bool("EMAIL_USE_TLS", False) else "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
MAIL_OFFERED = bool(EMAIL_HOST or os.environ.get("EMAIL_BACKEND") or DEBUG)
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend",
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "tournament@localhost")
# A mail that fails is tried again after 1, 2, 4... minutes, MAIL_ATTEMPTS times in all.
MAIL_ATTEMPTS = int(os.environ.get("MAIL_ATTEMPTS", "6"))
# The site's address for the links in mails (the unsubscribe link): e.g. https://mahjong.example.org
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
