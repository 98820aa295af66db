"""A person's mailing address as a US postal address: the states it may name and the one way
the site writes it, "12 Elm Street, North Andover, MA 01845".

Pages, invoices ("Billed to …"), licenses, citations, letters and the mailing sheets'
window block all print what :func:`format_address` writes; a permit or an invoice keeps
the words it was made with (``Permit.holder_address``, ``Invoice.payer_address``).
"""

from __future__ import annotations

from django.db import models

#: The state of a person entered without one: the towns are Massachusetts towns, and most
#: of the people at their counters and on their forms live there (decisions.md).
DEFAULT_STATE = "MA"


class State(models.TextChoices):
    """The two-letter codes USPS uses (Publication 28, Appendix B): the fifty states, the
    District of Columbia, the territories and freely associated states it delivers to, and
    the armed forces' codes; named as USPS names them, in its order."""

    AL = "AL", "Alabama"
    AK = "AK", "Alaska"
    AS = "AS", "American Samoa"
    AZ = "AZ", "Arizona"
    AR = "AR", "Arkansas"
    CA = "CA", "California"
    CO = "CO", "Colorado"
    CT = "CT", "Connecticut"
    DE = "DE", "Delaware"
    DC = "DC", "District of Columbia"
    FM = "FM", "Federated States of Micronesia"
    FL = "FL", "Florida"
    GA = "GA", "Georgia"
    GU = "GU", "Guam"
    HI = "HI", "Hawaii"
    ID = "ID", "Idaho"
    IL = "IL", "Illinois"
    IN = "IN", "Indiana"
    IA = "IA", "Iowa"
    KS = "KS", "Kansas"
    KY = "KY", "Kentucky"
    LA = "LA", "Louisiana"
    ME = "ME", "Maine"
    MH = "MH", "Marshall Islands"
    MD = "MD", "Maryland"
    MA = "MA", "Massachusetts"
    MI = "MI", "Michigan"
    MN = "MN", "Minnesota"
    MS = "MS", "Mississippi"
    MO = "MO", "Missouri"
    MT = "MT", "Montana"
    NE = "NE", "Nebraska"
    NV = "NV", "Nevada"
    NH = "NH", "New Hampshire"
    NJ = "NJ", "New Jersey"
    NM = "NM", "New Mexico"
    NY = "NY", "New York"
    NC = "NC", "North Carolina"
    ND = "ND", "North Dakota"
    MP = "MP", "Northern Mariana Islands"
    OH = "OH", "Ohio"
    OK = "OK", "Oklahoma"
    OR = "OR", "Oregon"
    PW = "PW", "Palau"
    PA = "PA", "Pennsylvania"
    PR = "PR", "Puerto Rico"
    RI = "RI", "Rhode Island"
    SC = "SC", "South Carolina"
    SD = "SD", "South Dakota"
    TN = "TN", "Tennessee"
    TX = "TX", "Texas"
    UT = "UT", "Utah"
    VT = "VT", "Vermont"
    VI = "VI", "Virgin Islands"
    VA = "VA", "Virginia"
    WA = "WA", "Washington"
    WV = "WV", "West Virginia"
    WI = "WI", "Wisconsin"
    WY = "WY", "Wyoming"
    AA = "AA", "Armed Forces Americas (except Canada)"
    AE = "AE", "Armed Forces Africa, Canada, Europe, Middle East"
    AP = "AP", "Armed Forces Pacific"


def format_address(*, street: str, city: str, state: str, postal_code: str) -> str:
    """The address on one line, "street, city, ST ZIP", each part trimmed and a blank one
    left out with its separator ("12 Elm Street, MA 01845" without the city). The state is
    written only beside a city or a ZIP code: alone it addresses nothing, and a person
    entered without an address still holds the forms' default state."""
    street, city, state, postal_code = (
        part.strip() for part in (street, city, state, postal_code))
    state_and_zip = " ".join(part for part in (state, postal_code) if part)
    town_line = (", ".join(part for part in (city, state_and_zip) if part)
                 if city or postal_code else "")
    return ", ".join(line for line in (street, town_line) if line)


def window_lines(address: str) -> list[str]:
    """An address :func:`format_address` wrote, kept on a record, as an envelope shows it:
    the street, then the town, state and ZIP code on one line ("North Andover, MA 01845"),
    its last two parts. One kept before the state was asked keeps its parts as they were
    ("North Andover, 01845")."""
    parts = [part.strip() for part in address.split(",") if part.strip()]
    if len(parts) >= 3:
        return [", ".join(parts[:-2]), ", ".join(parts[-2:])]
    return parts
