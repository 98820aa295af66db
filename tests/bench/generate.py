"""Bench data at a town's volume, written with ``bulk_create`` (issue 13).

``BENCH_SCALE=small`` (default) makes a tenth of a town; ``BENCH_SCALE=full`` makes
5,000 dogs with their licenses, 500 stable and 500 Tisbury permits, 2,000 cases with
their citations and a year of payments. Records are written directly (no services, no
audit entries): the bench measures reading them, not making them.

``paid_renewals`` is the exception: the renewal season times issuing, so its applications
are made the way a resident and the clerk make them, through the services (a license for
the year before, then the renewal submitted, quoted, its rabies proof accepted and paid):
50 at ``small``, 500 at ``full``, or ``BENCH_RENEWALS``.

Run through ``tests/bench/run.py``, which points Django at a scratch database first.
"""

from __future__ import annotations

import datetime as dt
import os
import random
from decimal import Decimal
from pathlib import Path

SCALES = {
    "small": {"dogs": 500, "stables": 50, "tisbury": 50, "cases": 200},
    "full": {"dogs": 5000, "stables": 500, "tisbury": 500, "cases": 2000},
}
RENEWALS = {"small": 50, "full": 500}
DOG_TAG_SERIES = "north_andover.dog_tag"  # the series dogs.licenses.kinds takes tag numbers from
BATCH = 500
YEAR = 2027
#: When the renewals are applied for and issued: before the due date, as in the tests.
RENEWAL_DAY = dt.datetime(YEAR, 2, 10, 15, tzinfo=dt.UTC)
RABIES_PNG = Path(__file__).resolve().parent.parent / "fixtures_files" / "rabies_certificate.png"


def scale() -> dict[str, int]:
    name = os.environ.get("BENCH_SCALE", "small")
    if name not in SCALES:
        raise SystemExit(f"BENCH_SCALE must be one of {', '.join(SCALES)}, not {name!r}.")
    return SCALES[name]


def renewal_count() -> int:
    """How many renewals the renewal season issues: ``BENCH_RENEWALS``, else by scale."""
    if os.environ.get("BENCH_RENEWALS"):
        return int(os.environ["BENCH_RENEWALS"])
    return RENEWALS[os.environ.get("BENCH_SCALE", "small")]


