"""Where bylaw apps register the kinds of enforcement case their law provides.

The enforcement core knows no town: each bylaw app's ``AppConfig.ready``
calls :func:`register_case_type` with the offenses a case of that kind may
cite (codes of the town's fine schedule) and the charges it may raise, and
the core looks them up here by code::

    register_case_type(CaseType(
        code="exampleton.nuisance",
        municipality="exampleton",
        name="Nuisance complaint",
        offenses=("nuisance_noise",),
        charges=(ChargeType("legal_fees", "Legal fees reimbursed by the owner",
                            "Exampleton Bylaw §9"),),
    ))
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChargeType:
    """An amount a case may charge the responsible party, with the section allowing it."""

    code: str
    description: str
    citation: str


@dataclass(frozen=True)
class CaseType:
    """A kind of enforcement case in one town.

    ``offenses`` are offense codes of the town's fine schedule that citations
    on such a case may name; ``charges`` the invoices it may raise.
    """

    code: str
    municipality: str
    name: str
    offenses: tuple[str, ...]
    charges: tuple[ChargeType, ...] = ()
    #: The section the case is brought under; its hearings and appeals cite it.
    citation: str = ""

    def charge(self, code: str) -> ChargeType | None:
        return next((charge for charge in self.charges if charge.code == code), None)


_CASE_TYPES: dict[str, CaseType] = {}


def register_case_type(case_type: CaseType) -> CaseType:
    """Add a case type; registering a different one under the same code is an error."""
    registered = _CASE_TYPES.get(case_type.code)
    if registered is not None and registered != case_type:
        raise ValueError(f"case type {case_type.code} is registered twice")
    _CASE_TYPES[case_type.code] = case_type
    return case_type


def case_type(code: str) -> CaseType | None:
    return _CASE_TYPES.get(code)


def case_type_name(code: str) -> str:
    """The registered name of a case type, or its code if no app registers it any more."""
    registered = _CASE_TYPES.get(code)
    return registered.name if registered else code


def case_types(municipality: str) -> list[CaseType]:
    """The case types of one town (by its code), in the order they were registered."""
    return [registered for registered in _CASE_TYPES.values()
            if registered.municipality == municipality]
