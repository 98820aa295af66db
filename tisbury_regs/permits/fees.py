"""How the core prices Tisbury's permits whose fees follow special rules (BOH Regs 09.x).

Sandblasting and temporary food permits are priced by the kind of permit or
operator; septage handler and food service renewals carry a compliance
surcharge; food service permits have a non-profit waiver and late-year
pro-rating; the stable license fee is capped by statute. The arithmetic is
in pure functions below the permit kinds' hooks.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.enforcement.surcharge_record import RecordedEvent, past_year, recorded_events
from permits_site.licensing.declarations import (
    About,
    DeclaredField,
    DetailsInvalid,
    Holder,
    ParsedDetails,
    fact_field,
)
from permits_site.licensing.kinds import Blocker, HolderLink, QuoteRequest
from permits_site.rules.base import Fact, FactType
from permits_site.rules.calendar import key_date_on
from permits_site.rules.fees import (
    FeeLine,
    QuoteRefused,
    item,
    line_for,
    money,
    parse_quote_facts,
)
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain
from tisbury_regs.fines import (
    FOOD_SURCHARGES,
    SEPTAGE_SURCHARGES,
    SURCHARGE_EVENTS,
    SurchargeSchedule,
)
from tisbury_regs.law import cite
from tisbury_regs.permits import lead_paint
from tisbury_regs.permits.food import (
    EVENT_FIELDS,
    FOOD_SERVICE_DOCUMENTS,
    NON_PROFIT,
    event_term,
    is_non_profit,
    parse_event_details,
    sandblasting_term,
    schedule_event_inspection,
)
from tisbury_regs.permits.kinds import SEPTAGE_INSURANCE, TisburyPermitKind
from tisbury_regs.permits.system_care import SEPTAGE_HANDLER_CONDITIONS
from tisbury_regs.permits.waste import SEPTAGE_VEHICLES

FOOD_POLICY = cite("09.5, Policy Statements")
#: The choices of the sandblasting and temporary food questions as the form words them (each
#: code humanized), marked for the catalogues.
CHOICE_WORDS = (gettext_noop("Year round"), gettext_noop("Individual"),
                gettext_noop("Non profit"), gettext_noop("For profit"))
STABLE_FEE_CAP = Decimal("20.00")
#: Up to four horses are kept without a stable license (09.7.2).
STABLE_HORSES_UNLICENSED = 4
HORSES = Fact("horses", FactType.INTEGER, gettext_noop("How many horses will be kept?"),
              unit="horses", minimum=STABLE_HORSES_UNLICENSED + 1,
              help_text=explain(gettext_noop("The license is for more than %(horses)s horses "
                                             "(%(section)s)."),
                                horses=STABLE_HORSES_UNLICENSED, section=cite("09.7.2")))

# -- compliance surcharges (09.1.4, 09.5.1) ------------------------------------


@dataclass(frozen=True)
class SurchargeRecord:
    """The surcharge events an application's renewal is priced by, read from the record
    (:func:`~permits_site.enforcement.surcharge_record.recorded_events`). Only the
    application's own quote facts carry one: the public fee quote takes event codes, a
    clerk's preview, and JSON never makes this."""

    events: tuple[RecordedEvent, ...]


def compliance_surcharge(
    base: Decimal, events: tuple[str, ...], schedule: SurchargeSchedule,
    *, record: tuple[RecordedEvent, ...] = (),
) -> FeeLine | None:
    """Base × the **highest** level the past year's events reached, never their sum.

    "The applicable surcharges will be determined by the highest level of
    compliance effort required during the past year" (09.1.4, 09.5.1). Priced
    from the ``record``, the line names the records that set the level.
    """
    if not events:
        return None
    highest = max(events, key=lambda event: schedule.percents[event])
    percent = schedule.percents[highest]
    setting = [event for event in record if schedule.percents[event.code] == percent]
    grounds = named_grounds(setting) if setting else f" ({SURCHARGE_EVENTS[highest]})"
    return FeeLine(
        code="compliance_surcharge",
        description=f"Compliance surcharge, {percent}% of the base fee{grounds}"[:LINE_LENGTH],
        amount=money(base * percent / 100),
        citation=schedule.citation,
        percent=percent,
    )


