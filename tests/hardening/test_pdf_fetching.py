"""A PDF loads nothing but the site's own static files and ``data:`` URIs.

WeasyPrint follows every address the HTML names; a PDF of the site is written from records
people typed, so a ``file://`` address would print a file of the server and an ``http://``
one would reach the network from the worker. The fetcher refuses both (WeasyPrint skips
the resource and logs it) and still serves the stylesheet and the QR code.
"""

from __future__ import annotations

import socket

import pytest
import segno

from permits_site.pdf import fetching
from permits_site.pdf.html import html_to_pdf

SERVER_FILE = "file:///etc/passwd"
NETWORK_IMAGE = "http://example.org/x.png"
STYLESHEET = "/static/css/site.css"


@pytest.fixture
def fetched(monkeypatch):
    """Every address the fetcher was asked for, with what it answered."""
    calls: list[tuple[str, str]] = []
    original = fetching.SiteFetcher.fetch

    def recording(self, url, headers=None):
        try:
            response = original(self, url, headers)
        except fetching.FetchRefused:
            calls.append((url, "refused"))
            raise
        calls.append((url, "served"))
        return response

    monkeypatch.setattr(fetching.SiteFetcher, "fetch", recording)
    return calls


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a PDF tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


def test_a_pdf_loads_the_stylesheet_and_the_qr_code_but_no_server_file_or_network(
    fetched, no_network
):
    qr_code = segno.make("https://example.org/verify/x/").svg_data_uri()
    html = f"""<html><head><link rel="stylesheet" href="{STYLESHEET}"></head><body>
        <img src="{SERVER_FILE}" alt=""><img src="{NETWORK_IMAGE}" alt="">
        <img src="{qr_code}" alt="QR code"></body></html>"""

    pdf = html_to_pdf(html)

    assert pdf.startswith(b"%PDF")
    answers = dict(fetched)
    assert answers[SERVER_FILE] == "refused"
    assert answers[NETWORK_IMAGE] == "refused"
    assert answers[qr_code] == "served"
    assert [answer for url, answer in fetched if url.endswith(STYLESHEET)] == ["served"]


def test_a_relative_static_address_resolves_to_the_site_s_static_file(settings):
    path = fetching.static_file(fetching.base_url() + "static/css/site.css")

    assert path == (settings.BASE_DIR / "static" / "css" / "site.css").resolve()


@pytest.mark.parametrize("url", [
    SERVER_FILE,
    NETWORK_IMAGE,
    "http://example.org/static/css/site.css",  # another host's static folder
    "/static/../permits_site/settings.py",
    "/static/%2e%2e/permits_site/settings.py",
    "/static/css/missing.css",
    "/static/",
    "/media/uploads/x.png",
])
def test_anything_but_an_existing_static_file_of_the_site_resolves_to_nothing(url):
    from urllib.parse import urljoin

    assert fetching.static_file(urljoin(fetching.base_url(), url)) is None


@pytest.mark.parametrize("url", [SERVER_FILE, NETWORK_IMAGE])
def test_the_fetcher_refuses_by_raising(url):
    with pytest.raises(fetching.FetchRefused):
        fetching.SiteFetcher().fetch(url)


def test_a_collected_static_file_is_served_from_static_root(settings, tmp_path):
    settings.STATICFILES_DIRS = []
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "collected.css").write_text("body { color: black; }")
    settings.STATIC_ROOT = tmp_path

    response = fetching.SiteFetcher().fetch(fetching.base_url() + "static/css/collected.css")

    assert response.read() == b"body { color: black; }"
    assert response.content_type == "text/css"
