"""Start-up leaves out the heavy libraries only some requests use (issues 13 and 24).

Every process of the site — ``manage.py check``, each gunicorn worker, each task
worker, each management command — sets Django up and, the first time a URL is
resolved or checked, imports the URLconf and with it every view. Libraries that only
some requests or tasks need are imported where they are used, so that none of those
processes pays for them at start-up (docs/operations/performance.md):

- the PDF stack (WeasyPrint with Pango, cffi, fontTools and Pillow behind it) and the QR
  code library, where a license or notice is rendered;
- the payment provider's library, where a payment is taken or a webhook verified;
- the legal holidays' calendars, on the first date asked of a year;
- object storage and the shared cache, only when a deployment configures them;
- the towns' demo records, only in ``seed_demo``;
- the test and bench tools, never by the site.

The probe runs in a fresh interpreter: this test process has imported most of them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Modules ``django.setup()`` and ``manage.py check`` (which imports the whole URLconf)
#: must not import, by what they serve.
HEAVY = {
    # Rendering a license or notice (permits_site.pdf).
    "weasyprint", "fontTools", "cffi", "PIL", "pydyf", "tinycss2", "cssselect2", "segno",
    # Taking a payment (permits_site.online_payments.providers).
    "stripe",
    # The legal holidays of a year (permits_site.rules.calendar).
    "holidays",
    # Several hosts: media on S3-compatible storage, the shared Redis cache.
    "boto3", "botocore", "storages", "redis",
    # The demo records, which only ``seed_demo`` builds (registered by dotted path).
    "dogs.demo", "stables.demo", "tisbury_regs.demo",
    # Test and bench tools.
    "pytest", "hypothesis", "factory", "schemathesis", "time_machine", "playwright",
    "moto", "locust", "pypdf",
}

PROBE = """
import json, sys
import django
django.setup()
from django.core.management import call_command
call_command("check", verbosity=0)
print(json.dumps(sorted(name for name in sys.argv[1:] if name in sys.modules)))
"""


def heavy_modules_after_check() -> list[str]:
    """The modules of ``HEAVY`` that a fresh ``django.setup()`` and system check import."""
    # The environment names the settings (pytest-django sets DJANGO_SETTINGS_MODULE).
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *sorted(HEAVY)], cwd=ROOT, env=os.environ,
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_setup_and_the_system_check_import_no_heavy_module():
    assert heavy_modules_after_check() == []