#: An invoice line's description holds 200 characters.
LINE_LENGTH = 200


def named_grounds(setting: list[RecordedEvent]) -> str:
    """": citation #12 of March 2, 2026 — citation/order letter for critical violations",
    the first record that set the level, and how many more did."""
    first = setting[0]
    more = f" (and {len(setting) - 1} more)" if len(setting) > 1 else ""
    return f": {first.named} — {SURCHARGE_EVENTS[first.code]}{more}"


SURCHARGE_FACT = "surcharge_events"


def parse_surcharge_events(
    raw: Any, *, action: str, schedule: SurchargeSchedule
) -> tuple[str, ...]:
    """The event codes of a quote, or :class:`QuoteRefused` on ``surcharge_events``."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(event, str) for event in raw):
        raise QuoteRefused({"surcharge_events": "Give a list of event codes (JSON strings)."})
    unknown = [event for event in raw if event not in schedule.percents]
    if unknown:
        raise QuoteRefused({"surcharge_events": (
            f"Not on this permit's surcharge schedule ({schedule.citation}): "
            f"{', '.join(unknown)}. Choose from: {', '.join(schedule.percents)}."
        )})
    if raw and action != "renewal":
        raise QuoteRefused({"surcharge_events": (
            f"Compliance surcharges are assessed at the annual renewal ({schedule.citation}), "
            "not on a new permit."
        )})
    return tuple(raw)


# -- food service waiver and pro-rating (09.5, Policy Statements) ---------------


def non_profit_waiver_applies(
    *,
    non_profit: bool,
    sells_retail_products: bool,
    rents_kitchen_commercially: bool,
    occasional_benefit: bool,
) -> bool:
    """A non-profit pays no food establishment fee, unless it supplies retail products to
    the public or rents its residential licensed kitchen for commercial enterprise; an
    occasional benefit for a specific cause keeps the waiver even then.
    """
    commercial = sells_retail_products or rents_kitchen_commercially
    return non_profit and (occasional_benefit or not commercial)


def share_still_due(on: dt.date) -> int:
    """The percent of the annual fee due on ``on``: calendar quarters left, this one
    included, out of four (from October 1, 25)."""
    quarters_left = 4 - (on.month - 1) // 3
    return quarters_left * 25


def proration(base: Decimal, *, on: dt.date, waivers_open: dt.date) -> FeeLine | None:
    """A requested fee waiver, pro-rated quarterly from October 1; before then nothing.

    "Waivers ... will not be considered prior to October 1st in any given
    year. After October 1st waivers will be considered for pro-rating on a
    quarterly basis." It reduces the base fee only, never a surcharge.
    """
    if on < waivers_open:
        return None
    percent = share_still_due(on)
    return FeeLine(
        code="proration",
        description=f"Fee waiver pro-rated by quarter: {percent}% of the annual fee due",
        amount=money(base * percent / 100) - base,
        citation=FOOD_POLICY,
        percent=percent,
    )


def waiver_line(base: Decimal) -> FeeLine:
    return FeeLine(
        code="non_profit_waiver",
        description="Non-profit fee waiver",
        amount=-base,
        citation=FOOD_POLICY,
    )


# -- permit kinds ----------------------------------------------------------------


class DeclaredFactsKind(TisburyPermitKind):
    """A permit kind whose quote facts are declared once: the fee quote takes them, and the
    application asks them as fields of its own."""

    quote_facts: tuple[Fact, ...] = ()

    @property
    def extra_fields(self) -> tuple[DeclaredField, ...]:
        return tuple(fact_field(fact, answers_fact=False) for fact in self.quote_facts)

    def parse_quote_facts(self, facts: Mapping[str, Any], *, action: str) -> dict[str, Any]:
        return parse_quote_facts(facts, permit_type=self.code, facts=self.quote_facts)

    def application_quote_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The declared quote facts the application states."""
        return {
            fact.name: application.details[fact.name]
            for fact in self.quote_facts
            if fact.name in application.details
        }


