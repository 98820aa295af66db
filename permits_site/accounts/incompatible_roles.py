"""Staff roles a town's law forbids one person to hold together.

A bylaw app registers each such pair from its ``AppConfig.ready()``
(``forbid_roles_together``); granting a role asks :func:`forbidden_with` and refuses
naming the section. The core never imports a bylaw app, so it knows no pair of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class IncompatibleRoles:
    """Two roles no one may hold together in ``town`` (a municipality code).

    ``reason`` is the law's own words, completing "…; <reason> (<citation>)".
    """

    town: str
    roles: frozenset[str]
    citation: str
    reason: str


_PAIRS: list[IncompatibleRoles] = []


def forbid_roles_together(town: str, first: str, second: str, *, citation: str,
                          reason: str) -> None:
    """Refuse, in ``town``, to grant ``first`` to a holder of ``second`` and the reverse."""
    if first == second:
        raise ValueError("A role cannot be incompatible with itself.")
    pair = IncompatibleRoles(town=town, roles=frozenset({first, second}), citation=citation,
                             reason=reason)
    if pair not in _PAIRS:
        _PAIRS.append(pair)


def forbidden_with(town: str, role: str,
                   held: Iterable[str]) -> tuple[str, IncompatibleRoles] | None:
    """The first role in ``held`` that ``town``'s law forbids together with ``role``, and the
    pair that forbids it; ``None`` when the law forbids none."""
    held = set(held)
    for pair in _PAIRS:
        if pair.town == town and role in pair.roles:
            (other,) = pair.roles - {role}
            if other in held:
                return other, pair
    return None
