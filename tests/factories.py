"""One factory for every model of the project, core and bylaw apps.

Each factory builds a valid row (``full_clean`` passes; ``tests/test_factories.py``
checks every model has one) with sensible related records: a North Andover dog
license application, a Northborough stable, a Tisbury disposal works variance.
Money is ``Decimal``; dates are the towns' local dates, so a test on a frozen
clock gets rows dated on its day. Towns and permit types are reference data from
the migrations: look them up with :func:`municipality` and :func:`permit_type`;
``MunicipalityFactory`` and ``PermitTypeFactory`` add new ones.

The factories write rows directly: the services that normally write them are
tested elsewhere, so a test can lay down a year of an office's work in seconds.
"""

import datetime as dt
import hashlib
from decimal import Decimal
from pathlib import Path

import factory
import time_machine
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from dogs.licenses.services import mailing_residence
from dogs.models import CaseDog, Dog, DogLicense, DogTag, Impoundment, KennelDog, PaperLicense
from permits_site.accounts.models import Membership, Role, User
from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import (
    Appeal,
    Case,
    CaseCharge,
    CaseHearing,
    Citation,
    CitationHearing,
    CourtDecision,
    CourtOutcome,
    FineItem,
    FineSchedule,
    HearingContinuance,
    Inspection,
    InspectionPhoto,
    Order,
    OrderRenewal,
    SurchargeClassification,
    Violation,
)
from permits_site.enforcement.services.inspections import place_of
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    Document,
    FeeItem,
    FeeSchedule,
    HearingAbutter,
    Invoice,
    InvoiceLine,
    NumberCounter,
    Payment,
    PaymentMethod,
    Permit,
    PermitHearing,
    PermitHearingContinuance,
    PermitType,
    ReviewDetermination,
    Variance,
    VarianceSignature,
)
from permits_site.notifications.models import Message, MessageKind, Preference
from permits_site.online_payments.models import (
    FlagKind,
    OnlineCheckout,
    PaymentFlag,
    PaymentOffice,
    WebhookEvent,
)
from permits_site.parties.models import Business, BusinessKind, BusinessMember, Property
from permits_site.towns.models import Closure, Municipality
from stables.models import (
    Horse,
    HorseBurialNotice,
    Occupancy,
    Stable,
    StableApplication,
    StableExpansion,
)
from stables.rules import HORSE_BURIAL
from tisbury_regs.models import SepticInspectionReport, SystemInspectorLicense

PASSWORD = "correct-horse-battery-staple"
#: Real files for uploads: a PDF certificate and a PNG image.
PDF = (Path(__file__).parent / "fixtures_files" / "rabies_certificate.pdf").read_bytes()
PNG = (Path(__file__).parent / "fixtures_files" / "rabies_certificate.png").read_bytes()


def municipality(code: str) -> Municipality:
    """Reference data comes from the migrations; look a town up by code."""
    return Municipality.objects.get(code=code)


def permit_type(code: str) -> PermitType:
    """A permit type the migrations seeded, by code."""
    return PermitType.objects.get(code=code)


def local(day: dt.date, hour: int = 12, minute: int = 0) -> dt.datetime:
    """A moment on ``day`` in the towns' time zone."""
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=timezone.get_default_timezone())


def on_day(day: dt.date, hour: int = 10):
    """The clock stopped at ``hour`` on ``day`` in the towns' time zone (a context manager)."""
    return time_machine.travel(local(day, hour), tick=False)


def _today() -> dt.date:
    return timezone.localdate()


def _in_days(days: int) -> factory.LazyFunction:
    return factory.LazyFunction(lambda: timezone.localdate() + dt.timedelta(days=days))


def _town(code: str) -> factory.LazyFunction:
    return factory.LazyFunction(lambda: municipality(code))


def _permit_type(code: str) -> factory.LazyFunction:
    return factory.LazyFunction(lambda: permit_type(code))


# -- people -----------------------------------------------------------------------------

class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"person{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.org")
    first_name = factory.Faker("first_name")
    last_name = factory.Faker("last_name")
    street_address = factory.Sequence(lambda n: f"{n} Main Street")
    city = "North Andover"
    postal_code = "01845"
    password = factory.LazyFunction(lambda: make_password(PASSWORD))


class MembershipFactory(factory.django.DjangoModelFactory):
    """A staff role in a town: a North Andover clerk unless told otherwise."""

    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    municipality = _town("north_andover")
    role = Role.CLERK


def staff(role: str, town: str = "north_andover", **fields) -> User:
    """A new person holding ``role`` in ``town``; ``fields`` go to the user."""
    user = UserFactory(**fields)
    MembershipFactory(user=user, municipality=municipality(town), role=role)
    return user


class BusinessFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Business

    legal_name = factory.Sequence(lambda n: f"Harbor Events {n} LLC")
    kind = BusinessKind.LLC
    mailing_address = "12 Water Street, Tisbury, MA 02568"
    created_by = factory.SubFactory(UserFactory)


class BusinessMemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = BusinessMember

    business = factory.SubFactory(BusinessFactory)
    user = factory.SubFactory(UserFactory)
    added_by = factory.SelfAttribute("business.created_by")


class PropertyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Property

    municipality = _town("north_andover")
    address = factory.Sequence(lambda n: f"{n} Elm Street")


# -- towns, permit types and fees -------------------------------------------------------

class MunicipalityFactory(factory.django.DjangoModelFactory):
    """A new town keeping a Monday–Friday week; the served towns are in the migrations."""

    class Meta:
        model = Municipality

    code = factory.Sequence(lambda n: f"exampleton_{n}")
    name = factory.Sequence(lambda n: f"Town of Exampleton {n}")
    business_weekdays = factory.LazyFunction(lambda: [0, 1, 2, 3, 4])


class ClosureFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Closure

    municipality = _town("north_andover")
    date = factory.Sequence(lambda n: timezone.localdate() + dt.timedelta(days=30 + n))
    reason = "Storm"
    created_by = factory.SubFactory(UserFactory)


class PermitTypeFactory(factory.django.DjangoModelFactory):
    """A new permit type of North Andover with no kind registered: a plain annual permit."""

    class Meta:
        model = PermitType

    code = factory.Sequence(lambda n: f"north_andover.test_permit_{n}")
    municipality = _town("north_andover")
    name = factory.Sequence(lambda n: f"Test Permit {n}")
    authority = "Town Clerk"
    term = "Valid through December 31 of the year issued"
    citation = "Test Bylaw §1"
    actions = factory.LazyFunction(lambda: ["new", "renewal"])
    number_prefix = "TP"


class FeeScheduleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FeeSchedule

    permit_type = factory.SubFactory(PermitTypeFactory)
    effective_from = factory.LazyFunction(_today)
    created_by = factory.SubFactory(UserFactory)


class FeeItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FeeItem

    schedule = factory.SubFactory(FeeScheduleFactory)
    code = factory.Sequence(lambda n: f"fee_{n}")
    description = "License fee"
    amount = Decimal("10.00")
    citation = "Test Bylaw §2"


class NumberCounterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = NumberCounter

    municipality = _town("north_andover")
    series = factory.Sequence(lambda n: f"north_andover.series_{n}")
    year = factory.LazyFunction(lambda: timezone.localdate().year)


# -- applications, permits and money ----------------------------------------------------

class ApplicationFactory(factory.django.DjangoModelFactory):
    """A draft application for a North Andover dog license unless told otherwise."""

    class Meta:
        model = Application

    permit_type = _permit_type("north_andover.dog_license")
    municipality = factory.SelfAttribute("permit_type.municipality")
    action = "new"
    applicant = factory.SubFactory(UserFactory)


class PermitFactory(factory.django.DjangoModelFactory):
    """An issued permit with one $10.00 fee line, numbered in its own test series."""

    class Meta:
        model = Permit

    application = factory.SubFactory(ApplicationFactory, status=ApplicationStatus.ISSUED)
    municipality = factory.SelfAttribute("application.municipality")
    permit_type = factory.SelfAttribute("application.permit_type")
    holder = factory.SelfAttribute("application.applicant")
    holder_name = factory.SelfAttribute("holder.display_name")
    sequence = factory.Sequence(lambda n: n + 1)
    number = factory.LazyAttribute(lambda permit: f"T-{permit.sequence}")
    year = factory.LazyAttribute(lambda permit: timezone.localtime(permit.issued_at).year)
    issued_at = factory.LazyFunction(timezone.now)
    valid_from = factory.LazyAttribute(lambda permit: timezone.localtime(permit.issued_at).date())
    valid_through = factory.LazyAttribute(
        lambda permit: permit.valid_from + dt.timedelta(days=364))
    fee_total = Decimal("10.00")
    fee_lines = factory.LazyAttribute(lambda permit: [{
        "code": permit.application.action, "description": "License fee",
        "amount": str(permit.fee_total), "citation": permit.permit_type.citation,
    }])
    issued_by = factory.SubFactory(UserFactory)


class InvoiceFactory(factory.django.DjangoModelFactory):
    """An open invoice in North Andover. ``created_at`` is set after saving: the model
    stamps it when the row is added."""

    class Meta:
        model = Invoice

    municipality = _town("north_andover")
    payer = factory.SubFactory(UserFactory)

    @classmethod
    def _create(cls, model_class, *args, created_at=None, **kwargs):
        invoice = super()._create(model_class, *args, **kwargs)
        if created_at is not None:
            model_class.objects.filter(pk=invoice.pk).update(created_at=created_at)
            invoice.created_at = created_at
        return invoice


class InvoiceLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = InvoiceLine

    invoice = factory.SubFactory(InvoiceFactory)
    code = "new"
    description = "License fee"
    amount = Decimal("10.00")
    citation = "Test §1"


class PaymentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Payment

    invoice = factory.SubFactory(InvoiceFactory)
    municipality = factory.SelfAttribute("invoice.municipality")
    method = PaymentMethod.CASH
    reference = factory.Sequence(lambda n: f"R-{n}")
    amount = Decimal("10.00")
    received_by = factory.SubFactory(UserFactory)
    received_at = factory.LazyFunction(timezone.now)


class DocumentFactory(factory.django.DjangoModelFactory):
    """A PDF a resident uploaded, waiting for review."""

    class Meta:
        model = Document

    municipality = _town("north_andover")
    owner = factory.SubFactory(UserFactory)
    kind = "rabies_certificate"
    file = factory.django.FileField(filename="rabies_certificate.pdf", data=PDF)
    original_name = "rabies_certificate.pdf"
    content_type = "application/pdf"
    size = len(PDF)
    sha256 = hashlib.sha256(PDF).hexdigest()
    valid_until = _in_days(365)
    uploaded_by = factory.SelfAttribute("owner")


class AuditEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AuditEntry

    actor = factory.SubFactory(UserFactory)
    municipality = _town("north_andover")
    action = "user.updated"
    subject = factory.SelfAttribute("actor")
    summary = "Contact details updated"


# -- variances, hearings and determinations ---------------------------------------------

class VarianceFactory(factory.django.DjangoModelFactory):
    """A requested waiver of the private well setback for a Tisbury disposal works
    (Tisbury BOH Reg 09.0.3)."""

    class Meta:
        model = Variance

    application = factory.SubFactory(
        ApplicationFactory, permit_type=_permit_type("tisbury.disposal_works"),
        status=ApplicationStatus.SUBMITTED)
    rule_ids = factory.LazyFunction(lambda: ["ti.9.7.6.private_well"])
    request_text = "The lot is too small to keep 150 feet from the neighbour's well."
    requested_by = factory.SelfAttribute("application.applicant")


class VarianceSignatureFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = VarianceSignature

    variance = factory.SubFactory(VarianceFactory)
    board_member = factory.LazyAttribute(lambda signature: staff(
        Role.BOARD_MEMBER, signature.variance.application.municipality.code))
    approve = True


class PermitHearingFactory(factory.django.DjangoModelFactory):
    """A hearing on a Northborough private stable, 14 days after the notices (§2.2)."""

    class Meta:
        model = PermitHearing

    application = factory.SubFactory(
        ApplicationFactory, permit_type=_permit_type("northborough.private_stable"),
        status=ApplicationStatus.SUBMITTED)
    notices_mailed_on = factory.LazyFunction(_today)
    hearing_date = factory.LazyAttribute(
        lambda hearing: hearing.notices_mailed_on + dt.timedelta(days=14))
    location = "Board of Health room, Town Hall, 63 Main Street"
    scheduled_by = factory.LazyAttribute(
        lambda hearing: staff(Role.CLERK, hearing.application.municipality.code))


class PermitHearingContinuanceFactory(factory.django.DjangoModelFactory):
    """A hearing continued at the hearing itself, a week on: the notice stands."""

    class Meta:
        model = PermitHearingContinuance

    hearing = factory.SubFactory(PermitHearingFactory)
    previous_date = factory.LazyAttribute(lambda continuance: continuance.hearing.hearing_date)
    hearing_date = factory.LazyAttribute(
        lambda continuance: continuance.previous_date + dt.timedelta(days=7))
    reason = "The applicant asked for time to bring the Conservation Commission's review."
    recorded_by = factory.LazyAttribute(
        lambda continuance: staff(Role.CLERK, continuance.hearing.application.municipality.code))


class HearingAbutterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HearingAbutter

    hearing = factory.SubFactory(PermitHearingFactory)
    name = factory.Faker("name")
    mailing_address = "3 Green Lane, Northborough MA 01532"
    certified_mail_number = factory.Sequence(lambda n: f"7019 0700 0000 {n:04d}")


class ReviewDeterminationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ReviewDetermination

    application = factory.SubFactory(ApplicationFactory, status=ApplicationStatus.UNDER_REVIEW)
    rule_id = "na.60.limits.review"
    acceptable = True
    note = "Seen on site: acceptable."
    decided_by = factory.LazyAttribute(
        lambda determination: staff(Role.CLERK, determination.application.municipality.code))


# -- enforcement ------------------------------------------------------------------------

class FineScheduleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FineSchedule

    municipality = _town("north_andover")
    effective_from = factory.LazyFunction(_today)
    created_by = factory.SubFactory(UserFactory)


class FineItemFactory(factory.django.DjangoModelFactory):
    """A fixed fine: $25, $50, then $100 (MGL c.40 §21D)."""

    class Meta:
        model = FineItem

    schedule = factory.SubFactory(FineScheduleFactory)
    offense = factory.Sequence(lambda n: f"offense_{n}")
    description = "Dog running at large"
    citation = "North Andover Code ch. 60, Restraint A"
    first_amount = Decimal("25.00")
    second_amount = Decimal("50.00")
    later_amount = Decimal("100.00")


class InspectionFactory(factory.django.DjangoModelFactory):
    """A scheduled sanitary inspection of a Northborough stable, at the place its permit or
    application is about, else at the town's property at its address, as scheduling does."""

    class Meta:
        model = Inspection

    municipality = _town("northborough")
    permit = None
    application = None
    address = factory.Sequence(lambda n: f"{n} Green Lane")
    place = factory.LazyAttribute(lambda inspection: place_of(
        inspection.municipality, permit=inspection.permit, application=inspection.application,
        address=inspection.address))
    check_code = "northborough.sanitary_inspection"
    scheduled_for = factory.LazyFunction(_today)
    inspector = factory.LazyAttribute(
        lambda inspection: staff(Role.INSPECTOR, inspection.municipality.code))
    created_by = factory.SelfAttribute("inspector")


class InspectionPhotoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = InspectionPhoto

    inspection = factory.SubFactory(InspectionFactory)
    file = factory.django.FileField(filename="photo.png", data=PNG)
    content_type = "image/png"
    caption = "Manure pile by the fence"
    sha256 = hashlib.sha256(PNG).hexdigest()


class CaseFactory(factory.django.DjangoModelFactory):
    """An open dog complaint in North Andover."""

    class Meta:
        model = Case

    municipality = _town("north_andover")
    case_type = "north_andover.dog_complaint"
    party_name = "A. Neighbour"
    address = "1 Main Street"
    complaint = "Dog at large"
    received_on = factory.LazyFunction(_today)
    opened_by = factory.SubFactory(UserFactory)


class ViolationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Violation

    case = factory.SubFactory(CaseFactory)
    municipality = factory.SelfAttribute("case.municipality")
    rule = "na.60.restraint"
    citation = "North Andover Code ch. 60, Restraint A"
    message = "The dog was off its owner's premises and not on a leash."
    found_on = factory.LazyFunction(_today)


class OrderFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Order

    case = factory.SubFactory(CaseFactory)
    text = "Keep the dog on a leash off the premises."
    citation = "North Andover Code ch. 60, Restraint A"
    issued_on = factory.LazyFunction(_today)
    comply_by = factory.LazyAttribute(lambda order: order.issued_on + dt.timedelta(days=14))
    issued_by = factory.SubFactory(UserFactory)


