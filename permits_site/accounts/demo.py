"""The demo records bylaw apps add to ``manage.py seed_demo``, registered from their
``AppConfig.ready()``.

The core never imports a bylaw app (the import contracts in ``pyproject.toml``): the
demo data of records a town's law keeps (North Andover's dogs, Northborough's stables)
is built by that town's app, for the demo resident, through the same services its pages use.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.module_loading import import_string

from permits_site.accounts.models import User

#: The one password of every demo account, printed by ``seed_demo``.
DEMO_PASSWORD = "demo-permits-2026"

#: A 1×1 PNG: enough to stand for a scanned certificate or plan.
SAMPLE_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108020000009077"
    "53de0000000c4944415478da63f8ffff3f0005fe02fea7d6a4ee0000000049454e44ae426082"
)

DemoBuilder = Callable[[User], None]
_BUILDERS: dict[str, str] = {}


def register_demo(name: str, builder: str) -> None:
    """Have ``seed_demo`` call the function at the dotted path ``builder`` with the demo
    resident once the town staff exist. A path, so that only ``seed_demo`` imports the
    demo modules, not every process at start-up."""
    _BUILDERS[name] = builder


def demo_builders() -> list[DemoBuilder]:
    return [import_string(path) for path in _BUILDERS.values()]


def sample_upload(name: str) -> SimpleUploadedFile:
    """A PNG upload named ``<name>.png``."""
    return SimpleUploadedFile(f"{name}.png", SAMPLE_PNG, "image/png")
