"""The interested parties of a kennel review hearing and their letters (North Andover Code
ch. 60, Kennel license B(5)).

"The hearing authority will notify all interested parties of a public hearing": the kennel
licensee is one from the report on; the abutters and any complainant are named on the review
by the Animal Control Officer, the hearing authority or the Town Clerk before the notice is
sent. Once the notice date is recorded, each party has its letter of the hearing (one page
each in one PDF), dated with the notice. Once the hearing is continued, the letter is the
continuance's, dated with its notice: the new day, hour and place and the ones they replace.
Only the licensee may have an e-mail address on the site (the core's notice reaches them);
the other parties are told by these letters alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from dogs.kennels.review import REPORT_RECORDERS
from dogs.law import cite
from dogs.models import InterestedPartyRole, KennelInterestedParty
from permits_site import audit
from permits_site.accounts.permissions import has_role
from permits_site.enforcement.models import Case
from permits_site.enforcement.services.cases import require_case_open, require_text
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.pdf.notices import render_letters_pdf

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = "Kennel license B(5)"
#: Parties the staff name; the licensee is named when the report opens the review.
NAMED_ROLES = (InterestedPartyRole.ABUTTER, InterestedPartyRole.COMPLAINANT,
               InterestedPartyRole.OTHER)


def interested_parties(case: Case) -> list[KennelInterestedParty]:
    return list(case.kennel_interested_parties.all())


@transaction.atomic
def name_interested_party(*, case: Case, role: str, name: str, mailing_address: str,
                          acting_user: User) -> KennelInterestedParty:
    """Name an abutter, a complainant or another interested party to be notified of the
    public hearing (B(5)); refused once the notice is sent."""
    if not has_role(acting_user, case.municipality_id, *REPORT_RECORDERS):
        raise PermissionDenied("Only the Animal Control Officer, the hearing authority or the "
                               "Town Clerk names the interested parties.")
    require_case_open(case, doing="name parties on")
    if case.hearings.exists():
        raise DomainError(f"The notice is already sent: parties are named before it "
                          f"({cite(SECTION)}).", field="name")
    if role not in NAMED_ROLES:
        raise DomainError("Choose abutter, complainant or other interested party.",
                          field="role")
    party = KennelInterestedParty.objects.create(
        case=case, role=role,
        name=require_text(name, field="name",
                          message=f"Give the party's name ({cite(SECTION)})."),
        mailing_address=require_text(
            mailing_address, field="mailing_address",
            message=f"Give the address the letter goes to ({cite(SECTION)})."),
        recorded_by=acting_user)
    audit.record(actor=acting_user, action="dog.kennel_party_named", subject=case,
                 municipality=case.municipality,
                 summary=f"{party.get_role_display()} {party.name} named on kennel review "
                         f"#{case.pk} ({cite(SECTION)})",
                 after={"role": role, "name": party.name,
                        "mailing_address": party.mailing_address})
    return party


def render_hearing_letters_pdf(case: Case, *, party_id: int | None = None) -> bytes:
    """Each interested party's letter of the public hearing (or one party's), dated with
    the notice — once the hearing is continued, the letter of its latest continuance, giving
    the day, hour and place it replaced; refused before the notice date is recorded."""
    hearing = next(iter(case.hearings.all()), None)
    if hearing is None:
        raise DomainError(f"Record the notice of the hearing first ({cite(SECTION)}).",
                          field="notice_sent_on")
    parties = [party for party in interested_parties(case)
               if party_id is None or party.pk == party_id]
    return render_letters_pdf(
        "dogs/kennel_hearing_letters.html", letters=parties, town=case.municipality.name,
        authority="Hearing authority: the Chief of Police or designee", case=case,
        hearing=hearing, continuance=hearing.continuances.last(), citation=cite(SECTION))