class OrderRenewalFactory(factory.django.DjangoModelFactory):
    """A restraint order renewed in writing for 30 more days (Temporary restraint A)."""

    class Meta:
        model = OrderRenewal

    order = factory.SubFactory(OrderFactory, ends_on=factory.LazyFunction(_today))
    renewed_on = factory.LazyFunction(_today)
    ends_on = factory.LazyAttribute(lambda renewal: renewal.renewed_on + dt.timedelta(days=30))
    renewed_by = factory.SubFactory(UserFactory)


class CitationFactory(factory.django.DjangoModelFactory):
    """A first offense of $50.00 on a dog complaint, with its invoice."""

    class Meta:
        model = Citation

    case = factory.SubFactory(CaseFactory)
    offense = "running_at_large"
    description = "Dog running at large"
    citation = "Chapter 60"
    offense_number = 1
    amount_per_offense = Decimal("50.00")
    issued_on = factory.LazyFunction(_today)
    invoice = factory.SubFactory(InvoiceFactory, municipality=factory.SelfAttribute(
        "..case.municipality"))
    issued_by = factory.SubFactory(UserFactory)


class CitationHearingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CitationHearing

    citation = factory.SubFactory(CitationFactory)
    requested_on = factory.LazyFunction(_today)
    requested_by = factory.SubFactory(UserFactory)


class CourtDecisionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CourtDecision

    citation = factory.SubFactory(CitationFactory)
    decided_on = factory.LazyFunction(_today)
    outcome = CourtOutcome.RESPONSIBLE
    recorded_by = factory.SubFactory(UserFactory)


class SurchargeClassificationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SurchargeClassification

    citation = factory.SubFactory(CitationFactory)
    reason = "No surcharge event."
    recorded_by = factory.SelfAttribute("citation.issued_by")


class CaseHearingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CaseHearing

    case = factory.SubFactory(CaseFactory)
    notice_sent_on = factory.LazyFunction(_today)
    hearing_date = factory.LazyAttribute(
        lambda hearing: hearing.notice_sent_on + dt.timedelta(days=14))
    scheduled_by = factory.SubFactory(UserFactory)


class HearingContinuanceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = HearingContinuance

    hearing = factory.SubFactory(CaseHearingFactory)
    previous_date = factory.LazyFunction(_today)
    previous_notice_sent_on = factory.LazyFunction(_today)
    hearing_date = factory.LazyAttribute(
        lambda continuance: continuance.previous_date + dt.timedelta(days=7))
    notice_sent_on = factory.LazyFunction(_today)
    reason = "The party asked for more time."
    recorded_by = factory.SubFactory(UserFactory)


class AppealFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Appeal

    case = factory.SubFactory(CaseFactory)
    filed_on = factory.LazyFunction(_today)
    grounds = "The dog was on a leash."
    recorded_by = factory.SubFactory(UserFactory)


class CaseChargeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CaseCharge

    case = factory.SubFactory(CaseFactory)
    invoice = factory.SubFactory(InvoiceFactory, municipality=factory.SelfAttribute(
        "..case.municipality"))


# -- messages and online payments -------------------------------------------------------

class MessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Message

    recipient = factory.SubFactory(UserFactory)
    email = factory.SelfAttribute("recipient.email")
    kind = MessageKind.SUBMITTED
    subject = "Application received"
    text = "We received your application."
    html = "<p>We received your application.</p>"
    dedupe_key = factory.Sequence(lambda n: f"test-message-{n}")


class PreferenceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Preference

    user = factory.SubFactory(UserFactory)


class PaymentOfficeFactory(factory.django.DjangoModelFactory):
    """A new town's counter (each town has at most one)."""

    class Meta:
        model = PaymentOffice

    municipality = factory.SubFactory(MunicipalityFactory)
    address = "120 Main Street"
    hours = "Monday–Friday, 8:00 a.m.–4:30 p.m."
    payee = factory.SelfAttribute("municipality.name")
    convenience_fee = Decimal("2.50")


class OnlineCheckoutFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OnlineCheckout

    invoice = factory.SubFactory(InvoiceFactory)
    municipality = factory.SelfAttribute("invoice.municipality")
    started_by = factory.SelfAttribute("invoice.payer")
    provider = "stripe"
    session_id = factory.Sequence(lambda n: f"cs_test_{n}")
    amount = Decimal("10.00")


class WebhookEventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = WebhookEvent

    municipality = _town("north_andover")
    provider = "stripe"
    event_id = factory.Sequence(lambda n: f"evt_test_{n}")
    kind = "checkout.session.completed"


class PaymentFlagFactory(factory.django.DjangoModelFactory):
    """A refund the provider reported, waiting for the Clerk."""

    class Meta:
        model = PaymentFlag

    checkout = factory.SubFactory(OnlineCheckoutFactory)
    event = factory.SubFactory(WebhookEventFactory, kind="charge.refunded",
                               municipality=factory.SelfAttribute("..checkout.municipality"))
    kind = FlagKind.REFUND
    amount = factory.SelfAttribute("checkout.amount")
    reason = "Refunded by the card processor."


# -- dogs (North Andover Code ch. 60) ---------------------------------------------------

class DogFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Dog

    owner = factory.SubFactory(UserFactory)
    residence = factory.LazyAttribute(lambda dog: mailing_residence(dog.owner,
                                                                    acting_user=dog.owner))
    name = factory.Sequence(lambda n: f"Rex{n}")
    breed = "Labrador Retriever"
    color = "Yellow"
    sex = "male"
    date_of_birth = dt.date(2022, 5, 1)
    spayed_neutered = True


class CaseDogFactory(factory.django.DjangoModelFactory):
    """The dog of the register a dangerous dog case is about (Dangerous B)."""

    class Meta:
        model = CaseDog

    case = factory.SubFactory(CaseFactory, case_type="north_andover.dangerous_dog")
    dog = factory.SubFactory(DogFactory)


class DogLicenseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DogLicense

    dog = factory.SubFactory(DogFactory)
    application = factory.SubFactory(ApplicationFactory,
                                     applicant=factory.SelfAttribute("..dog.owner"))
    license_year = factory.LazyFunction(lambda: timezone.localdate().year)


class DogTagFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DogTag

    permit = factory.SubFactory(PermitFactory)
    municipality = factory.SelfAttribute("permit.municipality")
    dog = factory.SubFactory(DogFactory, owner=factory.SelfAttribute("..permit.holder"))
    year = factory.SelfAttribute("permit.year")
    number = factory.Sequence(lambda n: n + 1)


class PaperLicenseFactory(factory.django.DjangoModelFactory):
    """Last year's license, issued on paper (Licenses A(8))."""

    class Meta:
        model = PaperLicense

    dog = factory.SubFactory(DogFactory)
    number = factory.Sequence(lambda n: f"NA-{n:04d}")
    year = factory.LazyFunction(lambda: timezone.localdate().year - 1)
    recorded_by = factory.SelfAttribute("dog.owner")
    recorded_on = factory.LazyFunction(_today)


class ImpoundmentFactory(factory.django.DjangoModelFactory):
    """A dog picked up by the Animal Control Officer today (Impoundment A)."""

    class Meta:
        model = Impoundment

    municipality = _town("north_andover")
    impounded_on = factory.LazyFunction(_today)
    description = "Brown terrier mix, male, red collar"
    found_at = "Main Street"
    recorded_by = factory.SubFactory(UserFactory)


# -- stables (Northborough Horse and Stable Regulations) ---------------------------------

class StableFactory(factory.django.DjangoModelFactory):
    """A stable on its keeper's own Northborough property (§2.2)."""

    class Meta:
        model = Stable

    municipality = _town("northborough")
    keeper = factory.SubFactory(UserFactory, city="Northborough", postal_code="01532")
    occupancy = Occupancy.OWNER
    property = factory.SubFactory(PropertyFactory,
                                  municipality=factory.SelfAttribute("..municipality"))


class StableApplicationFactory(factory.django.DjangoModelFactory):
    """A new private stable permit application with its §2.2 plan."""

    class Meta:
        model = StableApplication

    stable = factory.SubFactory(StableFactory)
    application = factory.SubFactory(
        ApplicationFactory, permit_type=_permit_type("northborough.private_stable"),
        applicant=factory.SelfAttribute("..stable.keeper"))
    occupancy = factory.SelfAttribute("stable.occupancy")
    layout = "One barn, two box stalls, wood frame on a concrete slab."
    water_and_wetlands = "No wetlands or wells within 200 feet."
    fencing = "Post and rail, 5 feet high, around a one-acre paddock."
    manure_and_feed_storage = "Covered manure bin behind the barn; feed in closed bins."
    animals = "Two horses."


class StableExpansionFactory(factory.django.DjangoModelFactory):
    """100 sq ft added since the stable's permit (§2.1)."""

    class Meta:
        model = StableExpansion

    stable = factory.SubFactory(StableFactory)
    since_permit = factory.SubFactory(
        PermitFactory, application__permit_type=_permit_type("northborough.private_stable"),
        application__applicant=factory.SelfAttribute("...stable.keeper"))
    area_sqft = Decimal("100.0")
    made_on = factory.LazyFunction(_today)
    recorded_by = factory.SelfAttribute("stable.keeper")


class HorseFactory(factory.django.DjangoModelFactory):
    """A horse kept at its owner's stable, with a current inoculation certificate (§3.2)."""

    class Meta:
        model = Horse

    stable = factory.SubFactory(StableFactory)
    owner = factory.SelfAttribute("stable.keeper")
    registration = factory.SubFactory(
        ApplicationFactory, permit_type=_permit_type("northborough.horse_registration"),
        applicant=factory.SelfAttribute("..owner"))
    name = factory.Sequence(lambda n: f"Dobbin {n}")
    description = "Bay gelding, 12 years, white blaze"
    certificate_dated = _in_days(-30)


class HorseBurialNoticeFactory(factory.django.DjangoModelFactory):
    """A compliant notice of a burial at the stable (§6.6), filed the day after it."""

    class Meta:
        model = HorseBurialNotice

    stable = factory.SubFactory(StableFactory)
    municipality = factory.SelfAttribute("stable.municipality")
    filed_by = factory.SelfAttribute("stable.keeper")
    horse = factory.SubFactory(HorseFactory, stable=factory.SelfAttribute("..stable"))
    site = "North corner of the back pasture"
    filed_on = factory.LazyFunction(_today)
    facts = factory.LazyAttribute(lambda notice: {
        "bottom_above_high_water_ft": 5, "cover_depth_ft": 6, "distance_to_lot_line_ft": 20,
        "distance_to_wetland_ft": 150, "distance_to_well_ft": 120,
        "burial_date": (notice.filed_on - dt.timedelta(days=1)).isoformat(),
        "notice_date": notice.filed_on.isoformat(),
    })
    findings = factory.LazyFunction(lambda: [
        {"rule": rule.id, "citation": rule.citation, "outcome": "passed",
         "message": rule.summary}
        for rule in HORSE_BURIAL.rules
    ])
    compliant = True



class KennelDogFactory(factory.django.DjangoModelFactory):
    """A dog listed on a kennel license, vaccinated through next year (Kennel license B(1))."""

    class Meta:
        model = KennelDog

    permit = factory.SubFactory(
        PermitFactory, application__permit_type=_permit_type("north_andover.kennel_license"))
    name = factory.Sequence(lambda n: f"Rex {n}")
    breed = "Beagle"
    rabies_valid_through = _in_days(365)
    reported_on = factory.LazyFunction(_today)
    recorded_by = factory.SelfAttribute("permit.holder")