class SandblastingKind(DeclaredFactsKind):
    """Year-round (single location, multiple jobs) or individual job (09.4.3): the
    application's seventeen items are the ``tisbury.sandblasting`` rule set's facts, whose
    completeness check holds the gate ``rules_met``."""

    code = "tisbury.sandblasting"
    holder = Holder.PERSON_OR_BUSINESS
    about = About.PROPERTY
    quote_facts = (
        Fact("variant", FactType.CHOICE, gettext_noop("Year-round permit or a single job?"),
             choices=("year_round", "individual"),
             help_text=gettext_noop("Year-round: one location, many jobs, for the calendar year; "
                                    "individual: one job, on its date (09.4.3).")),
    )
    term = sandblasting_term

    @property
    def extra_fields(self) -> tuple[DeclaredField, ...]:
        """The variant, and the building's age for the lead paint determination (09.4.6)."""
        return (*super().extra_fields, *lead_paint.FIELDS)

    def extra_blockers(self, application) -> list[Blocker]:
        """A pre-1978 building waits for its lead paint determination (09.4.6)."""
        return lead_paint.lead_blockers(application)

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        return [line_for(item(request.schedule, request.facts["variant"]), code=request.action)]

    def main_items(self, action: str) -> tuple[str, ...]:
        """The fee of the variant quoted: each has its own item (09.4.3)."""
        (variant,) = self.quote_facts
        return variant.choices


def _for_profit(facts: Mapping[str, Any]) -> bool:
    return facts.get("operator") == "for_profit"


def _for_profit_in_town(facts: Mapping[str, Any]) -> bool:
    return _for_profit(facts) and bool(facts.get("in_town"))


#: The fee items of a temporary food permit, by who runs it and from where (09.5.3).
TEMPORARY_FOOD_ITEMS = ("non_profit", "in_town_with_permit", "in_town_without_permit",
                        "out_of_town")


def temporary_food_item(*, operator: str, in_town: bool, has_valid_food_permit: bool) -> str:
    """The fee item of a temporary food permit (09.5.3)."""
    non_profit, with_permit, without_permit, out_of_town = TEMPORARY_FOOD_ITEMS
    if operator == "non_profit":
        return non_profit
    if not in_town:
        return out_of_town
    return with_permit if has_valid_food_permit else without_permit


class TemporaryFoodKind(DeclaredFactsKind):
    """A food service at an event, for the event's days; non-profits and in-town permit
    holders pay nothing, others by origin (09.5.3)."""

    code = "tisbury.temporary_food"
    holder = Holder.PERSON_OR_BUSINESS
    about = About.EVENT
    quote_facts = (
        Fact("operator", FactType.CHOICE, gettext_noop("Who runs the food service?"),
             choices=("non_profit", "for_profit")),
        Fact("in_town", FactType.BOOL, gettext_noop("Is the business based in Tisbury?"),
             condition=_for_profit, condition_text=gettext_noop("for-profit operators")),
        Fact("has_valid_food_permit", FactType.BOOL,
             gettext_noop("Does the business hold a valid Tisbury food permit?"),
             condition=_for_profit_in_town,
             condition_text=gettext_noop("for-profit operators in town")),
    )
    parse_details = parse_event_details
    term = event_term
    #: The Board inspects the temporary kitchen at the event (09.5.3).
    after_issue = schedule_event_inspection
    #: The event's days (09.5.3), not a license year.
    annual = None

    @property
    def extra_fields(self) -> tuple[DeclaredField, ...]:
        """The event (name, place, dates), then who runs the food service."""
        return (*EVENT_FIELDS, *super().extra_fields)

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        facts = request.facts
        code = temporary_food_item(
            operator=facts["operator"],
            in_town=bool(facts["in_town"]),
            has_valid_food_permit=bool(facts["has_valid_food_permit"]),
        )
        return [line_for(item(request.schedule, code), code=request.action)]

    def main_items(self, action: str) -> tuple[str, ...]:
        return TEMPORARY_FOOD_ITEMS


