"""The papers a town sends or posts under its law — the abutters' hearing notice (Northborough
§2.2), a variance's notice (§8.2; Tisbury BOH Reg 09.0.3), a kennel's roster (Kennel license
B(1), B(2)) — are printed in English, their dates too, whatever language the member of staff
who prints them reads the site in. (The license and the citation carry their holder's
language beside the English; the court packet is English as these are.)"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone, translation

from dogs.kennels.services import render_roster_pdf
from permits_site.pdf.notices import render_hearing_notices_pdf
from permits_site.pdf.variances import render_variance_notice_pdf
from tests.e2e.plain_language import pdf_title_and_text
from tests.factories import (
    HearingAbutterFactory,
    KennelDogFactory,
    PropertyFactory,
    VarianceFactory,
    VarianceSignatureFactory,
    municipality,
)

pytestmark = pytest.mark.django_db

JUNE_3_2030 = dt.datetime(2030, 6, 3, 10, 0)


def hearing_notice() -> bytes:
    hearing = HearingAbutterFactory().hearing
    return render_hearing_notices_pdf(hearing)


def variance_notice() -> bytes:
    variance = VarianceFactory(
        application__place=PropertyFactory(municipality=municipality("tisbury")),
        decided_at=timezone.now(), status="granted")
    VarianceSignatureFactory(variance=variance)
    return render_variance_notice_pdf(variance)


def kennel_roster() -> bytes:
    permit = KennelDogFactory().permit
    return render_roster_pdf(permit, today=dt.date(2030, 6, 3))


@time_machine.travel(JUNE_3_2030, tick=False)
@pytest.mark.parametrize("render", [hearing_notice, variance_notice, kennel_roster])
@pytest.mark.parametrize("language", ["es", "pt-br"])
def test_a_town_paper_is_printed_in_english_in_any_language_of_the_site(render, language):
    with translation.override(language):
        title, text = pdf_title_and_text(render())
    words = f"{title} {text}"

    assert "June" in words
    assert not {"junio", "junho", "Junio", "Junho"} & set(words.split())