# -- Tisbury septic inspections (BOH Reg 09.0.8(4)) ---------------------------------------

class SystemInspectorLicenseFactory(factory.django.DjangoModelFactory):
    """A system inspector licensed by Tisbury's admin for a year."""

    class Meta:
        model = SystemInspectorLicense

    municipality = _town("tisbury")
    user = factory.SubFactory(UserFactory)
    license_number = factory.Sequence(lambda n: f"SI-{n:04d}")
    expires_on = _in_days(365)
    granted_by = factory.SubFactory(UserFactory)
    granted_on = factory.LazyFunction(_today)


class SepticInspectionReportFactory(factory.django.DjangoModelFactory):
    """A passed inspection of a Tisbury property, filed the same day."""

    class Meta:
        model = SepticInspectionReport

    license = factory.SubFactory(SystemInspectorLicenseFactory)
    municipality = factory.SelfAttribute("license.municipality")
    property = factory.SubFactory(PropertyFactory,
                                  municipality=factory.SelfAttribute("..municipality"))
    inspector = factory.SelfAttribute("license.user")
    owner_name = "Olive Owner"
    inspected_on = factory.LazyFunction(_today)
    filed_on = factory.SelfAttribute("inspected_on")
    result = "passed"
    due_on = factory.LazyAttribute(lambda report: report.inspected_on + dt.timedelta(days=30))
    valid_through = factory.LazyAttribute(
        lambda report: report.inspected_on.replace(year=report.inspected_on.year + 2))


# -- Tisbury pump-out returns (BOH Reg 09.6.2) and well meter readings (09.3.1(4)) ---------

from tisbury_regs.models import (  # noqa: E402
    PumpoutJob,
    PumpoutReturn,
    SeasonalWellSchedule,
    WellMeterReading,
)

#: A well registration's recorded answers showing a sealed meter (09.3.1(4)).
METERED_WELL_FACTS = {"bedrooms": 4, "occupants": 6, "sealed_meter": True,
                      "installed": True, "proven": True, "tested": True}


def _first_of_last_month() -> dt.date:
    return (_today().replace(day=1) - dt.timedelta(days=1)).replace(day=1)


class SeptageHandlerPermitFactory(PermitFactory):
    """A Tisbury septage handler permit held by a business, from January 1 through
    December 31 of this year; the applicant is a member of the business."""

    class Meta:
        model = Permit
        skip_postgeneration_save = True

    application = factory.SubFactory(
        ApplicationFactory, status=ApplicationStatus.ISSUED,
        permit_type=_permit_type("tisbury.septage_handler"))
    holder_business = factory.SubFactory(BusinessFactory)
    holder_name = factory.SelfAttribute("holder_business.display_name")
    valid_from = factory.LazyFunction(lambda: _today().replace(month=1, day=1))
    valid_through = factory.LazyFunction(lambda: _today().replace(month=12, day=31))

    @factory.post_generation
    def member(permit, create, extracted, **kwargs):
        if create:
            BusinessMember.objects.get_or_create(
                business=permit.holder_business, user=permit.holder,
                defaults={"added_by": permit.holder_business.created_by})


class MeteredWellFactory(PermitFactory):
    """An issued Tisbury well registration whose answers show a sealed meter, open-ended."""

    class Meta:
        model = Permit

    application = factory.SubFactory(
        ApplicationFactory, status=ApplicationStatus.ISSUED,
        permit_type=_permit_type("tisbury.well_registration"),
        facts=factory.LazyFunction(lambda: dict(METERED_WELL_FACTS)))
    place = factory.SubFactory(PropertyFactory, municipality=_town("tisbury"))
    place_address = factory.LazyAttribute(lambda permit: permit.place.full_address)
    valid_through = dt.date.max


class PumpoutReturnFactory(factory.django.DjangoModelFactory):
    """Last month's return of a septage handler, filed today by a member."""

    class Meta:
        model = PumpoutReturn

    handler_permit = factory.SubFactory(SeptageHandlerPermitFactory)
    municipality = factory.SelfAttribute("handler_permit.municipality")
    handler = factory.SelfAttribute("handler_permit.holder_business")
    month = factory.LazyFunction(_first_of_last_month)
    due_on = factory.LazyAttribute(
        lambda filed: (filed.month + dt.timedelta(days=31)).replace(day=15))
    filed_on = factory.LazyFunction(_today)
    filed_by = factory.SelfAttribute("handler_permit.holder")


class PumpoutJobFactory(factory.django.DjangoModelFactory):
    """A 1,000-gallon pump-out on the 10th of the return's month."""

    class Meta:
        model = PumpoutJob

    pumpout_return = factory.SubFactory(PumpoutReturnFactory)
    permit_number = factory.Sequence(lambda n: f"PO-{n:05d}")
    address = factory.Sequence(lambda n: f"{n} Skiff Avenue, Tisbury")
    pumped_on = factory.LazyAttribute(lambda job: job.pumpout_return.month.replace(day=10))
    gallons = 1000


class SeasonalWellScheduleFactory(factory.django.DjangoModelFactory):
    """A seasonal home's readings in April and October of this year."""

    class Meta:
        model = SeasonalWellSchedule

    well = factory.SubFactory(MeteredWellFactory)
    year = factory.LazyFunction(lambda: _today().year)
    spring_from = factory.LazyAttribute(lambda schedule: dt.date(schedule.year, 4, 1))
    spring_through = factory.LazyAttribute(lambda schedule: dt.date(schedule.year, 4, 15))
    fall_from = factory.LazyAttribute(lambda schedule: dt.date(schedule.year, 10, 1))
    fall_through = factory.LazyAttribute(lambda schedule: dt.date(schedule.year, 10, 15))
    recorded_by = factory.SubFactory(UserFactory)


