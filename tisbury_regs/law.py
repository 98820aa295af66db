"""How the site cites Tisbury's Board of Health Regulations 09.0–09.12."""

from permits_site.rules.wording import CitedSection


def cite(section: str) -> CitedSection:
    """The citation of a Tisbury Board of Health regulation, e.g. ``cite("09.9.7(6)")``: English on
    every page, as enacted, whatever the reader's language."""
    return CitedSection(f"Tisbury BOH Reg {section}")
