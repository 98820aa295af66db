"""Reading the reports as a signed-in user sees them."""

import csv
import io

from django.urls import reverse


def report_tables(client, user, **params) -> dict:
    """{section slug: Table} of the reports page for ``params``."""
    client.force_login(user)
    response = client.get(reverse("reports:reports"), params)
    assert response.status_code == 200, response.content
    return {section.slug: table for section, table in response.context["reports"]}


def report_csv(client, user, section: str, **params) -> list[list[str]]:
    client.force_login(user)
    response = client.get(reverse("reports:export", args=[section]), params)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.reader(io.StringIO(response.content.decode())))