def generate(
    counts: dict[str, int] | None = None, *, seed: int = 13, prefix: str = ""
) -> dict[str, object]:
    """Write the records; return the staff users the bench signs in as.

    Called again with another ``prefix``, it adds as many records again (the bench
    measures each list at a tenth of the scale, then at the scale).
    """
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.utils import timezone

    from dogs.models import Dog, DogLicense, DogTag
    from permits_site.accounts.models import Membership, Role, User
    from permits_site.enforcement.models import Case, Citation, Inspection
    from permits_site.licensing.models import (
        Application,
        ApplicationStatus,
        Invoice,
        InvoiceLine,
        Payment,
        Permit,
        PermitStatus,
        PermitType,
    )
    from permits_site.parties.models import Property
    from permits_site.towns.models import Municipality

    counts = counts or scale()
    rng = random.Random(seed)
    password = make_password("bench-password-not-secret")
    towns = {town.code: town for town in Municipality.objects.all()}
    first_type = {
        code: PermitType.objects.filter(municipality=town).order_by("code").first()
        for code, town in towns.items()
    }
    dog_type = PermitType.objects.filter(code__contains="dog").order_by("code").first() \
        or first_type["north_andover"]
    stable_type = PermitType.objects.filter(code__contains="stable").order_by("code").first() \
        or first_type["northborough"]
    tisbury_type = first_type["tisbury"]
    start = dt.datetime(YEAR, 1, 1, 9, tzinfo=dt.UTC)

    def spread(i: int, n: int) -> dt.datetime:
        """The i-th of n moments spread over a year."""
        return start + dt.timedelta(minutes=int(i * 525_600 / max(n, 1)))

    with transaction.atomic():
        staff = {}
        for role, town in [(Role.CLERK, "north_andover"), (Role.CLERK, "northborough"),
                           (Role.INSPECTOR, "northborough"), (Role.ADMIN, "north_andover"),
                           (Role.CLERK, "tisbury"), (Role.INSPECTOR, "tisbury"),
                           (Role.ANIMAL_CONTROL_OFFICER, "north_andover"),
                           (Role.HEARING_AUTHORITY, "north_andover"),
                           (Role.BOARD_MEMBER, "northborough")]:
            user, created = User.objects.get_or_create(
                username=f"bench_{role}_{town}",
                defaults={"password": password, "email": f"bench_{role}_{town}@example.org",
                          "first_name": "Bench", "last_name": role.title()})
            if created:
                Membership.objects.create(user=user, municipality=towns[town], role=role)
            staff[(role, town)] = user
        clerk = staff[(Role.CLERK, "north_andover")]

        people = counts["dogs"] + counts["stables"] + counts["tisbury"]
        users = User.objects.bulk_create(
            [User(username=f"{prefix}resident{i}", email=f"{prefix}resident{i}@example.org",
                  password=password, first_name="Res", last_name=f"Ident{i}",
                  street_address=f"{prefix}{i} Main Street", city="North Andover",
                  postal_code="01845") for i in range(people)],
            batch_size=BATCH,
        )

        def places(town, offset, n):
            return Property.objects.bulk_create(
                [Property(municipality=town, address=f"{prefix}{offset + i} Main Street",
                          normalised_address=f"{prefix}{offset + i} main st") for i in range(n)],
                batch_size=BATCH,
            )

        n_dogs, n_st, n_ti = counts["dogs"], counts["stables"], counts["tisbury"]
        na_places = places(towns["north_andover"], 0, n_dogs)
        nb_places = places(towns["northborough"], 0, n_st)
        ti_places = places(towns["tisbury"], 0, n_ti)
        dogs = Dog.objects.bulk_create(
            [Dog(owner=users[i], residence=na_places[i], name=f"Dog{i}", breed="Beagle",
                 color="Tricolor", sex="female" if i % 2 else "male",
                 date_of_birth=dt.date(2020, 1 + i % 12, 1), spayed_neutered=bool(i % 3))
             for i in range(n_dogs)],
            batch_size=BATCH,
        )

        def applications(permit_type, applicants, places_, n):
            """Nine in ten issued, the rest waiting for the clerk."""
            return Application.objects.bulk_create(
                [Application(municipality=permit_type.municipality, permit_type=permit_type,
                             action="new", applicant=applicants[i], place=places_[i],
                             status=ApplicationStatus.ISSUED if i % 10 else
                             ApplicationStatus.SUBMITTED)
                 for i in range(n)],
                batch_size=BATCH,
            )

        dog_apps = applications(dog_type, users, na_places, n_dogs)
        DogLicense.objects.bulk_create(
            [DogLicense(application=app, dog=dogs[i], license_year=YEAR)
             for i, app in enumerate(dog_apps)], batch_size=BATCH)
        stable_apps = applications(stable_type, users[n_dogs:], nb_places, n_st)
        tisbury_apps = applications(tisbury_type, users[n_dogs + n_st:], ti_places, n_ti)
        all_apps = dog_apps + stable_apps + tisbury_apps

        invoices = Invoice.objects.bulk_create(
            [Invoice(municipality=app.municipality, application=app, payer=app.applicant,
                     status="paid" if app.status == ApplicationStatus.ISSUED else "open",
                     paid_at=spread(i, len(all_apps))
                     if app.status == ApplicationStatus.ISSUED else None)
             for i, app in enumerate(all_apps)], batch_size=BATCH)
        InvoiceLine.objects.bulk_create(
            [InvoiceLine(invoice=invoice, code="license", description="License fee",
                         amount=Decimal("15.00"), citation="bench")
             for invoice in invoices], batch_size=BATCH)
        Payment.objects.bulk_create(
            [Payment(invoice=invoice, municipality=invoice.municipality, method="cash",
                     reference=f"BENCH-{prefix}{i}", amount=Decimal("15.00"), received_by=clerk,
                     received_at=invoice.paid_at)
             for i, invoice in enumerate(invoices) if invoice.paid_at], batch_size=BATCH)

        issued = [app for app in all_apps if app.status == ApplicationStatus.ISSUED]
        permits = Permit.objects.bulk_create(
            [Permit(number=f"B{prefix}-{YEAR}-{i:05d}",
                    sequence=i + 1 + (100_000 if prefix else 0), year=YEAR,
                    municipality=app.municipality, permit_type=app.permit_type, application=app,
                    holder=app.applicant, holder_name=f"Res Ident{i}",
                    holder_address=f"{i} Main Street", place=app.place,
                    place_address=app.place.address, valid_from=dt.date(YEAR, 1, 1),
                    valid_through=dt.date(YEAR, 12, 31), status=PermitStatus.ACTIVE,
                    fee_total=Decimal("15.00"), issued_at=spread(i, len(issued)),
                    issued_by=clerk)
             for i, app in enumerate(issued)], batch_size=BATCH)
        dog_of = {dog_apps[i].pk: dogs[i] for i in range(n_dogs)}
        tags = DogTag.objects.bulk_create(
            [DogTag(municipality=permit.municipality, permit=permit,
                    dog=dog_of[permit.application_id], year=YEAR,
                    number=i + 1 + (100_000 if prefix else 0))
             for i, permit in enumerate(p for p in permits if p.application_id in dog_of)],
            batch_size=BATCH)

        _continue_number_series(permits, tags)

        inspector = staff[(Role.INSPECTOR, "northborough")]
        stable_permits = [p for p in permits if p.permit_type_id == stable_type.pk]
        n_cases = counts["cases"]
        inspections = Inspection.objects.bulk_create(
            [Inspection(municipality=towns["northborough"],
                        permit=stable_permits[i % len(stable_permits)] if stable_permits
                        else None, address=f"{i} Main Street", check_code=stable_type.code
                        if "." in stable_type.code else "northborough.private_stable",
                        scheduled_for=(start + dt.timedelta(days=i % 365)).date(),
                        inspector=inspector, created_by=inspector)
             for i in range(n_cases // 2)], batch_size=BATCH)
        cases = Case.objects.bulk_create(
            [Case(municipality=towns["northborough"], case_type="nuisance",
                  party=users[i % len(users)], party_name=f"Res Ident{i}",
                  address=f"{i} Main Street", complaint="Manure pile near the brook.",
                  received_on=(start + dt.timedelta(days=i % 365)).date(),
                  inspection=inspections[i % len(inspections)] if inspections else None,
                  opened_by=inspector)
             for i in range(n_cases)], batch_size=BATCH)
        Citation.objects.bulk_create(
            [Citation(case=case, offense="bench", description="Manure storage",
                      citation="Northborough Horse & Stable Regs §6", offense_number=1,
                      amount_per_offense=Decimal("50.00"),
                      issued_on=case.received_on + dt.timedelta(days=rng.randint(1, 20)),
                      issued_by=inspector)
             for case in cases], batch_size=BATCH)
    del timezone
    return {"staff": staff, "clerk": clerk, "inspector": inspector,
            "counts": dict(counts), "permits": len(permits)}


def _continue_number_series(permits, tags) -> None:
    """Move the number counters past the numbers written directly, as issuing would have:
    a license issued later through the services takes the next number and tag, not one
    already used."""
    from permits_site.licensing.models import NumberCounter

    last: dict[tuple[int, str], int] = {}
    for permit in permits:
        key = (permit.municipality_id, permit.permit_type.code)
        last[key] = max(last.get(key, 0), permit.sequence)
    for tag in tags:
        key = (tag.municipality_id, DOG_TAG_SERIES)
        last[key] = max(last.get(key, 0), tag.number)
    for (town_id, series), number in last.items():
        counter, _created = NumberCounter.objects.get_or_create(
            municipality_id=town_id, series=series, year=YEAR)
        if counter.last < number:
            NumberCounter.objects.filter(pk=counter.pk).update(last=number)


def paid_renewals(count: int, *, clerk, prefix: str = "season") -> list[int]:
    """``count`` dogs, each licensed for ``YEAR - 1`` and with a ``YEAR`` renewal submitted,
    quoted, its rabies proof accepted and paid, through the services a resident and the
    clerk use (as ``tests/dogs/test_bulk_issue.py`` makes them); returns the renewals' ids.

    No PDF is rendered for last year's licenses (the task backend is a dummy meanwhile):
    only the renewal season's own issuing is timed, and it renders its PDFs.
    """
    import time_machine
    from django.contrib.auth.hashers import make_password
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import override_settings

    from dogs.licenses.services import apply_for_dog_license, register_dog
    from permits_site.accounts.models import User
    from permits_site.licensing.services.applications import (
        approve_application,
        submit_application,
    )
    from permits_site.licensing.services.documents import review_document, upload_document
    from permits_site.licensing.services.payments import record_payment
    from permits_site.licensing.services.permits import issue_permit

    png = RABIES_PNG.read_bytes()
    password = make_password("bench-password-not-secret")

    def paid(application, owner, reference: str) -> None:
        document = upload_document(
            application=application, uploaded_by=owner, kind="rabies_certificate",
            upload=SimpleUploadedFile("rabies.png", png, content_type="image/png"),
            valid_until=dt.date(YEAR + 2, 1, 1))
        submit_application(application=application, acting_user=owner)
        review_document(document=document, accepted=True, acting_user=clerk)
        invoice = application.invoices.get()
        record_payment(invoice=invoice, method="cash", reference=reference,
                       amount=invoice.total, acting_user=clerk)

    dogs = []
    no_pdfs = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
    with override_settings(TASKS=no_pdfs), \
            time_machine.travel(dt.datetime(YEAR - 1, 3, 10, 15, tzinfo=dt.UTC)):
        for i in range(count):
            owner = User.objects.create(
                username=f"{prefix}owner{i}", email=f"{prefix}owner{i}@example.org",
                password=password, first_name="Season", last_name=f"Owner{i}",
                street_address=f"{i + 1} Season Lane", city="North Andover",
                postal_code="01845")
            dog = register_dog(owner=owner, acting_user=owner, name=f"Renewer{i}",
                               breed="Beagle", color="Tricolor", sex="female" if i % 2 else "male",
                               date_of_birth=dt.date(YEAR - 5, 1 + i % 12, 1),
                               spayed_neutered=True)
            application = apply_for_dog_license(applicant=owner, dog=dog, action="new",
                                                license_year=YEAR - 1,
                                                acquired_on=dt.date(YEAR - 1, 3, 1))
            paid(application, owner, f"{prefix}-{YEAR - 1}-{i}")
            approve_application(application=application, acting_user=clerk)
            issue_permit(application=application, acting_user=clerk)
            dogs.append(dog)
    renewals = []
    with time_machine.travel(RENEWAL_DAY):
        for i, dog in enumerate(dogs):
            application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                                license_year=YEAR)
            paid(application, dog.owner, f"{prefix}-{YEAR}-{i}")
            renewals.append(application.pk)
    return renewals
