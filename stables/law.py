"""How the site cites Northborough's Board of Health Horse and Stable Regulations."""

from permits_site.rules.wording import CitedSection


def cite(section: str) -> CitedSection:
    """The citation of a section of the regulations, e.g. ``cite("4.1(a)")``: English on
    every page, as enacted, whatever the reader's language."""
    return CitedSection(f"Northborough Horse & Stable Regs §{section}")
