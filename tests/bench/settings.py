"""The site's settings with the bench's URLs (the bare JSON view), for the gunicorn the
bench starts for row (b) over HTTP: ``DJANGO_SETTINGS_MODULE=tests.bench.settings``."""

from permits_site.settings import *  # noqa: F403

DEBUG = False
ROOT_URLCONF = "tests.bench.urls"
