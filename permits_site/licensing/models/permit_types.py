"""The kinds of permit a town issues, seeded by the bylaw apps' migrations."""

from __future__ import annotations

from django.db import models

from permits_site.towns.models import Municipality
from permits_site.towns.typed_text import in_other_languages


class PermitType(models.Model):
    """A kind of permit or license a town issues; seeded by the bylaw apps' migrations."""

    code = models.CharField(max_length=80, unique=True)
    municipality = models.ForeignKey(
        Municipality, on_delete=models.PROTECT, related_name="permit_types"
    )
    name = models.CharField(max_length=120)
    name_pt_br, name_es = in_other_languages(name)
    authority = models.CharField(max_length=120)
    term = models.CharField(max_length=200)
    term_pt_br, term_es = in_other_languages(term)
    citation = models.CharField(max_length=200)
    check_code = models.CharField(max_length=80, blank=True)
    actions = models.JSONField(default=list)
    number_prefix = models.CharField(max_length=12)
    online = models.BooleanField(
        default=True,
        help_text="The town takes this permit type online (web form and API); staff can "
        "always start an application at the counter.",
    )

    class Meta:
        ordering = ["municipality__name", "name"]

    def __str__(self) -> str:
        return self.name
