"""How the site cites Tisbury's Board of Health Regulations 09.0–09.12."""


def cite(section: str) -> str:
    """The citation of a Tisbury Board of Health regulation, e.g. ``cite("09.9.7(6)")``."""
    return f"Tisbury BOH Reg {section}"
