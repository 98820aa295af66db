"""How a town adopts a new version of a schedule: after notice, hearing and vote, where its
law says so.

A town whose law has its board amend regulations only "after notice, hearing and vote"
(Tisbury BOH Reg 09.0.4) declares it from its bylaw app's ``AppConfig.ready()`` with
:func:`amend_after_notice_and_hearing`, citing the section; a new fee or fine schedule
version of that town is then refused unless the notice came before the hearing and the
version takes effect no earlier than the hearing — or it is an emergency regulation, which
the same law lets the board adopt "without prior notice or hearing". Other towns record the
dates when they are given. In every town the dates given follow one another: the notice
before the hearing, the vote not before the hearing, the version in force not before the
vote (:func:`order_errors`), and a hearing or vote is never on a day still to come
(:func:`still_to_come_errors`). The core never imports a bylaw app, so it declares no town of
its own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from itertools import pairwise

from django.utils import timezone

#: The names of the notice's and the hearing's dates on a schedule version.
SCHEDULE_FIELDS = ("notice_given_on", "hearing_held_on")

_SECTIONS: dict[str, str] = {}


@dataclass(frozen=True)
class Adoption:
    """The board's notice, hearing and vote behind a version, and whether it is an
    emergency regulation adopted without them."""

    notice_given_on: dt.date | None = None
    hearing_held_on: dt.date | None = None
    voted_on: dt.date | None = None
    emergency: bool = False

    def fields(self) -> dict:
        """The version's model fields."""
        return asdict(self)

    def audited(self) -> dict:
        """As the audit log records them (dates as ISO text, ``None`` when not given)."""
        return {name: value.isoformat() if isinstance(value, dt.date) else value
                for name, value in asdict(self).items()}


#: A version with no notice, hearing or vote recorded (enough where the law asks none).
NOT_RECORDED = Adoption()


def amend_after_notice_and_hearing(town: str, *, citation: str) -> None:
    """Declare that ``town`` (a municipality code) adopts its schedules only after notice and
    hearing, as ``citation`` says."""
    _SECTIONS[town] = citation


def notice_and_hearing_section(town: str) -> str | None:
    """The section by which ``town`` amends its schedules after notice and hearing, if any."""
    return _SECTIONS.get(town)


@contextmanager
def declared_notice_and_hearing(town: str, *, citation: str) -> Iterator[None]:
    """Declare it for the ``with`` block only (tests); what was declared before comes back."""
    before = _SECTIONS.get(town)
    amend_after_notice_and_hearing(town, citation=citation)
    try:
        yield
    finally:
        if before is None:
            _SECTIONS.pop(town, None)
        else:
            _SECTIONS[town] = before


def adoption_errors(*, notice_on: dt.date | None, hearing_on: dt.date | None,
                    effective_from: dt.date, emergency: bool, section: str,
                    names: tuple[str, str] = SCHEDULE_FIELDS) -> dict[str, list[str]]:
    """What "after notice, hearing and vote may adopt or amend" refuses, naming the field
    (``names``: the notice's and the hearing's) and ``section``: notice given before the
    hearing, and the version in force no earlier than the hearing at which it is voted; an
    emergency regulation needs neither ("without prior notice or hearing")."""
    notice_field, hearing_field = names
    if emergency:
        return {}
    if notice_on is None:
        return {notice_field: [f"Enter the date the Board gave notice of the hearing "
                               f"({section}), or mark an emergency regulation."]}
    if hearing_on is None:
        return {hearing_field: [f"Enter the date of the Board's hearing ({section}), "
                                "or mark an emergency regulation."]}
    if hearing_on <= notice_on:
        return {hearing_field: [f"The hearing comes after its notice ({section})."]}
    if effective_from < hearing_on:
        return {"effective_from": [f"An amendment takes effect no earlier than the hearing "
                                   f"at which the Board votes it ({section})."]}
    return {}


def order_errors(adoption: Adoption, effective_from: dt.date,
                 section: str | None = None) -> dict[str, list[str]]:
    """The dates given, out of the order an adoption takes (notice, hearing, vote, then the
    version in force), each refused on the later one's field; ``section`` cited where the
    town's law sets that order."""
    cited = f" ({section})" if section else ""
    steps = (("notice_given_on", adoption.notice_given_on, "the notice of the hearing"),
             ("hearing_held_on", adoption.hearing_held_on, "the hearing"),
             ("voted_on", adoption.voted_on, "the Board's vote"),
             ("effective_from", effective_from, "the version's first day in force"))
    errors: dict[str, list[str]] = {}
    given = [(field, day, label) for field, day, label in steps if day is not None]
    for (_, before, earlier), (field, after, later) in pairwise(given):
        notice_then_hearing = field == "hearing_held_on"
        if after < before or (notice_then_hearing and after == before):
            errors.setdefault(field, []).append(
                f"{later[0].upper()}{later[1:]} comes "
                f"{'after' if notice_then_hearing else 'no earlier than'} {earlier}{cited}.")
    return errors


def still_to_come_errors(adoption: Adoption, today: dt.date) -> dict[str, list[str]]:
    """A hearing or a vote recorded on a day after ``today``: a version records what the
    board did ("after notice, hearing and vote"), not what it plans."""
    steps = (("hearing_held_on", adoption.hearing_held_on,
              "The hearing cannot be held on a day still to come."),
             ("voted_on", adoption.voted_on, "The vote cannot be taken on a day still to come."))
    return {field: [message] for field, day, message in steps if day is not None and day > today}


def with_adoption_errors(errors: Mapping[str, str | list[str]], town: str,
                         adoption: Adoption, effective_from: dt.date) -> dict[str, list[str]]:
    """A new version's other ``errors``, :func:`still_to_come_errors` and
    :func:`schedule_adoption_errors`, each field's messages together."""
    merged = {field: list(messages) if isinstance(messages, list) else [messages]
              for field, messages in errors.items()}
    for more in (still_to_come_errors(adoption, timezone.localdate()),
                 schedule_adoption_errors(town, adoption, effective_from)):
        for field, messages in more.items():
            merged.setdefault(field, []).extend(messages)
    return merged


def schedule_adoption_errors(town: str, adoption: Adoption,
                             effective_from: dt.date) -> dict[str, list[str]]:
    """:func:`adoption_errors` of a new schedule version of ``town`` (nothing required of a
    town that has not declared notice and hearing), or else the dates given out of order."""
    section = notice_and_hearing_section(town)
    required = {} if section is None else adoption_errors(
        notice_on=adoption.notice_given_on, hearing_on=adoption.hearing_held_on,
        effective_from=effective_from, emergency=adoption.emergency, section=section)
    return required or order_errors(adoption, effective_from, section)
