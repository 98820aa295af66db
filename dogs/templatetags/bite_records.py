"""``{% bites_on_record dog=… %}`` or ``{% bites_on_record case=… %}``: the bites on record
of a dog, or of the dog of a potentially dangerous dog case (North Andover Code ch. 60, ACO
B(2); Potentially dangerous A, B), on the dog's page and the case's page. One query."""

from django import template

from dogs.bites.services import POTENTIALLY_DANGEROUS_DOG
from dogs.bites.services import bites_on_record as bites_of

register = template.Library()


@register.inclusion_tag("dogs/bites_on_record.html")
def bites_on_record(dog=None, case=None) -> dict:
    if case is not None and case.case_type != POTENTIALLY_DANGEROUS_DOG:
        return {"shown": False}
    return {"shown": True, "bites": bites_of(dog=dog, case=case)}
