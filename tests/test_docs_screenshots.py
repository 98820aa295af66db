"""The documentation's screenshots are taken by the browser tests (``docs_screenshot`` in
``tests/e2e/conftest.py``): every screenshot a page of ``docs/`` shows is taken by exactly
one call, and every call takes a screenshot some page shows."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

PROJECT = Path(__file__).parents[1]
SHOWN = re.compile(r"screenshots/([a-z0-9-]+)\.png")


def shown_on_pages() -> set[str]:
    return {name for page in (PROJECT / "docs").rglob("*.md")
            for name in SHOWN.findall(page.read_text())}


def taken_by_tests() -> Counter[str]:
    """The names passed to ``docs_screenshot(target, "name")`` anywhere under ``tests/``."""
    names: Counter[str] = Counter()
    for module in (PROJECT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "docs_screenshot" and len(node.args) == 2
                    and isinstance(node.args[1], ast.Constant)):
                names[node.args[1].value] += 1
    return names


def test_every_screenshot_the_documentation_shows_is_taken_by_a_browser_test():
    assert shown_on_pages() - set(taken_by_tests()) == set()


def test_every_screenshot_is_taken_once():
    assert [name for name, calls in taken_by_tests().items() if calls > 1] == []


def test_every_screenshot_taken_is_shown_on_a_page():
    assert set(taken_by_tests()) - shown_on_pages() == set()
