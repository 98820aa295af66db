"""``{% offense "rabies_vaccination_missing" %}``: an offense of Code ch. 60 in the words of
the town's fine schedule, quoted, where a page would otherwise show its code."""

from django import template

from dogs.fines import offense_title

register = template.Library()


@register.simple_tag
def offense(code: str) -> str:
    return f"“{offense_title(code)}”"
