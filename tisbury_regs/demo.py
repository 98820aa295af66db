"""Tisbury's demo records for ``manage.py seed_demo``: a Board of Health of three members, so
that a waiver can be decided by a majority of the Board and signed by two of them (09.0.3); and
the demo resident, who runs a septage handler, licensed from the day of the seed — its first
monthly return (09.6.2) falls due after that month — and owns a metered well with its last
seasons' readings on file (09.3.1(4))."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from permits_site.accounts.demo import DEMO_PASSWORD, sample_upload
from permits_site.accounts.models import Role, User
from permits_site.accounts.staff_roles import grant_role
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, Permit, PermitType
from permits_site.licensing.services.applications import (
    approve_application,
    create_application,
    submit_application,
)
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from permits_site.parties.services import create_business, find_or_create_property
from permits_site.towns.models import Municipality
from tisbury_regs.catalogue import WELL_REGISTRATION_CODE
from tisbury_regs.models import WellSeason
from tisbury_regs.pumpout.services import HANDLER_PERMIT
from tisbury_regs.wells.services import record_reading
from tisbury_regs.zones.services import record_zone

#: A four-bedroom house inland: the well carries a sealed meter (09.3.1(4)).
METERED_WELL = {
    "use": "residential", "peak_gpm": 8, "continuous_gph_30min": 90, "elevation_ft": 25,
    "anti_siphon": False, "bedrooms": 4, "occupants": 6, "sealed_meter": True,
    "installed": True, "proven": True, "tested": True,
}

#: The Board's members beside ``board_member_tisbury`` (every town's demo staff has one of
#: each role): username, first and last name.
BOARD_MEMBERS = (
    ("board_member_tisbury_2", "Ellen", "Mayhew"),
    ("board_member_tisbury_3", "Samuel", "Norton"),
)


def board_of_health(resident: User) -> None:
    """Two more members of the Board of Health, given the role by the town's admin: "a
    majority of the Board" decides a waiver and it takes effect "when signed by at least two
    members of the Board" (09.0.3), which one member alone cannot show."""
    town = Municipality.objects.get(code="tisbury")
    admin = User.objects.get(username=f"{Role.ADMIN}_{town.code}")
    for username, first, last in BOARD_MEMBERS:
        member = User(username=username, first_name=first, last_name=last,
                      email=f"{username}@example.org", street_address="51 Spring Street",
                      city="Vineyard Haven", state="MA", postal_code="02568",
                      phone="508-555-0103")
        member.set_password(DEMO_PASSWORD)
        member.save()
        grant_role(municipality=town, user=member, role=Role.BOARD_MEMBER, acting_user=admin)


def pumpout_and_wells(resident: User) -> None:
    clerk = User.objects.get(username="clerk_tisbury")
    town = Municipality.objects.get(code="tisbury")
    home, _ = find_or_create_property(municipality=town, address="44 Lagoon Pond Road",
                                      acting_user=resident)
    # The resident never sends the zone: the Board's figures from the plan settle it (09.9.1).
    record_zone(place=home, acting_user=clerk, reason="Figures from the lot's septic plan",
                figures={"elevation_ft": 45, "water_distance_ft": 1800,
                         "share_below_percent": 0})
    handler = create_business(legal_name="Island Septic Services LLC", kind="llc",
                              mailing_address="7 State Road, Tisbury", acting_user=resident)
    _issued(create_application(
        applicant=resident, action="new", business=handler,
        permit_type=PermitType.objects.get(code=HANDLER_PERMIT),
        details={"vehicles": ["International 4300, MA plate 1234-AB"]}), clerk)
    well = _issued(create_application(
        applicant=resident, permit_type=PermitType.objects.get(code=WELL_REGISTRATION_CODE),
        action="new", place=home, facts=METERED_WELL), clerk)
    _readings(well, resident)


def _readings(well: Permit, owner: User) -> None:
    """The readings of the last three seasons whose windows have opened, in order."""
    today = timezone.localdate()
    seasons = [(WellSeason.FALL, dt.date(today.year - 1, 11, 10), 182_400),
               (WellSeason.SPRING, dt.date(today.year, 5, 10), 214_900),
               (WellSeason.FALL, dt.date(today.year, 11, 10), 268_300)]
    for season, read_on, gallons in seasons:
        if read_on <= today:
            record_reading(well=well, season=season, read_on=read_on, meter_gallons=gallons,
                           acting_user=owner)


def _issued(application: Application, clerk: User) -> Permit:
    """Documents accepted, submitted, paid at the counter, approved and issued."""
    for declared in kind_for(application.permit_type.code).documents:
        document = upload_document(application=application, uploaded_by=application.applicant,
                                   kind=declared.kind, upload=sample_upload(declared.kind))
        review_document(document=document, accepted=True, acting_user=clerk)
    submit_application(application=application, acting_user=application.applicant)
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="check", reference=f"DEMO-{application.pk}",
                   amount=invoice.total, acting_user=clerk)
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)
