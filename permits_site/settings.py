"""Settings for the permits site, read from the environment.

``DATABASE_URL`` (default: a SQLite file in the project), ``SECRET_KEY``,
``DEBUG``, ``ALLOWED_HOSTS`` (comma-separated), ``MEDIA_ROOT`` and
``PAYMENT_PROVIDER_ORIGIN`` (the online payment provider's checkout origin). Several
servers share a Redis cache (``REDIS_URL``) and S3-compatible object storage
(``AWS_STORAGE_BUCKET_NAME``): see docs/operations/production.md.
"""

import logging
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", True)
_DEVELOPMENT_KEY = "development-only-key-not-for-production-use-0123456789abcdef"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEVELOPMENT_KEY if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("Set SECRET_KEY in the environment when DEBUG is off.")

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]
#: Absolute address of the site: every link printed in a license's QR code or sent in an
#: e-mail starts with it. ``make run`` sets it to the address it serves; ``check --deploy``
#: warns when it is a local address with DEBUG off.
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")

CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "crispy_forms",
    "crispy_bootstrap5",
    "simple_history",
    "django_tasks",
    "django_tasks_db",
    "axes",
    "csp",
    "permits_site.towns",
    "permits_site.audit",
    "permits_site.accounts",
    "permits_site.parties",
    "permits_site.licensing",
    "permits_site.enforcement",
    "permits_site.api",
    "permits_site.reports",
    "permits_site.notifications",
    "permits_site.online_payments",
    "permits_site.homes",
    "permits_site.search",
    "dogs",
    "stables",
    "tisbury_regs",
    # Last: sets what start-up imported aside from the garbage collector (its docstring).
    "permits_site.startup",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language from the language cookie, else the browser's; no prefix in any URL, so no
    # address or printed QR link changes with the language.
    "django.middleware.locale.LocaleMiddleware",
    "permits_site.api.english.EnglishApiMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Before any view looks a path or a query up: no control characters (400).
    "permits_site.control_characters.RefuseControlCharactersMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # The site's own pages for a refusal, a missing record or an error, DEBUG on or off.
    "permits_site.accounts.refusals.SitePagesMiddleware",
    # Last, as django-axes asks: it turns a locked sign-in into the lockout response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "permits_site.urls"
WSGI_APPLICATION = "permits_site.wsgi.application"

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
                "permits_site.accounts.context_processors.roles",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

#: django-axes first: it refuses a locked sign-in before any backend checks the password.
AUTHENTICATION_BACKENDS = [
    "permits_site.accounts.backends.SignInLockoutBackend",
    "permits_site.accounts.backends.PasswordBackend",
]
#: Sign-in lockout (site and Django admin): five failures lock one username *from one
#: address* for 15 minutes, so nobody can lock another person out from elsewhere. An
#: admin lifts a lock by deleting its access attempt in the Django admin (or
#: ``manage.py axes_reset_username``).
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "permits_site.accounts.views.locked_out"
#: Failures are counted in the database every application server shares, so five failures
#: spread over several servers lock the pair as five on one do.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"

LANGUAGE_CODE = "en-us"
#: The languages residents read the site in (docs/development/translations.md). English stays
#: the default: a browser that asks for none of these gets English.
LANGUAGES = [
    ("en", "English"),
    ("pt-br", "Português (Brasil)"),
    ("es", "Español"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "America/New_York"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
#: Uploads and license PDFs in an S3-compatible bucket (AWS S3, MinIO, Ceph, ...) when a
#: bucket is named, so every application server and worker reads the same files; else
#: MEDIA_ROOT on this host. Credentials come the way boto3 finds them (AWS_ACCESS_KEY_ID and
#: AWS_SECRET_ACCESS_KEY, or the host's role). Files are private: served only through the
#: views that check access, never by a public URL of the bucket.
AWS_STORAGE_BUCKET_NAME = os.environ.get("AWS_STORAGE_BUCKET_NAME", "")
if AWS_STORAGE_BUCKET_NAME:
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            "endpoint_url": os.environ.get("AWS_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("AWS_S3_REGION_NAME") or None,
            "default_acl": "private",
            # Like the file system: a second file of the same name gets a new name.
            "file_overwrite": False,
        },
    }

#: One cache for every server and worker when REDIS_URL is set (e.g.
#: redis://cache.internal:6379/0): the town calendar a closure changes is forgotten for
#: all of them at once, and the found-a-dog limit counts a client across servers. Without
#: it, each process keeps its own local-memory cache (``make run``, ``make test``).
#: CACHE_KEY_PREFIX keeps installations that share one Redis apart.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "permits"),
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}
#: No route serves this prefix: documents are streamed only by the views that check access.
MEDIA_URL = "/protected-media/"