class WellMeterReadingFactory(factory.django.DjangoModelFactory):
    """A metered well's first reading, taken May 10 of last year."""

    class Meta:
        model = WellMeterReading

    well = factory.SubFactory(MeteredWellFactory)
    year = factory.LazyFunction(lambda: _today().year - 1)
    season = "spring"
    read_on = factory.LazyAttribute(lambda reading: dt.date(reading.year, 5, 10))
    meter_gallons = 120_000
    recorded_by = factory.SelfAttribute("well.holder")


# -- the Animal Control Officer's records (North Andover Code ch. 60, ACO B(2); Welfare) --

from dogs.models import (  # noqa: E402
    AnimalCall,
    BiteRecord,
    QuarantineOrder,
    VacatedPropertyReport,
)


class AnimalCallFactory(factory.django.DjangoModelFactory):
    """A call about a dog at large received an hour ago (ACO B(2))."""

    class Meta:
        model = AnimalCall

    municipality = _town("north_andover")
    received_at = factory.LazyFunction(lambda: timezone.now() - dt.timedelta(hours=1))
    kind = "at_large"
    caller_name = "Robin Caller"
    caller_contact = "978-555-0100"
    place = "Osgood Street by the common"
    animal = "Black Labrador, no collar"
    what_happened = "A dog running loose in the road."
    recorded_by = factory.SubFactory(UserFactory)


class BiteRecordFactory(factory.django.DjangoModelFactory):
    """A dog's bite yesterday, recorded by the officer (ACO B(2))."""

    class Meta:
        model = BiteRecord

    municipality = _town("north_andover")
    bitten_on = factory.LazyFunction(lambda: _today() - dt.timedelta(days=1))
    place = "Stevens Street playground"
    animal = "Brown shepherd mix"
    keeper = "Sam Keeper, 5 Stevens Street"
    victim_name = "Jordan Bitten"
    recorded_by = factory.SubFactory(UserFactory)


class QuarantineOrderFactory(factory.django.DjangoModelFactory):
    """The Animal Inspector's ten-day quarantine of the dog that bit (Welfare C)."""

    class Meta:
        model = QuarantineOrder

    bite = factory.SubFactory(BiteRecordFactory)
    issued_on = factory.SelfAttribute("bite.bitten_on")
    ends_on = factory.LazyAttribute(lambda order: order.bite.bitten_on + dt.timedelta(days=10))
    confined_at = "The keeper's house, 5 Stevens Street"
    served_to = "Sam Keeper"
    issued_by = factory.SubFactory(UserFactory)


class VacatedPropertyReportFactory(factory.django.DjangoModelFactory):
    """A foreclosed house known vacated today (Welfare G(1))."""

    class Meta:
        model = VacatedPropertyReport

    municipality = _town("north_andover")
    address = "40 Chickering Road"
    responsible_party = "Lakeside Bank, 978-555-0199"
    reason = "foreclosure"
    known_vacated_on = factory.LazyFunction(_today)
    inspect_by = factory.LazyFunction(lambda: _today() + dt.timedelta(days=3))
    recorded_by = factory.SubFactory(UserFactory)

# -- Impounded animals (North Andover Code ch. 60, Impoundment B, D, H) ------------------

class OwnerNoticeFactory(factory.django.DjangoModelFactory):
    """The officer telephoned the owner of an impounded animal today (Impoundment D)."""

    class Meta:
        model = "dogs.OwnerNotice"

    impoundment = factory.SubFactory(ImpoundmentFactory)
    method = "phone"
    notified_on = factory.LazyFunction(_today)
    person_reached = "Rita Reyes"
    recorded_by = factory.SelfAttribute("impoundment.recorded_by")


class FoundAnimalReportFactory(factory.django.DjangoModelFactory):
    """A finder's report of a stray cat, still open (Impoundment B)."""

    class Meta:
        model = "dogs.FoundAnimalReport"

    municipality = _town("north_andover")
    species = "cat"
    description = "Gray tabby"
    found_at = "12 Elm Street"
    finder_name = "Fay Finder"
    finder_contact = "978-555-0199"


class AdoptionCoriCheckFactory(factory.django.DjangoModelFactory):
    """A clear CORI check of one individual of an adopting household (Impoundment H)."""

    class Meta:
        model = "dogs.AdoptionCoriCheck"

    impoundment = factory.SubFactory(ImpoundmentFactory)
    person_name = "Pat Doe"
    checked_on = factory.LazyFunction(_today)
    result = "clear"
    recorded_by = factory.SelfAttribute("impoundment.recorded_by")


# -- North Andover: tag exemptions, the Collector's list, kennel review parties ----------

from dogs.models import (  # noqa: E402
    CollectorReferral,
    KennelInterestedParty,
    TagExemption,
    TagExemptionReason,
)


class TagExemptionFactory(factory.django.DjangoModelFactory):
    """A dog's tag exemption for a one-day dog show on its license (Licenses A(6)(a))."""

    class Meta:
        model = TagExemption

    permit = factory.SubFactory(PermitFactory)
    dog = factory.SubFactory(DogFactory, owner=factory.SelfAttribute("..permit.holder"))
    reason = TagExemptionReason.DOG_EVENT
    explanation = "Obedience trial, Essex County Kennel Club"
    keeper = factory.SelfAttribute("permit.holder_name")
    starts_on = factory.LazyFunction(_today)
    ends_on = factory.LazyFunction(_today)
    recorded_by = factory.SubFactory(UserFactory)


