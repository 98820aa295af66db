"""The public "found a dog?" page's service: a finder gives a license tag number and the
town, and the dog's owner hears of it with the finder's message and contact: by email, or
by a letter the Clerk posts to an owner without an email address.

The finder learns nothing about the owner: the page answers the same whether or not the
tag exists, and each client address may send only :data:`REPORTS_PER_HOUR` reports an
hour (Django's cache counts them), so tag numbers cannot be tried one after another.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from dogs.impoundment.services import find_licensed_dog
from permits_site import audit
from permits_site.exceptions import DomainError
from permits_site.notifications.models import MessageKind
from permits_site.notifications.services import Draft, write

REPORTS_PER_HOUR = 5
WINDOW_SECONDS = 60 * 60
FOUND_NOTICE = "dogs/found_dog_notice.txt"
#: What the page says after every report, whatever the tag.
SAME_ANSWER = (
    "Thank you. If the tag number belongs to a dog licensed in that town this year, we "
    "have sent its owner your message and how to reach you."
)


class TooManyReports(DomainError):
    """This client address has sent its reports for the hour."""


def _count_report(client_address: str) -> None:
    key = f"found-dog-reports:{client_address}"
    cache.add(key, 0, WINDOW_SECONDS)
    if cache.incr(key) > REPORTS_PER_HOUR:
        raise TooManyReports(
            f"You have sent {REPORTS_PER_HOUR} reports in the last hour. Please try again "
            "later, or call the Animal Control Officer.")


@transaction.atomic
def report_found_dog(*, municipality, tag_number: str, message: str, finder_contact: str,
                     client_address: str) -> str:
    """Send the owner of the dog wearing this year's tag ``tag_number`` the finder's
    message (an email, else a letter to post); returns :data:`SAME_ANSWER` whether or not
    a dog was found."""
    _count_report(client_address)
    dog = find_licensed_dog(municipality=municipality, tag_number=tag_number,
                            on=timezone.localdate())
    if dog is not None:
        entry = audit.record(actor=None, action="dog.found_reported", subject=dog,
                             municipality=municipality,
                             summary=f"A finder reported {dog.name} found (tag {tag_number})")
        write(Draft(
            kind=MessageKind.ANIMAL_FOUND, key=f"dog-found:{entry.pk}",
            subject=f"Someone found {dog.name}", template=FOUND_NOTICE,
            context={"dog": dog, "owner": dog.owner, "town": municipality,
                     "tag_number": tag_number, "message": message.strip(),
                     "finder_contact": finder_contact.strip()},
            about=dog, municipality=municipality,
        ), [dog.owner])
    return SAME_ANSWER
