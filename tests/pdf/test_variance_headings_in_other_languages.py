"""The license's variances and waivers are headed in English with the holder's language
beside, as the rest of the license (#26): "Variances / Exceções", "Waiver 1: rules waived /
Dispensa 1: regras dispensadas"; an English holder's license reads as before."""

from __future__ import annotations

import pytest

from permits_site.pdf.rendering import permit_html
from tests.factories import ApplicationFactory, PermitFactory, UserFactory, permit_type

pytestmark = pytest.mark.django_db


def varied_license(language: str, code: str):
    """A license of ``code`` issued under one granted relief of one rule and a regulation."""
    application = ApplicationFactory(applicant=UserFactory(language=language),
                                     permit_type=permit_type(code))
    return PermitFactory(application=application, conditions=[{
        "kind": "variance", "rules": [], "regulation": "09.3.1(3), well testing",
        "conditions": "Test within 30 days.", "bases": "The lab is closed.",
        "citation": "Tisbury BOH Reg 09.0.3"}])


def test_a_waiver_is_headed_in_english_and_portuguese():
    html = permit_html(varied_license("pt-br", "tisbury.well_registration"))

    assert 'Waivers / <span lang="pt-br">Dispensas</span>' in html
    assert ('Waiver 1: regulation waived / <span lang="pt-br">Dispensa 1: regulamento '
            'dispensado</span>') in html


def test_a_variance_is_headed_in_english_and_spanish():
    html = permit_html(varied_license("es", "northborough.private_stable"))

    assert 'Variances / <span lang="es">Excepciones</span>' in html
    assert ('Variance 1: regulation varied / <span lang="es">Excepción 1: reglamento '
            'modificado</span>') in html


def test_an_english_holders_license_is_headed_as_before():
    html = permit_html(varied_license("en", "tisbury.well_registration"))

    assert "Waivers</h2>" in html and "Waiver 1: regulation waived</th>" in html
    assert 'lang="pt-br"' not in html
