"""How the site cites North Andover's General Bylaws Chapter 60, Dogs and Other Animals."""

from permits_site.rules.wording import CitedSection


def cite(section: str) -> CitedSection:
    """The citation of a section of the bylaw, e.g. ``cite("Licenses A(9)")``: English on
    every page, as enacted, whatever the reader's language."""
    return CitedSection(f"North Andover Code ch. 60, {section}")
