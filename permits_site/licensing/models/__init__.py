"""The shared permit core: permit types, applications, permits, fees and money.

Bylaw apps never define fee, payment, audit or permit tables of their own:
they link typed details (a Dog, a Stable) to these records. One module per
concern; everything is importable from here, as Django expects of ``models``.
Towns and their calendars live in ``permits_site.towns``, the audit log in
``permits_site.audit``.
"""

from permits_site.licensing.models.applications import (
    OPEN_STATUSES,
    Application,
    ApplicationStatus,
    Document,
    DocumentStatus,
    ReviewDetermination,
    document_path,
)
from permits_site.licensing.models.hearings import (
    AbutterRelation,
    HearingAbutter,
    PermitHearing,
    PermitHearingContinuance,
)
from permits_site.licensing.models.money import (
    Invoice,
    InvoiceLine,
    InvoiceStatus,
    Payment,
    PaymentMethod,
)
from permits_site.licensing.models.permit_types import (
    PermitType,
)
from permits_site.licensing.models.permits import (
    OPEN_ENDED,
    NumberCounter,
    Permit,
    PermitStatus,
    new_verification_token,
)
from permits_site.licensing.models.schedules import (
    MONEY,
    EffectiveDatedVersion,
    FeeItem,
    FeeSchedule,
)
from permits_site.licensing.models.variances import (
    Variance,
    VarianceSignature,
    VarianceStatus,
)

__all__ = [
    "PermitType",
    "MONEY",
    "EffectiveDatedVersion",
    "FeeSchedule",
    "FeeItem",
    "ApplicationStatus",
    "OPEN_STATUSES",
    "Application",
    "DocumentStatus",
    "document_path",
    "Document",
    "ReviewDetermination",
    "OPEN_ENDED",
    "PermitStatus",
    "new_verification_token",
    "Permit",
    "NumberCounter",
    "InvoiceStatus",
    "Invoice",
    "InvoiceLine",
    "PaymentMethod",
    "Payment",
    "VarianceStatus",
    "Variance",
    "VarianceSignature",
    "PermitHearing",
    "PermitHearingContinuance",
    "AbutterRelation",
    "HearingAbutter",
]