class CollectorReferralFactory(factory.django.DjangoModelFactory):
    """An unpaid license invoice with its late fee, sent to the Collector today."""

    class Meta:
        model = CollectorReferral

    invoice = factory.SubFactory(InvoiceFactory)
    license_fee = Decimal("10.00")
    late_fee = Decimal("25.00")
    sent_on = factory.LazyFunction(_today)
    sent_by = factory.SubFactory(UserFactory)


class KennelInterestedPartyFactory(factory.django.DjangoModelFactory):
    """An abutter named on a kennel review (Kennel license B(5))."""

    class Meta:
        model = KennelInterestedParty

    case = factory.SubFactory(CaseFactory, case_type="north_andover.kennel_review")
    role = "abutter"
    name = factory.Sequence(lambda n: f"Abutter {n}")
    mailing_address = "12 Main Street, North Andover, MA 01845"
    recorded_by = factory.SubFactory(UserFactory)


from tisbury_regs.models import CoastalDistrictDefinition, ZoneRecord  # noqa: E402


class CoastalDistrictDefinitionFactory(factory.django.DjangoModelFactory):
    """An amendment of 09.9.2's list in force from next year (09.0.4)."""

    class Meta:
        model = CoastalDistrictDefinition

    effective_from = factory.Sequence(lambda n: dt.date(_today().year + 1 + n, 1, 1))
    barrier_beach_lots = factory.LazyFunction(lambda: ["29-A-1 through 5"])
    partial_lots = factory.LazyFunction(lambda: ["30-C-1"])
    elevation_ft = Decimal("20")
    water_distance_ft = Decimal("500")
    slope_crest_ft = Decimal("100")
    share_below_percent = Decimal("50")
    note = "Board vote amending 09.9.2"


class ZoneRecordFactory(factory.django.DjangoModelFactory):
    """The Board's determination that a Tisbury place is in the Coastal District."""

    class Meta:
        model = ZoneRecord

    property = factory.SubFactory(PropertyFactory, municipality=_town("tisbury"))
    zone = "coastal_district"
    reason = "Determined from the plan"
    recorded_by = factory.SubFactory(UserFactory)


def tisbury_place(owner, zone: str, *, address: str = "12 Beach Road", parcel: str = ""):
    """A Tisbury place its owner recorded, whose zone the Board has determined (09.9.1)."""
    from permits_site.parties.services import find_or_create_property

    place, _created = find_or_create_property(municipality=municipality("tisbury"),
                                              address=address, parcel=parcel,
                                              acting_user=owner)
    ZoneRecordFactory(property=place, zone=zone)
    return place


from tisbury_regs.models import PublicMainRecord  # noqa: E402


class PublicMainRecordFactory(factory.django.DjangoModelFactory):
    """The clerk's record that a Tisbury place can reach the public water main."""

    class Meta:
        model = PublicMainRecord

    property = factory.SubFactory(PropertyFactory, municipality=_town("tisbury"))
    reachable = True
    reason = "The main runs in the street"
    recorded_by = factory.SubFactory(UserFactory)


# -- a property's owners of record; inspections the record requires (Tisbury BOH Reg
# 09.0.8(4), (5)) and tank leak tests (09.4.7) ------------------------------------------

from permits_site.parties.models import PropertyOwner  # noqa: E402
from tisbury_regs.models import SystemInspectionTrigger, TankLeakTest  # noqa: E402


class PropertyOwnerFactory(factory.django.DjangoModelFactory):
    """An owner of record entered from the deed, without an account."""

    class Meta:
        model = PropertyOwner

    property = factory.SubFactory(PropertyFactory)
    name = "Olive Owner"
    mailing_address = "9 Beach Road, Tisbury, MA 02568"
    source = "deed"
    reference = "Book 1234, Page 56"
    recorded_by = factory.SubFactory(UserFactory)
    recorded_on = factory.LazyFunction(_today)


class SystemInspectionTriggerFactory(factory.django.DjangoModelFactory):
    """A change of use recorded today on a Tisbury property, inspection due in 30 days."""

    class Meta:
        model = SystemInspectionTrigger

    municipality = _town("tisbury")
    property = factory.SubFactory(PropertyFactory,
                                  municipality=factory.SelfAttribute("..municipality"))
    reason = "change_of_use"
    occurred_on = factory.LazyFunction(_today)
    due_on = factory.LazyAttribute(lambda trigger: trigger.occurred_on + dt.timedelta(days=30))
    recorded_by = factory.SubFactory(UserFactory)
    recorded_on = factory.LazyFunction(_today)


class TankLeakTestFactory(factory.django.DjangoModelFactory):
    """A passed leak test recorded today on an order."""

    class Meta:
        model = TankLeakTest

    order = factory.SubFactory(OrderFactory)
    tested_on = factory.LazyFunction(_today)
    tester = "Cape Tank Testing Inc."
    result = "passed"
    recorded_by = factory.SubFactory(UserFactory)
    recorded_on = factory.LazyFunction(_today)


# -- Tisbury spill reports (09.9.6(3)e) -----------------------------------------------------

from tisbury_regs.models import SpillReport  # noqa: E402


class SpillReportFactory(factory.django.DjangoModelFactory):
    """A heating oil spill reported this morning at a Tisbury property."""

    class Meta:
        model = SpillReport

    municipality = _town("tisbury")
    property = factory.SubFactory(PropertyFactory, municipality=_town("tisbury"))
    reported_by = "Pat Neighbor"
    substance = "Heating oil"
    quantity = "about 5 gallons"
    reported_at = factory.LazyFunction(timezone.now)
    action_taken = "Contained with absorbent pads; recovered by a licensed hauler."
    recorded_by = factory.SubFactory(UserFactory)
