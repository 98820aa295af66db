"""A Content-Security-Policy on every page: scripts only from the site, never inline.

Forms may post to the site and to the configured payment provider (its
checkout redirect follows a form post); no one may frame the site.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates"
#: Templates rendered to PDF by WeasyPrint, never served to a browser.
PDF_TEMPLATES = TEMPLATES / "pdf"
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.IGNORECASE)


def policy(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


@pytest.mark.parametrize("path", ["/", "/accounts/sign-in/", "/django-admin/login/"])
def test_pages_carry_a_policy_without_inline_scripts(client, path):
    response = client.get(path)

    directives = policy(response)
    scripts = directives.get("script-src", directives["default-src"])
    assert directives["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in scripts
    assert "'unsafe-eval'" not in scripts
    assert directives["frame-ancestors"] == ["'none'"]


def test_forms_may_post_to_the_site_and_the_payment_provider(client):
    directives = policy(client.get("/"))

    assert directives["form-action"] == ["'self'", settings.PAYMENT_PROVIDER_ORIGIN]
    assert settings.PAYMENT_PROVIDER_ORIGIN.startswith("https://")


def test_htmx_is_told_not_to_inject_its_inline_indicator_style(client):
    page = client.get("/").content.decode()

    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false}\'>' in page


def test_no_served_template_has_an_inline_script_or_event_handler():
    offenders = []
    for template in TEMPLATES.rglob("*.html"):
        if PDF_TEMPLATES in template.parents:
            continue
        text = template.read_text()
        if INLINE_SCRIPT.search(text) or INLINE_HANDLER.search(text):
            offenders.append(str(template.relative_to(TEMPLATES)))

    assert offenders == []
