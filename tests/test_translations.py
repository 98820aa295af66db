"""The translations' check (scripts/check-translations, run here, so by ``make test`` and CI):
every string marked for translation in a template or a Python module is translated, not empty
and not fuzzy, in both committed catalogues (docs/development/translations.md)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "scripts" / "check-translations"
SPANISH = Path("es") / "LC_MESSAGES" / "django.po"


def check(locale: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECK), *([str(locale)] if locale else [])],
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def locale_copy(tmp_path) -> Path:
    copy = tmp_path / "locale"
    shutil.copytree(ROOT / "locale", copy)
    return copy


def test_every_marked_string_is_translated_in_both_catalogues_and_the_check_changes_none():
    """The committed catalogues pass, and checking them leaves them as they were (the check
    extracts in a temporary copy)."""
    before = {path: path.read_bytes() for path in (ROOT / "locale").rglob("*.po")}

    result = check()

    assert result.returncode == 0, result.stdout + result.stderr
    assert {path: path.read_bytes() for path in (ROOT / "locale").rglob("*.po")} == before


def test_an_empty_translation_fails_the_check(locale_copy):
    catalogue = locale_copy / SPANISH
    text = catalogue.read_text()
    catalogue.write_text(text.replace('msgstr "Saltar al contenido principal"', 'msgstr ""'))
    result = check(locale_copy)
    assert result.returncode == 1
    assert 'msgid "Skip to main content"' in result.stdout
    assert "locale/es/" in result.stdout and "locale/pt_BR/" not in result.stdout


def test_a_string_missing_from_a_catalogue_fails_the_check(locale_copy):
    catalogue = locale_copy / SPANISH
    text = catalogue.read_text()
    catalogue.write_text(text.replace('msgid "Skip to main content"\nmsgstr "Saltar al contenido '
                                      'principal"\n', ""))
    assert 'msgid "Skip to main content"' not in catalogue.read_text()
    result = check(locale_copy)
    assert result.returncode == 1
    assert 'msgid "Skip to main content"' in result.stdout


def test_a_fuzzy_translation_fails_the_check(locale_copy):
    catalogue = locale_copy / SPANISH
    text = catalogue.read_text()
    catalogue.write_text(text.replace('msgid "Skip to main content"',
                                      '#, fuzzy\nmsgid "Skip to main content"'))
    result = check(locale_copy)
    assert result.returncode == 1
    assert "Skip to main content" in result.stdout


def test_a_spanish_plural_without_its_three_forms_fails_the_check(locale_copy):
    """Spanish has three plural forms (one, millions, other: the catalogue's Plural-Forms);
    an entry giving two is refused by gettext's ``msgfmt --check``."""
    catalogue = locale_copy / SPANISH
    text = catalogue.read_text()
    last_form = next(line for line in text.splitlines() if line.startswith("msgstr[2] "))
    catalogue.write_text(text.replace(last_form + "\n", "", 1))
    result = check(locale_copy)
    assert result.returncode == 1
    assert "plural forms" in result.stdout and "locale/es/" in result.stdout
