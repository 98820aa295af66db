#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import gc
import os
import sys


def main() -> None:
    # Turned back on when start-up is done (permits_site/startup).
    gc.disable()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "permits_site.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