class SurchargedRenewalKind(DeclaredFactsKind):
    """The base fee, plus a compliance surcharge at renewal from ``surcharge_events``: an
    application's renewal reads them from the holder's record on the day it is invoiced,
    the public fee quote takes them as codes (a clerk's preview)."""

    surcharges: SurchargeSchedule
    review_panel = "tisbury_regs/surcharge_record_panel.html"

    def parse_quote_facts(self, facts: Mapping[str, Any], *, action: str) -> dict[str, Any]:
        errors: dict[str, list[str]] = {}
        if not isinstance(facts, Mapping):
            raise QuoteRefused({"non_field_errors": "Facts must be a JSON object."})
        other_facts = {name: value for name, value in facts.items() if name != SURCHARGE_FACT}
        parsed: dict[str, Any] = {}
        try:
            parsed = super().parse_quote_facts(other_facts, action=action)
        except QuoteRefused as refusal:
            errors.update(refusal.errors)
        raw = facts.get(SURCHARGE_FACT)
        from_record = isinstance(raw, SurchargeRecord)
        record = raw.events if from_record else ()
        codes = [event.code for event in record] if from_record else raw
        try:
            parsed[SURCHARGE_FACT] = parse_surcharge_events(
                codes, action=action, schedule=self.surcharges)
        except QuoteRefused as refusal:
            errors.update(refusal.errors)
        if errors:
            raise QuoteRefused(errors)
        return {**parsed, "surcharge_record": record}

    def application_quote_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The declared facts; at renewal, the surcharge events of the holder's record."""
        facts = super().application_quote_facts(application, on=on)
        if application.action == "renewal":
            facts[SURCHARGE_FACT] = SurchargeRecord(self.surcharge_record(application, on=on))
        return facts

    def surcharge_record(self, application, *, on: dt.date) -> tuple[RecordedEvent, ...]:
        """The past year's records of the holder business that are on this permit type's
        surcharge schedule (09.1.4, 09.5.1)."""
        if application.business is None:
            return ()
        return tuple(
            event for event in recorded_events(
                business=application.business, permit_type=application.permit_type, on=on,
                excluding=application)
            if event.code in self.surcharges.percents
        )

    def review_context(self, application, user) -> dict[str, Any]:
        """The clerk's preview of the surcharge: the records of the past year as of today,
        and the level they set."""
        if application.action != "renewal":
            return {}
        today = timezone.localdate()
        record = self.surcharge_record(application, on=today)
        return {"surcharge": {
            "events": [(event, SURCHARGE_EVENTS[event.code], self.surcharges.percents[event.code])
                       for event in record],
            "percent": max((self.surcharges.percents[event.code] for event in record),
                           default=0),
            "since": past_year(today)[0],
            "citation": self.surcharges.citation,
        }}

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        base = line_for(item(request.schedule, request.action))
        surcharge = compliance_surcharge(
            base.amount, request.facts[SURCHARGE_FACT], self.surcharges,
            record=request.facts["surcharge_record"],
        )
        return [base, surcharge] if surcharge else [base]


class SeptageHandlerKind(SurchargedRenewalKind):
    """A septage hauling business; proof of liability insurance is required (09.1.4)."""

    code = "tisbury.septage_handler"
    printed_conditions = SEPTAGE_HANDLER_CONDITIONS
    holder = Holder.BUSINESS
    about = About.BUSINESS
    documents = (SEPTAGE_INSURANCE,)
    surcharges = SEPTAGE_SURCHARGES
    #: The pump-out permits of each month are returned by the 15th of the next (09.6.2).
    holder_links = (
        HolderLink(gettext_noop("Monthly pump-out returns"), "tisbury_regs:my_pumpout_returns"),)

    @property
    def extra_fields(self) -> tuple[DeclaredField, ...]:
        """Its vehicles, listed and printed on the permit."""
        return (*super().extra_fields, SEPTAGE_VEHICLES)


