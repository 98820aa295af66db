"""Start-up sets what it imported aside from the garbage collector (``permits_site/startup``).

Each entry point pauses the collector while Django is set up; the last app's ``ready()``
freezes the start-up objects into the permanent generation and turns the collector back
on. Probed in fresh interpreters: this test process was set up by pytest-django.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parent.parent
REPORT = "import gc; print(gc.isenabled(), gc.get_freeze_count())"


def collector_after(*command: str) -> tuple[bool, int]:
    """Whether the collector runs and how many objects it leaves aside, as ``command``
    prints them."""
    done = subprocess.run([sys.executable, *command], cwd=ROOT, env=os.environ,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    enabled, frozen = done.stdout.split()[-2:]
    return enabled == "True", int(frozen)


def test_a_management_command_runs_with_the_collector_on_and_start_up_set_aside():
    enabled, frozen = collector_after("manage.py", "shell", "-c", REPORT)
    assert enabled and frozen > 50_000


def test_a_web_server_process_too():
    enabled, frozen = collector_after("-c", f"import permits_site.wsgi; {REPORT}")
    assert enabled and frozen > 50_000


def test_the_start_up_app_is_installed_last():
    assert list(apps.get_app_configs())[-1].name == "permits_site.startup"
