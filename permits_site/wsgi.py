"""WSGI entry point (gunicorn permits_site.wsgi)."""

import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "permits_site.settings")
# Turned back on when start-up is done (permits_site/startup).
gc.disable()
application = get_wsgi_application()
