"""How the site cites Northborough's Board of Health Horse and Stable Regulations."""


def cite(section: str) -> str:
    """The citation of a section of the regulations, e.g. ``cite("4.1(a)")``."""
    return f"Northborough Horse & Stable Regs §{section}"
