"""How the site cites North Andover's General Bylaws Chapter 60, Dogs and Other Animals."""


def cite(section: str) -> str:
    """The citation of a section of the bylaw, e.g. ``cite("Licenses A(9)")``."""
    return f"North Andover Code ch. 60, {section}"