#: Documents are capped at 10 MB; the request body may carry a little more (form fields).
DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = DOCUMENT_MAX_BYTES + 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_PERMISSIONS = 0o640

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "permits@localhost")
#: Production mail: SMTP (EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend with
#: EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS), or an email
#: service through django-anymail (EMAIL_BACKEND=anymail.backends.<service>.EmailBackend and
#: its ANYMAIL_* variables, e.g. ANYMAIL_MAILGUN_API_KEY, gathered into ANYMAIL below).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", 25))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", 30))
ANYMAIL = {
    name.removeprefix("ANYMAIL_"): value
    for name, value in os.environ.items()
    if name.startswith("ANYMAIL_") and value
}

TASKS = {
    "default": {
        "BACKEND": os.environ.get(
            "TASKS_BACKEND", "django_tasks.backends.immediate.ImmediateBackend"
        ),
    }
}

REST_FRAMEWORK = {
    # Token first: its ``WWW-Authenticate`` challenge makes a missing or bad token a 401.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["permits_site.api.parsers.JSONObjectParser"],
    "DEFAULT_SCHEMA_CLASS": "permits_site.api.schema.ErrorResponsesAutoSchema",
    "EXCEPTION_HANDLER": "permits_site.api.errors.exception_handler",
    "DEFAULT_FILTER_BACKENDS": ["permits_site.api.filters.TownFilter"],
    "DEFAULT_PAGINATION_CLASS": "permits_site.api.pagination.CeilingLimitOffsetPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Massachusetts permits API",
    "DESCRIPTION": "Permits, licenses, fees and the local law behind them.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    #: No link inside an operation's expand button: a link within a button is two controls
    #: in one for a keyboard or a screen reader (WCAG 4.1.2, axe nested-interactive).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False},
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "ApplicationStatusEnum": "permits_site.licensing.models.ApplicationStatus",
        "DocumentStatusEnum": "permits_site.licensing.models.DocumentStatus",
        "InvoiceStatusEnum": "permits_site.licensing.models.InvoiceStatus",
        "PermitStatusEnum": "permits_site.licensing.models.PermitStatus",
        "ApplicationActionEnum": "permits_site.licensing.transitions.APPLICATION_ACTIONS",
        "PermitStatusChangeEnum": "permits_site.licensing.transitions.PERMIT_STATUS_CHANGES",
        "AnimalCallKindEnum": "dogs.models.CallKind",
        "VacatedReasonEnum": "dogs.models.VacatedReason",
        "TagExemptionReasonEnum": "dogs.models.TagExemptionReason",
        "InspectionTriggerReasonEnum": "tisbury_regs.models.InspectionTriggerReason",
        "GateEnum": "permits_site.licensing.declarations.GATE_CODES",
        "DeclaredFieldTypeEnum": "permits_site.licensing.declarations.FIELD_TYPES",
    },
}

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31536000))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

#: Where the online payment provider's checkout lives: forms may post (and be redirected)
#: there.
PAYMENT_PROVIDER_ORIGIN = os.environ.get("PAYMENT_PROVIDER_ORIGIN", "https://checkout.stripe.com")
#: Online payment through Stripe Checkout, one account per town: the town's code in
#: capitals names its keys, e.g. STRIPE_SECRET_KEY__NORTH_ANDOVER and
#: STRIPE_WEBHOOK_SECRET__NORTH_ANDOVER. A town without both is paid at the counter only.
ONLINE_PAYMENT_TOWNS = {
    name.removeprefix("STRIPE_SECRET_KEY__").lower(): {
        "secret_key": value,
        "webhook_secret": os.environ.get(
            "STRIPE_WEBHOOK_SECRET__" + name.removeprefix("STRIPE_SECRET_KEY__"), ""
        ),
    }
    for name, value in os.environ.items()
    if name.startswith("STRIPE_SECRET_KEY__") and value
}
#: A built-in stand-in for the hosted checkout, for trying the site (``make run``): a town
#: without Stripe keys is paid on the site's own "Demo payment — no money moves" page,
#: which signs the provider's event and hands it to the webhook handler. Off, its page
#: answers 404; on with DEBUG off, ``check --deploy`` fails.
PAYMENT_DEMO_CHECKOUT = env_bool("PAYMENT_DEMO_CHECKOUT", False)
#: Scripts and styles only from the site's own static files: no inline script, no CDN.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF, PAYMENT_PROVIDER_ORIGIN],
        "frame-ancestors": [NONE],
    }
}


def refusal_in_one_line(record: logging.LogRecord) -> bool:
    """A 4xx is the caller's mistake: log its one line, without the exception's traceback."""
    status_code = getattr(record, "status_code", None)
    if status_code is not None and status_code < 500:
        record.exc_info = None
        record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"refusal_in_one_line": {"()": lambda: refusal_in_one_line}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["refusal_in_one_line"]}
    },
    "loggers": {
        "django.request": {"filters": ["refusal_in_one_line"]},
        "django.security": {"filters": ["refusal_in_one_line"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