class FoodServiceKind(SurchargedRenewalKind):
    """Surcharges (09.5.1), the non-profit waiver and late-year pro-rating (09.5), the
    certified food protection manager (09.5.2) and allergen-awareness certificates."""

    code = "tisbury.food_service"
    holder = Holder.BUSINESS
    about = About.BUSINESS
    documents = FOOD_SERVICE_DOCUMENTS
    surcharges = FOOD_SURCHARGES
    quote_facts = tuple(
        Fact(name, FactType.BOOL, label, default=False)
        for name, label in (
            ("non_profit",
             gettext_noop("Is the establishment run by a non-profit organization?")),
            ("sells_retail_products",
             gettext_noop("Does it supply retail products to the public?")),
            ("rents_kitchen_commercially", gettext_noop(
                "Does it rent its residential licensed kitchen for commercial enterprise?")),
            ("occasional_benefit",
             gettext_noop("Is this an occasional benefit for a specific cause?")),
            ("fee_waiver_requested", gettext_noop("Is a fee waiver requested?")),
        )
    )

    @property
    def extra_fields(self) -> tuple[DeclaredField, ...]:
        """The quote facts but ``non_profit``, which the holder business's kind answers."""
        return tuple(declared for declared in super().extra_fields
                     if declared.name != NON_PROFIT)

    def application_quote_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The application's answers, and whether its business is a non-profit
        organization (the waiver of 09.5, Policy Statements)."""
        return {**super().application_quote_facts(application, on=on),
                NON_PROFIT: is_non_profit(application.business)}

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        lines = super().price(request)
        base = lines[0].amount
        facts = request.facts
        if non_profit_waiver_applies(
            non_profit=facts["non_profit"],
            sells_retail_products=facts["sells_retail_products"],
            rents_kitchen_commercially=facts["rents_kitchen_commercially"],
            occasional_benefit=facts["occasional_benefit"],
        ):
            return [*lines, waiver_line(base)]
        if facts["fee_waiver_requested"]:
            opens = town_law("tisbury").key_dates["food_fee_waiver_opens"]
            prorated = proration(
                base, on=request.on,
                waivers_open=key_date_on(opens, request.on.year, request.calendar),
            )
            if prorated:
                lines.append(prorated)
        return lines


def too_few_horses(horses: Any) -> str | None:
    """09.7.2: the license is to "keep more than four (4) horses" — fewer need none."""
    if isinstance(horses, bool) or not isinstance(horses, int) or horses >= HORSES.minimum:
        return None
    return explain(gettext_noop("A stable license is for keeping more than %(unlicensed)s "
                                "horses (%(section)s, MGL c.111 §158); %(horses)s need no "
                                "license."),
                   unlicensed=STABLE_HORSES_UNLICENSED, section=cite("09.7.2"), horses=horses)


class StableLicenseKind(TisburyPermitKind):
    """The Selectmen's stable license (MGL c.111 §158, 09.7.2): a suitable person keeping
    more than four horses "in specified buildings or places" — the property."""

    code = "tisbury.stable"
    about = About.PROPERTY
    extra_fields = (fact_field(HORSES, answers_fact=False),)

    def parse_details(self, permit_type, raw: Any, *, action: str, applicant) -> ParsedDetails:
        """The declared fields; four horses or fewer are refused citing the section."""
        try:
            return super().parse_details(permit_type, raw, action=action, applicant=applicant)
        except DetailsInvalid as invalid:
            if isinstance(raw, Mapping) and (refusal := too_few_horses(raw.get(HORSES.name))):
                invalid.errors[HORSES.name] = [refusal]
            raise

    def validate_schedule(self, amounts: Mapping[str, Decimal]) -> dict[str, str]:
        """At most $20.00: "in no event shall any such fee be greater than twenty dollars"."""
        return {
            code: f"The stable license fee can be no more than ${STABLE_FEE_CAP} "
                  f"(${amount} entered) — {cite('09.7.2')}, MGL c.111 §158."
            for code, amount in amounts.items()
            if amount > STABLE_FEE_CAP
        }


KINDS = (
    SandblastingKind(),
    TemporaryFoodKind(),
    SeptageHandlerKind(),
    FoodServiceKind(),
    StableLicenseKind(),
)
