"""ASGI entry point."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "permits_site.settings")
# Turned back on when start-up is done (permits_site/startup).
gc.disable()
application = get_asgi_application()
